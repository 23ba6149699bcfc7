"""The one number formatter of the views: the numbers a renderer writes into text go through :func:`number`.

(Plotly hover templates and cell texts are formatted in the browser, by d3 format strings such as
``%{x:.5f}``; they are not Python formatting and stay in the figures that use them.)

The views print numbers in four ways, and each keeps its own (tests and people read these strings):

* ``fixed``: exactly ``digits`` decimals, as ROUGE-1.5.5 prints a score (``0.33333``).
* ``trimmed``: at most ``digits`` decimals with the trailing zeros dropped, integers as integers;
  the arithmetic of a worked step (``3``, ``0.75``, ``0.3333``).
* ``significant``: ``digits`` significant digits, integers in full; a DP table's cells (``2.297``, ``12345``).
* ``general``: ``digits`` significant digits, integers with Python's ``g`` (six digits, so ``1e+06``);
  ROUGE-W's weights and run sums (``1.2``, ``2.2974``).

A missing value (None or NaN) prints as a dash in every style.
"""

from __future__ import annotations

import math
from typing import Literal, Optional

Style = Literal["fixed", "trimmed", "significant", "general"]

#: What a missing or undefined number prints as.
DASH = "—"


def number(value: Optional[float], digits: int = 5, style: Style = "fixed") -> str:
    """``value`` as text in one of the views' four styles (see the module docstring).

    >>> number(1 / 3), number(0.25, 3), number(None), number(float("nan"), 4)
    ('0.33333', '0.250', '—', '—')
    >>> number(3.0, 4, "trimmed"), number(0.75, 5, "trimmed"), number(1 / 3, 4, "trimmed"), number(1e-9, 4, "trimmed")
    ('3', '0.75', '0.3333', '0')
    >>> number(2.29739671, 4, "significant"), number(12345.0, 4, "significant"), number(2e6, 4, "significant")
    ('2.297', '12345', '2000000')
    >>> number(1.2, 6, "general"), number(2.29739671, 5, "general"), number(3.0, 5, "general")
    ('1.2', '2.2974', '3')
    >>> number(2e6, 5, "general")
    '2e+06'
    """
    if value is None or math.isnan(value):
        return DASH
    x = float(value)
    if style == "fixed":
        return f"{x:.{digits}f}"
    if style == "trimmed":
        return str(int(x)) if x.is_integer() else (f"{x:.{digits}f}".rstrip("0").rstrip(".") or "0")
    if style == "significant":
        return str(int(x)) if x.is_integer() else f"{x:.{digits}g}"
    # "general": an integer keeps Python's six significant digits whatever ``digits`` is, as the
    # ROUGE-W views have always printed it.
    return f"{x:g}" if x.is_integer() else f"{x:.{digits}g}"


def interval(low: Optional[float], high: Optional[float], digits: int = 5, brackets: bool = False) -> str:
    """A confidence interval, ``low – high`` (or ``[low, high]``), in the ``fixed`` style; a dash when
    either end is missing.

    >>> interval(0.25, 0.75), interval(0.25, 0.75, 3, brackets=True), interval(None, 0.5), interval(float("nan"), 1.0)
    ('0.25000 – 0.75000', '[0.250, 0.750]', '—', '—')
    """
    if low is None or high is None or math.isnan(low) or math.isnan(high):
        return DASH
    if brackets:
        return f"[{number(low, digits)}, {number(high, digits)}]"
    return f"{number(low, digits)} – {number(high, digits)}"
