"""Questions on the summary-level union LCS walk (:func:`rouge_core.teach.steps.union_steps`).

Each sentence pair's LCS: how many reference words it adds to the union; each union word the hit
budget refuses, and the first of each reference sentence: "credited?"; then the hits and R, P, F
over all reference and candidate words (Lin 2004, eq. 5).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from ..steps import UnionStep
from .model import Question, number_question
from .scores import score_questions

_YES_NO = ("yes", "no")


def _words(sentence: Sequence[str], positions: Sequence[int]) -> str:
    return " ".join(sentence[p] for p in positions if p < len(sentence)) or "nothing"


def union_questions(
    steps: Sequence[UnionStep],
    reference: Sequence[Sequence[str]],
    candidate: Sequence[Sequence[str]],
    alpha: float,
    offset: int,
) -> list[Question]:
    """The union walk's questions (``reference``/``candidate``: the sentences of tokens it walked)."""
    out: list[Question] = []
    before: dict[int, tuple[int, ...]] = {}
    credit_seen: set[int] = set()
    for k, s in enumerate(steps, start=1 + offset):
        i, j = s.reference_sentence, s.candidate_sentence
        rs = reference[i] if i < len(reference) else ()
        if s.phase == "lcs":
            old = before.get(i, ())
            new = [p for p in s.union if p not in old]
            before[i] = s.union
            if not s.positions:
                continue  # no shared word: nothing to predict
            why = (
                f"LCS(R{i + 1}, C{j + 1}) marks {_words(rs, s.positions)}; "
                + (f"new to the union: {_words(rs, new)}" if new else "all of them are in the union already")
                + f" (union now: {_words(rs, s.union)})"
            )
            prompt = f"How many words of R{i + 1} does C{j + 1}'s LCS add to R{i + 1}'s union?"
            out.append(number_question(k, prompt, Fraction(len(new)), why))
            continue
        if s.credited and i in credit_seen:
            continue
        credit_seen.add(i)
        p = s.positions[0]
        word = rs[p] if p < len(rs) else s.key
        if s.budget is None:
            reason = "the paper's formula has no hit budget: every union word counts"
            wrong = {"no": reason}
        else:
            c_left, r_left = s.budget
            left = f"copies of '{s.key}' left: candidate {c_left}, reference {r_left}"
            if s.credited:
                reason = f"{left}: both have one, so it is credited"
                wrong = {"no": f"{left}: neither side has run out"}
            else:
                side = "candidate" if c_left <= 0 else "reference"
                reason = f"{left}: the {side} has none left (the hit budget), so no credit"
                wrong = {"yes": f"the {side}'s '{s.key}' are all credited already: a token is never credited twice"}
        prompt = f"Is R{i + 1} word {p + 1} '{word}' (in the union) credited?"
        out.append(Question(k, prompt, "choice", "yes" if s.credited else "no", _YES_NO, 0.0, reason, wrong))
    if steps:
        k, hits = len(steps) + offset, steps[-1].hits
        m, n = sum(len(x) for x in reference), sum(len(x) for x in candidate)
        out.append(number_question(k, "Σ LCS∪ hits in all = ?", Fraction(hits), f"{hits} union words credited"))
        names = ("Σ LCS∪", "m", "n")
        out += score_questions(k, hits, m, n, alpha, names)
    return out
