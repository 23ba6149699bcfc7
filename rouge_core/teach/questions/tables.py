"""Questions on the (W)LCS table walk (:func:`rouge_core.teach.steps.lcs_steps`) and its traceback
(:func:`rouge_core.teach.steps.traceback_steps`).

The table: every match cell's value (ROUGE-W: the run's weight f(k) = k^w and the increment
f(k) − f(k−1) first), a few tie cells (which neighbour? ROUGE-1.5.5 goes up on a tie), the first
cell taken from the left; at the last cell the LCS and R, P, F. The traceback: the next cell of
every move, and how many words it marked.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Optional, Sequence

from ..steps import CellStep, TraceStep
from .model import Question, number_question, shown
from .scores import score_questions

#: Tie cells asked about in one table (those with a value above 0 first: a 0 = 0 tie teaches little).
MAX_TIES = 3
_NEIGHBOURS = ("up", "left", "diagonal")


def _word(tokens: Optional[Sequence[str]], i: int) -> str:
    return f" '{tokens[i - 1]}'" if tokens is not None and 0 < i <= len(tokens) else ""


def _pair(s: CellStep, reference: Optional[Sequence[str]], candidate: Optional[Sequence[str]]) -> str:
    return f"reference word {s.a}{_word(reference, s.a)}, candidate word {s.b}{_word(candidate, s.b)}"


def table_questions(
    cells: Sequence[CellStep],
    reference: Optional[Sequence[str]],
    candidate: Optional[Sequence[str]],
    weight: float,
    alpha: float,
    offset: int,
) -> list[Question]:
    """The table walk's questions (``weight`` 1: ROUGE-L's LCS; else ROUGE-W's WLCS)."""
    if not cells:
        return []
    v = {(s.a, s.b): s.value for s in cells}

    def c(a: int, b: int) -> float:
        return v.get((a, b), 0.0)

    ties = [s for s in cells if s.rule == "up" and c(s.a - 1, s.b) == c(s.a, s.b - 1)]
    ties = sorted(ties, key=lambda s: c(s.a - 1, s.b) == 0)[:MAX_TIES]  # stable: table order within each group
    first_left = next((s for s in cells if s.rule == "left"), None)
    asked = {(s.a, s.b) for s in ties} | ({(first_left.a, first_left.b)} if first_left else set())
    out: list[Question] = []
    for k, s in enumerate(cells, start=1 + offset):
        name = f"c[{s.a}][{s.b}]"
        if s.rule == "match":
            out += _match(k, s, c(s.a - 1, s.b - 1), _pair(s, reference, candidate), weight)
        elif (s.a, s.b) in asked:
            up, left = c(s.a - 1, s.b), c(s.a, s.b - 1)
            differ = f"{_pair(s, reference, candidate)} differ, so not the diagonal (only a match adds)"
            if s.rule == "up":
                why = f"c[{s.a - 1}][{s.b}] = {shown(up)} ≥ c[{s.a}][{s.b - 1}] = {shown(left)}"
                tie = "a tie, and on a tie ROUGE-1.5.5 takes the cell above (it steps along the reference first)"
                reason = f"{why}: {tie if up == left else 'the cell above is larger'}."
                wrong = {"left": f"{why}: {tie if up == left else 'the cell above is larger'}.", "diagonal": differ}
            else:
                reason = f"c[{s.a - 1}][{s.b}] = {shown(up)} < c[{s.a}][{s.b - 1}] = {shown(left)}: the left one."
                wrong = {"up": f"{reason} Up only when the cell above is at least as large.", "diagonal": differ}
            out.append(
                Question(k, f"Which neighbour does {name} copy?", "choice", s.rule, _NEIGHBOURS, 0.0, reason, wrong)
            )
    last = cells[-1]
    k = len(cells) + offset
    what = "LCS" if weight == 1.0 else "WLCS"
    out.append(number_question(k, f"{what} = c[{last.a}][{last.b}] = ?", last.value, f"the last cell holds the {what}"))
    names = (what, "m", "n")
    out += score_questions(k, last.value, last.a, last.b, alpha, names, None if weight == 1.0 else weight)
    return out


def _match(k: int, s: CellStep, diag: float, pair: str, weight: float) -> list[Question]:
    name = f"c[{s.a}][{s.b}]"
    if weight == 1.0:
        why = f"{pair} are equal, a match: {name} = c[{s.a - 1}][{s.b - 1}] + 1 = {shown(diag)} + 1 = {shown(s.value)}"
        return [number_question(k, f"{name} = ?", s.value, why)]
    run, w = s.run, shown(weight)
    fk, fk1 = float(run) ** weight, float(run - 1) ** weight if run > 1 else 0.0
    matches = f"{run - 1} match{'' if run == 2 else 'es'}"
    runs = f"the run ending at c[{s.a - 1}][{s.b - 1}] has {matches}, so k = w[{s.a}][{s.b}] = {run}"
    return [
        number_question(
            k,
            f"{name} is a match. f(k) = k^{w} for the run of matches ending here = ?",
            fk,
            f"{runs}: {run}^{w} = {shown(fk)}",
        ),
        number_question(
            k,
            f"{name}: the increment f(k) − f(k−1) = ?",
            s.increment,
            f"f({run}) − f({run - 1}) = {shown(fk)} − {shown(fk1)} = {shown(s.increment)}",
        ),
        number_question(
            k,
            f"{name} = ?",
            s.value,
            f"{pair} are equal: {name} = c[{s.a - 1}][{s.b - 1}] + f(k) − f(k−1) = "
            f"{shown(diag)} + {shown(s.increment)} = {shown(s.value)}",
        ),
    ]


def trace_questions(
    trace: Sequence[TraceStep],
    reference: Optional[Sequence[str]],
    candidate: Optional[Sequence[str]],
    cells: Optional[Sequence[CellStep]],
    offset: int,
) -> list[Question]:
    """The traceback's next cell at every move, and at the end how many words it marked."""
    v = {(s.a, s.b): s.value for s in cells or ()}
    out: list[Question] = []
    for k, t in enumerate(trace, start=1 + offset):
        a, b = t.a, t.b
        to = {"match": (a - 1, b - 1), "up": (a - 1, b), "left": (a, b - 1)}
        words = f"reference word {a}{_word(reference, a)}, candidate word {b}{_word(candidate, b)}"
        if cells is not None:
            cmp = (
                f"c[{a - 1}][{b}] = {shown(v.get((a - 1, b), 0.0))}, c[{a}][{b - 1}] = {shown(v.get((a, b - 1), 0.0))}"
            )
        else:
            cmp = f"compare c[{a - 1}][{b}] with c[{a}][{b - 1}]"
        why = {
            "match": f"{words} are equal: mark them and go diagonally",
            "up": f"{words} differ; {cmp}: the cell above is at least as large, go up (ROUGE-1.5.5's tie rule)",
            "left": f"{words} differ; {cmp}: the cell to the left is larger, go left",
        }
        cells_left = {move: f"{r},{c}" for move, (r, c) in to.items() if move != t.move and r >= 0 and c >= 0}
        if t.move == "match":
            wrong = {cell: f"{words} are equal: a match goes diagonally" for cell in cells_left.values()}
        else:
            wrong = {
                cell: f"{words} differ: only a match goes diagonally" if move == "match" else why[t.move]
                for move, cell in cells_left.items()
            }
        r, c = to[t.move]
        out.append(
            Question(
                k,
                f"Traceback at c[{a}][{b}]: which cell next? (row,col)",
                "cell",
                f"{r},{c}",
                (),
                0.0,
                why[t.move],
                wrong,
            )
        )
    if trace:
        marks = trace[-1].marks
        out.append(
            number_question(
                len(trace) + offset,
                "How many word pairs has the traceback marked at the end?",
                Fraction(marks),
                f"one mark per diagonal move: {marks}",
            )
        )
    return out
