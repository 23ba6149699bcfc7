"""rouge_core.batch.compiled: the compiled chunk path gives the per-pair path's columns exactly (every
column, dtype and note), on texts made to break a byte tokenizer, for every config it serves."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rouge_core import PROFILES, RougeConfig, kernels
from rouge_core.batch.compiled import BYTE_TOKENIZERS, ChunkCounts, plain_texts, scores, supported
from rouge_core.batch.score import columns_chunk, columns_from_results
from rouge_core.kernels import aot
from rouge_core.kernels import chunk as kchunk
from rouge_core.measures.registry import FAMILIES, measure_specs
from rouge_core.measures.scoring import Counts
from rouge_core.measures.scoring import score as score_counts

pytestmark = pytest.mark.skipif(kernels.impl() is None, reason="the chunk path needs numba")

#: Words with traps: case, digits, apostrophes and hyphens, Python lower() turning non-ASCII into
#: ASCII (KELVIN SIGN -> k, I WITH DOT -> i + combining dot), accents, CJK, a lone surrogate.
WORDS = [
    "the",
    "The",
    "THE",
    "police",
    "Police",
    "killed",
    "kill",
    "gunman",
    "gun-man",
    "don't",
    "a",
    "an",
    "of",
    "42",
    "x1",
    "\u212aelvin",
    "\u0130stanbul",
    "caf\u00e9",
    "na\u00efve",
    "\u8b66\u5bdf",
    "\u00c9t\u00e9",
    "running",
    "runs",
    "ran",
    "was",
    "were",
    "\ud800",
    "...",
    "--",
    "'",
    "U.S.",
    "e-mail",
]


def _text(rng: random.Random, words: list[str] = WORDS) -> str:
    lines = []
    for _ in range(rng.randint(0, 4)):
        kind = rng.random()
        if kind < 0.1:
            lines.append("")  # an empty line: no sentence
        elif kind < 0.2:
            lines.append("   ")  # spaces only: a sentence without tokens
        else:
            lines.append(" ".join(rng.choice(words) for _ in range(rng.randint(1, 14))))
    return "\n".join(lines) + ("\n" if rng.random() < 0.2 else "")


def _pairs(n: int, seed: int, words: list[str] = WORDS) -> list:
    rng = random.Random(seed)
    out: list = []
    for _ in range(n):
        refs = [_text(rng, words) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
        cand = _text(rng, words)
        if rng.random() < 0.1:
            cand = cand.split("\n")  # a list of sentences
        out.append((cand, refs[0] if len(refs) == 1 and rng.random() < 0.5 else refs))
    out += [("", "a b"), ("a b", ""), ("a b", ["", "a"]), ("a", []), ("a b c", [["a b", "c"]])]
    out += [("police\x00kill the\x00", ["police kill", "the\x00 gunman"])]  # NULs: the text-by-text buffer
    return out


PAIRS = _pairs(160, seed=11)

CONFIGS = [
    RougeConfig(profile=p, **kw)
    for p in PROFILES
    for kw in (
        dict(max_n=4, skip_distance=4, rouge_su=True),
        dict(max_n=2, skip_distance=-1, rouge_su=True, stem=True, wlcs_weight=None),
        dict(max_n=3, remove_stopwords=True, skip_distance=0, rouge_su=True, alpha=0.2),
        dict(max_n=1, multi_ref="best", skip_distance=2),
        dict(max_n=2, multi_ref="pooled", wlcs_weight=1.0, alpha=0.0),
        dict(max_n=2, multi_ref="jackknife", skip_distance=None, alpha=1.0),
        # rows told by family code, not position: no ROUGE-N first, one skip family alone
        dict(max_n=None, rouge_l=False, flat_lcs=True, wlcs_weight=None, skip_distance=3, rouge_s=False),
    )
]
SERVED = [c for c in CONFIGS if supported(c)]


def test_the_configs_tested_include_every_family_and_profile():
    """Every family of the measure registry, so a family added there is covered by default."""
    assert {c.profile for c in SERVED} == set(PROFILES)
    fams = {str(s.family) for c in SERVED for s in measure_specs(c)}
    assert fams == {str(f.family) for f in FAMILIES} == {"N", "L", "Lflat", "W", "S", "SU"}


#: Which buffer :func:`rouge_core.batch.compiled._buffer` makes: ASCII text as it is (NULs in a text
#: included), other text lowered at once, or text by text (a text holds a NUL: the last pair).
BUFFERS = {
    "ascii": _pairs(120, seed=12, words=[w for w in WORDS if w.isascii()]),  # NULs included
    "joined": PAIRS[:-1],
    "text-by-text": PAIRS,
}


@pytest.mark.parametrize("buffer", list(BUFFERS))
@pytest.mark.parametrize("config", SERVED, ids=[c.signature() for c in SERVED])
def test_chunk_columns_equal_the_per_pair_path(config, buffer, monkeypatch):
    pairs = BUFFERS[buffer]
    assert len(pairs) > 40
    want = columns_from_results(_score_all(config, pairs), config)
    assert supported(config)  # the kernels checked: what the calls use is known now
    kernels_used = kernels.served("chunk")  # the ahead-of-time module's, or numba's
    calls = []
    real = kernels_used.chunk_counts
    monkeypatch.setattr(kernels_used, "chunk_counts", lambda *a: calls.append(1) or real(*a))
    got = columns_chunk(config, 0, pairs)
    assert calls  # the compiled path ran
    assert list(got.measures) == list(want.measures)
    for label, m in want.measures.items():
        g = got.measures[label]
        assert g.note_sets == m.note_sets, label
        for f in ("precision", "recall", "fmeasure", "hit", "model", "peer", "has_counts", "note_index"):
            a, b = getattr(m, f), getattr(g, f)
            assert a.dtype == b.dtype and np.array_equal(a, b), (label, f, np.flatnonzero(a != b)[:5])


def _score_all(config, pairs):
    from rouge_core.batch.score import score_pair

    return [score_pair(p, config, k) for k, p in enumerate(pairs)]


def test_a_malformed_pair_is_named_by_both_paths():
    from rouge_core.batch.score import PairError

    config = RougeConfig(max_n=1)
    with pytest.raises(PairError) as e:
        columns_chunk(config, 10, [("a", "a"), (None, "a")])
    assert e.value.index == 11 and "candidate must be a str" in str(e.value)


def test_tokens_and_sentences_by_hand():
    # "Don't STOP\n\n  \nx2-y" : tokens don t stop | (no sentence) | (a token-less sentence) | x2 y
    texts = ["Don't STOP\n\n  \nx2-y", "caf\u00e9 Caf\u00e9"]
    encoded = [t.encode() for t in texts]
    buf = np.frombuffer(bytearray(b"".join(encoded)), dtype=np.uint8)
    off = np.array([0, len(encoded[0]), len(encoded[0]) + len(encoded[1])], dtype=np.int64)
    word = np.frombuffer(BYTE_TOKENIZERS["rouge155"].word, np.uint8)
    ts, te, text_tok, sb, se, text_sent, th = kchunk.tokenize(buf, off[:-1], off[1:], word)
    raw = buf.tobytes()
    assert [raw[s:e].decode() for s, e in zip(ts, te)] == ["don", "t", "stop", "x2", "y", "caf", "caf"]
    assert text_tok.tolist() == [0, 5, 7]
    assert list(zip(sb.tolist(), se.tolist())) == [(0, 3), (3, 3), (3, 5), (5, 7)]
    assert text_sent.tolist() == [0, 3, 4]
    ids, words, first = kchunk.intern_pairs(buf, ts, te, th, text_tok, np.array([0, 2]))  # one numbering
    assert ids.tolist() == [0, 1, 2, 3, 4, 5, 5] and words.tolist() == [6] and first[:6].tolist() == [0, 1, 2, 3, 4, 5]
    ids, words, _ = kchunk.intern_pairs(buf, ts, te, th, text_tok, np.array([0, 1, 2]))  # text by text
    assert ids.tolist() == [0, 1, 2, 3, 4, 0, 0] and words.tolist() == [5, 1]


def test_ngram_hits_by_hand():
    out = np.zeros(3, dtype=np.int64)
    # candidate a b a b, reference a b c a b: 1-grams min(2,2)+min(2,2)=4, 2-grams "a b" min(2,2)=2,
    # "b a" 1 vs 0; 3-grams "a b a"/"b a b" vs "a b c","b c a","c a b": 0
    kchunk.ngram_hits(np.array([0, 1, 0, 1]), np.array([0, 1, 2, 0, 1]), 3, 3, out)
    assert out.tolist() == [4, 2, 0]


def test_counts_of_one_pair_by_hand():
    config = RougeConfig(profile="rouge155", max_n=2, wlcs_weight=2.0, skip_distance=-1, rouge_su=True)
    specs = measure_specs(config)
    c = ChunkCounts(config, specs, [["police kill the gunman", "police killed the gunman"]])
    got = {s.label: (c.hit[m][0], c.model[m][0], c.peer[m][0]) for m, s in enumerate(specs)}
    assert got["ROUGE-1"] == (3, 4, 4) and got["ROUGE-2"] == (1, 3, 3) and got["ROUGE-L"] == (3, 4, 4)
    # W: runs "police" (1) and "the gunman" (2): 1 + 4 = 5; recall base (4^2)^2, peer 4^2
    assert got["ROUGE-W-2"] == (5.0, 256.0, 16.0)
    assert got["ROUGE-S*"] == (3, 6, 6)
    assert got["ROUGE-SU*"] == (3 + 2, 6 + 3, 6 + 3)  # ROUGE-1.5.5: the last word is no unigram


def test_scores_are_scorings_element_by_element():
    rng = random.Random(5)
    hit = np.array([float(rng.randint(0, 9)) for _ in range(300)])
    model = hit + np.array([float(rng.randint(0, 9)) for _ in range(300)])
    peer = hit + np.array([float(rng.randint(0, 9)) for _ in range(300)])
    for rounded in (True, False):
        for alpha in (0.0, 0.2, 0.5, 1.0, 5e-324):
            for w in (None, 1.2):
                p, r, f = scores(hit, model, peer, rounded, alpha, w)
                inverse = (lambda x, w=w: x ** (1 / w)) if w else None
                for i in range(len(hit)):
                    want = score_counts(Counts(float(hit[i]), float(model[i]), float(peer[i])), rounded, alpha, inverse)
                    assert (p[i], r[i], f[i]) == (want.precision, want.recall, want.fmeasure)


def test_plain_texts():
    assert plain_texts(("a", "b")) == ["a", "b"]
    assert plain_texts((["a", "b"], [["c"], "d"])) == ["a\nb", "c", "d"]
    assert plain_texts(("a", [])) is None and plain_texts(("a", [1])) is None and plain_texts(("a",)) is None


def test_configs_the_chunk_path_leaves_to_the_per_pair_path():
    assert not supported(RougeConfig(tokenizer="unicode"))
    assert not supported(RougeConfig(byte_limit=10))
    assert not supported(RougeConfig(profile="paper", wlcs_weight=1.2))  # W as one weighted LCS
    assert supported(RougeConfig(profile="rouge-score", wlcs_weight=None))


@pytest.mark.parametrize("config", SERVED, ids=[c.signature() for c in SERVED])
def test_chunk_results_equal_score(config):
    from rouge_core import score
    from rouge_core.batch.score import score_chunk

    got = score_chunk(config, 0, PAIRS)
    for (cand, refs), g in zip(PAIRS, got):
        want = score(cand, refs, config)
        assert g == want
        for label, m in want.items():  # the same Python types (ints stay ints)
            for a, b in zip(m.per_reference, g[label].per_reference):
                assert [type(x) for x in (a.counts.hit, a.counts.model, a.select)] == [
                    type(x) for x in (b.counts.hit, b.counts.model, b.select)
                ]


def _fresh_backend(monkeypatch):
    """A copy of the backend's state for this test (put back afterwards), no group checked yet."""
    from rouge_core.kernels import backend

    monkeypatch.setattr(backend, "_state", list(backend._state))
    monkeypatch.setattr(backend, "_passed", set())
    monkeypatch.setattr(backend, "_aot_passed", set())  # checked again on the ahead-of-time module too
    monkeypatch.setattr(aot, "_dropped", [])  # and that module back, if a test drops it


def test_chunk_kernels_that_do_not_compile_leave_every_chunk_to_the_per_pair_path(monkeypatch):
    from numba.core.errors import TypingError

    import rouge_core.batch.compiled as bf
    from rouge_core import backend, score_batch

    def broken(*a):
        raise TypingError("no compiler here")

    _fresh_backend(monkeypatch)
    monkeypatch.setattr(bf, "ChunkCounts", broken)
    config = RougeConfig(max_n=1)
    assert not supported(config)
    assert backend().reason == "the chunk kernels do not compile here: TypingError: no compiler here"
    res = score_batch([("police kill the gunman", "police killed the gunman")], config)
    assert res.measures["ROUGE-1"].recall.tolist() == [0.75]


def test_chunk_kernels_with_a_bug_raise_it(monkeypatch):
    """Only numba's compile errors fall back: a Python error of the chunk code reaches the caller."""
    import rouge_core.batch.compiled as bf
    from rouge_core import score_batch
    from rouge_core.kernels import backend

    def broken(*a):
        raise IndexError("a bug in the chunk code")

    _fresh_backend(monkeypatch)
    monkeypatch.setattr(bf, "ChunkCounts", broken)
    for _ in range(2):  # not once and then a fall-back: every time
        with pytest.raises(IndexError, match="a bug in the chunk code"):
            score_batch([("police kill the gunman", "police killed the gunman")], RougeConfig(max_n=1))
    assert backend.current().name == "numba"


def test_worker_processes_start_with_the_kernels_loaded():
    from rouge_core.batch.compiled import kernels_loaded
    from rouge_core.batch.runners import ProcessRunner

    with ProcessRunner(2) as runner:
        # the workers' first chunks: the forkserver loaded the kernels before forking them
        assert list(runner.map(kernels_loaded, [(0, [None]), (1, [None]), (2, [None])])) == [[True]] * 3
