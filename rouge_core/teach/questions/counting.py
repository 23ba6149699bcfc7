"""Questions on the counting walks: ROUGE-N's n-grams (:func:`rouge_core.teach.steps.ngram_steps`) and
ROUGE-S/SU's skip-bigrams (:func:`rouge_core.teach.steps.skip_steps`).

N: every n-gram the candidate has more than once or that is clipped, the first credited one and the
first one the reference lacks: "credited?"; then the hits and R, P, F. S/SU: the first credited
pair, the first pair the reference lacks, every clipped pair, the first pair beyond the skip
distance, ROUGE-1.5.5's left-out last unigram: "credited, counted or not counted?"; for each
skip-bigram the candidate has more than once: how many times it is credited in all; then the counted
total, the hits and R, P, F.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Optional, Sequence

from ...measures.ngrams import ngram_total
from ...measures.skipbigram import pair_total, unigram_total
from ..steps import GramStep, SkipStep
from .model import Question, number_question
from .scores import score_questions

_YES_NO = ("yes", "no")
_SKIP = ("credited", "counted, not credited", "not counted")


def ngram_questions(
    steps: Sequence[GramStep], n: int, reference: Sequence[str], alpha: float, offset: int
) -> list[Question]:
    """The n-gram walk's questions (``reference``: its tokens, for its n-gram total)."""
    copies = Counter(s.gram for s in steps)
    first_hit = next((i for i, s in enumerate(steps) if s.credited), None)
    first_miss = next((i for i, s in enumerate(steps) if not s.reference_count), None)
    out: list[Question] = []
    for i, s in enumerate(steps):
        clipped = s.reference_count > 0 and not s.credited
        if not (copies[s.gram] > 1 or clipped or i in (first_hit, first_miss)):
            continue
        g = " ".join(s.gram)
        ref = f"the reference has {s.reference_count} '{g}'"
        if s.credited:
            reason = f"{ref}, so copy {s.occurrence} is credited"
            wrong = {"no": f"{ref}: copies up to {s.reference_count} are credited, and this is copy {s.occurrence}"}
        elif clipped:
            reason = f"{ref}: clipped, only min(copies, {s.reference_count}) copies are credited"
            wrong = {"yes": f"{ref} and this is copy {s.occurrence}: the reference's copies are used up (clipping)"}
        else:
            reason = f"the reference has no '{g}'"
            wrong = {"yes": f"the reference has no '{g}' to pair it with"}
        prompt = f"Is copy {s.occurrence} of the {n}-gram '{g}' (words {s.position + 1}-{s.position + n}) credited?"
        out.append(
            Question(i + 1 + offset, prompt, "choice", "yes" if s.credited else "no", _YES_NO, 0.0, reason, wrong)
        )
    if steps:
        k, hits = len(steps) + offset, steps[-1].hits
        out.append(
            number_question(
                k,
                "How many hits (credited n-grams) in all?",
                Fraction(hits),
                f"{hits} of the {len(steps)} candidate {n}-grams are credited",
            )
        )
        model = ngram_total(len(reference), n)
        names = ("hits", f"reference {n}-grams", f"candidate {n}-grams")
        out += score_questions(k, hits, model, len(steps), alpha, names)
    return out


def _status(s: SkipStep) -> tuple[str, str, dict[str, str]]:
    """The step's answer among :data:`_SKIP`, why, and why each other choice is wrong."""
    g = " ".join(s.gram)
    counted = "it is within the skip distance, so it is counted" if s.j is not None else "its unigram is counted"
    if s.status == "matched":
        why = f"the reference has '{g}' ({s.reference_count}) with a copy left: a hit"
        return "credited", why, {_SKIP[1]: f"{why}, not just counted", _SKIP[2]: counted}
    if s.status == "counted":
        if s.reference_count:
            why = f"the reference's {s.reference_count} '{g}' are used up (clipped): counted, no hit"
        else:
            why = f"the reference has no '{g}': counted in the candidate's total, no hit"
        return _SKIP[1], why, {"credited": why, _SKIP[2]: counted}
    if s.j is None:
        why = "ROUGE-1.5.5 leaves out the last word's unigram"
    else:
        why = f"the words are {s.gap} apart, beyond the skip distance"
    return _SKIP[2], why, {c: f"{why}: not counted at all" for c in _SKIP[:2]}


def skip_questions(
    steps: Sequence[SkipStep],
    reference: Sequence[str],
    distance: int,
    su: bool,
    su_last: bool,
    alpha: float,
    offset: int,
) -> list[Question]:
    """The skip-bigram walk's questions (``reference``: its tokens, for its total)."""
    counted = [s for s in steps if s.status != "outside"]
    copies = Counter(s.gram for s in counted)
    credits = Counter(s.gram for s in counted if s.status == "matched")
    firsts: dict[str, Optional[int]] = {
        "hit": next((i for i, s in enumerate(steps) if s.status == "matched"), None),
        "miss": next((i for i, s in enumerate(steps) if s.status == "counted" and not s.reference_count), None),
        "far": next((i for i, s in enumerate(steps) if s.status == "outside" and s.j is not None), None),
    }
    seen: set[tuple[str, ...]] = set()
    out: list[Question] = []
    for i, s in enumerate(steps):
        k, g = i + 1 + offset, " ".join(s.gram)
        what = f"unigram {s.i + 1} '{g}'" if s.j is None else f"pair ({s.i + 1}, {s.j + 1}) '{g}'"
        clipped = s.status == "counted" and s.reference_count > 0
        left_out = s.status == "outside" and s.j is None
        if clipped or left_out or i in firsts.values():
            answer, reason, wrong = _status(s)
            prompt = f"The candidate's {what}: credited, counted but not credited, or not counted?"
            out.append(Question(k, prompt, "choice", answer, _SKIP, 0.0, reason, wrong))
        if s.status != "outside" and copies[s.gram] > 1 and s.gram not in seen:
            seen.add(s.gram)
            got = credits[s.gram]
            why = (
                f"the candidate counts '{g}' {copies[s.gram]} times, the reference has {s.reference_count}: "
                f"min({copies[s.gram]}, {s.reference_count}) = {got}"
            )
            out.append(number_question(k, f"How many times is '{g}' credited in all?", Fraction(got), why))
    if steps:
        k, last = len(steps) + offset, steps[-1]
        what = "skip-bigrams" + (" and unigrams" if su else "")
        out.append(
            number_question(
                k,
                f"How many candidate {what} are counted?",
                Fraction(last.counted),
                f"{last.counted} of the {len(steps)} checked are counted",
            )
        )
        out.append(
            number_question(
                k, "How many hits in all?", Fraction(last.hits), f"{last.hits} of the {last.counted} credited"
            )
        )
        model = pair_total(len(reference), distance) + (unigram_total(len(reference), su_last) if su else 0)
        names = ("hits", f"reference {what}", f"candidate {what}")
        out += score_questions(k, last.hits, model, last.counted, alpha, names)
    return out
