"""One sentence pair of an LCS explanation, as a view draws it: its runs with their weights, its DP
table, and the plain LCS of a ROUGE-W pair.

An explanation keeps marks and values only; what a view needs beyond them is computed here, by the
programme and the weights the score uses (:func:`rouge_core.measures.lcs.lcs`,
:func:`rouge_core.measures.lcs.weights`), from the keys the explanation keeps
(:attr:`LcsExplanation.sentences`), so a view never runs the LCS itself.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional, Sequence

from .explain import LcsExplanation, Run, SentencePair
from .lcs import TABLE_CELLS, lcs, weights


def alignment_runs(marks: Sequence[tuple[int, int]], w: float, reference_sentence: int = -1) -> tuple[Run, ...]:
    """The runs of one alignment (both positions advance by one), each weighted f(k) = k^w by
    :func:`~rouge_core.measures.lcs.weights`: the runs whose weights a flat ROUGE-W sums.

    >>> [(r.start, r.length, r.weight) for r in alignment_runs([(0, 0), (1, 1), (3, 2), (4, 4)], 2.0)]
    [(0, 2, 4.0), (3, 1, 1.0), (4, 1, 1.0)]
    """
    f = weights(w, len(marks))
    runs: list[Run] = []
    start = 0
    for k in range(1, len(marks) + 1):
        if k == len(marks) or marks[k][0] != marks[k - 1][0] + 1 or marks[k][1] != marks[k - 1][1] + 1:
            length = k - start
            runs.append(Run(reference_sentence, marks[start][0], length, f[length]))
            start = k
    return tuple(runs)


def pair_runs(pair: SentencePair, w: float) -> tuple[Run, ...]:
    """The runs of a (WLCS) sentence pair's marks, weighted f(k) = k^w.

    >>> [(r.reference_sentence, r.start, r.length, r.weight)
    ...  for r in pair_runs(SentencePair(1, 0, ((0, 0), (1, 1), (2, 2)), 3.0), 2.0)]
    [(1, 0, 3, 9.0)]
    """
    return alignment_runs(pair.marks, w, pair.reference_sentence)


def pair_keys(e: LcsExplanation, pair: SentencePair) -> Optional[tuple[Sequence[str], Sequence[str]]]:
    """The (reference, candidate) keys a pair of ``e`` aligns (the joined texts for a flat pair),
    or None when the explanation keeps no keys or the pair is not one of its sentences."""
    s = e.sentences
    if s is None:
        return None
    if pair.reference_sentence < 0:
        return [k for x in s.reference for k in x], [k for x in s.candidate for k in x]
    if pair.reference_sentence >= len(s.reference) or not 0 <= pair.candidate_sentence < len(s.candidate):
        return None
    return s.reference[pair.reference_sentence], s.candidate[pair.candidate_sentence]


def pair_table(e: LcsExplanation, pair: SentencePair) -> SentencePair:
    """``pair`` with its DP table and traceback path, from the LCS programme with ``e``'s weight.

    Only a pair of up to :data:`~rouge_core.measures.lcs.TABLE_CELLS` cells gets one, and only if
    the programme's marks equal the pair's; otherwise (or when it has one) the pair comes back as
    it is.

    >>> from rouge_core.measures.summary_lcs import lcs_measure
    >>> e = lcs_measure([["a", "b"]], [["b", "a", "b"]], "union", explain=True)[2]
    >>> p = pair_table(e, e.pairs[0])
    >>> p.marks, p.table, p.path
    (((0, 1), (1, 2)), ((0.0, 0.0, 0.0, 0.0), (0.0, 0.0, 1.0, 1.0), (0.0, 1.0, 1.0, 2.0)), ((2, 3), (1, 2), (0, 1)))
    """
    if pair.table is not None:
        return pair
    keys = pair_keys(e, pair)
    if keys is None:
        return pair
    rk, ck = keys
    if not rk or not ck or len(rk) * len(ck) > TABLE_CELLS:
        return pair
    res = lcs(rk, ck, e.weight, keep_table=True)
    if tuple(res.marks) != tuple(pair.marks) or res.table is None:
        return pair
    return replace(pair, table=tuple(tuple(r) for r in res.table), path=tuple(res.path or ()))


def plain_pair(e: LcsExplanation, pair: SentencePair) -> Optional[SentencePair]:
    """The plain LCS (weight 1) of the same sentences as ``pair`` of ``e`` (a ROUGE-W pair), or None
    when the pair has more than :data:`~rouge_core.measures.lcs.TABLE_CELLS` cells (or ``e`` keeps
    no keys).

    >>> from rouge_core.measures.summary_lcs import lcs_measure
    >>> e = lcs_measure([list("abcd")], [list("axbcyd")], "wlcs-flat", 2.0, explain=True)[2]
    >>> p = plain_pair(e, e.pairs[0])
    >>> p.reference_sentence, p.marks, p.value
    (-1, ((0, 0), (1, 2), (2, 3), (3, 5)), 4.0)
    """
    keys = pair_keys(e, pair)
    if keys is None or len(keys[0]) * len(keys[1]) > TABLE_CELLS:
        return None
    res = lcs(keys[0], keys[1], 1.0)
    return SentencePair(pair.reference_sentence, pair.candidate_sentence, tuple(res.marks), res.value)
