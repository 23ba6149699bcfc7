"""ROUGE-N: clipped n-gram overlap (Lin 2004, eq. 1), across sentence boundaries.

hit = sum over reference n-grams g of min(count_ref(g), count_cand(g));
reference total = L_ref - n + 1, candidate total = L_cand - n + 1 (never negative).

:func:`count_ngrams` is the one counting function of both paths; with ``explain`` it attaches
an explanation that lists the n-grams and their positions (:func:`ngram_grams`) on first access.
"""

from __future__ import annotations

from collections import Counter
from typing import Optional, Sequence

from .explain import GramExplanation, GramMatch, PairKeys
from .scoring import Counts


def ngram_counter(keys: Sequence[str], n: int) -> Counter[tuple[str, ...]]:
    """Multiset of the n-grams of a token sequence.

    >>> ngram_counter(["a", "b", "a", "b"], 2)[("a", "b")]
    2
    """
    if n == 1:
        return Counter((k,) for k in keys)
    return Counter(zip(*(keys[i:] for i in range(n))))


def ngram_total(length: int, n: int) -> int:
    """Number of n-grams of a sequence: L - n + 1, never negative. The one rule:
    :mod:`rouge_core.kernels.chunk` compiles this very function for the chunk kernels.

    >>> ngram_total(4, 2), ngram_total(1, 2)
    (3, 0)
    """
    return max(length - n + 1, 0)


def count_ngrams(
    candidate: Sequence[str],
    reference: Sequence[str],
    n: int,
    explain: bool = False,
    keys: Optional[PairKeys] = None,
) -> tuple[Counts, Optional[GramExplanation]]:
    """The clipped n-gram counts, and with ``explain`` their explanation (else None).

    ``keys``: the pair's :class:`PairKeys` to list from (shared by a pair's explanations);
    by default one of ``candidate`` and ``reference``.

    >>> count_ngrams("the cat the cat".split(), "the cat sat".split(), 2)
    (Counts(hit=1, model=2, peer=3), None)
    >>> counts, e = count_ngrams("a b a".split(), "a a c".split(), 1, explain=True)
    >>> e.hit, e.reference_total, e.candidate_total
    (2, 3, 3)
    >>> [(g.gram, g.candidate_positions, g.reference_positions, g.credit) for g in e.grams]
    [(('a',), ((0,), (2,)), ((0,), (1,)), 2), (('b',), ((1,),), (), 0), (('c',), (), ((2,),), 0)]
    """
    cc, rc = ngram_counter(candidate, n), ngram_counter(reference, n)
    if len(cc) < len(rc):
        hit = sum(min(c, rc[g]) for g, c in cc.items() if g in rc)
    else:
        hit = sum(min(c, cc[g]) for g, c in rc.items() if g in cc)
    model, peer = ngram_total(len(reference), n), ngram_total(len(candidate), n)
    counts = Counts(hit, model, peer)
    if not explain:
        return counts, None
    keys = keys if keys is not None else PairKeys(tuple(candidate), tuple(reference))
    return counts, GramExplanation("ngram", n, hit, peer, model, keys)


def _positions(keys: Sequence[str], n: int) -> dict[tuple[str, ...], list[tuple[int, ...]]]:
    out: dict[tuple[str, ...], list[tuple[int, ...]]] = {}
    if n == 1:
        for i, k in enumerate(keys):
            out.setdefault((k,), []).append((i,))
        return out
    for i, g in enumerate(zip(*(keys[j:] for j in range(n)))):
        out.setdefault(g, []).append(tuple(range(i, i + n)))
    return out


def ngram_grams(candidate: Sequence[str], reference: Sequence[str], n: int) -> tuple[GramMatch, ...]:
    """Every n-gram of either side with its positions, first seen in the candidate, then in the
    reference (:attr:`GramExplanation.grams`).

    >>> grams = ngram_grams("x y x".split(), "y x".split(), 2)
    >>> [(" ".join(g.gram), g.candidate_positions, g.reference_positions) for g in grams]
    [('x y', ((0, 1),), ()), ('y x', ((1, 2),), ((0, 1),))]
    """
    cp, rp = _positions(candidate, n), _positions(reference, n)
    return tuple(GramMatch(g, tuple(cp.get(g, ())), tuple(rp.get(g, ()))) for g in dict.fromkeys([*cp, *rp]))
