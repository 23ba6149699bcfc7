"""A predict-then-reveal question, how a given answer is checked, and the answer key a browser checks with.

Numbers are compared as floats, ``|given - answer| <= tolerance + SLACK`` (SLACK absorbs the float
error of "0.1" against 1/10), both here and in the browser, which gets the same numbers from
:func:`answer_key`; so the two agree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, Mapping, Optional, Sequence, Union

#: Added to every tolerance: the float error of parsing a decimal, never a real difference.
SLACK = 1e-9
#: The tolerance of an answer that has no short exact decimal (2/3, 2^1.2): right to 2 decimals.
ROUNDED = 0.005

Kind = Literal["number", "choice", "cell"]
Normal = Union[float, list[int], str]

#: A given number: a decimal, optionally over a whole number ("3/4", "0.75", " 2 ", "1 / 2"); no exponent,
#: so a browser's check with this pattern reads exactly the numbers :func:`check` reads.
NUMBER = re.compile(r"([+-]?(?:\d+(?:\.\d*)?|\.\d+))(?:\s*/\s*(\d+))?", re.ASCII)
#: A given cell: "row,col", "(row, col)", "[row,col]", "row col".
CELL = re.compile(r"^\s*[(\[]?\s*(\d+)\s*(?:,|;|\s)\s*(\d+)\s*[)\]]?\s*$", re.ASCII)


@dataclass(frozen=True)
class Question:
    """What a walk asks before step ``step`` (1-based) is shown, and its answer.

    ``answer`` is text: a number ("2", "0.5", "2/3"), a choice, or a cell "row,col". ``tolerance``
    (numbers): how far a given number may be from it. ``reason``: why, from the step record.
    ``wrong``: a likely wrong answer (same spelling rules) -> why it is wrong.

    >>> q = Question(3, "c[1][1] = ?", "number", "1", reason="police = police: a match")
    >>> check(q, " 1.0 ")
    (True, 'Right: police = police: a match')
    """

    step: int
    prompt: str
    kind: Kind
    answer: str
    choices: tuple[str, ...] = ()
    tolerance: float = 0.0
    reason: str = ""
    wrong: Mapping[str, str] = field(default_factory=dict)


def parse_number(text: str) -> Optional[Fraction]:
    """A number written as :data:`NUMBER` says (an integer, a decimal, or either over an integer); None
    if it is not one.

    >>> parse_number(" 1 / 2 "), parse_number("0.5"), parse_number("2.0"), parse_number("x"), parse_number("1/0")
    (Fraction(1, 2), Fraction(1, 2), Fraction(2, 1), None, None)
    """
    m = NUMBER.fullmatch(text.strip())
    if m is None or m.group(2) is not None and int(m.group(2)) == 0:
        return None
    return Fraction(m.group(1)) / (int(m.group(2)) if m.group(2) is not None else 1)


def parse_cell(text: str) -> Optional[tuple[int, int]]:
    """A table cell "row,col", "(row, col)" or "row col"; None otherwise.

    >>> parse_cell("3,3"), parse_cell("(3, 3)"), parse_cell(" 3 3 "), parse_cell("3")
    ((3, 3), (3, 3), (3, 3), None)
    """
    m = CELL.match(text)
    return (int(m.group(1)), int(m.group(2))) if m else None


def normal(kind: Kind, text: str) -> Optional[Normal]:
    """``text`` as the answer key holds it: a float, [row, col] or a lower-cased choice (None: unreadable).

    >>> normal("number", "3/4"), normal("cell", "(2, 1)"), normal("choice", " Up ")
    (0.75, [2, 1], 'up')
    """
    if kind == "number":
        x = parse_number(text)
        return None if x is None else float(x)
    if kind == "cell":
        c = parse_cell(text)
        return None if c is None else [c[0], c[1]]
    return text.strip().lower()


def _same(kind: Kind, a: Normal, b: Normal, tolerance: float) -> bool:
    if kind == "number" and isinstance(a, float) and isinstance(b, float):
        return abs(a - b) <= tolerance + SLACK
    return a == b


def check(question: Question, given: str) -> tuple[bool, str]:
    """Whether ``given`` answers ``question``, and what to say; an unreadable answer is a message.

    >>> q = Question(5, "Which neighbour does c[2][1] copy?", "choice", "up", ("up", "left", "diagonal"),
    ...              reason="a tie: ROUGE-1.5.5 takes the cell above", wrong={"left": "on a tie it goes up"})
    >>> check(q, "UP")[0], check(q, "left"), check(q, "down")
    (True, (False, 'No: on a tie it goes up'), (False, 'not one of the choices: up, left, diagonal'))
    >>> check(Question(1, "R = ?", "number", "3/4"), "three quarters")
    (False, "not a number: 'three quarters'")
    """
    got = normal(question.kind, given)
    if got is None:
        what = "a number" if question.kind == "number" else "a cell (write row,col, e.g. 3,3)"
        return False, f"not {what}: {given.strip()!r}"
    if question.kind == "choice" and question.choices and got not in [c.lower() for c in question.choices]:
        return False, f"not one of the choices: {', '.join(question.choices)}"
    want = normal(question.kind, question.answer)
    if want is not None and _same(question.kind, got, want, question.tolerance):
        return True, f"Right: {question.reason}" if question.reason else "Right."
    for text, why in question.wrong.items():
        bad = normal(question.kind, text)
        if bad is not None and _same(question.kind, got, bad, question.tolerance):
            return False, f"No: {why}"
    tail = f" {question.reason}" if question.reason else ""
    return False, f"No: the answer is {question.answer}.{tail}"


def answer_key(questions: Sequence[Question]) -> list[dict[str, object]]:
    """JSON-ready records a browser checks answers with, as :func:`check` does: ``answer`` normalised
    (a float, [row, col] or a lower-cased choice), ``tolerance`` with :data:`SLACK` added, ``wrong`` as
    [{"answer": normalised, "say": why}], ``text`` the answer as written.

    >>> answer_key([Question(2, "c[1][1] = ?", "number", "1/2", wrong={"1": "no"})])[0]["wrong"]
    [{'answer': 1.0, 'say': 'no'}]
    """
    out: list[dict[str, object]] = []
    for q in questions:
        wrong = [{"answer": normal(q.kind, t), "say": why} for t, why in q.wrong.items()]
        out.append(
            {
                "step": q.step,
                "prompt": q.prompt,
                "kind": q.kind,
                "choices": list(q.choices),
                "answer": normal(q.kind, q.answer),
                "text": q.answer,
                "tolerance": q.tolerance + SLACK if q.kind == "number" else 0.0,
                "reason": q.reason,
                "wrong": [w for w in wrong if w["answer"] is not None],
            }
        )
    return out


def number_text(x: Union[Fraction, float]) -> tuple[str, float]:
    """An exact or computed value as answer text and its tolerance: a short decimal exactly, a fraction
    with a small denominator as "p/q", anything else to 5 decimals, right to 2.

    >>> number_text(Fraction(3, 4)), number_text(Fraction(2, 3)), number_text(2 ** 1.2), number_text(16.0)
    (('0.75', 0.0), ('2/3', 0.005), ('2.2974', 0.005), ('16', 0.0))
    """
    if isinstance(x, float):
        if x.is_integer():
            return str(int(x)), 0.0
        return f"{x:.5f}".rstrip("0").rstrip("."), ROUNDED
    if (x * 100_000).denominator == 1:
        return f"{float(x):.5f}".rstrip("0").rstrip(".") if x.denominator > 1 else str(x.numerator), 0.0
    if x.denominator <= 10_000:
        return f"{x.numerator}/{x.denominator}", ROUNDED
    return f"{float(x):.5f}".rstrip("0").rstrip("."), ROUNDED


def number_question(step: int, prompt: str, x: Union[Fraction, float], reason: str = "") -> Question:
    """A number question whose answer is ``x`` (see :func:`number_text`).

    >>> number_question(4, "R = ?", Fraction(3, 4)).answer
    '0.75'
    """
    text, tol = number_text(x)
    return Question(step, prompt, "number", text, tolerance=tol, reason=reason)


def shown(x: Union[Fraction, float]) -> str:
    """A value in a reason: the answer text, with the decimal of a fraction.

    >>> shown(Fraction(2, 3)), shown(3.0)
    ('2/3 = 0.66667', '3')
    """
    text, _ = number_text(x)
    return f"{text} = {float(x):.5f}" if "/" in text else text
