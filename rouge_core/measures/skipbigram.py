"""ROUGE-S and ROUGE-SU: skip-bigrams within a distance (Lin 2004, eqs. 16-18).

A skip-bigram is an in-order token pair (t_i, t_j), i < j, with at most ``d``
tokens between them (``d < 0``: any gap). Pairs run across sentences. SU adds
unigrams: every token in the ``paper`` profile, every token but the last in
ROUGE-1.5.5 (its loop stops one early). Hits are clipped multiset overlaps.

:func:`count_skip_bigrams` is the one counting function of both paths (with
:mod:`rouge_core.kernels.skip` when numba is there); with ``explain`` it attaches an explanation
that lists the skip-bigrams and their positions (:func:`skip_grams`) on first access.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterator, Optional, Sequence

import numpy as np

from .. import kernels
from .explain import GramExplanation, GramMatch, PairKeys
from .scoring import Counts

#: An explanation lists every skip-bigram up to this many per side (beyond: counts only).
EXPLAIN_MAX_PAIRS = 250_000


def pair_total(length: int, distance: int) -> int:
    """Number of skip-bigrams of a sequence: C(L, 2) without a limit.

    The one rule: :mod:`rouge_core.kernels.skip` compiles this very function for the chunk kernels
    (so it stays plain arithmetic numba can compile).

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
    """SU unigrams counted, the first ones of the sequence: L (paper) or L - 1 (ROUGE-1.5.5, none
    when L <= 1). The one rule of SU's last unigram: the hits count the unigrams of the first
    ``unigram_total`` tokens of each side, the totals add it, and :mod:`rouge_core.kernels.skip`
    compiles this very function for the compiled counts.

    >>> unigram_total(4, True), unigram_total(4, False), unigram_total(0, False)
    (4, 3, 0)
    """
    if su_last:
        return length
    return max(length - 1, 0)


def count_skip_bigrams(
    candidate: Sequence[str],
    reference: Sequence[str],
    distance: int,
    su: bool = False,
    su_last: bool = True,
    explain: bool = False,
    keys: Optional[PairKeys] = None,
) -> tuple[Counts, Optional[GramExplanation]]:
    """The clipped skip-bigram (and SU unigram) counts, and with ``explain`` their explanation:
    None when a side has more than :data:`EXPLAIN_MAX_PAIRS` skip-bigrams to list.

    ``keys``: the pair's :class:`PairKeys` to list from; a pair's ROUGE-S and ROUGE-SU
    explanations sharing one list the skip-bigrams once. By default one of ``candidate`` and
    ``reference``.

    >>> count_skip_bigrams("police kill the gunman".split(), "police killed the gunman".split(), -1)
    (Counts(hit=3, model=6, peer=6), None)
    >>> count_skip_bigrams("gunman the killed police".split(), "police killed the gunman".split(), -1, su=True)[0]
    Counts(hit=4, model=10, peer=10)
    >>> counts, e = count_skip_bigrams("a b c".split(), "a c".split(), 0, su=True, explain=True)
    >>> [(" ".join(g.gram), g.candidate_positions, g.reference_positions) for g in e.grams]
    [('a b', ((0, 1),), ()), ('b c', ((1, 2),), ()), ('a', ((0,),), ((0,),)), ('b', ((1,),), ()), \
('c', ((2,),), ((1,),)), ('a c', (), ((0, 1),))]
    >>> e.hit, e.candidate_total, e.reference_total
    (2, 5, 3)
    """
    compiled = kernels.impl("skip_hits")
    if compiled is not None:
        hit = compiled.skip_hits(candidate, reference, distance, su, su_last)
    else:
        hit = _pair_hits(candidate, reference, distance)
    if su and compiled is None:
        cu = Counter(candidate[: unigram_total(len(candidate), su_last)])
        ru = Counter(reference[: unigram_total(len(reference), su_last)])
        hit += sum(min(c, ru[k]) for k, c in cu.items() if k in ru)
    extra_c = unigram_total(len(candidate), su_last) if su else 0
    extra_r = unigram_total(len(reference), su_last) if su else 0
    pairs_c, pairs_r = pair_total(len(candidate), distance), pair_total(len(reference), distance)
    model, peer = pairs_r + extra_r, pairs_c + extra_c
    counts = Counts(hit, model, peer)
    if not explain or max(pairs_c, pairs_r) > EXPLAIN_MAX_PAIRS:
        return counts, None
    keys = keys if keys is not None else PairKeys(tuple(candidate), tuple(reference))
    return counts, GramExplanation("skip", 2, hit, peer, model, keys, distance, su, su_last)


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


def _listed(keys: Sequence[str], spots: Iterator[tuple[int, ...]]) -> dict[tuple[str, ...], list[tuple[int, ...]]]:
    """Gram -> its positions, grams in first-seen order."""
    out: dict[tuple[str, ...], list[tuple[int, ...]]] = {}
    for pos in spots:
        out.setdefault(tuple(keys[i] for i in pos), []).append(pos)
    return out


def _grams(
    cp: dict[tuple[str, ...], list[tuple[int, ...]]], rp: dict[tuple[str, ...], list[tuple[int, ...]]]
) -> tuple[tuple[GramMatch, ...], int]:
    """Every gram of either side, first seen in the candidate, then in the reference; and how many
    the candidate has."""
    grams = tuple(GramMatch(g, tuple(cp.get(g, ())), tuple(rp.get(g, ()))) for g in dict.fromkeys([*cp, *rp]))
    return grams, len(cp)


def _pair_positions(keys: Sequence[str], distance: int) -> dict[tuple[str, ...], list[tuple[int, ...]]]:
    """:func:`_listed` for the skip-bigrams (C(L, 2) of them without a limit: the loop kept tight)."""
    out: dict[tuple[str, ...], list[tuple[int, ...]]] = {}
    n = len(keys)
    for i in range(n - 1):
        x = keys[i]
        stop = n if distance < 0 else min(n, i + distance + 2)
        for j in range(i + 1, stop):
            out.setdefault((x, keys[j]), []).append((i, j))
    return out


def _list_pairs(candidate: Sequence[str], reference: Sequence[str], distance: int) -> tuple[tuple[GramMatch, ...], int]:
    """The skip-bigrams of both sides with their positions (:func:`_grams`)."""
    return _grams(_pair_positions(candidate, distance), _pair_positions(reference, distance))


def skip_grams(keys: PairKeys, distance: int, su: bool = False, su_last: bool = True) -> tuple[GramMatch, ...]:
    """Every skip-bigram (then, with ``su``, unigram) of either side with its positions, first seen in
    the candidate, then in the reference (:attr:`GramExplanation.grams`). The skip-bigrams of a pair
    at one distance are listed once and kept in ``keys.listings``: ROUGE-SU's are ROUGE-S's.

    >>> k = PairKeys("police kill the gunman".split(), "police killed the gunman".split())
    >>> sorted(" ".join(g.gram) for g in skip_grams(k, -1) if g.credit)
    ['police gunman', 'police the', 'the gunman']
    >>> [g.gram for g in skip_grams(k, -1, su=True) if g.credit and len(g.gram) == 1]
    [('police',), ('the',), ('gunman',)]
    """
    listed = keys.listings.get(("skip", distance))
    if listed is None:
        listed = keys.listings[("skip", distance)] = _list_pairs(keys.candidate, keys.reference, distance)
    pairs, split = listed
    if not su:
        return pairs

    def unigrams(side: Sequence[str]) -> Iterator[tuple[int, ...]]:
        return ((i,) for i in range(unigram_total(len(side), su_last)))

    units, unit_split = _grams(
        _listed(keys.candidate, unigrams(keys.candidate)), _listed(keys.reference, unigrams(keys.reference))
    )
    # Each side lists its skip-bigrams before its unigrams (distinct grams: 2 keys vs 1).
    return pairs[:split] + units[:unit_split] + pairs[split:] + units[unit_split:]
