"""ROUGE-S and ROUGE-SU: skip-bigrams within a distance (Lin 2004, eqs. 16-18).

A skip-bigram is an in-order token pair (t_i, t_j), i < j, with at most ``d``
tokens between them (``d < 0``: any gap). Pairs run across sentences. SU adds
unigrams: every token in the ``paper`` profile, every token but the last in
ROUGE-1.5.5 (its loop stops one early). Hits are clipped multiset overlaps.

:func:`skip_counts` counts with :mod:`rouge_core.kernels.skip` when numba is there.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterator, Sequence

import numpy as np

from . import kernels
from .explain import GramExplanation, GramMatch
from .scoring import Counts

#: The explanation lists every skip-bigram up to this many per side.
EXPLAIN_MAX_PAIRS = 250_000


def pair_total(length: int, distance: int) -> int:
    """Number of skip-bigrams of a sequence: C(L, 2) without a limit.

    >>> pair_total(4, -1), pair_total(4, 0), pair_total(4, 1)
    (6, 3, 5)
    """
    if length < 2:
        return 0
    if distance < 0 or distance + 1 >= length - 1:
        return length * (length - 1) // 2
    w = distance + 1  # partners to the right of a token
    return w * (length - w) + w * (w - 1) // 2


def unigram_total(length: int, su_last: bool) -> int:
    """SU unigrams counted: L (paper) or L - 1 (ROUGE-1.5.5, none when L <= 1)."""
    if su_last:
        return length
    return max(length - 1, 0)


def _pairs(keys: Sequence[str], distance: int) -> Iterator[tuple[int, int]]:
    n = len(keys)
    for i in range(n - 1):
        stop = n if distance < 0 else min(n, i + distance + 2)
        for j in range(i + 1, stop):
            yield i, j


def skip_counts(
    candidate: Sequence[str], reference: Sequence[str], distance: int, su: bool = False, su_last: bool = True
) -> Counts:
    """The counts-only path.

    >>> skip_counts("police kill the gunman".split(), "police killed the gunman".split(), -1)
    Counts(hit=3, model=6, peer=6)
    >>> skip_counts("gunman the killed police".split(), "police killed the gunman".split(), -1, su=True)
    Counts(hit=4, model=10, peer=10)
    """
    compiled = kernels.impl()
    if compiled is not None:
        hit = compiled.skip_hits(candidate, reference, distance, su, su_last)
    else:
        hit = _pair_hits(candidate, reference, distance)
    if su and compiled is None:
        cu = Counter(candidate if su_last else candidate[:-1])
        ru = Counter(reference if su_last else reference[:-1])
        hit += sum(min(c, ru[k]) for k, c in cu.items() if k in ru)
    extra_c = unigram_total(len(candidate), su_last) if su else 0
    extra_r = unigram_total(len(reference), su_last) if su else 0
    return Counts(hit, pair_total(len(reference), distance) + extra_r, pair_total(len(candidate), distance) + extra_c)


def _pair_hits(cand: Sequence[str], ref: Sequence[str], distance: int) -> int:
    shared = set(cand) & set(ref)
    if not shared:
        return 0
    fc = [(i, k) for i, k in enumerate(cand) if k in shared]
    fr = [(i, k) for i, k in enumerate(ref) if k in shared]
    if distance < 0 and len(fc) * len(fr) > 40_000:
        return _pair_hits_matrix(fc, fr, sorted(shared))
    pc = _pair_counter(fc, distance)
    pr = _pair_counter(fr, distance)
    if len(pc) > len(pr):
        pc, pr = pr, pc
    return sum(min(c, pr[g]) for g, c in pc.items() if g in pr)


def _pair_counter(filtered: list[tuple[int, str]], distance: int) -> Counter[tuple[str, str]]:
    out: Counter[tuple[str, str]] = Counter()
    for a in range(len(filtered)):
        i, x = filtered[a]
        for b in range(a + 1, len(filtered)):
            j, y = filtered[b]
            if distance >= 0 and j - i > distance + 1:
                break
            out[x, y] += 1
    return out


def _pair_hits_matrix(fc: list[tuple[int, str]], fr: list[tuple[int, str]], vocab: list[str]) -> int:
    """Unlimited distance on long texts: count matrices over the shared vocabulary."""
    index = {k: i for i, k in enumerate(vocab)}

    def matrix(filtered: list[tuple[int, str]]) -> np.ndarray:
        m = np.zeros((len(vocab), len(vocab)), dtype=np.int64)
        seen = np.zeros(len(vocab), dtype=np.int64)
        for _, k in filtered:
            col = index[k]
            m[:, col] += seen  # every earlier token x forms (x, k)
            seen[col] += 1
        return m

    return int(np.minimum(matrix(fc), matrix(fr)).sum())


def explain_skip(
    candidate: Sequence[str], reference: Sequence[str], distance: int, su: bool = False, su_last: bool = True
) -> GramExplanation | None:
    """Every skip-bigram (and SU unigram) with positions; None when there are too many to list.

    >>> e = explain_skip("police kill the gunman".split(), "police killed the gunman".split(), -1)
    >>> sorted(" ".join(g.gram) for g in e.grams if g.credit)
    ['police gunman', 'police the', 'the gunman']
    """
    if max(pair_total(len(candidate), distance), pair_total(len(reference), distance)) > EXPLAIN_MAX_PAIRS:
        return None

    def positions(keys: Sequence[str]) -> dict[tuple[str, ...], list[tuple[int, ...]]]:
        out: dict[tuple[str, ...], list[tuple[int, ...]]] = {}
        for i, j in _pairs(keys, distance):
            out.setdefault((keys[i], keys[j]), []).append((i, j))
        if su:
            for i in range(unigram_total(len(keys), su_last)):
                out.setdefault((keys[i],), []).append((i,))
        return out

    cp, rp = positions(candidate), positions(reference)
    grams = [GramMatch(g, tuple(cp.get(g, ())), tuple(rp.get(g, ()))) for g in dict.fromkeys([*cp, *rp])]
    return GramExplanation(
        "skip",
        2,
        tuple(grams),
        candidate_total=sum(len(v) for v in cp.values()),
        reference_total=sum(len(v) for v in rp.values()),
        skip_distance=distance,
    )
