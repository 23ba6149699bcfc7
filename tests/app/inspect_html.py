"""Read Inspect's HTML blocks back in AppTest runs: the scores' caption, cards and table are one
``st.html`` element since issue 22's target 7 (ui/render/score_cards.py), not metrics and a dataframe."""

from __future__ import annotations

from html.parser import HTMLParser

import pandas as pd
from streamlit.testing.v1 import AppTest

SCORE_COLUMNS = ("precision", "recall", "F")


def scores_block(at: AppTest) -> str:
    """The HTML of Inspect's scores (caption, cards and table)."""
    return next(h.proto.body for h in at.get("html") if 'class="rl-scores"' in h.proto.body)


class _Cells(HTMLParser):
    """The text of each cell of each row, header row first."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def table_cells(html: str) -> list[list[str]]:
    """Every row of the first table in ``html`` as its cells' text (entities decoded)."""
    start = html.index("<table")
    parser = _Cells()
    parser.feed(html[start : html.index("</table>", start) + len("</table>")])
    return parser.rows


def scores_table(at: AppTest) -> pd.DataFrame:
    """Inspect's scores table as shown: P, R and F as the numbers their 5 decimals read, the rest as text."""
    head, *rows = table_cells(scores_block(at))
    frame = pd.DataFrame(rows, columns=head)
    for c in SCORE_COLUMNS:
        frame[c] = frame[c].astype(float)
    return frame


class _Marks(HTMLParser):
    """Each word of a highlighted text with the class and title of the innermost span around it."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[tuple[str | None, str | None, str]] = []
        self._open: list[tuple[str | None, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "span":
            a = dict(attrs)
            self._open.append((a.get("class"), a.get("title")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "span" and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        cls, title = self._open[-1] if self._open else (None, None)
        self.words += [(cls, title, w) for w in data.split()]


def marked_words(html: str) -> list[tuple[str | None, str | None, str]]:
    """(class, title, word) for every word of a highlighted text, however its spans group the words.

    >>> marked_words('<span class="rl-match" title="t">a b</span> c')
    [('rl-match', 't', 'a'), ('rl-match', 't', 'b'), (None, None, 'c')]
    """
    parser = _Marks()
    parser.feed(html)
    return parser.words


def word_marks(html: str) -> list[tuple[str, str]]:
    """(class, word) for every marked word of a highlighted text (unmarked words left out).

    >>> word_marks('<span class="rl-miss">a</span> b')
    [('rl-miss', 'a')]
    """
    return [(c, w) for c, _, w in marked_words(html) if c]
