"""The one CSV writer of the project: every CSV export goes through :func:`write_csv` (or :func:`records_csv`).

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` as a formula (and a leading
TAB or CR can hide such a start), so a document ID, system name, file name, annotator or criterion
name such as ``=HYPERLINK("http://…","click")`` would become a live link or a command. Following
OWASP's advice on CSV injection, a text cell with such a start is written with a ``'`` in front,
which a spreadsheet shows as text (:func:`safe_cell`); :func:`restore_cell` undoes it for the
project's own importers, so an exported file imports back unchanged.

The choices:

* Real numbers (``int``, ``float``, ``bool``, numpy's numbers) stay numbers: ``-0.5`` is written
  ``-0.5``; NaN is an empty cell (a missing value, as pandas wrote it); ``-inf`` stays ``-inf``.
* Text that is exactly a plain decimal number (``"-1"``, ``"+2.5e-3"``) is left as it is: a
  spreadsheet reads it as that number, which runs nothing, and a document ID ``-1`` keeps its text.
  Anything more (``"-2+3"``, ``"-1 "``, ``"-inf"``) is neutralised.
* Text that starts with ``'`` before such a start (``"'=x"``) gets one more ``'``, so that
  :func:`restore_cell` can tell a neutralised cell from one that held the ``'`` itself.
* A cell holding a comma, a double quote, CR or LF is quoted (``csv.writer`` with ``"\\n"`` rows
  leaves a bare CR unquoted, and a spreadsheet would split the row there); rows end with ``"\\n"``.
"""

from __future__ import annotations

import math
import numbers
import re
from typing import Iterable, Mapping, Optional, Sequence

#: Starts of a cell that a spreadsheet may run as a formula (OWASP: = + - @ TAB CR).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: The mark that makes a spreadsheet read a cell as text.
TEXT_MARK = "'"

_PLAIN_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")
_QUOTE_IF = re.compile(r'[,"\r\n]')

__all__ = ["FORMULA_STARTS", "TEXT_MARK", "is_plain_number", "records_csv", "restore_cell", "safe_cell", "write_csv"]


def is_plain_number(text: str) -> bool:
    """Whether ``text`` is exactly a decimal number (ASCII digits, an optional sign and exponent).

    >>> [is_plain_number(t) for t in ("-0.5", "+3", "1e-5", ".5", "-2+3", "-inf", "1_0", " 1", "")]
    [True, True, True, True, False, False, False, False, False]
    """
    return _PLAIN_NUMBER.fullmatch(text) is not None


def _needs_mark(text: str) -> bool:
    # quotes first stripped: "'=x" needs a mark too, so that restore_cell can undo exactly one
    return text.lstrip(TEXT_MARK).startswith(FORMULA_STARTS) and not is_plain_number(text)


def _number_text(value: numbers.Real) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, numbers.Integral):
        return str(int(value))
    x = float(value)
    if math.isnan(x):
        return ""  # a missing value
    if type(value).__module__ == "numpy" and not isinstance(value, float):
        return str(value)  # numpy's shortest text at its own precision: float32 0.1 is "0.1"
    return repr(x)  # every digit of a double (np.float64's own repr would say "np.float64(...)")


def safe_cell(value: object) -> str:
    """The text of one cell: a number in full, None and NaN empty, text with a ``'`` in front when a
    spreadsheet would run it as a formula.

    >>> [safe_cell(v) for v in (-0.5, 3, True, None, float("nan"), "-1", "-2+3", "@SUM(1+1)", "a=b", "'=x")]
    ['-0.5', '3', 'True', '', '', '-1', "'-2+3", "'@SUM(1+1)", 'a=b', "''=x"]
    """
    if value is None:
        return ""
    if isinstance(value, numbers.Real):
        return _number_text(value)
    text = str(value)
    return TEXT_MARK + text if _needs_mark(text) else text


def restore_cell(text: str) -> str:
    """The text :func:`safe_cell` was given, from the cell it wrote (importers of exported files use it).

    >>> [restore_cell(safe_cell(t)) for t in ("=x", "'=x", "''=x", "-1", "'twas", "-2+3")]
    ['=x', "'=x", "''=x", '-1', "'twas", '-2+3']
    >>> restore_cell("'twas")  # no formula start after the mark: the mark is text
    "'twas"
    """
    if text.startswith(TEXT_MARK) and _needs_mark(text[1:]):
        return text[1:]
    return text


def _field(value: object) -> str:
    text = safe_cell(value)
    if _QUOTE_IF.search(text):
        return '"' + text.replace('"', '""') + '"'
    return text


def _line(row: Sequence[object]) -> str:
    if len(row) == 1 and safe_cell(row[0]) == "":
        return '""\n'  # a row of one empty cell, not a blank line (which a reader skips)
    return ",".join(_field(v) for v in row) + "\n"


def write_csv(header: Sequence[object], rows: Iterable[Sequence[object]]) -> str:
    r"""The CSV text of a header and rows: every cell through :func:`safe_cell`, quoted when it holds
    a comma, a double quote, CR or LF; lines end with ``"\n"``.

    >>> write_csv(["id", "score"], [["=1+1", -0.5], ["a\rb", 2], ["x, y", None]]).split("\n")
    ['id,score', "'=1+1,-0.5", '"a\rb",2', '"x, y",', '']
    """
    return "".join([_line(header), *(_line(row) for row in rows)])


def records_csv(records: Sequence[Mapping[str, object]], columns: Optional[Sequence[str]] = None) -> str:
    """The CSV text of records (dicts): the columns are ``columns``, or every key in the order first
    seen; a missing key is an empty cell.

    >>> print(records_csv([{"system": "@A", "rank": 1}, {"system": "B", "note": "tie"}]), end="")
    system,rank,note
    '@A,1,
    B,,tie
    """
    names = list(columns) if columns is not None else list(dict.fromkeys(k for r in records for k in r))
    return write_csv(names, ([r.get(c) for c in names] for r in records))
