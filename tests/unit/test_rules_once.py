"""One implementation of each rule (issue 18, point 2): where a rule has two shapes (one pair in
Python, columns in numpy, a compiled kernel), they agree bit for bit on generated inputs."""

from __future__ import annotations

import random
from typing import Callable, Optional

import numpy as np
import pytest

from rouge_core import RougeConfig
from rouge_core.corpus import pooled_scores
from rouge_core.scoring import Counts, score, scores, wlcs_inverse

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
    """ROUGE-W's f^-1 as the per-pair engine gets it (:class:`rouge_core.measures.MeasureSpec`)."""
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
    from rouge_core.measures import Family, measure_specs
    from rouge_core.profiles import LcsMode
    from rouge_core.summary_lcs import lcs_measure

    for w in (1.2, 2.0, 3.7):
        spec = next(s for s in measure_specs(RougeConfig(profile=profile, wlcs_weight=w)) if s.family == Family.W)
        assert spec.inverse is not None
        assert [spec.inverse(x) for x in (0.0, 0.3, 0.71, 1.0)] == [wlcs_inverse(x, w) for x in (0.0, 0.3, 0.71, 1.0)]
        ref, cand = [["a", "b", "c", "d"], ["e", "f"]], [["a", "b", "x", "d", "e"], ["f", "c"]]
        for mode in (LcsMode.WLCS_UNION, LcsMode.WLCS_FLAT):
            counts, select, _ = lcs_measure(ref, cand, mode, w, double_weight=False)
            assert select == wlcs_inverse(counts.hit / counts.model, w)
