"""ROUGE-L: the DP table with its traceback, sentence alignments, and the union LCS with its hit budget.

Rows of a table are reference positions, columns candidate positions (row/column
0 is the empty prefix). Sentences and positions shown to users count from 1.
"""

from __future__ import annotations

import math
from typing import Optional, Sequence, Union

import plotly.graph_objects as go

from rouge_core import Report, Token
from rouge_core.measures.explain import LcsExplanation, SentencePair
from rouge_core.measures.lcs_pairs import pair_table

from . import colours
from .html import (
    MAX_TICKS,
    Span,
    analysis_html,
    esc,
    figure_title,
    legend,
    note_html,
    page,
    row_html,
    short,
    tick_angle,
    tick_depth,
    token_span,
    token_ticks,
)
from .numbers import number

TokenLike = Union[Token, str]

TIE_RULE = (
    "Tie rule: when c[a-1][b] >= c[a][b-1] the traceback steps up (along the reference) "
    "before it steps left, as ROUGE-1.5.5 and rouge-score do"
)

#: Most cells a heatmap draws (tables are rebuilt for display up to ``rouge_core.measures.lcs.TABLE_CELLS``).
MAX_CELLS = 45_000
#: Tables up to this many cells get a tooltip per cell; larger ones a plain one.
HOVER_CELLS = 10_000
#: Tables up to this many cells print their values in the cells.
TEXT_CELLS = 900
#: Most tokens per row of an alignment figure.
ALIGN_TOKENS = 30

MATCH_COLOUR = colours.CREDITED_INK
#: Line styles of alternating colour groups on an alignment (a second cue besides colour).
LINE_DASHES = ("solid", "dash")


def _text(t: TokenLike) -> str:
    return t.text if isinstance(t, Token) else str(t)


def _key(t: TokenLike) -> str:
    return t.key if isinstance(t, Token) else str(t)


def find_lcs_explanation(report: Report, label: str, ref_index: int) -> Optional[LcsExplanation]:
    """The LCS/WLCS explanation of one measure against one reference, or None when none was kept."""
    per = report.measures[label].per_reference
    if not 0 <= ref_index < len(per):
        raise IndexError(f"reference {ref_index + 1} does not exist: the report has {len(per)}")
    e = per[ref_index].explanation
    return e if isinstance(e, LcsExplanation) else None


def lcs_explanation(report: Report, label: str, ref_index: int) -> LcsExplanation:
    """The LCS/WLCS explanation of one measure against one reference (callers have checked it exists)."""
    e = find_lcs_explanation(report, label, ref_index)
    if e is None:
        raise ValueError(f"{label} against reference {ref_index + 1} has no LCS explanation")
    return e


def is_flat(e: LcsExplanation) -> bool:
    return e.kind in ("flat", "wlcs-flat")


def pair_choices(e: LcsExplanation) -> dict[int, list[int]]:
    """Reference sentence -> candidate sentences that share a token with it (pairs listed)."""
    out: dict[int, list[int]] = {}
    for p in e.pairs:
        out.setdefault(p.reference_sentence, []).append(p.candidate_sentence)
    return out


def find_pair(e: LcsExplanation, ref_sentence: int, cand_sentence: int) -> Optional[SentencePair]:
    for p in e.pairs:
        if p.reference_sentence == ref_sentence and p.candidate_sentence == cand_sentence:
            return p
    return None


def pair_tokens(report: Report, ref_index: int, pair: SentencePair) -> tuple[tuple[Token, ...], tuple[Token, ...]]:
    """The token sequences a pair aligns (the whole texts' sentences joined for a flat pair)."""
    ref, cand = report.references[ref_index], report.candidate
    if pair.reference_sentence < 0:
        return (tuple(t for s in ref.sentences for t in s), tuple(t for s in cand.sentences for t in s))
    return ref.sentences[pair.reference_sentence], cand.sentences[pair.candidate_sentence]


def pair_with_table(report: Report, label: str, ref_index: int, pair: SentencePair) -> SentencePair:
    """The pair with its DP table and traceback path, for display.

    The core keeps no tables (an explanation lists marks and values only); the one pair a
    view draws, of up to ``rouge_core.measures.lcs.TABLE_CELLS`` cells, gets its table from
    :func:`rouge_core.measures.lcs_pairs.pair_table` (otherwise, or when too large, the pair is
    returned unchanged).
    """
    if pair.table is not None:
        return pair
    return pair_table(lcs_explanation(report, label, ref_index), pair)


#: Where a cell's traceback dot (lower left) and match flag (upper left) sit, in cell units from its
#: centre, which keeps the number; the path and the matches are also outlined (dotted / solid).
CORNER = 0.3


def _cell(v: float) -> str:
    """A table cell or count as the LCS views print it (4 significant digits, integers in full)."""
    return number(v, 4, "significant")


def _rule(table, a: int, b: int, same: bool, weighted: bool) -> str:
    """The rule that filled cell (a, b), in words, with the numbers it compared."""
    if a == 0 or b == 0:
        return "empty prefix: 0"
    if same:
        diagonal = _cell(table[a - 1][b - 1])
        if not weighted:
            return f"match: c[{a - 1}][{b - 1}] + 1 = {diagonal} + 1"
        inc = _cell(table[a][b] - table[a - 1][b - 1])
        return f"match: c[{a - 1}][{b - 1}] + f(k+1) − f(k) = {diagonal} + {inc}"
    up, left = table[a - 1][b], table[a][b - 1]
    if up >= left:
        return f"up: c[{a - 1}][{b}] = {_cell(up)} ≥ c[{a}][{b - 1}] = {_cell(left)}"
    return f"left: c[{a}][{b - 1}] = {_cell(left)} > c[{a - 1}][{b}] = {_cell(up)}"


def _short_rule(a: int, b: int, same: bool, table) -> str:
    if a == 0 or b == 0:
        return "empty prefix"
    if same:
        return "match (diagonal)"
    return "up" if table[a - 1][b] >= table[a][b - 1] else "left"


def integer_colorbar(top: float, title: str) -> dict:
    """A colour bar whose ticks are the integers 0..top (thinned to at most 8), for counts and run
    lengths, which have no halves.

    >>> integer_colorbar(3, "w")["tickvals"]
    [0, 1, 2, 3]
    """
    top = max(1, int(math.ceil(top)))
    step = max(1, math.ceil(top / 8))
    return dict(
        title=dict(text=esc(title)),
        tickmode="array",
        tickvals=list(range(0, top + 1, step)),
        ticktext=[str(v) for v in range(0, top + 1, step)],
        thickness=12,
    )


#: Estimated width in pixels of a heatmap's plot area (between its row labels and its colour bar) when
#: the chart takes the page's width at 1280 px with the sidebar open, or half of it (two charts side by
#: side): cell numbers are printed only if they fit, and column labels are thinned to stay apart.
FULL_PX = 700
HALF_PX = 280
#: Least space between two upright column labels (11 px text).
LABEL_PX = 15


def cell_number_format(values: Sequence[float], weighted: bool, cell_px: float) -> Optional[tuple[str, int]]:
    """A ``texttemplate`` and font size whose numbers fit cells ``cell_px`` wide, or None if none fits
    (WLCS values lose decimals first, then the font shrinks; the hover keeps every digit).

    >>> cell_number_format([0, 3], False, 30), cell_number_format([0, 12.5], True, 30)
    (('%{z:.3~f}', 11), ('%{z:.1~f}', 9))
    >>> cell_number_format([0, 12.5], False, 8) is None
    True
    """
    top = max((abs(v) for v in values if v == v), default=0.0)
    whole = len(str(int(top)))
    for decimals in (3, 2, 1, 0) if weighted else (0,):
        for size in (11, 9):
            chars = whole + (decimals + 1 if decimals else 0)
            if chars * size * 0.6 + 5 <= cell_px:
                return (f"%{{z:.{decimals}~f}}" if weighted else "%{z:.3~f}"), size
    return None


def lcs_heatmap(
    pair: SentencePair,
    ref_tokens: Sequence[TokenLike],
    cand_tokens: Sequence[TokenLike],
    tie_rule_text: str = TIE_RULE,
    max_cells: int = MAX_CELLS,
    weight: float = 1.0,
    title: Optional[str] = None,
    width_px: int = FULL_PX,
    widest: Optional[float] = None,
) -> Optional[go.Figure]:
    """The DP table as a heatmap, the traceback path on it and the matched (diagonal) cells marked.

    ``weight`` != 1: the table is a WLCS table (titles and rules say so); ``title`` replaces the
    default title (the table's pair and value); ``width_px``: about how wide the plot area is
    (:data:`FULL_PX`, :data:`HALF_PX`); ``widest``: the largest value the cells will hold (a
    walk-through fills the table step by step and keeps one number format throughout). Every
    cell's hover gives its value and the rule that filled it. While the cells print their numbers,
    nothing is drawn over a number: the traceback's cells get a dotted outline and a dot in their
    lower left corner, each match a solid outline and a flag in its upper left corner; otherwise
    the traceback is a line. Returns None when the pair has no table (pass it through
    :func:`pair_with_table` first; too large a pair has none): the caller says so and shows the
    alignment instead.
    A table above ``max_cells`` is cropped to its top-left corner and the title says so.
    """
    if pair.table is None:
        return None
    table = pair.table
    weighted = weight != 1.0
    what = "WLCS" if weighted else "LCS"
    rows, cols = len(table), len(table[0]) if table else 0
    r_lim, c_lim = rows, cols
    if rows * cols > max_cells:
        scale = math.sqrt(max_cells / (rows * cols))
        r_lim = min(rows, max(2, int(rows * scale)))
        c_lim = min(cols, max(2, max_cells // r_lim))
    z = [list(r[:c_lim]) for r in table[:r_lim]]
    cells = r_lim * c_lim
    r_keys = [_key(t) for t in ref_tokens[: r_lim - 1]]
    c_keys = [_key(t) for t in cand_tokens[: c_lim - 1]]
    top = max((v for row in z for v in row if v == v), default=0.0)  # v == v: not a NaN (unfilled)
    bar = integer_colorbar(top, "c[a][b]") if not weighted else dict(title=dict(text="c[a][b]"), thickness=12)
    heat = go.Heatmap(
        z=z,
        x=list(range(c_lim)),
        y=list(range(r_lim)),
        colorscale=colours.VALUE_SCALE,
        zmin=0,
        colorbar=bar,
        xgap=1,
        ygap=1,
    )
    numbers = None
    if cells <= HOVER_CELLS:
        hover = []
        for a in range(r_lim):
            line = []
            for b in range(c_lim):
                same = a > 0 and b > 0 and r_keys[a - 1] == c_keys[b - 1]
                where = (
                    ""
                    if a == 0 or b == 0
                    else esc(
                        f"ref {a}. {short(_text(ref_tokens[a - 1]), 30)} / "
                        f"cand {b}. {short(_text(cand_tokens[b - 1]), 30)}"
                    )
                    + "<br>"
                )
                line.append(where + f"c[{a}][{b}] = {_cell(table[a][b])}<br>" + esc(_rule(table, a, b, same, weighted)))
            hover.append(line)
        heat.update(text=hover, hovertemplate="%{text}<extra></extra>")
        if cells <= TEXT_CELLS:
            values = [v for row in z for v in row] + ([widest] if widest is not None else [])
            numbers = cell_number_format(values, weighted, width_px / c_lim)
        if numbers is not None:
            heat.update(texttemplate=numbers[0], textfont=dict(size=numbers[1], color=colours.CURRENT_INK))
        elif cells <= TEXT_CELLS:
            tie_rule_text += " (the cells are too narrow for their numbers here: hover a cell for its value)"
    else:  # a short rule name per cell keeps a large table's figure small
        rule = [
            [_short_rule(a, b, a > 0 and b > 0 and r_keys[a - 1] == c_keys[b - 1], table) for b in range(c_lim)]
            for a in range(r_lim)
        ]
        heat.update(customdata=rule, hovertemplate="c[%{y}][%{x}] = %{z}<br>rule: %{customdata}<extra></extra>")
    fig = go.Figure(heat)
    boxed = numbers is not None  # the numbers are printed: outline cells instead of drawing over them
    boxes: list[dict[str, object]] = []
    path = [(a, b) for a, b in (pair.path or ()) if a < r_lim and b < c_lim]
    if path:
        off = -CORNER if boxed else 0.0
        fig.add_trace(
            go.Scatter(
                x=[b + off for _, b in path],
                y=[a - off for a, _ in path],
                customdata=[[a, b] for a, b in path],
                mode="markers" if boxed else "lines+markers",
                name="traceback",
                line=dict(color=colours.CURRENT_INK, width=2),
                marker=dict(size=5, color=colours.CURRENT_INK),
                hovertemplate="traceback through c[%{customdata[0]}][%{customdata[1]}]<extra></extra>",
            )
        )
        if boxed:  # one layout update for every box (fig.add_shape per cell took 0.2 s on a 20 x 20 table)
            boxes += [
                dict(
                    type="rect",
                    x0=b - 0.4,
                    x1=b + 0.4,
                    y0=a - 0.4,
                    y1=a + 0.4,
                    layer="above",
                    line=dict(color=colours.CURRENT_INK, width=1.5, dash="dot"),
                )
                for a, b in path
            ]
    marks = [(a + 1, b + 1) for a, b in pair.marks if a + 1 < r_lim and b + 1 < c_lim]
    if marks:
        off = CORNER if boxed else 0.0
        fig.add_trace(
            go.Scatter(
                x=[b - off for _, b in marks],
                y=[a - off for a, _ in marks],
                customdata=[[a, b] for a, b in marks],
                mode="markers",
                name="match on the LCS (diagonal)",
                marker=dict(
                    symbol="triangle-nw" if boxed else "square", size=9 if boxed else 6, color=colours.CREDITED_INK
                ),
                text=[esc(short(_text(ref_tokens[a - 1]), 30)) for a, _ in marks],
                hovertemplate="match '%{text}' at c[%{customdata[0]}][%{customdata[1]}]<extra></extra>",
            )
        )
        if boxed:
            boxes += [
                dict(
                    type="rect",
                    x0=b - 0.47,
                    x1=b + 0.47,
                    y0=a - 0.47,
                    y1=a + 0.47,
                    line=dict(color=colours.CREDITED_INK, width=2.5),
                    layer="above",
                )
                for a, b in marks
            ]
    if boxes:
        fig.update_layout(shapes=list(fig.layout.shapes) + boxes)
    xv, xt = token_ticks(
        [_text(t) for t in cand_tokens[: c_lim - 1]], first="∅", max_ticks=max(4, min(MAX_TICKS, width_px // LABEL_PX))
    )
    yv, yt = token_ticks([_text(t) for t in ref_tokens[: r_lim - 1]], first="∅", max_ticks=40)
    where = (
        "whole reference (rows) × whole candidate (columns)"
        if pair.reference_sentence < 0
        else f"reference sentence {pair.reference_sentence + 1} (rows) × "
        f"candidate sentence {pair.candidate_sentence + 1} (columns)"
    )
    text = f"{what} table: {where}; last cell = {_cell(pair.value)}"
    if (r_lim, c_lim) != (rows, cols):
        text += f" (showing rows 0-{r_lim - 1} of {rows - 1}, columns 0-{c_lim - 1} of {cols - 1})"
    head, head_px = figure_title(text if title is None else title, tie_rule_text)
    angle = tick_angle(len(xv))
    top_px = head_px + tick_depth(xt, angle) + 8
    plot_px = int(min(700, max(160, 30 * r_lim)))
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
        ),
        yaxis=dict(
            tickvals=yv,
            ticktext=yt,
            autorange="reversed",
            tickfont=dict(size=11),
            showgrid=False,
            zeroline=False,
            automargin=True,
        ),
        height=top_px + plot_px + 40,
        margin=dict(t=top_px, b=36, l=10, r=10),
        legend=dict(orientation="h", yanchor="top", y=-0.01, xanchor="left", x=0),
    )
    return fig


def _window(length: int, first: Optional[int], start: Optional[int], size: int) -> int:
    if length <= size:
        return 0
    if start is None:
        start = max(0, (first if first is not None else 0) - 3)
    return max(0, min(start, length - size))


def alignment_figure(
    ref_tokens: Sequence[TokenLike],
    cand_tokens: Sequence[TokenLike],
    marks: Sequence[tuple[int, int]],
    mark_colors: Optional[Sequence[str]] = None,
    mark_titles: Optional[Sequence[str]] = None,
    title: str = "",
    max_tokens: int = ALIGN_TOKENS,
    ref_start: Optional[int] = None,
    cand_start: Optional[int] = None,
) -> go.Figure:
    """Two rows of tokens (reference above, candidate below) with a line per matched pair.

    ``marks`` are (reference position, candidate position). Long sides show a
    window of ``max_tokens`` tokens (by default from just before the first mark)
    and the title says which. At most one line trace per colour. Token labels
    turn upright past a dozen tokens, so neighbours never overlap.
    """
    rs = _window(len(ref_tokens), marks[0][0] if marks else None, ref_start, max_tokens)
    cs = _window(len(cand_tokens), marks[0][1] if marks else None, cand_start, max_tokens)
    rw = ref_tokens[rs : rs + max_tokens]
    cw = cand_tokens[cs : cs + max_tokens]
    colours_ = list(mark_colors) if mark_colors is not None else [MATCH_COLOUR] * len(marks)
    titles = list(mark_titles) if mark_titles is not None else [""] * len(marks)
    shown = [
        (a, b, colours_[k], titles[k])
        for k, (a, b) in enumerate(marks)
        if rs <= a < rs + len(rw) and cs <= b < cs + len(cw)
    ]
    ref_title = {a: t for a, _, _, t in shown}
    fig = go.Figure()
    by_colour: dict[str, tuple[list, list]] = {}
    for a, b, c, _ in shown:
        xs, ys = by_colour.setdefault(c, ([], []))
        xs.extend([b - cs, a - rs, None])
        ys.extend([0, 1, None])
    for k, (c, (xs, ys)) in enumerate(by_colour.items()):
        fig.add_trace(
            go.Scatter(
                x=xs,
                y=ys,
                mode="lines",
                line=dict(color=c, width=3, dash=LINE_DASHES[k % 2]),
                hoverinfo="skip",
                showlegend=False,
            )
        )
    matched_r = {a for a, _, _, _ in shown}
    matched_c = {b for _, b, _, _ in shown}
    for y, toks, start, matched, name in ((1, rw, rs, matched_r, "reference"), (0, cw, cs, matched_c, "candidate")):
        hover = []
        for k, t in enumerate(toks):
            h = esc(f"{name} token {start + k + 1}: {short(_text(t), 40)}")
            h += "<br>in the alignment" if start + k in matched else "<br>not matched"
            if ref_title.get(start + k) and y == 1:
                h += "<br>" + esc(ref_title[start + k])
            hover.append(h)
        on = [start + k in matched for k in range(len(toks))]
        fig.add_trace(
            go.Scatter(
                x=list(range(len(toks))),
                y=[y] * len(toks),
                mode="markers",
                name=name,
                showlegend=False,
                marker=dict(
                    size=10,
                    symbol=["circle" if m else "circle-open" for m in on],
                    color=[MATCH_COLOUR if m else colours.DROPPED_INK for m in on],
                ),
                text=hover,
                hovertemplate="%{text}<extra></extra>",
            )
        )
    many = max(len(rw), len(cw)) > 12
    up, down = (-90, 90) if many else (-50, 50)
    annotations = []
    for y, toks, angle, anchor in ((1, rw, up, "bottom"), (0, cw, down, "top")):
        for k, t in enumerate(toks):
            annotations.append(
                dict(
                    x=k,
                    y=y,
                    text=esc(short(_text(t), 12)),
                    showarrow=False,
                    textangle=angle,
                    yanchor=anchor,
                    xanchor="center" if many else ("left" if y else "right"),
                    yshift=9 if y else -9,
                    font=dict(size=11),
                )
            )
    annotations.append(
        dict(x=-0.6, y=1, text="reference", showarrow=False, xanchor="right", font=dict(size=11, color="#444"))
    )
    annotations.append(
        dict(x=-0.6, y=0, text="candidate", showarrow=False, xanchor="right", font=dict(size=11, color="#444"))
    )
    head = title
    if len(ref_tokens) > len(rw) or len(cand_tokens) > len(cw):
        head += (
            f" (showing reference tokens {rs + 1}-{rs + len(rw)} of {len(ref_tokens)}, "
            f"candidate tokens {cs + 1}-{cs + len(cw)} of {len(cand_tokens)})"
        )
    head_title, head_px = figure_title(head.strip())
    width = max(len(rw), len(cw), 16)  # short sentences stay left, with readable spacing
    # The labels' depth above the reference row and below the candidate row (11 px text, ~5.8 px a character).
    chars = max((len(short(_text(x), 12)) for x in (*rw, *cw)), default=1)
    label_px = int(chars * 5.8 * (1.0 if many else 0.77) + (0 if many else 7) + 16)
    fig.update_layout(
        title=head_title,
        xaxis=dict(visible=False, range=[-4, width]),
        yaxis=dict(visible=False, range=[-0.35, 1.35]),
        height=head_px + 2 * label_px + 100,
        margin=dict(t=head_px + label_px, b=label_px, l=10, r=10),
        annotations=annotations,
    )
    return fig


# -- the union LCS of the whole summary --------------------------------------------


def budget_line(report: Report, label: str, ref_index: int) -> str:
    """The totals in one plain line, e.g. "credited 7 of 9 union words; hit 7 of 12 reference tokens
    (recall) and of 10 candidate tokens (precision)"; the union view's table says which words."""
    e = lcs_explanation(report, label, ref_index)
    counts = report.measures[label].per_reference[ref_index].counts
    tail = (
        f"hit {_cell(counts.hit)} of {_cell(counts.model)} reference tokens (recall) and of "
        f"{_cell(counts.peer)} candidate tokens (precision)"
    )
    if is_flat(e):
        return f"one LCS over the whole texts: {tail}"
    total = len(e.marks)
    credited = sum(m.credited for m in e.marks)
    if e.kind == "union-unclipped":
        return f"credited all {total} union words (the paper's union LCS has no hit budget); {tail}"
    return f"credited {credited} of {total} union words; {tail}"


UNION_LEGEND_BASE = [
    ("rl-spent", "marked but not credited (hit budget spent)"),
    ("rl-dropped", "not counted (tokenizer, stopword or length limit)"),
]


def flat_html(report: Report, label: str, ref_index: int) -> str:
    """A flat (whole-text) LCS: the marks on both texts, tooltips naming the partner token."""
    e = lcs_explanation(report, label, ref_index)
    ref, cand = report.references[ref_index], report.candidate
    pair = e.pairs[0] if e.pairs else None
    r_spans: list[Span] = []
    c_spans: list[Span] = []
    if pair is not None:
        rt, ct = pair_tokens(report, ref_index, pair)
        for a, b in pair.marks:
            r_spans.append(token_span(rt[a], "rl-match", f"reference token {a + 1} = candidate token {b + 1}"))
            c_spans.append(token_span(ct[b], "rl-match", f"candidate token {b + 1} = reference token {a + 1}"))
    return page(
        legend([("rl-match", "in the LCS"), UNION_LEGEND_BASE[1]]),
        row_html("Reference", analysis_html(ref, r_spans)),
        row_html("Candidate", analysis_html(cand, c_spans)),
        note_html(budget_line(report, label, ref_index)),
        *(note_html(n) for n in e.notes),
    )
