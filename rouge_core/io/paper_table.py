"""The table that goes into a paper: systems x measures, each cell a score with its confidence interval
and a mark when it differs significantly from a baseline, written as LaTeX (booktabs) or Markdown.

The numbers come from elsewhere (a comparison of systems, a corpus report): this module lays them out,
bolds the best cell of each column, escapes user text (system names, the baseline) for each format, and
writes a caption naming the signature, the confidence level, the test and the number of documents.
Numbers are written by the caller's formatter, so a table shows exactly the digits its page shows.

>>> t = PaperTable(("A", "B"), ("ROUGE-1",), ((Cell(0.5, 0.4, 0.6),), (Cell(0.3, 0.2, 0.4, "worse"),)),
...                "F", "sig", 95.0, 20, "bootstrap", "paired bootstrap", "A", 0.05)
>>> print(markdown(t, "{:.2f}".format).splitlines()[2])
| A (baseline) | **0.50** [0.40, 0.60] |
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Literal, Optional

#: A cell's mark against the baseline: none, significantly above it, significantly below it.
Mark = Literal["", "better", "worse"]
#: The statistics a table can show, by letter.
STATISTIC_NAMES = {"R": "recall", "P": "precision", "F": "F-measure"}
#: Each mark in LaTeX (no package needed) and in Markdown.
LATEX_MARKS = {"better": r"\textsuperscript{\dag}", "worse": r"\textsuperscript{\ddag}"}
MARKDOWN_MARKS = {"better": "†", "worse": "‡"}

#: A number formatter, e.g. ``"{:.5f}".format`` (the app passes its one formatter).
Format = Callable[[float], str]


@dataclass(frozen=True)
class Cell:
    """One system's score of one measure: the score, its interval (``None`` without one) and its mark."""

    score: float
    low: Optional[float] = None
    high: Optional[float] = None
    mark: Mark = ""


@dataclass(frozen=True)
class PaperTable:
    """Rows ``systems`` x columns ``measures`` of :class:`Cell`, with what the caption says about them.

    ``statistic`` is ``R``, ``P`` or ``F``; ``intervals`` says how the intervals were drawn and ``test``
    which test marks the cells (empty: no test ran, so no cell is marked); ``baseline`` is one of the
    systems or ``None``; ``alpha`` the significance level; ``notes`` any further sentence for the caption.
    """

    systems: tuple[str, ...]
    measures: tuple[str, ...]
    cells: tuple[tuple[Cell, ...], ...]
    statistic: str
    signature: str
    confidence: float
    documents: int
    intervals: str
    test: str
    baseline: Optional[str]
    alpha: float
    notes: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.systems or not self.measures:
            raise ValueError("a paper table needs at least one system and one measure")
        if len(self.cells) != len(self.systems) or any(len(row) != len(self.measures) for row in self.cells):
            raise ValueError(
                f"the cells must be {len(self.systems)} rows (systems) of {len(self.measures)} cells (measures)"
            )
        if self.statistic not in STATISTIC_NAMES:
            raise ValueError(f"invalid statistic={self.statistic!r}: allowed values are {', '.join(STATISTIC_NAMES)}")
        if self.baseline is not None and self.baseline not in self.systems:
            raise ValueError(f"the baseline {self.baseline!r} is not one of the table's systems")
        if any(c.mark for row in self.cells for c in row) and (self.baseline is None or not self.test):
            raise ValueError("a marked cell needs a baseline and the test that marked it")


def best(table: PaperTable, fmt: Format) -> set[tuple[int, int]]:
    """The (row, column) of every cell that shows the column's highest score (equal as printed: all bold).

    >>> t = PaperTable(("A", "B"), ("m",), ((Cell(0.501),), (Cell(0.499),)), "F", "s", 95.0, 2, "", "", None, 0.05)
    >>> sorted(best(t, "{:.2f}".format)), sorted(best(t, "{:.3f}".format))
    ([(0, 0), (1, 0)], [(0, 0)])
    """
    out = set()
    for j in range(len(table.measures)):
        top = fmt(max(row[j].score for row in table.cells))
        out |= {(i, j) for i, row in enumerate(table.cells) if fmt(row[j].score) == top}
    return out


# -- escaping user text ------------------------------------------------------------------------------------

_LATEX = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}
# A line break would end a LaTeX comment or a Markdown table row: control characters become spaces.
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")
# The marks that can start emphasis (* _ ~), code (`), a link or image ([ ] !), HTML or an autolink (< >),
# an entity (&), maths in some renderers ($), a heading (#), a new table cell (|), or an escape (\\): each is
# backslash-escaped (CommonMark allows it for any ASCII punctuation). Others (- . : ( ) %) stay as written, so the
# raw table reads as it renders.
_MD_PUNCT = re.compile(r"([\\`*_\[\]<>|~&$#!])")


def latex_escape(text: object) -> str:
    """Text as LaTeX typesets it literally (line breaks become spaces).

    >>> print(latex_escape("50% of a_b {x} \\\\ ~"))
    50\\% of a\\_b \\{x\\} \\textbackslash{} \\textasciitilde{}
    """
    return "".join(_LATEX.get(ch, ch) for ch in _CONTROL.sub(" ", str(text)))


def markdown_escape(text: object) -> str:
    """Text as a Markdown table cell shows it literally (every mark that Markdown would read escaped).

    >>> print(markdown_escape("a_b | *c* `d`"))
    a\\_b \\| \\*c\\* \\`d\\`
    """
    return _MD_PUNCT.sub(r"\\\1", _CONTROL.sub(" ", str(text)))


def _code_span(text: str) -> str:
    # A code span's fence must be longer than any run of backticks inside it (a tokenizer's name may hold one).
    runs = [len(r) for r in re.findall(r"`+", text)]
    fence = "`" * (max(runs, default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{_CONTROL.sub(' ', text)}{pad}{fence}"


# -- the caption ---------------------------------------------------------------------------------------------


def _caption(
    table: PaperTable,
    words: Callable[[str], str],
    esc: Callable[[str], str],
    code: Callable[[str], str],
    marks: dict[str, str],
    below: str,
) -> str:
    # ``words`` writes this module's own words (LaTeX must escape its %), ``esc`` the user's text (the
    # baseline's name, notes that may quote names), ``code`` the signature; the marks and ``below`` (the
    # "p <" of the level) are the format's markup.
    stat = STATISTIC_NAMES[table.statistic]
    n = len(table.systems)
    text = words(f"ROUGE {stat} ({table.statistic}) of {n:,} system{'s' * (n != 1)} on {table.documents:,} documents")
    if table.intervals:
        text += words(f"; {table.confidence:g}% confidence intervals in brackets ({table.intervals})")
    text += words("; best score per column in bold")
    if table.baseline is not None and table.test:
        text += f". {marks['better']} / {marks['worse']}" + words(": significantly above / below the baseline ")
        text += esc(table.baseline)
        text += " (" + below.format(alpha=table.alpha)
        text += words(f", {table.test}; no correction for multiple comparisons)")
    text += "".join(". " + esc(note.rstrip(".")) for note in table.notes)
    return text + ". " + words("Signature: ") + code(table.signature) + "."


# -- the two formats ------------------------------------------------------------------------------------------


def _interval(cell: Cell, fmt: Format) -> str:
    return "" if cell.low is None or cell.high is None else f"[{fmt(cell.low)}, {fmt(cell.high)}]"


def latex(table: PaperTable, fmt: Format) -> str:
    """A booktabs table (``\\toprule``, ``\\midrule``, ``\\bottomrule``; no vertical rules); needs
    ``\\usepackage{booktabs}`` (and T1 font encoding for names holding ``<``, ``>`` or ``|``).

    >>> t = PaperTable(("a_b",), ("ROUGE-1",), ((Cell(0.5, 0.4, 0.6),),), "F", "s|v:1", 95.0, 3, "b", "", None, 0.05)
    >>> print(latex(t, "{:.2f}".format).split("\\\\midrule")[1].split("\\\\bottomrule")[0].strip())
    a\\_b & \\textbf{0.50} {\\scriptsize [0.40, 0.60]} \\\\
    """
    bold = best(table, fmt)
    lines = [
        f"% signature: {_CONTROL.sub(' ', table.signature)}",
        "% needs \\usepackage{booktabs} (and \\usepackage[T1]{fontenc} if a system name holds < > or |)",
        "\\begin{table}[t]",
        "  \\centering",
        "  \\begin{tabular}{l" + "r" * len(table.measures) + "}",
        "    \\toprule",
        "    System & " + " & ".join(latex_escape(f"{m} {table.statistic}") for m in table.measures) + " \\\\",
        "    \\midrule",
    ]
    for i, (system, row) in enumerate(zip(table.systems, table.cells)):
        cells = [latex_escape(system) + (" (baseline)" if system == table.baseline else "")]
        for j, c in enumerate(row):
            score = f"\\textbf{{{fmt(c.score)}}}" if (i, j) in bold else fmt(c.score)
            ci = _interval(c, fmt)
            cells.append(score + (f" {{\\scriptsize {ci}}}" if ci else "") + LATEX_MARKS.get(c.mark, ""))
        lines.append("    " + " & ".join(cells) + " \\\\")
    # ``<`` in text is another glyph in LaTeX's default (OT1) encoding: the level is written in maths.
    caption = _caption(table, latex_escape, latex_escape, _texttt, LATEX_MARKS, "$p < {alpha:g}$")
    lines += ["    \\bottomrule", "  \\end{tabular}", f"  \\caption{{{caption}}}", "\\end{table}", ""]
    return "\n".join(lines)


def _texttt(signature: str) -> str:
    # A signature has no spaces: the caption may break it after each field.
    return "\\texttt{" + latex_escape(signature).replace("|", "|\\allowbreak{}") + "}"


def markdown(table: PaperTable, fmt: Format) -> str:
    """A Markdown (GitHub) table, then its caption as a paragraph (marks as † and ‡).

    >>> t = PaperTable(("A",), ("ROUGE-1",), ((Cell(0.5),),), "R", "s", 95.0, 3, "", "", None, 0.05)
    >>> print(markdown(t, "{:.2f}".format))
    | System | ROUGE-1 R |
    |:--|--:|
    | A | **0.50** |
    <BLANKLINE>
    ROUGE recall (R) of 1 system on 3 documents; best score per column in bold. Signature: `s`.
    <BLANKLINE>
    """
    bold = best(table, fmt)
    head = ["System", *(f"{m} {table.statistic}" for m in table.measures)]
    lines = [
        "| " + " | ".join(markdown_escape(h) for h in head) + " |",
        "|:--|" + "--:|" * len(table.measures),
    ]
    for i, (system, row) in enumerate(zip(table.systems, table.cells)):
        cells = [markdown_escape(system) + (" (baseline)" if system == table.baseline else "")]
        for j, c in enumerate(row):
            score = f"**{fmt(c.score)}**" if (i, j) in bold else fmt(c.score)
            ci = _interval(c, fmt)
            mark = MARKDOWN_MARKS.get(c.mark, "")
            cells.append(score + (f" {ci}" if ci else "") + (f" {mark}" if mark else ""))
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", _caption(table, str, markdown_escape, _code_span, MARKDOWN_MARKS, "p < {alpha:g}"), ""]
    return "\n".join(lines)
