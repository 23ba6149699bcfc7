"""Inspect's DP table of one sentence pair in Learn's notation, or the reason it is a heatmap instead.

A pair up to :data:`TABLE_TOKENS` words a side is drawn by Learn's own
:func:`ui.render.step_table.table_html` with every step done: each cell's number, the traceback's
cells with their arrows (↖ a match, ↑ up, ← left) and the LCS's matches in the credited colour. A
longer pair keeps the plotly heatmap (:func:`ui.render.lcs.lcs_heatmap`), and :func:`heatmap_caption`
says why, so the two notations never look like two different tables.
"""

from __future__ import annotations

from typing import Optional, Sequence

from rouge_core import Token
from rouge_core.measures.explain import SentencePair
from rouge_core.teach.steps import MAX_STEP_TOKENS, lcs_steps, traceback_steps

from .html import esc
from .lcs import TIE_RULE
from .scores import count_text
from .step_table import ARROWS, table_html, walk_html

#: Most words a side of a pair whose table is drawn as an HTML table: Learn's step lists stop here, and
#: 31 columns of numbers still fit the page at 1440 px (beyond, the table would scroll sideways).
TABLE_TOKENS = MAX_STEP_TOKENS


#: What the table's marks mean, under it (Learn explains them in its stepper; Inspect shows the table alone).
TABLE_KEY = (
    f"Outlined cells: the traceback, each with its move ({ARROWS['match']} match, {ARROWS['up']} up, "
    f"{ARROWS['left']} left); blue cells: the matches of the LCS; darker grey: a larger value; hover a cell "
    f"for its rule. {TIE_RULE}."
)


def fits_table(rows: int, cols: int) -> bool:
    """Whether a pair of ``rows`` reference and ``cols`` candidate words is small enough for the HTML
    table (both sides non-empty, at most :data:`TABLE_TOKENS`).

    >>> fits_table(1, 30), fits_table(31, 2), fits_table(0, 1)
    (True, False, False)
    """
    return 0 < rows <= TABLE_TOKENS and 0 < cols <= TABLE_TOKENS


def pair_heading(pair: SentencePair, weight: float = 1.0) -> str:
    """Which texts the table crosses and its last cell, e.g. "LCS table: reference sentence 1 (rows) ×
    candidate sentence 2 (columns); last cell = 3".

    >>> pair_heading(SentencePair(0, 1, ((0, 0),), 3.0))
    'LCS table: reference sentence 1 (rows) × candidate sentence 2 (columns); last cell = 3'
    """
    what = "WLCS" if weight != 1.0 else "LCS"
    where = (
        "whole reference (rows) × whole candidate (columns)"
        if pair.reference_sentence < 0
        else f"reference sentence {pair.reference_sentence + 1} (rows) × "
        f"candidate sentence {pair.candidate_sentence + 1} (columns)"
    )
    return f"{what} table: {where}; last cell = {count_text(pair.value)}"


def lcs_table_html(
    pair: SentencePair, ref_tokens: Sequence[Token], cand_tokens: Sequence[Token], weight: float = 1.0
) -> Optional[str]:
    """The pair's whole (W)LCS table as one HTML block for ``st.html``, in Learn's notation (the table
    filled and the traceback done), or None when the pair does not :func:`fits_table`.

    >>> from rouge_core import evaluate, RougeConfig
    >>> r = evaluate("police kill the gunman", ["police killed the gunman"], RougeConfig())
    >>> e = r.measures["ROUGE-L"].per_reference[0].explanation
    >>> html = lcs_table_html(e.pairs[0], r.references[0].sentences[0], r.candidate.sentences[0])
    >>> html.count('class="rl-path rl-mark"'), "↖" in html
    (3, True)
    """
    if not fits_table(len(ref_tokens), len(cand_tokens)):
        return None
    r, c = [t.key for t in ref_tokens], [t.key for t in cand_tokens]
    cells, trace = lcs_steps(r, c, weight), traceback_steps(r, c, weight)
    heading = f'<div style="margin-top:0.3rem">{esc(pair_heading(pair, weight))}</div>'
    keys = f'<div style="font-size:0.85rem;opacity:0.85">{esc(TABLE_KEY)}</div>'
    return walk_html(
        heading, table_html(cells, trace, len(cells) + len(trace), ref_tokens, cand_tokens, weight=weight), keys
    )


def heatmap_caption(rows: int, cols: int) -> str:
    """Why a pair's table is a heatmap, not the table with arrows.

    >>> heatmap_caption(40, 12)[:80]
    'This pair has 40 reference words × 12 candidate words, more than 30 on a side: i'
    """
    return (
        f"This pair has {rows} reference word{'' if rows == 1 else 's'} × {cols} candidate "
        f"word{'' if cols == 1 else 's'}, more than {TABLE_TOKENS} on a side: its table is drawn as a heatmap "
        "(hover a cell for its value and the rule that filled it; the traceback is the dotted path, the "
        f"matches are outlined). Pairs up to {TABLE_TOKENS} words a side get the table with arrows, as on Learn."
    )
