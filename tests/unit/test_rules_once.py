"""One implementation of each rule (issue 18, point 2): where a rule has two shapes (one pair in
Python, columns in numpy, a compiled kernel), they agree bit for bit on generated inputs."""

from __future__ import annotations

import random
from typing import Callable, Optional

import numpy as np
import pytest

from rouge_core import RougeConfig
from rouge_core.batch.corpus import pooled_scores
from rouge_core.measures.scoring import Counts, score, scores, wlcs_inverse

#: alphas at the edges of the F rules: beta^2 infinite (0), beta^2 overflowing (5e-324, 1e-310),
#: zero (1), an F an ulp past 1 before the clamp (1 - 1e-16), and ordinary ones.
ALPHAS = (0.0, 5e-324, 1e-310, 1e-300, 0.2, 0.5, 0.8, 1 - 1e-16, 1.0)
WEIGHTS = (None, 1.0, 1.2, 2.0, 5.0)


def _counts(seed: int, n: int = 400) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """hit <= model and peer mostly, with zeros, whole and weighted (float) counts, and a few
    hits above a total (the paper's union LCS without a budget: P > 1)."""
    rng = random.Random(seed)
    rows = [(0.0, 0.0, 0.0), (0.0, 3.0, 0.0), (2.0, 0.0, 2.0), (4.0, 4.0, 4.0), (3.0, 4.0, 1.0), (1.0, 1e300, 1.0)]
    while len(rows) < n:
        kind = rng.random()
        if kind < 0.5:
            h = float(rng.randint(0, 40))
            rows.append((h, h + rng.randint(0, 40), h + rng.randint(0, 40)))
        elif kind < 0.9:
            h = rng.random() * 50
            rows.append((h, h + rng.random() * 50, h + rng.random() * 50))
        else:
            rows.append((float(rng.randint(0, 9)), float(rng.randint(0, 9)), float(rng.randint(0, 9))))
    hit, model, peer = (np.array(c, dtype=np.float64) for c in zip(*rows))
    return hit, model, peer


def _inverse(w: Optional[float]) -> Optional[Callable[[float], float]]:
    """ROUGE-W's f^-1 as the per-pair engine gets it (:class:`rouge_core.measures.registry.MeasureSpec`)."""
    if w is None:
        return None
    weight = w
    return lambda x: wlcs_inverse(x, weight)


@pytest.mark.parametrize("rounded", [True, False])
@pytest.mark.parametrize("w", WEIGHTS)
def test_score_and_scores_agree_bit_for_bit(rounded: bool, w: Optional[float]) -> None:
    hit, model, peer = _counts(7 + int(rounded) + int(10 * (w or 0)))
    for alpha in ALPHAS + (random.Random(3).random(),):
        p, r, f = scores(hit, model, peer, rounded, alpha, w)
        got = list(zip(p.tolist(), r.tolist(), f.tolist()))
        want = []
        for h, mo, pe in zip(hit.tolist(), model.tolist(), peer.tolist()):
            s = score(Counts(h, mo, pe), rounded, alpha, _inverse(w))
            want.append((s.precision, s.recall, s.fmeasure))
        assert got == want, alpha


def test_perl_corpus_f_is_the_alpha_form_unrounded() -> None:
    hit, model, peer = _counts(11)
    for alpha in ALPHAS:
        p, r, f = scores(hit, model, peer, False, alpha, perl_corpus=True)
        for pp, rr, ff in zip(p.tolist(), r.tolist(), f.tolist()):
            d = (1 - alpha) * pp + alpha * rr
            assert ff == (pp * rr / d if d > 0 else 0.0)
    with pytest.raises(ValueError, match="rounded=False"):
        scores(hit, model, peer, True, 0.5, perl_corpus=True)


@pytest.mark.parametrize("profile", ["paper", "rouge-score"])
def test_pooled_rouge_w_is_the_per_pair_score_of_the_summed_counts(profile: str) -> None:
    """The corpus pools ROUGE-W's counts and maps the ratios back by the same f^-1 as one pair
    (Python's pow; numpy's power differs in the last bit on AVX-512 CPUs for about 5 % of inputs)."""
    hit, model, peer = _counts(13, 2000)
    for w in (1.2, 1.5, 2.0):
        config = RougeConfig(profile=profile, wlcs_weight=w)
        got = pooled_scores(np.stack([model, peer, hit], axis=1), config, "W")
        for (rr, pp, ff), h, mo, pe in zip(got.tolist(), hit.tolist(), model.tolist(), peer.tolist()):
            want = score(Counts(h, mo, pe), False, config.alpha, _inverse(w))
            assert (pp, rr, ff) == (want.precision, want.recall, want.fmeasure)


def test_pooled_rouge155_keeps_the_weighted_ratio_and_perls_f() -> None:
    config = RougeConfig(wlcs_weight=2.0)
    got = pooled_scores(np.array([[8.0, 8.0, 4.0], [0.0, 0.0, 0.0], [4.0, 0.0, 1.0]]), config, "W")
    assert got.tolist() == [[0.5, 0.5, 0.5], [0.0, 0.0, 0.0], [0.25, 0.0, 0.0]]


def test_rouge_w_inverse_is_written_once() -> None:
    """f^-1 (x ** (1 / w)) appears in scoring.py only; every other module calls wlcs_inverse."""
    import re
    from pathlib import Path

    import rouge_core

    root = Path(rouge_core.__file__).parent
    pattern = re.compile(r"\*\*\s*\(?\s*1(\.0)?\s*/|np\.power\(")
    found = [
        f"{path.relative_to(root)}:{n}"
        for path in sorted(root.rglob("*.py"))
        if path.name != "scoring.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if pattern.search(line.split("#")[0])
    ]
    assert found == []


@pytest.mark.parametrize("profile", ["rouge155", "paper"])
def test_rouge_w_selection_and_inverse_use_the_one_rule(profile: str) -> None:
    from rouge_core.measures.registry import Family, measure_specs
    from rouge_core.measures.summary_lcs import lcs_measure
    from rouge_core.profiles import LcsMode

    for w in (1.2, 2.0, 3.7):
        spec = next(s for s in measure_specs(RougeConfig(profile=profile, wlcs_weight=w)) if s.family == Family.W)
        assert spec.inverse is not None
        assert [spec.inverse(x) for x in (0.0, 0.3, 0.71, 1.0)] == [wlcs_inverse(x, w) for x in (0.0, 0.3, 0.71, 1.0)]
        ref, cand = [["a", "b", "c", "d"], ["e", "f"]], [["a", "b", "x", "d", "e"], ["f", "c"]]
        for mode in (LcsMode.WLCS_UNION, LcsMode.WLCS_FLAT):
            counts, select, _ = lcs_measure(ref, cand, mode, w, double_weight=False)
            assert select == wlcs_inverse(counts.hit / counts.model, w)


def _compiled() -> bool:
    import rouge_core

    return rouge_core.backend().name == "numba"


def test_skip_totals_compiled_from_the_python_rule() -> None:
    """kernels.skip compiles skipbigram's own pair_total and unigram_total (no second copy), and
    the compiled functions agree with them on every length and distance up to 300."""
    from rouge_core.kernels import chunk, skip
    from rouge_core.measures import skipbigram

    if _compiled():
        assert skip.pair_total.py_func is skipbigram.pair_total
        assert skip.unigram_total.py_func is skipbigram.unigram_total
    assert chunk.pair_total is skip.pair_total and chunk.unigram_total is skip.unigram_total
    for length in range(0, 301):
        for distance in (-1, *range(0, 302, 7), 10**6):
            assert skip.pair_total(length, distance) == skipbigram.pair_total(length, distance)
        for last in (True, False):
            assert skip.unigram_total(length, last) == skipbigram.unigram_total(length, last)


@pytest.mark.parametrize("su_last", [True, False])
def test_compiled_su_hits_and_totals_follow_the_unigram_rule(su_last: bool) -> None:
    """The compiled SU hits are the skip-bigram hits plus the clipped unigrams of each side's first
    unigram_total tokens; the chunk kernel's SU totals are pair_total + unigram_total."""
    from collections import Counter

    from rouge_core.batch.compiled import ChunkCounts
    from rouge_core.measures.registry import Family, measure_specs
    from rouge_core.measures.skipbigram import pair_total, unigram_total

    if not _compiled():
        pytest.skip("the compiled kernels are not in use (numba missing or ROUGE_LENS_PURE_PYTHON)")
    from rouge_core.kernels.skip import skip_hits

    rng = random.Random(17 + su_last)
    for _ in range(300):
        v = rng.randint(1, 6)
        c = np.array([rng.randrange(v) for _ in range(rng.randint(0, 12))], dtype=np.int64)
        r = np.array([rng.randrange(v) for _ in range(rng.randint(0, 12))], dtype=np.int64)
        d = rng.choice([-1, 0, 1, 3])
        cu = Counter(c[: unigram_total(len(c), su_last)].tolist())
        ru = Counter(r[: unigram_total(len(r), su_last)].tolist())
        unigrams = sum(min(n, ru[k]) for k, n in cu.items())
        assert skip_hits(c, r, v, d, True, su_last) == skip_hits(c, r, v, d, False, su_last) + unigrams
    words = "a b c d e".split()
    texts = [[" ".join(rng.choice(words) for _ in range(rng.randint(0, 9))) for _ in range(2)] for _ in range(200)]
    profile = "paper" if su_last else "rouge155"
    config = RougeConfig(profile=profile, max_n=1, wlcs_weight=None, skip_distance=2, rouge_s=False, rouge_su=True)
    assert config.behaviour.su_last_unigram is su_last
    specs = measure_specs(config)
    m = [s.family for s in specs].index(Family.SU)
    counts = ChunkCounts(config, specs, texts)
    for row, (cand, ref) in enumerate(texts):
        lc, lr = len(cand.split()), len(ref.split())
        assert counts.model[m, row] == pair_total(lr, 2) + unigram_total(lr, su_last)
        assert counts.peer[m, row] == pair_total(lc, 2) + unigram_total(lc, su_last)


@pytest.mark.parametrize("profile", ["rouge155", "paper", "rouge-score"])
def test_best_selection_value_is_one_rule_on_both_engines(profile: str) -> None:
    """Every reference's -f B value, per pair (rouge_core.score) and from the chunk counts
    (batch.score_chunk), is the same, and (but ROUGE-W's, whose base is not in its counts)
    scoring.selection of its counts: hit / model, rounded by ROUGE-1.5.5 for the n-gram and
    skip-bigram measures."""
    from rouge_core.batch.score import score_chunk
    from rouge_core.evaluate import score as score_one
    from rouge_core.measures.scoring import selection

    rng = random.Random(23)
    words = "the cat sat on a mat and dog ran".split()

    def text() -> str:
        lines = (" ".join(rng.choice(words) for _ in range(rng.randint(0, 7))) for _ in range(rng.randint(1, 3)))
        return "\n".join(lines)

    pairs = [(text(), [text() for _ in range(rng.randint(1, 3))]) for _ in range(60)]
    config = RougeConfig(profile=profile, max_n=2, skip_distance=4, rouge_su=True, multi_ref="best")
    rounded = config.behaviour.rounding
    for pair, chunked in zip(pairs, score_chunk(config, 0, pairs)):
        for label, m in score_one(pair[0], pair[1], config).items():
            assert [r.select for r in m.per_reference] == [r.select for r in chunked[label].per_reference]
            if m.family == "W":
                continue
            lcs = m.family in ("L", "Lflat")
            assert [r.select for r in m.per_reference] == [
                selection(r.counts.hit, r.counts.model, rounded and not lcs) for r in m.per_reference
            ]


@pytest.mark.parametrize("profile", ["rouge155", "rouge-score"])
def test_pooled_references_are_one_rule_on_both_engines(profile: str) -> None:
    """multi_ref="pooled": the chunk engine's columns hold scoring.pool of the per-pair counts
    (ROUGE-W's float counts included, whose sum depends on the order)."""
    from rouge_core import score_batch
    from rouge_core.evaluate import score as score_one
    from rouge_core.measures.scoring import pool

    rng = random.Random(29)
    words = "the cat sat on a mat and dog ran fast".split()

    def text() -> str:
        lines = (" ".join(rng.choice(words) for _ in range(rng.randint(1, 9))) for _ in range(rng.randint(1, 3)))
        return "\n".join(lines)

    pairs = [(text(), [text() for _ in range(rng.randint(2, 4))]) for _ in range(80)]
    config = RougeConfig(profile=profile, max_n=2, skip_distance=4, rouge_su=True, multi_ref="pooled")
    batch = score_batch(pairs, config)
    for i, pair in enumerate(pairs):
        for label, m in score_one(pair[0], pair[1], config).items():
            total = pool([r.counts for r in m.per_reference])
            assert m.counts == total
            col = batch.measures[label]
            assert (col.hit[i], col.model[i], col.peer[i]) == (total.hit, total.model, total.peer)
            assert col.fmeasure[i] == m.score.fmeasure
    with pytest.raises(ValueError, match="at least one"):
        pool([])


def test_pool_rows_is_pool_on_a_column() -> None:
    from rouge_core.measures.scoring import pool, pool_rows

    rng = random.Random(31)
    values = np.array([rng.random() * 10 ** rng.randint(-3, 3) for _ in range(3000)])
    sizes = []
    while sum(sizes) < len(values) - 8:
        sizes.append(rng.randint(1, 8))
    starts = np.cumsum([0, *sizes[:-1]])
    ends = starts + np.array(sizes)
    got = pool_rows(values, starts, ends).tolist()
    want = [pool([Counts(x, 0.0, 0.0) for x in values[s:e].tolist()]).hit for s, e in zip(starts, ends)]
    assert got == want


def test_ngram_clipping_compiled_agrees_with_the_python_rule() -> None:
    """The chunk kernel's clipped n-gram hits (its own algorithm: n-grams renumbered level by level)
    equal ngrams.count_ngrams' on generated sequences; its totals are ngrams.ngram_total compiled."""
    from rouge_core.kernels import chunk
    from rouge_core.measures import ngrams

    if _compiled():
        assert chunk.ngram_total.py_func is ngrams.ngram_total
    for length in range(0, 60):
        for n in range(1, 8):
            assert chunk.ngram_total(length, n) == ngrams.ngram_total(length, n)
    if not _compiled():
        return  # the chunk kernels run compiled only (their hashing relies on integer wrap-around)
    rng = random.Random(37)
    out = np.zeros(4, dtype=np.int64)
    for _ in range(500):
        v = rng.randint(1, 5)
        c = np.array([rng.randrange(v) for _ in range(rng.randint(0, 15))], dtype=np.int64)
        r = np.array([rng.randrange(v) for _ in range(rng.randint(0, 15))], dtype=np.int64)
        chunk.ngram_hits(c, r, v, 4, out)
        want = [ngrams.count_ngrams([str(x) for x in c], [str(x) for x in r], n)[0].hit for n in range(1, 5)]
        assert out.tolist() == want
