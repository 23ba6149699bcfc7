"""Step-by-step records of the ROUGE computations, for teaching.

Each function runs the computation rouge_core itself runs (``lcs.lcs`` with its
table, ``ngrams.count_ngrams``, ``skipbigram.count_skip_bigrams``,
``summary_lcs.lcs_measure``, with their explanations) and lays the result out as a list of frozen
records, one per step, so the last step holds the number the score is computed
from. Inputs are token keys (``Analysis.keys`` / ``Analysis.sentence_keys``);
positions count from 0, table rows and columns from 1 (0 is the empty prefix).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Optional, Sequence

from ..measures import skipbigram
from ..measures.lcs import lcs, weights
from ..measures.ngrams import count_ngrams
from ..measures.skipbigram import count_skip_bigrams, pair_total
from ..measures.summary_lcs import lcs_measure

#: Most tokens a side for the cell-by-cell and pair-by-pair walks (30 x 30 = 900 cells).
MAX_STEP_TOKENS = 30
#: Most tokens a side for the n-gram walk and most sentences a side for the union walk.
MAX_WALK_TOKENS = 400
MAX_WALK_SENTENCES = 40


def _check(what: str, size: int, limit: int, unit: str = "tokens") -> None:
    if size > limit:
        raise ValueError(f"invalid {what}: {size} {unit}; step lists stop at {limit} {unit}")


@dataclass(frozen=True)
class CellStep:
    """One cell of the (W)LCS table, filled by the rule of :func:`rouge_core.measures.lcs.lcs`.

    ``a``/``b``: reference/candidate prefix lengths (row, column, from 1).
    ``rule``: ``"match"`` (diagonal + ``increment``), ``"up"`` (c[a-1][b] >= c[a][b-1]:
    ROUGE-1.5.5's tie rule, reference first) or ``"left"``. ``run``: length of the
    run of consecutive matches ending here (Lin's w table, 0 off a match);
    ``increment`` = f(run) - f(run - 1) on a match, else 0.
    """

    a: int
    b: int
    value: float
    run: int
    rule: str
    increment: float

    @property
    def source(self) -> tuple[int, int]:
        """The cell whose value this one builds on."""
        if self.rule == "match":
            return self.a - 1, self.b - 1
        return (self.a - 1, self.b) if self.rule == "up" else (self.a, self.b - 1)


@dataclass(frozen=True)
class TraceStep:
    """One move of the traceback, leaving cell (``a``, ``b``).

    ``move``: ``"match"`` (mark the pair, go diagonally), ``"up"`` or ``"left"``;
    ``mark``: (reference position, candidate position) on a match; ``marks``: found so far.
    """

    a: int
    b: int
    move: str
    mark: Optional[tuple[int, int]]
    marks: int


def lcs_steps(reference: Sequence[str], candidate: Sequence[str], weight: float = 1.0) -> list[CellStep]:
    """Every cell of the LCS (weight 1) or WLCS table, row by row, with the rule that filled it.

    The values are those of ``lcs(reference, candidate, weight, keep_table=True).table``.

    >>> s = lcs_steps("police killed the gunman".split(), "police kill the gunman".split())
    >>> len(s), s[0].rule, s[-1].value
    (16, 'match', 3.0)
    >>> [c.rule for c in s[4:8]]  # row 2, 'killed': every cell copies the one above (a tie)
    ['up', 'up', 'up', 'up']
    >>> [(c.run, c.increment) for c in lcs_steps(list("AB"), list("AB"), 2.0) if c.rule == "match"]
    [(1, 1.0), (2, 3.0)]
    """
    _check("reference", len(reference), MAX_STEP_TOKENS)
    _check("candidate", len(candidate), MAX_STEP_TOKENS)
    m, n = len(reference), len(candidate)
    table = lcs(reference, candidate, weight, keep_table=True).table
    if not m or not n or table is None:
        return []
    f = weights(weight, min(m, n) + 1)  # the f(k) table lcs() uses
    run = [[0] * (n + 1) for _ in range(m + 1)]
    out: list[CellStep] = []
    for a in range(1, m + 1):
        for b in range(1, n + 1):
            inc = 0.0
            if reference[a - 1] == candidate[b - 1]:
                k = run[a - 1][b - 1]
                run[a][b] = k + 1
                rule, inc = "match", f[k + 1] - f[k]
            elif table[a - 1][b] >= table[a][b - 1]:
                rule = "up"
            else:
                rule = "left"
            out.append(CellStep(a, b, table[a][b], run[a][b], rule, inc))
    return out


def traceback_steps(reference: Sequence[str], candidate: Sequence[str], weight: float = 1.0) -> list[TraceStep]:
    """The traceback of :func:`rouge_core.measures.lcs.lcs` from the last cell, one move at a time.

    The marks, read in reverse, are ``lcs(reference, candidate, weight).marks``.

    >>> t = traceback_steps("police killed the gunman".split(), "police kill the gunman".split())
    >>> [s.move for s in t]
    ['match', 'match', 'up', 'left', 'match']
    >>> [s.mark for s in t if s.mark][::-1]
    [(0, 0), (2, 2), (3, 3)]
    """
    _check("reference", len(reference), MAX_STEP_TOKENS)
    _check("candidate", len(candidate), MAX_STEP_TOKENS)
    path = lcs(reference, candidate, weight, keep_table=True).path or []
    out: list[TraceStep] = []
    found = 0
    for (a, b), (a2, b2) in zip(path, path[1:]):
        if a2 == a - 1 and b2 == b - 1:
            found += 1
            out.append(TraceStep(a, b, "match", (a - 1, b - 1), found))
        else:
            out.append(TraceStep(a, b, "up" if a2 == a - 1 else "left", None, found))
    return out


@dataclass(frozen=True)
class GramStep:
    """One candidate n-gram, in reading order, checked against the reference.

    The ``occurrence``-th copy (from 1) is credited while the reference has that
    many (clipping); ``reference_positions`` is the reference copy it is paired
    with; ``hits`` is the running total.
    """

    position: int
    gram: tuple[str, ...]
    occurrence: int
    reference_count: int
    credited: bool
    reference_positions: Optional[tuple[int, ...]]
    hits: int


def ngram_steps(candidate: Sequence[str], reference: Sequence[str], n: int) -> list[GramStep]:
    """The candidate's n-grams one at a time, from :func:`rouge_core.measures.ngrams.count_ngrams`' explanation.

    >>> s = ngram_steps("the cat the cat".split(), "the cat sat".split(), 2)
    >>> [(" ".join(g.gram), g.occurrence, g.credited, g.hits) for g in s]
    [('the cat', 1, True, 1), ('cat the', 1, False, 1), ('the cat', 2, False, 1)]
    """
    _check("candidate", len(candidate), MAX_WALK_TOKENS)
    e = count_ngrams(candidate, reference, n, explain=True)[1]
    rows = []
    for g in e.grams if e is not None else ():
        for k, pos in enumerate(g.candidate_positions):
            ok = k < g.credit  # the first `credit` copies on each side are the matched ones
            rows.append((pos[0], g.gram, k + 1, g.reference_count, ok, g.reference_positions[k] if ok else None))
    rows.sort(key=lambda r: r[0])
    out, hits = [], 0
    for row in rows:
        hits += row[4]
        out.append(GramStep(*row, hits=hits))
    return out


@dataclass(frozen=True)
class SkipStep:
    """One in-order pair (``i``, ``j``) of candidate positions, or an SU unigram (``j`` None).

    ``status``: ``"outside"`` (beyond the skip distance, or ROUGE-1.5.5's uncounted
    last SU unigram), ``"counted"`` (in the candidate total, not credited) or
    ``"matched"``. ``counted``/``hits`` are running totals.
    """

    i: int
    j: Optional[int]
    gram: tuple[str, ...]
    status: str
    reference_count: int
    counted: int
    hits: int

    @property
    def gap(self) -> Optional[int]:
        """Tokens between the two words (None for a unigram)."""
        return None if self.j is None else self.j - self.i - 1


def _too_many_pairs(candidate: int, reference: int, distance: int) -> str:
    """The message naming the side(s) whose skip-bigrams an explanation does not list (mostly the reference:
    the candidate's token cap keeps it far below the limit).

    >>> _too_many_pairs(4, 708, -1)
    'invalid reference: its 708 tokens have 250,278 skip-bigrams; step lists stop at 250,000 skip-bigrams'
    """
    limit = skipbigram.EXPLAIN_MAX_PAIRS  # read at call time: the module's value, not a copy made at import
    sides = [
        (name, size, pair_total(size, distance)) for name, size in (("candidate", candidate), ("reference", reference))
    ]
    over = [side for side in sides if side[2] > limit]
    stop = f"step lists stop at {limit:,} skip-bigrams"
    if len(over) == 1:
        name, size, pairs = over[0]
        return f"invalid {name}: its {size:,} tokens have {pairs:,} skip-bigrams; {stop}"
    tokens, bigrams = (" and ".join(f"{side[k]:,}" for side in sides) for k in (1, 2))
    return f"invalid candidate and reference: their {tokens} tokens have {bigrams} skip-bigrams; {stop}"


def skip_steps(
    candidate: Sequence[str], reference: Sequence[str], distance: int, su: bool = False, su_last: bool = True
) -> list[SkipStep]:
    """Every in-order pair of the candidate (then its SU unigrams), from
    :func:`rouge_core.measures.skipbigram.count_skip_bigrams`' explanation; ``distance < 0``: no limit.

    >>> s = skip_steps("police kill the gunman".split(), "police killed the gunman".split(), -1)
    >>> len(s), s[-1].counted, s[-1].hits
    (6, 6, 3)
    >>> [x.status for x in skip_steps("a b c".split(), "a c".split(), 0)]
    ['counted', 'outside', 'counted']
    """
    _check("candidate", len(candidate), MAX_STEP_TOKENS)
    e = count_skip_bigrams(candidate, reference, distance, su, su_last, explain=True)[1]
    if e is None:  # a side has more skip-bigrams than an explanation lists
        raise ValueError(_too_many_pairs(len(candidate), len(reference), distance))
    found: dict[tuple[int, ...], tuple[int, bool]] = {}
    for g in e.grams:
        for k, pos in enumerate(g.candidate_positions):
            found[pos] = (g.reference_count, k < g.credit)
    n = len(candidate)
    spots = [(i, j) for i in range(n) for j in range(i + 1, n)] + ([(i,) for i in range(n)] if su else [])
    out: list[SkipStep] = []
    counted = hits = 0
    for pos in spots:
        gram = tuple(candidate[p] for p in pos)
        j = pos[1] if len(pos) == 2 else None
        if pos not in found:
            out.append(SkipStep(pos[0], j, gram, "outside", 0, counted, hits))
            continue
        ref_count, ok = found[pos]
        counted += 1
        hits += ok
        out.append(SkipStep(pos[0], j, gram, "matched" if ok else "counted", ref_count, counted, hits))
    return out


@dataclass(frozen=True)
class UnionStep:
    """One step of the summary-level union LCS (Lin 2004, eq. 5).

    ``phase "lcs"``: the LCS of reference sentence ``reference_sentence`` with
    candidate sentence ``candidate_sentence`` marks ``positions`` (paired with
    ``candidate_positions``); ``union`` is the sentence's union so far.
    ``phase "credit"``: the union mark at ``positions[0]`` (token ``key``, found by
    that candidate sentence) is credited or not; ``budget`` = copies of ``key``
    left (candidate, reference) before this mark, None without a hit budget.
    ``hits`` is the running total.
    """

    phase: str
    reference_sentence: int
    candidate_sentence: int
    positions: tuple[int, ...]
    candidate_positions: tuple[int, ...]
    union: tuple[int, ...]
    hits: int
    key: str = ""
    credited: bool = True
    budget: Optional[tuple[int, int]] = None


def union_steps(
    reference: Sequence[Sequence[str]],
    candidate: Sequence[Sequence[str]],
    budget: bool = True,
    budget_keys: Optional[tuple[Sequence[str], Sequence[str]]] = None,
) -> list[UnionStep]:
    """Sentence by sentence: each candidate sentence's LCS marks, then the crediting of the union,
    from :func:`rouge_core.measures.summary_lcs.lcs_measure` (``budget``: ROUGE-1.5.5's hit budget;
    without it, the paper's formula). ``budget_keys`` as in ``lcs_measure``.

    >>> s = union_steps([["w1", "w2", "w3", "w4", "w5"]],
    ...                 [["w1", "w2", "w6", "w7", "w8"], ["w1", "w3", "w8", "w9", "w5"]])
    >>> [(x.phase, x.positions) for x in s[:2]]
    [('lcs', (0, 1)), ('lcs', (0, 2, 4))]
    >>> s[-1].union, s[-1].hits
    ((0, 1, 2, 4), 4)
    """
    _check("reference", len(reference), MAX_WALK_SENTENCES, "sentences")
    _check("candidate", len(candidate), MAX_WALK_SENTENCES, "sentences")
    mode = "union" if budget else "union-unclipped"
    _, _, e = lcs_measure(reference, candidate, mode, 1.0, explain=True, budget_keys=budget_keys)
    if e is None:
        return []
    pairs = {(p.reference_sentence, p.candidate_sentence): p for p in e.pairs}
    if budget_keys is None:
        budget_keys = ([k for s in reference for k in s], [k for s in candidate for k in s])
    ref_left, cand_left = Counter(budget_keys[0]), Counter(budget_keys[1])
    out: list[UnionStep] = []
    hits = 0
    for i in range(len(reference)):
        union: set[int] = set()
        for j in range(len(candidate)):
            p = pairs.get((i, j))  # pairs sharing no token have no LCS and are not listed
            marks = p.marks if p is not None else ()
            union.update(a for a, _ in marks)
            out.append(
                UnionStep(
                    "lcs", i, j, tuple(a for a, _ in marks), tuple(b for _, b in marks), tuple(sorted(union)), hits
                )
            )
        for m in (m for m in e.marks if m.reference_sentence == i):
            left = (cand_left[m.key], ref_left[m.key]) if budget else None
            if m.credited:
                hits += 1
                cand_left[m.key] -= 1
                ref_left[m.key] -= 1
            out.append(
                UnionStep(
                    "credit",
                    i,
                    m.source[0],
                    (m.position,),
                    (m.source[1],),
                    tuple(sorted(union)),
                    hits,
                    m.key,
                    m.credited,
                    left,
                )
            )
    return out
