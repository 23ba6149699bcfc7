"""Summary-level ROUGE-L and ROUGE-W: union LCS marks, hit budgets, weighted runs.

For each reference sentence, the LCS with every candidate sentence marks
reference positions; their union is the sentence's union LCS (Lin 2004, eq. 5).
ROUGE-1.5.5 (and rouge-score's rougeLsum) then credit a marked token only while
both sides still have that unigram left (the *hit budget*), so a candidate token
is never credited twice. The paper's formula has no budget. ROUGE-W of
ROUGE-1.5.5 weights runs of consecutive credited marks by f(k) = k^w.

:func:`lcs_measure` counts the same way with or without an explanation: with
:mod:`rouge_core.kernels` when numba is there (the same steps compiled,
:mod:`rouge_core.kernels.union`, which also return the marks, credits and runs an
explanation shows), else with this module's Python code. An explanation keeps no DP
table; its sentence pairs are computed on first access (:func:`sentence_pairs`), and
:mod:`rouge_core.measures.lcs_pairs` gives a view the table of the one pair it draws. The hit
budgets come from :mod:`rouge_core.measures.hit_budget`.
"""

from __future__ import annotations

import math
from typing import Iterator, Optional, Sequence

from .. import kernels
from ..profiles import LcsMode
from .explain import LcsExplanation, Run, SentenceKeys, SentencePair, UnionMark
from .hit_budget import budget_counts, word_budgets
from .lcs import NUMPY_CELLS, Layout, LcsResult, lcs, lcs_many, weights
from .lcs_pairs import alignment_runs
from .scoring import Counts, selection

MODES = tuple(m.value for m in LcsMode)


def lcs_measure(
    reference: Sequence[Sequence[str]],
    candidate: Sequence[Sequence[str]],
    mode: LcsMode | str,
    weight: float = 1.0,
    explain: bool = False,
    budget_keys: Optional[tuple[Sequence[str], Sequence[str]]] = None,
    double_weight: bool = True,
) -> tuple[Counts, float, Optional[LcsExplanation]]:
    """Counts, the per-reference selection value (``-f B``) and, if asked, the explanation.

    ``reference``/``candidate`` are sentences of keys (an explanation keeps a reference to
    them, to list its sentence pairs from). ``budget_keys`` = (reference
    keys, candidate keys) of the joined texts, whose unigram counts are the hit
    budgets (ROUGE-1.5.5 takes them from the joined text, which differs from the
    sentences under a byte limit); by default the sentences' own tokens. ``double_weight``:
    ``wlcs-union``'s recall base is (sum |M_i|^w)^w as in ROUGE-1.5.5 (else sum |M_i|^w).

    >>> ref = [["w1", "w2", "w3", "w4", "w5"]]
    >>> cand = [["w1", "w2", "w6", "w7", "w8"], ["w1", "w3", "w8", "w9", "w5"]]
    >>> counts, select, e = lcs_measure(ref, cand, "union", explain=True)
    >>> counts, [(m.position, m.source) for m in e.marks]
    (Counts(hit=4, model=5, peer=10), [(0, (0, 0)), (1, (0, 1)), (2, (1, 1)), (4, (1, 4))])
    >>> [(p.candidate_sentence, p.marks) for p in e.pairs]
    [(0, ((0, 0), (1, 1))), (1, ((0, 0), (2, 1), (4, 4)))]
    """
    if mode not in MODES:
        raise ValueError(f"invalid mode={mode!r}: allowed values are {', '.join(MODES)}")
    mode = LcsMode(mode)
    weighted = mode in (LcsMode.WLCS_UNION, LcsMode.WLCS_FLAT)
    w = weight if weighted else 1.0
    ref_total = sum(len(s) for s in reference)
    cand_total = sum(len(s) for s in candidate)
    notes: list[str] = []
    if mode in (LcsMode.FLAT, LcsMode.WLCS_FLAT):
        r_flat = [k for s in reference for k in s]
        c_flat = [k for s in candidate for k in s]
        compiled = None if weighted else kernels.impl("lcs_length")
        res: Optional[LcsResult] = None
        if compiled is not None:  # the length alone
            counts = Counts(compiled.lcs_length(reference, candidate), ref_total, cand_total)
        else:
            res = lcs(r_flat, c_flat, w)
            flat_runs = alignment_runs(res.marks, w) if weighted else ()
            if weighted:
                # The DP value as the exact sum of f(k) over the traceback's runs (fsum: correctly
                # rounded, order-free), not the telescoped c + f(k+1) - f(k), whose rounding can
                # exceed f(n) for identical texts (R > 1).
                hit = math.fsum(r.weight for r in flat_runs)
                counts = Counts(hit, float(ref_total) ** w, float(cand_total) ** w)
            else:
                counts = Counts(len(res.marks), ref_total, cand_total)
        select = selection(counts.hit, counts.model, w=w if weighted else None)
        if not explain:
            return counts, select, None
        if res is None:  # the length came alone: the marks of the one pair, from the same programme
            res = lcs(r_flat, c_flat, w)
            flat_runs = ()
        pair = SentencePair(-1, -1, tuple(res.marks), res.value)
        keys = SentenceKeys(reference, candidate)  # a view builds the pair's table from them
        e = LcsExplanation(
            mode.value, w, (), flat_runs, counts.hit, counts.model, counts.peer, tuple(notes), keys, pair
        )
        return counts, select, e

    # Union LCS, reference sentence by reference sentence, then the credit of each mark.
    budget = mode != LcsMode.UNION_UNCLIPPED
    if budget and budget_keys is None:
        budget_keys = _joined(reference, candidate)
    f = weights(w, max((len(s) for s in reference), default=0) + 1) if weighted else []
    marks_out: list[UnionMark] = []
    runs: list[Run] = []
    compiled = kernels.impl("union_credit")
    if compiled is not None:
        hit, found = compiled.union_credit(
            reference,
            candidate,
            f if w != 1.0 else None,
            f if weighted else None,
            budget_keys if budget else None,
            explain,
        )
        if found is not None:
            _found_marks(reference, found, f, marks_out, runs)
    else:
        hit = _credit(
            reference,
            _union(reference, candidate, w),
            budget_keys if budget else None,
            f if weighted else None,
            marks_out if explain else None,
            runs if explain else None,
        )
    base: Optional[float] = None
    if weighted:
        base = sum(f_len**w for f_len in map(float, map(len, reference)))
        counts = Counts(hit, base**w if double_weight else base, float(cand_total) ** w)
        select = selection(hit, base, w=w)
    else:
        counts = Counts(int(hit), ref_total, cand_total)
        select = selection(hit, ref_total)
    if not explain:
        return counts, select, None
    if not budget:
        notes.append(
            "the paper's union LCS has no hit budget: a candidate token can be credited "
            "by several reference sentences, so precision can exceed 1"
        )
    return (
        counts,
        select,
        LcsExplanation(
            mode.value,
            w,
            tuple(marks_out),
            tuple(runs),
            counts.hit,
            counts.model,
            counts.peer,
            tuple(notes),
            sentences=SentenceKeys(reference, candidate),
            recall_base=base,
            # The unclipped mode credits past the copies; its table still shows them.
            budgets=word_budgets(
                ((m.key, m.credited) for m in marks_out), budget_keys or _joined(reference, candidate)
            ),
        ),
    )


def sentence_pairs(
    reference: Sequence[Sequence[str]], candidate: Sequence[Sequence[str]], weight: float = 1.0
) -> tuple[SentencePair, ...]:
    """Every (reference sentence, candidate sentence) pair sharing a token, in that order, with its
    LCS (WLCS when ``weight`` != 1): :attr:`LcsExplanation.pairs`. Pairs sharing no token have no
    LCS and are not listed. Tables are not kept.

    >>> [(p.reference_sentence, p.candidate_sentence, p.marks, p.value)
    ...  for p in sentence_pairs([["a", "b"], ["c"]], [["b", "a"], ["d"], ["c", "a"]])]
    [(0, 0, ((0, 1),), 1.0), (0, 2, ((0, 1),), 1.0), (1, 2, ((0, 0),), 1.0)]
    """
    compiled = kernels.impl("sentence_pairs")
    if compiled is not None:
        f = weights(weight, max((len(s) for s in reference), default=0) + 1) if weight != 1.0 else None
        return tuple(
            SentencePair(i, j, tuple(marks), value)
            for i, j, value, marks in compiled.sentence_pairs(reference, candidate, f)
        )
    return tuple(
        SentencePair(i, j, tuple(res.marks), res.value)
        for i, results in _sentence_results(reference, candidate, weight)
        for j, res in results.items()
    )


def _found_marks(
    reference: Sequence[Sequence[str]],
    found: tuple[list[int], list[int], list[bool], list[int], list[int]],
    f: list[float],
    marks_out: list[UnionMark],
    runs: list[Run],
) -> None:
    """The union marks and runs of :func:`rouge_core.kernels.calls.union_credit`'s arrays (positions
    over the joined sentences), as :func:`_credit` appends them."""
    js, bs, credited, run_len, run_from = found
    r0 = 0
    for i, rs in enumerate(reference):
        for p in range(r0, r0 + len(rs)):
            j = js[p]
            if j < 0:
                continue
            marks_out.append(UnionMark(i, p - r0, rs[p - r0], (j, bs[p]), credited[p]))
            k = run_len[p]
            if k:
                runs.append(Run(i, run_from[p] - r0, k, f[k]))
        r0 += len(rs)


def _credit(
    reference: Sequence[Sequence[str]],
    union: list[dict[int, tuple[int, int]]],
    budget_keys: Optional[tuple[Sequence[str], Sequence[str]]],
    f: Optional[list[float]],
    marks_out: Optional[list[UnionMark]],
    runs: Optional[list[Run]],
) -> float:
    """The hit of the union marks: each credited while the hit budget lasts (``budget_keys`` None: no
    budget), weighted by runs when ``f`` is given; the marks and runs are appended to the lists given."""
    if budget_keys is not None:
        mu, pu = budget_counts(budget_keys)
    hit = 0.0
    for i, rs in enumerate(reference):
        marks = union[i]
        run, run_start = 0, 0
        for p in range(len(rs)):
            if p not in marks:
                continue
            key = rs[p]
            ok = True
            if budget_keys is not None:
                ok = pu[key] > 0 and mu[key] > 0
                if ok:
                    pu[key] -= 1
                    mu[key] -= 1
            if marks_out is not None:
                marks_out.append(UnionMark(i, p, key, marks[p], ok))
            if not ok:
                continue  # ROUGE-1.5.5: a spent token neither ends nor breaks a run
            if f is None:
                hit += 1
                continue
            if run == 0:
                run_start = p
            run += 1
            if p + 1 == len(rs) or (p + 1) not in marks:
                hit += f[run]
                if runs is not None:
                    runs.append(Run(i, run_start, run, f[run]))
                run = 0
    return hit


def _sentence_results(
    reference: Sequence[Sequence[str]], candidate: Sequence[Sequence[str]], w: float
) -> Iterator[tuple[int, dict[int, LcsResult]]]:
    """Per non-empty reference sentence: the LCS (WLCS when ``w`` != 1) with each candidate sentence
    sharing a token with it, by candidate sentence in order (pure Python)."""
    cand_total = sum(len(s) for s in candidate)
    holders: dict[str, list[int]] = {}  # token -> candidate sentences holding it
    for j, cs in enumerate(candidate):
        for t in set(cs):
            holders.setdefault(t, []).append(j)
    layout: Optional[Layout] = None
    for i, rs in enumerate(reference):
        if not rs:
            continue
        todo = sorted(set().union(*(holders.get(t, ()) for t in set(rs))))
        if len(rs) * cand_total > NUMPY_CELLS:
            layout = layout or Layout(candidate)
            yield i, dict(zip(todo, layout.run(rs, weights(w, len(rs) + 1), w == 1.0, todo)))
        else:
            yield i, dict(zip(todo, lcs_many(rs, [candidate[j] for j in todo], w)))


def _union(
    reference: Sequence[Sequence[str]], candidate: Sequence[Sequence[str]], w: float
) -> list[dict[int, tuple[int, int]]]:
    """Per reference sentence: position -> (candidate sentence, position) of the first LCS marking it."""
    union: list[dict[int, tuple[int, int]]] = [{} for _ in reference]
    for i, results in _sentence_results(reference, candidate, w):
        marks = union[i]
        for j, res in results.items():
            for a, b in res.marks:
                marks.setdefault(a, (j, b))
    return union


def _joined(reference: Sequence[Sequence[str]], candidate: Sequence[Sequence[str]]) -> tuple[list[str], list[str]]:
    """The keys of the joined sentences: the hit budgets' keys when none are given."""
    return [k for s in reference for k in s], [k for s in candidate for k in s]
