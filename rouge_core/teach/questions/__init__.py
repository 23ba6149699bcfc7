"""Predict, then reveal: the questions a walk-through asks before showing a step (issue 20, point 1).

:func:`walk_questions` reads a walk's step records (:mod:`rouge_core.teach.steps`) and returns the
questions a teacher would ask, each with its answer and the reason from the same record that draws
the step; :func:`check` says whether an answer is right; :func:`answer_key` gives a browser the same
check as data. A question's ``step`` is the walk's step k (1-based): ask it before step k is shown;
the questions of one step are asked in list order.

>>> from rouge_core.teach.steps import lcs_steps
>>> s1, s2 = "police killed the gunman".split(), "police kill the gunman".split()
>>> qs = walk_questions("lcs_table", lcs_steps(s1, s2), reference=s1, candidate=s2)
>>> [(q.step, q.prompt, q.answer) for q in qs if q.prompt.startswith("R")]
[(16, 'R = LCS / m = ?', '0.75')]
>>> check(qs[-3], "3/4")[0], check(qs[-3], "0.7")[0]
(True, False)
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

from ..steps import CellStep, GramStep, SkipStep, TraceStep, UnionStep
from .counting import ngram_questions, skip_questions
from .model import Question, answer_key, check
from .tables import table_questions, trace_questions
from .union import union_questions

__all__ = ["Question", "WALKS", "answer_key", "check", "walk_questions"]

#: Each walk, the record type of its steps and the context it takes (name -> required?).
WALKS: dict[str, tuple[type, dict[str, bool]]] = {
    "ngram": (GramStep, {"n": True, "reference": True}),
    "lcs_table": (CellStep, {"reference": False, "candidate": False}),
    "wlcs_table": (CellStep, {"weight": True, "reference": False, "candidate": False}),
    "lcs_traceback": (TraceStep, {"reference": False, "candidate": False, "cells": False}),
    "skip": (SkipStep, {"reference": True, "distance": True, "su": False, "su_last": False}),
    "union": (UnionStep, {"reference": True, "candidate": True}),
}
#: Context every walk takes: α of F, and a number added to every step (a traceback shown after its table).
COMMON = {"alpha": False, "offset": False}


def walk_questions(walk: str, steps: Sequence[object], **context: Any) -> list[Question]:
    """The questions of one walk over ``steps``, with the context that walk needs:

    * ``"ngram"``: ``n``, ``reference`` (its tokens);
    * ``"lcs_table"``: optional ``reference``/``candidate`` tokens (words in the reasons);
    * ``"wlcs_table"``: ``weight`` w, optional tokens;
    * ``"lcs_traceback"``: optional tokens and ``cells`` (the table, for its values in the reasons);
    * ``"skip"``: ``reference`` tokens, ``distance`` (< 0: no limit), ``su``, ``su_last`` (defaults False, True);
    * ``"union"``: ``reference`` and ``candidate`` sentences of tokens;

    and for all: ``alpha`` (0.5) of F, ``offset`` (0) added to every step number (the table walk's
    cell count, for a traceback stepped after it). Bad input is a ``ValueError`` saying what is wrong.

    >>> walk_questions("tree", [])
    Traceback (most recent call last):
    ...
    ValueError: invalid walk 'tree': allowed walks are ngram, lcs_table, wlcs_table, lcs_traceback, skip, union
    >>> walk_questions("ngram", [], n=2)
    Traceback (most recent call last):
    ...
    ValueError: invalid context for walk 'ngram': missing reference
    """
    if walk not in WALKS:
        raise ValueError(f"invalid walk {walk!r}: allowed walks are {', '.join(WALKS)}")
    record, takes = WALKS[walk]
    allowed = {**takes, **COMMON}
    unknown = sorted(set(context) - set(allowed))
    missing = [k for k, need in takes.items() if need and context.get(k) is None]
    if unknown or missing:
        said = [f"unknown {', '.join(unknown)} (it takes {', '.join(allowed)})"] if unknown else []
        said += [f"missing {', '.join(missing)}"] if missing else []
        raise ValueError(f"invalid context for walk {walk!r}: {'; '.join(said)}")
    odd = next((s for s in steps if not isinstance(s, record)), None)
    if odd is not None:
        raise ValueError(f"invalid steps for walk {walk!r}: {type(odd).__name__}, expected {record.__name__}")
    for side in ("reference", "candidate"):
        if isinstance(context.get(side), str):  # a str is a sequence too: its letters would be the tokens
            raise ValueError(f"invalid {side}: a list of tokens, not a string")
    cells_given = context.get("cells")
    if cells_given is not None and not (
        isinstance(cells_given, (list, tuple)) and all(isinstance(c, CellStep) for c in cells_given)
    ):
        raise ValueError("invalid cells: the traceback's table is a list of CellStep (lcs_steps)")
    alpha, offset = float(context.get("alpha", 0.5)), int(context.get("offset", 0))
    if not 0.0 <= alpha <= 1.0:
        raise ValueError(f"invalid alpha: {alpha}; it is between 0 and 1")
    ref: Optional[Sequence[Any]] = context.get("reference")
    cand: Optional[Sequence[Any]] = context.get("candidate")
    if walk == "ngram":
        grams = [s for s in steps if isinstance(s, GramStep)]
        return ngram_questions(grams, int(context["n"]), list(ref or ()), alpha, offset)
    if walk in ("lcs_table", "wlcs_table"):
        cells = [s for s in steps if isinstance(s, CellStep)]
        return table_questions(cells, ref, cand, float(context.get("weight", 1.0)), alpha, offset)
    if walk == "lcs_traceback":
        trace = [s for s in steps if isinstance(s, TraceStep)]
        return trace_questions(trace, ref, cand, cells_given, offset)
    if walk == "skip":
        pairs = [s for s in steps if isinstance(s, SkipStep)]
        su, su_last = bool(context.get("su", False)), bool(context.get("su_last", True))
        return skip_questions(pairs, list(ref or ()), int(context["distance"]), su, su_last, alpha, offset)
    unions = [s for s in steps if isinstance(s, UnionStep)]
    return union_questions(unions, ref or (), cand or (), alpha, offset)
