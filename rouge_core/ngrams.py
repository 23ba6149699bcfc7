"""ROUGE-N: clipped n-gram overlap (Lin 2004, eq. 1), across sentence boundaries.

hit = sum over reference n-grams g of min(count_ref(g), count_cand(g));
reference total = L_ref - n + 1, candidate total = L_cand - n + 1 (never negative).
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from .explain import GramExplanation, GramMatch
from .scoring import Counts


def ngram_counter(keys: Sequence[str], n: int) -> Counter[tuple[str, ...]]:
    """Multiset of the n-grams of a token sequence.

    >>> ngram_counter(["a", "b", "a", "b"], 2)[("a", "b")]
    2
    """
    if n == 1:
        return Counter((k,) for k in keys)
    return Counter(zip(*(keys[i:] for i in range(n))))


def ngram_counts(candidate: Sequence[str], reference: Sequence[str], n: int) -> Counts:
    """The counts-only path.

    >>> ngram_counts("the cat the cat".split(), "the cat sat".split(), 2)
    Counts(hit=1, model=2, peer=3)
    """
    cc, rc = ngram_counter(candidate, n), ngram_counter(reference, n)
    if len(cc) < len(rc):
        hit = sum(min(c, rc[g]) for g, c in cc.items() if g in rc)
    else:
        hit = sum(min(c, cc[g]) for g, c in rc.items() if g in cc)
    return Counts(hit, max(len(reference) - n + 1, 0), max(len(candidate) - n + 1, 0))


def _positions(keys: Sequence[str], n: int) -> dict[tuple[str, ...], list[tuple[int, ...]]]:
    out: dict[tuple[str, ...], list[tuple[int, ...]]] = {}
    for i in range(len(keys) - n + 1):
        out.setdefault(tuple(keys[i : i + n]), []).append(tuple(range(i, i + n)))
    return out


def explain_ngrams(candidate: Sequence[str], reference: Sequence[str], n: int) -> GramExplanation:
    """Every n-gram of either side with its positions; the counts come from these lists.

    >>> e = explain_ngrams("a b a".split(), "a a c".split(), 1)
    >>> [(g.gram, g.candidate_count, g.reference_count, g.credit) for g in e.grams]
    [(('a',), 2, 2, 2), (('b',), 1, 0, 0), (('c',), 0, 1, 0)]
    >>> e.hit, e.reference_total, e.candidate_total
    (2, 3, 3)
    """
    cp, rp = _positions(candidate, n), _positions(reference, n)
    grams = [GramMatch(g, tuple(cp.get(g, ())), tuple(rp.get(g, ()))) for g in dict.fromkeys([*cp, *rp])]
    return GramExplanation(
        "ngram",
        n,
        tuple(grams),
        candidate_total=sum(len(v) for v in cp.values()),
        reference_total=sum(len(v) for v in rp.values()),
    )
