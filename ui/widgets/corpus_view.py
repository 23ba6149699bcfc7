"""The Corpus page's row of pickers above "Every pair": the measure shown first, the statistic, the
distribution's kind and the table's columns, each a kept widget (it survives a page switch)."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from ui.compute.corpus import ScoredSystem
from ui.render.corpus import STAT_NAMES, column, names
from ui.widgets.corpus_input import persistent


@dataclass(frozen=True)
class View:
    """What "Every pair" shows: the measure's report label, the statistic's letter, the distribution's kind
    (histogram or box), the table's columns (``"RPF"`` or ``"F"``), every measure's label in the report's
    order and its name on screen.

    >>> v = View("ROUGE-2", "R", "box", "F", ("ROUGE-1", "ROUGE-2"), {"ROUGE-1": "R-1", "ROUGE-2": "R-2"})
    >>> v.column, v.stats, v.first_to_last
    ('R-2 R', ('F',), ['ROUGE-2', 'ROUGE-1'])
    """

    measure: str
    stat: str
    kind: str
    shown: str
    labels: tuple[str, ...]
    names: dict[str, str]

    @property
    def column(self) -> str:
        """The table's column of the measure and statistic shown (the figures' and the filter's)."""
        return column(self.names[self.measure], self.stat)

    @property
    def stats(self) -> tuple[str, ...]:
        """The statistics the table shows of every measure."""
        return ("R", "P", "F") if self.shown == "RPF" else ("F",)

    @property
    def first_to_last(self) -> list[str]:
        """The measures in the table's order: the one shown first, then the others in the report's order."""
        return [self.measure, *(k for k in self.labels if k != self.measure)]


def what_to_show(result: ScoredSystem) -> View:
    """The four pickers in one row (measure, statistic, distribution, table columns)."""
    nm = names(result)
    labels = list(result.report.measures)
    c1, c2, c3, c4 = st.columns([2, 2, 2, 3])
    measure = persistent(
        c1.selectbox,
        "Measure",
        "corpus_measure",
        "ROUGE-L" if "ROUGE-L" in labels else labels[0],
        options=labels,
        format_func=nm.__getitem__,
    )
    stat = persistent(
        c2.radio,
        "Statistic",
        "corpus_stat",
        "F",
        options=list(STAT_NAMES),
        horizontal=True,
        help="F = F-measure, R = recall, P = precision.",
    )
    kind = persistent(
        c3.radio,
        "Distribution as",
        "corpus_kind",
        "histogram",
        options=["histogram", "box"],
        horizontal=True,
        format_func=lambda k: {"histogram": "histogram", "box": "box plot"}[k],
    )
    shown = persistent(
        c4.radio,
        "Table columns",
        "corpus_columns",
        "RPF",
        options=["RPF", "F"],
        horizontal=True,
        format_func=lambda k: {"RPF": "R, P and F", "F": "F only"}[k],
    )
    return View(measure, stat, kind, shown, tuple(labels), nm)
