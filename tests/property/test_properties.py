"""Properties of every measure under every profile, checked on generated summaries (hypothesis)."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import rouge_core.measures.lcs as lcs_mod
import rouge_core.measures.summary_lcs as summary_lcs_mod
from rouge_core import RougeConfig, analyze, evaluate, score
from rouge_core.config import (
    MAX_BOOTSTRAP_SAMPLES,
    MAX_INT_OPTION,
    MAX_N,
    MAX_WLCS_WEIGHT,
    MIN_WLCS_WEIGHT,
    PROFILES,
    TOKENIZERS,
)
from rouge_core.measures.explain import GramExplanation, LcsExplanation
from rouge_core.measures.lcs import Layout, lcs, weights
from rouge_core.measures.scoring import score as counts_to_score
from rouge_core.measures.skipbigram import pair_total, unigram_total
from rouge_core.measures.summary_lcs import lcs_measure
from rouge_core.text.tokenizers_extra import is_installed

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# A small vocabulary so that texts share words, repeat words and stem together.
WORDS = ["a", "b", "c", "the", "cat", "cats", "running", "run", "of", "police", "killed", "kill", "x1", "Gunman"]
word = st.sampled_from(WORDS)
sentence = st.tuples(st.lists(word, max_size=7), st.sampled_from(["", ".", " ,", "!"])).map(
    lambda t: " ".join(t[0]) + t[1]
)
text = st.lists(sentence, max_size=4).map("\n".join)
one_sentence = st.lists(word, min_size=1, max_size=8).map(" ".join)
keys = st.lists(st.sampled_from("abcde"), max_size=12)


@st.composite
def configs(draw, profile=None, multi_ref=True):
    """Valid configs without length limits (limits cut texts differently on the two sides)."""
    return RougeConfig(
        profile=draw(st.sampled_from(PROFILES)) if profile is None else profile,
        stem=draw(st.booleans()),
        remove_stopwords=draw(st.booleans()),
        max_n=draw(st.integers(1, 4)),
        wlcs_weight=draw(st.floats(MIN_WLCS_WEIGHT, 3.0)),
        skip_distance=draw(st.sampled_from([-1, 0, 1, 4])),
        alpha=draw(st.sampled_from([0.0, 0.2, 0.5, 0.8, 1.0])),
        multi_ref=draw(st.sampled_from(["pooled", "best", "jackknife"])) if multi_ref else None,
    )


def n_of(label: str) -> int:
    return int(label.split("-")[1])


# -- scores in [0, 1] ------------------------------------------------------------------------


@SETTINGS
@given(configs(), text, st.lists(text, min_size=1, max_size=3))
def test_scores_in_unit_interval(config, cand, refs):
    """Every score is in [0, 1] (weights start at 1: below 1, f(k) = k^w is not superadditive and
    ROUGE-W could exceed 1, so the config refuses them). The paper's union LCS has no hit budget, so its
    ROUGE-L precision (and with it F) exceeds 1 when several reference sentences credit the same candidate
    token."""
    report = evaluate(cand, refs, config)
    for label, m in report.measures.items():
        s = m.score
        assert 0.0 <= s.recall <= 1.0, label
        if s.precision > 1.0:
            assert config.profile == "paper" and label == "ROUGE-L"
            assert any(rr.counts.hit > rr.counts.peer for rr in m.per_reference)
            continue
        assert 0.0 <= s.precision <= 1.0, label
        assert 0.0 <= s.fmeasure <= 1.0 + 1e-15, label


def test_paper_precision_above_one_really_happens():
    m = evaluate("a b", "a b\na b", RougeConfig(profile="paper")).measures["ROUGE-L"]
    assert m.score.precision == 2.0


# -- identical texts ---------------------------------------------------------------------------


@SETTINGS
@given(configs(multi_ref=False), text)
def test_identical_texts(config, t):
    """R = P = 1 where the measure is defined; ROUGE-W of rouge155 divides by f applied twice."""
    a = analyze(t, config)
    length = len(a.tokens)
    report = evaluate(t, t, config)
    for label, m in report.measures.items():
        s = m.score
        if m.family == "N":
            defined = length >= n_of(label)
        elif m.family in ("S",):
            defined = length >= 2
        elif m.family == "SU":
            defined = length >= (2 if config.profile == "rouge155" else 1)
        else:
            defined = length >= 1
        if not defined:
            assert s.recall == s.precision == 0.0, label
            continue
        if m.family == "W" and config.profile == "rouge155":
            # Each sentence is one run: hit S = sum_i L_i^w. R = f^-1(S / f(S)) = S^((1 - w) / w)
            # (Perl applies f to the reference total twice), P = f^-1(S / f(n)), n = sum_i L_i.
            # For a one-sentence text: R = n^(1 - w), P = 1. Printed to 5 decimals.
            w = config.wlcs_weight
            big_s = sum(float(len(sent)) ** w for sent in a.sentences)
            assert s.recall == pytest.approx(big_s ** ((1 - w) / w), abs=6e-6), label
            assert s.precision == pytest.approx((big_s / length**w) ** (1 / w), abs=6e-6), label
            if sum(1 for sent in a.sentences if sent) == 1:
                assert s.recall == pytest.approx(length ** (1 - w), abs=6e-6)
                assert s.precision == 1.0
        else:
            # ROUGE-W of paper / rouge-score: one run of n, f(n) / f(n) = 1 exactly.
            assert s.recall == s.precision == s.fmeasure == 1.0, label


@SETTINGS
@given(
    st.sampled_from(["paper", "rouge-score"]), st.sampled_from(["word_limit", "byte_limit"]), st.integers(1, 30), text
)
def test_identical_texts_under_length_limits(profile, limit, size, t):
    """Outside rouge155 a length limit cuts every measure's view of a text the same way, so
    identical texts stay identical (ROUGE-1.5.5's -b cuts the sentence list differently)."""
    config = RougeConfig(profile=profile, **{limit: size})
    a = analyze(t, config)
    assert [k for s in a.sentence_keys for k in s] == a.keys
    report = evaluate(t, t, config)
    for label in ("ROUGE-1", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-SU4"):
        s = report.measures[label].score
        assert (s.recall, s.precision) == ((1.0, 1.0) if a.keys else (0.0, 0.0)), label


# -- swapping candidate and reference --------------------------------------------------------


# Symmetric measures (hit count unchanged by the swap, the two totals trade places):
# * ROUGE-N: clipped overlap min(count_c, count_r) is symmetric, totals are each side's n-grams;
# * ROUGE-S / SU: the same for skip-bigrams; SU's unigrams too (rouge155 drops *each side's* last
#   token, so it stays symmetric);
# * ROUGE-Lflat: the LCS length of two sequences is symmetric;
# * ROUGE-W in paper / rouge-score (one WLCS over the whole text): the DP table of the swapped pair
#   is the transpose, cell for cell; the hits are the exact sum of f(k) over the traceback's runs,
#   and where two alignments' weights tie within rounding (w = 1 + 2^-52: runs 2 + 1 and 1 + 1 + 1
#   weigh the same in floats) the two tracebacks may take different runs: equal up to an ulp or two.
# Not symmetric: summary-level ROUGE-L (union over *reference* sentences, then the hit budget) in
# general, though it is for one-sentence texts; ROUGE-W of rouge155 (runs along reference
# positions of the traceback, and a reference total weighted twice).
@SETTINGS
@given(configs(multi_ref=False), text, text)
@example(
    config=RougeConfig(
        profile="rouge-score", max_n=1, flat_lcs=True, wlcs_weight=1.0000000000000002, skip_distance=-1, alpha=0.0
    ),
    x="b b c a",
    y="b a b c c",
)
def test_swap_exchanges_precision_and_recall(config, x, y):
    a, b = evaluate(x, y, config).measures, evaluate(y, x, config).measures
    for label in a:
        fam = a[label].family
        if fam in ("N", "S", "SU", "Lflat"):
            assert a[label].score.precision == b[label].score.recall, label
            assert a[label].score.recall == b[label].score.precision, label
        elif fam == "W" and config.profile != "rouge155":
            assert math.isclose(a[label].score.precision, b[label].score.recall, rel_tol=1e-15), label
            assert math.isclose(a[label].score.recall, b[label].score.precision, rel_tol=1e-15), label


@SETTINGS
@given(configs(multi_ref=False), one_sentence, one_sentence)
def test_swap_one_sentence_rouge_l(config, x, y):
    a, b = evaluate(x, y, config).measures["ROUGE-L"], evaluate(y, x, config).measures["ROUGE-L"]
    assert (a.score.precision, a.score.recall) == (b.score.recall, b.score.precision)


# -- LCS -------------------------------------------------------------------------------------------


def textbook_lcs(x, y) -> int:
    prev = [0] * (len(y) + 1)
    for xi in x:
        cur = [0]
        for j, yj in enumerate(y, 1):
            cur.append(prev[j - 1] + 1 if xi == yj else max(prev[j], cur[j - 1]))
        prev = cur
    return prev[-1]


@settings(max_examples=300, deadline=None)
@given(keys, keys)
def test_lcs_value_and_marks(x, y):
    r = lcs(x, y)
    assert r.value <= min(len(x), len(y))
    assert r.value == textbook_lcs(x, y) == len(r.marks)
    # The marks are a common subsequence.
    assert all(x[a] == y[b] for a, b in r.marks)
    assert all(a0 < a1 and b0 < b1 for (a0, b0), (a1, b1) in zip(r.marks, r.marks[1:]))


@settings(max_examples=300, deadline=None)
@given(keys, keys, st.lists(keys, max_size=3), st.lists(keys, max_size=3))
def test_wlcs_weight_one_is_lcs(x, y, ref_sents, cand_sents):
    assert lcs(x, y, weight=1.0).value == textbook_lcs(x, y)
    # A weight > 1 never lowers the value below the LCS (runs of k count k^w >= k).
    assert lcs(x, y, weight=1.5).value >= textbook_lcs(x, y) - 1e-9
    # Summary level: WLCS with f(k) = k is LCS for the whole-text WLCS ...
    assert lcs_measure(ref_sents, cand_sents, "wlcs-flat", 1.0) == lcs_measure(ref_sents, cand_sents, "flat")
    # ... and for ROUGE-1.5.5's union runs while the hit budget does not bind; when it does, a run
    # pending at a spent token is lost (behaviour spec section 9), so ROUGE-W can only be lower.
    w_counts, _, w_expl = lcs_measure(ref_sents, cand_sents, "wlcs-union", 1.0, explain=True)
    l_counts = lcs_measure(ref_sents, cand_sents, "union")[0]
    assert (w_counts.model, w_counts.peer) == (l_counts.model, l_counts.peer)
    if all(u.credited for u in w_expl.marks):
        assert w_counts.hit == l_counts.hit
    else:
        assert w_counts.hit <= l_counts.hit


@settings(max_examples=200, deadline=None)
@given(keys, keys, st.sampled_from([1.0, 1.2, 2.0, 0.5]))
def test_lcs_paths_agree(x, y, w):
    """The explained path (table kept), the fast Python path and the numpy Layout path agree."""
    table = lcs(x, y, w, keep_table=True)
    fast = lcs(x, y, w)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(lcs_mod, "NUMPY_CELLS", 0)
        numpy_path = lcs(x, y, w)
    layout = Layout([y]).run(x, weights(w, len(x) + 1), w == 1.0)[0] if x and y else fast
    for r in (fast, numpy_path, layout):
        assert r.marks == table.marks
        assert r.value == table.value
    if table.table is not None and x and y:
        assert table.table[-1][-1] == table.value


# -- the explanation path equals the counts-only path ------------------------------------------


def _same(config, cand, refs):
    explained = evaluate(cand, refs, config).measures
    counted = score(cand, refs, config)
    assert list(explained) == list(counted)
    for label, m in explained.items():
        c = counted[label]
        assert m.score == c.score, label
        assert m.counts == c.counts, label
        assert (m.chosen, m.jackknife, m.notes) == (c.chosen, c.jackknife, c.notes), label
        assert [r.counts for r in m.per_reference] == [r.counts for r in c.per_reference], label
        assert [r.score for r in m.per_reference] == [r.score for r in c.per_reference], label
        assert [r.select for r in m.per_reference] == [r.select for r in c.per_reference], label


@SETTINGS
@given(configs(), text, st.lists(text, max_size=3))
def test_evaluate_equals_score(config, cand, refs):
    _same(config, cand, refs)


@settings(max_examples=60, deadline=None)
@given(configs(), text, st.lists(text, min_size=1, max_size=2))
def test_evaluate_equals_score_numpy(config, cand, refs):
    """Force the row-wise numpy programme wherever the pure-Python path runs (both paths)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(lcs_mod, "NUMPY_CELLS", 0)
        mp.setattr(summary_lcs_mod, "NUMPY_CELLS", 0)
        _same(config, cand, refs)


# -- every count recomputed from its explanation -------------------------------------------


def _check_grams(e: GramExplanation, ck, rk, counts, config, label):
    assert sum(min(len(g.candidate_positions), len(g.reference_positions)) for g in e.grams) == counts.hit
    assert e.hit == counts.hit
    assert sum(len(g.candidate_positions) for g in e.grams) == e.candidate_total == counts.peer
    assert sum(len(g.reference_positions) for g in e.grams) == e.reference_total == counts.model
    for g in e.grams:
        for side, ks in ((g.candidate_positions, ck), (g.reference_positions, rk)):
            for pos in side:
                assert tuple(ks[i] for i in pos) == g.gram
                if e.kind == "ngram":
                    assert list(pos) == list(range(pos[0], pos[0] + e.n))
                elif len(pos) == 2:
                    assert pos[0] < pos[1]
                    assert e.skip_distance < 0 or pos[1] - pos[0] - 1 <= e.skip_distance
    if e.kind == "skip":
        su = label.startswith("ROUGE-SU")
        last = config.profile != "rouge155"
        d = config.skip_distance
        assert e.candidate_total == pair_total(len(ck), d) + (unigram_total(len(ck), last) if su else 0)


def _check_lcs(e: LcsExplanation, cand, ref, counts, config):
    ref_sents, cand_sents = ref.sentence_keys, cand.sentence_keys
    assert e.hit == counts.hit and e.reference_total == counts.model
    if e.kind in ("union", "union-unclipped", "wlcs-union"):
        for p in e.pairs:
            assert all(ref_sents[p.reference_sentence][a] == cand_sents[p.candidate_sentence][b] for a, b in p.marks)
        for u in e.marks:
            assert ref_sents[u.reference_sentence][u.position] == u.key
            j, b = u.source
            assert cand_sents[j][b] == u.key
        credited = [u for u in e.marks if u.credited]
        if e.kind == "union-unclipped":
            assert len(credited) == len(e.marks)
        if e.kind == "wlcs-union":
            # ROUGE-1.5.5's walk (behaviour spec section 9): a credited mark extends the run; the run
            # is weighed when the next position is unmarked or the sentence ends. An uncredited
            # mark neither ends nor breaks a run, and a run still pending after it is lost.
            marked = {(u.reference_sentence, u.position): u for u in e.marks}
            hit, runs = 0.0, []
            for i, sent in enumerate(ref_sents):
                run = 0
                for p in range(len(sent)):
                    u = marked.get((i, p))
                    if u is None or not u.credited:
                        continue
                    run += 1
                    if p + 1 == len(sent) or (i, p + 1) not in marked:
                        hit += float(run) ** e.weight
                        runs.append(run)
                        run = 0
            assert hit == e.hit
            assert [r.length for r in e.runs] == runs
            assert sum(r.weight for r in e.runs) == e.hit
            assert all(r.weight == float(r.length) ** e.weight for r in e.runs)
        else:
            assert len(credited) == e.hit
    else:
        (pair,) = e.pairs
        flat_r, flat_c = ref.keys, cand.keys
        assert all(flat_r[a] == flat_c[b] for a, b in pair.marks)
        if e.kind == "flat":
            assert len(pair.marks) == e.hit
        else:
            # hit = the exact sum of f(k) over the runs; the DP's own (telescoped) value agrees.
            assert math.fsum(r.weight for r in e.runs) == e.hit
            assert sum(r.length for r in e.runs) == len(pair.marks)
            assert pair.value == pytest.approx(e.hit, rel=1e-9, abs=1e-12)


@SETTINGS
@given(configs(), text, st.lists(text, min_size=1, max_size=3))
def test_counts_from_explanations(config, cand, refs):
    report = evaluate(cand, refs, config)
    inverse = {"W": lambda x, w=config.wlcs_weight: x ** (1 / w)}
    for label, m in report.measures.items():
        for ref, rr in zip(report.references, m.per_reference):
            e = rr.explanation
            if isinstance(e, GramExplanation):
                _check_grams(e, report.candidate.keys, ref.keys, rr.counts, config, label)
            else:
                assert isinstance(e, LcsExplanation)
                _check_lcs(e, report.candidate, ref, rr.counts, config)
            if m.notes and any("Illegal division" in n for n in m.notes):
                continue
            assert rr.score == counts_to_score(
                rr.counts, config.behaviour.rounding, config.alpha, inverse.get(m.family)
            )


# -- signature ---------------------------------------------------------------------------------------


@st.composite
def any_config(draw):
    limit = draw(st.sampled_from(["none", "word", "byte"]))
    return RougeConfig(
        profile=draw(st.sampled_from(PROFILES)),
        tokenizer=draw(st.none() | st.sampled_from([t for t in TOKENIZERS if is_installed(t)])),
        stem=draw(st.booleans()),
        stem_exceptions=draw(st.booleans()),
        remove_stopwords=draw(st.booleans()),
        max_n=draw(st.none() | st.integers(1, MAX_N)),
        rouge_l=draw(st.booleans()),
        flat_lcs=draw(st.none() | st.booleans()),
        wlcs_weight=draw(st.none() | st.floats(min_value=MIN_WLCS_WEIGHT, max_value=MAX_WLCS_WEIGHT)),
        skip_distance=draw(st.none() | st.integers(-5, 50) | st.integers(-(10**15), MAX_INT_OPTION)),
        rouge_s=draw(st.booleans()),
        rouge_su=draw(st.booleans()),
        alpha=draw(st.floats(0, 1) | st.sampled_from([0, 1, 5e-324, 1e-310])),
        multi_ref=draw(st.none() | st.sampled_from(["pooled", "best", "jackknife"])),
        word_limit=draw(st.integers(1, MAX_INT_OPTION)) if limit == "word" else None,
        byte_limit=draw(st.integers(1, MAX_INT_OPTION)) if limit == "byte" else None,
        confidence=draw(st.floats(0, 100)),
        bootstrap_samples=draw(st.integers(1, MAX_BOOTSTRAP_SAMPLES)),
        averaging=draw(st.sampled_from([0, 1, 2])),
        seed=draw(st.integers(0, MAX_INT_OPTION)),
    )


@settings(max_examples=300, deadline=None)
@given(any_config())
def test_signature_round_trip(config):
    sig = config.signature()
    back = RougeConfig.from_signature(sig)
    assert back == config
    assert back.signature() == sig
    assert not math.isnan(back.alpha)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("aZ9 -'\u0130\u212a\u00e9\u4e2d\u00df\nx.")), max_size=40))
def test_each_tokenizer_gives_the_same_words_on_both_paths(text):
    from rouge_core.text.tokenize import TOKENIZER_REGISTRY

    for tok in (t for t in TOKENIZER_REGISTRY.values() if is_installed(t.name)):  # jieba etc. are optional
        assert tok.words(text) == [n for n, _, _ in tok.spans(text, 0, len(text))], tok.name


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.text(
            alphabet=st.sampled_from(list("aZ9 -'\u0130\u212a\u00e9\u4e2d\u00df\nx.\x00\u03a3\ud800")), max_size=30
        ),
        min_size=1,
        max_size=4,
    )
)
def test_the_compiled_chunk_tokenizer_gives_the_registry_s_words_and_sentences(texts):
    """rouge_core.batch.compiled's compiled tokenizer (the batch path) against the registry's rule,
    text by text: the same keys in the same sentences (non-empty lines), for both tokenizers it serves."""
    from rouge_core import kernels
    from rouge_core.batch.chunk_texts import text_buffer
    from rouge_core.batch.compiled import BYTE_TOKENIZERS
    from rouge_core.text.tokenize import analyze_keys

    if kernels.impl() is None:
        return
    import numpy as np

    from rouge_core.kernels import chunk

    assert set(BYTE_TOKENIZERS) == {"rouge155", "rouge-score"}
    for name, rule in BYTE_TOKENIZERS.items():
        buf, start, end = text_buffer(list(texts), rule.lower_first)
        ts, te, text_tok, sb, se, text_sent, _ = chunk.tokenize(buf, start, end, np.frombuffer(rule.word, np.uint8))
        raw = buf.tobytes()
        for t, text in enumerate(texts):
            _, want = analyze_keys(text, RougeConfig(tokenizer=name))
            got = [
                [raw[ts[k] : te[k]].decode("ascii") for k in range(sb[s], se[s])]
                for s in range(text_sent[t], text_sent[t + 1])
            ]
            assert got == want, (name, text)
