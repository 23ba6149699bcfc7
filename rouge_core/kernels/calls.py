"""The Python side of the compiled kernels: tokens to integer ids, results back to Python values.

Imported (which imports numba) by :func:`rouge_core.kernels.impl` on first use.
"""

from __future__ import annotations

from collections import defaultdict
from itertools import accumulate, chain, count, repeat
from typing import Hashable, Iterable, Optional, Sequence

import numpy as np
import numpy.typing as npt

from . import bitlcs, skip, union, wlcs

I64 = npt.NDArray[np.int64]
F64 = npt.NDArray[np.float64]
Marks = list[tuple[int, int]]
Sentences = Sequence[Sequence[Hashable]]


def _vocab() -> defaultdict[Hashable, int]:
    """Token -> id, a new token taking the next id (looked up from C: no Python frame a token)."""
    return defaultdict(count().__next__)


def _ids(seq: Iterable[Hashable], vocab: defaultdict[Hashable, int]) -> I64:
    return np.array(list(map(vocab.__getitem__, seq)), dtype=np.int64)


def _sentences(sents: Sentences, vocab: defaultdict[Hashable, int]) -> tuple[I64, I64]:
    """All sentences' ids in one array, and the sentence starts followed by the end."""
    off = np.array([0, *accumulate(map(len, sents))], dtype=np.int64)
    return _ids(chain.from_iterable(sents), vocab), off


def _known(seq: Sequence[Hashable], index: dict[Hashable, int]) -> I64:
    """Ids of ``seq``'s tokens in ``index``, -1 for the others (``get`` adds no token)."""
    return np.array(list(map(index.get, seq, repeat(-1))), dtype=np.int64)


def _floats(f: Optional[Sequence[float]]) -> F64:
    return np.asarray(f if f is not None else (0.0,), dtype=np.float64)


def _marks(out_a: I64, out_b: I64, k: int) -> Marks:
    """The first ``k`` marks (stored last first) in order."""
    return list(zip(out_a[k - 1 :: -1].tolist(), out_b[k - 1 :: -1].tolist())) if k else []


def lcs(
    reference: Sequence[Hashable], candidate: Sequence[Hashable], f: Optional[Sequence[float]]
) -> tuple[float, Marks]:
    """(last cell's value, marks) of :func:`rouge_core.measures.lcs.lcs`; ``f`` None: plain LCS (weight 1)."""
    vocab = _vocab()
    ref, cand = _ids(reference, vocab), _ids(candidate, vocab)
    size = min(len(ref), len(cand))
    out_a = np.empty(size, dtype=np.int64)
    out_b = np.empty(size, dtype=np.int64)
    if f is None:
        k = bitlcs.lcs_pair(ref, cand, len(vocab), out_a, out_b)
        return float(k), _marks(out_a, out_b, k)
    value, k = wlcs.wlcs_pair(ref, cand, _floats(f), out_a, out_b)
    return float(value), _marks(out_a, out_b, k)


def lcs_length(reference: Sentences, candidate: Sentences) -> int:
    """The LCS length of the joined sentences (:func:`rouge_core.measures.summary_lcs.lcs_measure`'s ``flat``)."""
    vocab = _vocab()
    ref, cand = _ids(chain.from_iterable(reference), vocab), _ids(chain.from_iterable(candidate), vocab)
    return int(bitlcs.lcs_length(ref, cand, len(vocab)))


def union_marks(
    reference: Sentences, candidate: Sentences, f: Optional[Sequence[float]]
) -> list[dict[int, tuple[int, int]]]:
    """Per reference sentence: position -> (candidate sentence, position) of the first LCS marking it
    (WLCS with ``f`` when given), as :mod:`rouge_core.measures.summary_lcs` finds them in pure Python."""
    vocab = _vocab()
    ref, ref_off = _sentences(reference, vocab)
    cand, cand_off = _sentences(candidate, vocab)
    mark_j = np.full(len(ref), -1, dtype=np.int64)
    mark_b = np.empty(len(ref), dtype=np.int64)
    union.union_marks(ref, ref_off, cand, cand_off, len(vocab), _floats(f), f is not None, mark_j, mark_b)
    js, bs = mark_j.tolist(), mark_b.tolist()
    return [
        {p - start: (js[p], bs[p]) for p in range(start, stop) if js[p] >= 0}
        for start, stop in zip(ref_off[:-1].tolist(), ref_off[1:].tolist())
    ]


def union_hit(
    reference: Sentences,
    candidate: Sentences,
    f_lcs: Optional[Sequence[float]],
    f_runs: Optional[Sequence[float]],
    budget_keys: Optional[tuple[Sequence[Hashable], Sequence[Hashable]]],
) -> float:
    """The hit of :func:`rouge_core.measures.summary_lcs.lcs_measure`'s union modes: marks by LCS (WLCS with
    ``f_lcs``), credited while ``budget_keys``' unigrams last (None: no budget), weighted by runs
    with ``f_runs`` (None: one a mark)."""
    return union_credit(reference, candidate, f_lcs, f_runs, budget_keys, False)[0]


def skip_hits(
    candidate: Sequence[Hashable], reference: Sequence[Hashable], distance: int, su: bool, su_last: bool
) -> int:
    """The hit of :func:`rouge_core.measures.skipbigram.count_skip_bigrams`: clipped skip-bigrams, plus with ``su``
    the clipped unigrams (all tokens with ``su_last``, else all but each side's last)."""
    vocab = _vocab()
    cand, ref = _ids(candidate, vocab), _ids(reference, vocab)
    return int(skip.skip_hits(cand, ref, len(vocab), distance, su, su_last))


#: What :func:`union_credit` found, per reference position of the joined sentences: the mark's
#: (candidate sentence, candidate position) (sentence -1: unmarked), whether it is credited, and
#: the length and first position of a run of credited marks closed there (length 0: none).
UnionFound = tuple[list[int], list[int], list[bool], list[int], list[int]]


def union_credit(
    reference: Sentences,
    candidate: Sentences,
    f_lcs: Optional[Sequence[float]],
    f_runs: Optional[Sequence[float]],
    budget_keys: Optional[tuple[Sequence[Hashable], Sequence[Hashable]]],
    explain: bool,
) -> tuple[float, Optional[UnionFound]]:
    """:func:`union_hit`, and with ``explain`` the marks, credits and runs it is made of (positions
    count over all reference sentences, in order)."""
    vocab = _vocab()
    ref, ref_off = _sentences(reference, vocab)
    cand, cand_off = _sentences(candidate, vocab)
    if budget_keys is not None:
        budget_ref, budget_cand = _known(budget_keys[0], vocab), _known(budget_keys[1], vocab)
    else:
        budget_ref = budget_cand = np.empty(0, dtype=np.int64)
    mark_j = np.full(len(ref), -1, dtype=np.int64)
    mark_b = np.empty(len(ref), dtype=np.int64)
    credited = np.zeros(len(ref), dtype=np.bool_)
    run_len = np.zeros(len(ref), dtype=np.int64)
    run_from = np.empty(len(ref), dtype=np.int64)
    hit = union.union_credit(
        ref,
        ref_off,
        cand,
        cand_off,
        len(vocab),
        _floats(f_lcs),
        f_lcs is not None,
        _floats(f_runs),
        f_runs is not None,
        budget_ref,
        budget_cand,
        budget_keys is not None,
        mark_j,
        mark_b,
        credited,
        run_len,
        run_from,
    )
    if not explain:
        return float(hit), None
    found = (mark_j.tolist(), mark_b.tolist(), credited.tolist(), run_len.tolist(), run_from.tolist())
    return float(hit), found


def sentence_pairs(
    reference: Sentences, candidate: Sentences, f: Optional[Sequence[float]]
) -> list[tuple[int, int, float, Marks]]:
    """(reference sentence, candidate sentence, value, marks) of every pair sharing a token, in that
    order, by LCS (WLCS with ``f`` when given): :func:`rouge_core.measures.summary_lcs.sentence_pairs`."""
    vocab = _vocab()
    ref, ref_off = _sentences(reference, vocab)
    cand, cand_off = _sentences(candidate, vocab)
    pi, pj, value, start, mark_a, mark_b = union.sentence_pairs(
        ref, ref_off, cand, cand_off, len(vocab), _floats(f), f is not None
    )
    marks = list(zip(mark_a.tolist(), mark_b.tolist()))
    bounds = start.tolist()
    return [
        (i, j, v, marks[s:e])
        for i, j, v, s, e in zip(pi.tolist(), pj.tolist(), value.tolist(), bounds[:-1], bounds[1:])
    ]
