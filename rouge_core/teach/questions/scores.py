"""The questions at a walk's last step: R = ?, P = ?, F = ?, from the walk's hits and the two totals.

Counts give exact fractions (R = 3/4); ROUGE-W's f^-1 gives floats, right to 2 decimals. F is the
paper's alpha form P·R / ((1 − α)·P + α·R), which every profile computes (ROUGE-1.5.5 from P and R
rounded to 5 decimals first: within the tolerance of a fraction that has no short decimal).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Optional, Union

from ...measures.scoring import wlcs_inverse
from .model import SLACK, Question, number_question, number_text, parse_number, shown

Value = Union[Fraction, float]


def f_value(p: Value, r: Value, alpha: float) -> Value:
    """F = P·R / ((1 − α)·P + α·R), 0 when P and R are 0; exact for fractions.

    >>> f_value(Fraction(3, 4), Fraction(3, 4), 0.5), f_value(Fraction(1, 2), Fraction(1, 4), 0.5)
    (Fraction(3, 4), Fraction(1, 3))
    """
    if isinstance(p, Fraction) and isinstance(r, Fraction):
        a = Fraction(str(alpha))  # 0.8 as 4/5, not as the float's binary fraction
        d = (1 - a) * p + a * r
        return p * r / d if d else Fraction(0)
    fd = (1 - alpha) * float(p) + alpha * float(r)
    return float(p) * float(r) / fd if fd > 0 else 0.0


def _ratio(hit: float, total: float, w: Optional[float]) -> Value:
    if total <= 0:
        return Fraction(0)
    if w is None:
        return Fraction(int(hit), int(total))
    return wlcs_inverse(hit / total**w, w)


def score_questions(
    step: int,
    hit: float,
    model: float,
    peer: float,
    alpha: float,
    names: tuple[str, str, str],
    w: Optional[float] = None,
) -> list[Question]:
    """R, P and F of ``hit`` over the reference total ``model`` and the candidate total ``peer``
    (``w``: ROUGE-W, Lin's R = f⁻¹(hit / f(m)) with f(k) = k^w); ``names``: what hit, model and peer are.

    >>> [(q.prompt, q.answer) for q in score_questions(20, 3, 4, 4, 0.5, ("LCS", "m", "n"))]
    [('R = LCS / m = ?', '0.75'), ('P = LCS / n = ?', '0.75'), ('F = ? (α = 0.5)', '0.75')]
    """
    hn, mn, pn = names
    r, p = _ratio(hit, model, w), _ratio(hit, peer, w)
    f = f_value(p, r, alpha)
    if w is None:
        rp, pp = f"R = {hn} / {mn} = ?", f"P = {hn} / {pn} = ?"
        r_why = f"R = {hn} / {mn} = {shown(float(hit))} / {shown(float(model))} = {shown(r)}"
        p_why = f"P = {hn} / {pn} = {shown(float(hit))} / {shown(float(peer))} = {shown(p)}"
    else:
        fw = shown(float(w))
        rp, pp = f"R = f⁻¹({hn} / f({mn})) = ? (f(k) = k^{fw})", f"P = f⁻¹({hn} / f({pn})) = ? (f(k) = k^{fw})"
        r_why = f"R = ({shown(float(hit))} / {shown(float(model))}^{fw})^(1/{fw}) = {shown(r)}"
        p_why = f"P = ({shown(float(hit))} / {shown(float(peer))}^{fw})^(1/{fw}) = {shown(p)}"
    rq = _with_wrong(number_question(step, rp, r, r_why), p, f"that is P, over {pn}; R divides by {mn}")
    pq = _with_wrong(number_question(step, pp, p, p_why), r, f"that is R, over {mn}; P divides by {pn}")
    f_why = f"F = P·R / ((1 − α)·P + α·R) with P = {shown(p)}, R = {shown(r)}, α = {shown(float(alpha))}: {shown(f)}"
    return [rq, pq, number_question(step, f"F = ? (α = {shown(float(alpha))})", f, f_why)]


def _with_wrong(q: Question, other: Value, why: str) -> Question:
    """``q`` with the other ratio as a known wrong answer, unless it would count as right."""
    text, _ = number_text(other)
    mine = parse_number(q.answer)
    if mine is None or abs(float(other) - float(mine)) <= q.tolerance + SLACK:
        return q
    return replace(q, wrong={text: why})
