"""ROUGE-S/SU: the candidate's skip-bigrams as a position x position matrix, the matched pairs, SU unigrams.

A skip-bigram is a pair (i, j), i < j, of candidate token positions with at most
``d`` tokens between them (gap j - i - 1 <= d; d = -1: any gap). Positions
shown to users count from 1.
"""

from __future__ import annotations

from typing import Optional

import pandas as pd
import plotly.graph_objects as go

from rouge_core import Report
from rouge_core.measures.explain import GramExplanation
from rouge_core.measures.skipbigram import EXPLAIN_MAX_PAIRS

from . import colours
from .html import TICK_CHARS, esc, figure_title, short, tick_angle, tick_depth, token_ticks
from .ngrams import gram_explanation
from .numbers import number

#: Cell categories of :func:`skip_categories` (NOT_PAIR: i >= j, no skip-bigram; LEFT_OUT: the SU
#: unigram of the candidate's last word, which ROUGE-1.5.5 does not count).
NOT_PAIR, OUTSIDE, UNMATCHED, CLIPPED, CREDITED, LEFT_OUT = 0, 1, 2, 3, 4, 5
#: A darker grey than "outside the skip distance", so the two uncounted states stay apart.
LEFT_OUT_COLOUR = "#8c8c8c"
CATEGORY_NAMES = {
    NOT_PAIR: "not a pair (i >= j)",
    OUTSIDE: "outside the skip distance",
    UNMATCHED: "not in the reference",
    CLIPPED: "in the reference, beyond the clipped count",
    CREDITED: "matched and credited",
    LEFT_OUT: "left out by ROUGE-1.5.5 (each text's last unigram)",
}
CATEGORY_COLOURS = {
    NOT_PAIR: colours.PLAIN,
    OUTSIDE: colours.OUTSIDE,
    UNMATCHED: colours.MISSING,
    CLIPPED: colours.CLIPPED,
    CREDITED: colours.CREDITED,
    LEFT_OUT: LEFT_OUT_COLOUR,
}
#: A mark in each cell besides its colour (drawn while cells are big enough to hold one).
CATEGORY_GLYPHS = {NOT_PAIR: "", OUTSIDE: "", UNMATCHED: "✗", CLIPPED: "○", CREDITED: "✓", LEFT_OUT: "–"}
#: The legend's line for SU's diagonal.
DIAGONAL_NOTE = "the diagonal (i = j) holds the SU unigrams, one per candidate word"
#: Most positions per side whose cells carry their glyph.
GLYPH_TOKENS = 40
#: Most candidate tokens per side of the matrix (100^2 = 10,000 cells).
MATRIX_TOKENS = 100


def distance_text(distance: Optional[int], family: str = "S") -> str:
    """The skip distance in words, naming the measure of ``family`` (``"S"`` or ``"SU"``) it makes.

    >>> distance_text(4, "SU")
    'at most 4 tokens between the two words (ROUGE-SU4)'
    >>> distance_text(4), distance_text(1), distance_text(-1)[:20]
    ('at most 4 tokens between the two words (ROUGE-S4)', 'at most 1 token between the two words (ROUGE-S1)', \
'any number of tokens')
    """
    if distance is None:
        return "no skip distance"
    if distance < 0:
        return f"any number of tokens between the two words (ROUGE-{family}*)"
    return f"at most {distance} token{'' if distance == 1 else 's'} between the two words (ROUGE-{family}{distance})"


def skip_status(report: Report, label: str, ref_index: int) -> str:
    """One plain line: the distance and the counts, or why there is no explanation."""
    m = report.measures[label]
    res = m.per_reference[ref_index]
    d = report.config.skip_distance
    e = gram_explanation(report, label, ref_index)
    c = res.counts
    counts = (
        f"hit {number(c.hit, 6, 'general')} of {number(c.model, 6, 'general')} reference and "
        f"{number(c.peer, 6, 'general')} candidate "
        f"{'skip-bigrams and unigrams' if m.family == 'SU' else 'skip-bigrams'}"
    )
    if e is None:
        return (
            f"Skip distance: {distance_text(d, m.family)}. {counts}. Too many skip-bigrams to list "
            f"(more than {EXPLAIN_MAX_PAIRS:,} on one side): the counts are exact, the pairs are not shown."
        )
    return f"Skip distance: {distance_text(e.skip_distance, m.family)}. {counts}."


def skip_categories(e: GramExplanation, n_tokens: int, start: int = 0, size: int = MATRIX_TOKENS) -> list[list[int]]:
    """Category of every cell (i, j) of the window [start, start + size) of candidate positions.

    The first ``credit`` occurrences of a skip-bigram are credited, later ones
    clipped (if the reference has it) or unmatched; pairs not listed are outside
    the skip distance. For SU the diagonal holds the unigrams, in the same categories; the last
    word's is LEFT_OUT when the explanation follows ROUGE-1.5.5 (``su_last`` False), whose loop
    stops one word early (:func:`rouge_core.measures.skipbigram.unigram_total`).

    >>> from rouge_core.measures.skipbigram import count_skip_bigrams
    >>> e = count_skip_bigrams("a b c".split(), "a c".split(), -1, su=True, su_last=False, explain=True)[1]
    >>> [row[i] for i, row in enumerate(skip_categories(e, 3))] == [CREDITED, UNMATCHED, LEFT_OUT]
    True
    """
    end = min(n_tokens, start + size)
    k = end - start
    grid = [[NOT_PAIR] * k for _ in range(k)]
    d = e.skip_distance if e.skip_distance is not None else -1
    for i in range(k):
        for j in range(i + 1, k):
            grid[i][j] = OUTSIDE if d >= 0 and j - i - 1 > d else UNMATCHED
    if e.su:
        for i in range(k):
            grid[i][i] = UNMATCHED
        if not e.su_last and start <= n_tokens - 1 < end:
            grid[n_tokens - 1 - start][n_tokens - 1 - start] = LEFT_OUT
    for g in e.grams:
        if len(g.gram) == 1:
            for occ, (i,) in enumerate(g.candidate_positions):
                if start <= i < end:
                    cat = CREDITED if occ < g.credit else (CLIPPED if g.reference_count else UNMATCHED)
                    grid[i - start][i - start] = cat
            continue
        if len(g.gram) != 2:
            continue
        for occ, (i, j) in enumerate(g.candidate_positions):
            if start <= i < end and start <= j < end:
                cat = CREDITED if occ < g.credit else (CLIPPED if g.reference_count else UNMATCHED)
                grid[i - start][j - start] = cat
    return grid


def cell_text(i: int, j: int, a: str, b: str, category: int) -> str:
    """The hover text of cell (i, j) (positions from 1): the pair, its gap and its category.

    >>> cell_text(1, 3, "police", "the", CREDITED)
    "(1, 3) 'police ... the', gap 1: matched and credited"
    >>> cell_text(2, 2, "kill", "kill", NOT_PAIR)
    '(2, 2): not a pair (i >= j)'
    >>> cell_text(3, 3, "the", "the", LEFT_OUT)
    "(3, 3) SU unigram 'the': left out by ROUGE-1.5.5 (each text's last unigram)"
    """
    if category == NOT_PAIR:
        return f"({i}, {j}): {CATEGORY_NAMES[NOT_PAIR]}"
    if i == j:
        return f"({i}, {j}) SU unigram '{short(a, 30)}': {CATEGORY_NAMES[category]}"
    return f"({i}, {j}) '{short(a, 30)} ... {short(b, 30)}', gap {j - i - 1}: {CATEGORY_NAMES[category]}"


def legend_name(category: int) -> str:
    """A category's legend entry, with its glyph."""
    glyph = CATEGORY_GLYPHS[category]
    return f"{glyph} {CATEGORY_NAMES[category]}" if glyph else CATEGORY_NAMES[category]


def skip_matrix(
    report: Report, label: str, ref_index: int, max_tokens: int = MATRIX_TOKENS, start: int = 0, subtitle: str = ""
) -> Optional[go.Figure]:
    """The candidate's skip-bigrams as a heatmap over (first position i, second position j).

    Each category has its colour and, while the matrix is small, a glyph (✓ ○ ✗); every cell's
    hover names the pair, its gap and its category. At most ``max_tokens`` positions per side (a
    window from ``start``; the title says which). None when the explanation was not kept (too
    many pairs).
    """
    e = gram_explanation(report, label, ref_index)
    if e is None:
        return None
    toks = report.candidate.tokens
    n = len(toks)
    start = max(0, min(start, max(0, n - max_tokens)))
    grid = skip_categories(e, n, start, max_tokens)
    k = len(grid)
    words = [toks[start + p].text for p in range(k)]
    hover = [
        [esc(cell_text(start + i + 1, start + j + 1, words[i], words[j], grid[i][j])) for j in range(k)]
        for i in range(k)
    ]
    # A discrete colour scale: category c occupies [c/6, (c+1)/6).
    scale = []
    kinds = len(CATEGORY_COLOURS)
    for c in range(kinds):
        scale += [[c / kinds, CATEGORY_COLOURS[c]], [(c + 1) / kinds, CATEGORY_COLOURS[c]]]
    z = [[v + 0.5 for v in row] for row in grid]
    heat = go.Heatmap(
        z=z,
        x=list(range(k)),
        y=list(range(k)),
        zmin=0,
        zmax=kinds,
        colorscale=scale,
        showscale=False,
        customdata=hover,
        hovertemplate="%{customdata}<extra></extra>",
        xgap=1 if k <= 60 else 0,
        ygap=1 if k <= 60 else 0,
    )
    if k <= GLYPH_TOKENS:
        heat.update(
            text=[[CATEGORY_GLYPHS[v] for v in row] for row in grid],
            texttemplate="%{text}",
            textfont=dict(size=11 if k <= 25 else 9, color=colours.CURRENT_INK),
        )
    fig = go.Figure(heat)
    shown = (CREDITED, CLIPPED, UNMATCHED, OUTSIDE) + ((LEFT_OUT,) if e.su and not e.su_last else ())
    for c in shown:  # legend entries for the categories
        fig.add_trace(
            go.Scatter(
                x=[None],
                y=[None],
                mode="markers",
                name=legend_name(c),
                marker=dict(symbol="square", size=12, color=CATEGORY_COLOURS[c], line=dict(color="#8c8c8c", width=1)),
            )
        )
    if e.su:  # the diagonal's meaning, as a legend entry of its own
        fig.add_trace(
            go.Scatter(
                x=[None],
                y=[None],
                mode="markers",
                name=DIAGONAL_NOTE,
                marker=dict(symbol="line-nw", size=12, line=dict(color=colours.CURRENT_INK, width=2)),
            )
        )
    xv, xt = token_ticks(words)
    title = f"{label}: candidate skip-bigrams (row i = first word, column j = second word)"
    if k < n:
        title += f"; showing positions {start + 1}-{start + k} of {n}"
    if start:  # labels name positions in the whole text
        xt = [esc(short(f"{start + v + 1}. {words[v]}", TICK_CHARS)) for v in xv]
    head, head_px = figure_title(title, subtitle)
    angle = tick_angle(len(xv))
    top_px = head_px + tick_depth(xt, angle) + 8
    fig.update_layout(
        title=head,
        xaxis=dict(
            tickvals=xv,
            ticktext=xt,
            side="top",
            tickangle=angle,
            tickfont=dict(size=11),
            showgrid=False,
            zeroline=False,
            automargin=True,
            range=[-0.5, k - 0.5],
        ),
        yaxis=dict(
            tickvals=xv,
            ticktext=xt,
            range=[k - 0.5, -0.5],
            tickfont=dict(size=11),
            showgrid=False,
            zeroline=False,
            automargin=True,
        ),
        height=top_px + int(max(200, min(760, 22 * k))) + 70,
        plot_bgcolor=colours.GRID,
        legend=dict(orientation="h", yanchor="top", y=-0.01, xanchor="left", x=0),
        margin=dict(t=top_px, b=60, l=10, r=10),
    )
    return fig


PAIR_COLUMNS = [
    "skip-bigram",
    "i",
    "j",
    "gap",
    "credited",
    "reference i",
    "reference j",
    "candidate count",
    "reference count",
    "clipped credit",
]


def skip_pairs_table(report: Report, label: str, ref_index: int) -> pd.DataFrame:
    """Every candidate occurrence of a skip-bigram the reference also has (1-based positions).

    The first ``credit`` occurrences are credited and paired with the reference
    occurrence of the same rank; gap = j - i - 1.
    """
    e = gram_explanation(report, label, ref_index)
    rows = []
    for g in e.grams if e is not None else ():
        if len(g.gram) != 2 or not g.credit:
            continue
        for occ, (i, j) in enumerate(g.candidate_positions):
            ri, rj = g.reference_positions[occ] if occ < g.credit else (None, None)
            rows.append(
                (
                    " ".join(g.gram),
                    i + 1,
                    j + 1,
                    j - i - 1,
                    occ < g.credit,
                    None if ri is None else ri + 1,
                    None if rj is None else rj + 1,
                    g.candidate_count,
                    g.reference_count,
                    g.credit,
                )
            )
    rows.sort(key=lambda r: (not r[4], r[1], r[2]))
    return pd.DataFrame(rows, columns=PAIR_COLUMNS).astype({"reference i": "Int64", "reference j": "Int64"})


UNIGRAM_COLUMNS = ["unigram", "candidate count", "reference count", "clipped credit", "matched"]


def su_unigrams_table(report: Report, label: str, ref_index: int) -> pd.DataFrame:
    """ROUGE-SU's unigrams (grams of length 1), matched first."""
    e = gram_explanation(report, label, ref_index)
    rows = [
        (g.gram[0], g.candidate_count, g.reference_count, g.credit, g.credit > 0)
        for g in (e.grams if e is not None else ())
        if len(g.gram) == 1
    ]
    rows.sort(key=lambda r: (not r[4], -r[3], r[0]))
    return pd.DataFrame(rows, columns=UNIGRAM_COLUMNS)
