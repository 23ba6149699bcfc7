"""Correlations of ROUGE variants with human scores -> tables, a heatmap, Lin (2004)'s settings x measures
grid, the human vs ROUGE scatter and the CSV / LaTeX downloads (no widgets, no statistics: every number
is a :class:`~ui.compute.agreement.Cell` computed by rouge_core.stats.correlation).

Colours: the heatmap's correlations run from -1 to 1 on ColorBrewer's PuOr, a diverging scale safe for
colour-blind readers, white at 0 (a 0-to-1 grey scale drew -1 and 0 alike); a cell with no value is the
grid's grey and says why. The scatter's points are the neutral grey of ui/render/colours.py, told apart
by their marker symbol and the legend; integer human scores are jittered (seeded) so that equal ones do
not hide each other, their hover giving the true value.
"""

from __future__ import annotations

import math
from typing import Mapping, Optional, Sequence

import pandas as pd
import plotly.graph_objects as go

from rouge_core import __version__
from rouge_core.io.csv_writer import records_csv
from ui.compute.agreement import COEFFICIENT_NAMES, LEVEL_NAMES, Cell
from ui.render import colours
from ui.render.corpus import NEUTRAL
from ui.render.corpus_export import latex_escape
from ui.render.html import esc, figure_title, short
from ui.render.numbers import interval, number

#: The heatmap's diverging scale (plotly's name for ColorBrewer PuOr: orange below 0, purple above).
HEAT_SCALE = "PuOr"
#: What a heatmap cell prints when its level's groups are too small (rouge_core's reason is on hover).
TOO_SMALL = "too small"

#: Marker symbols of the scatter's systems (cycling; the legend names each system).
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "cross", "x", "triangle-down", "star", "hexagon", "pentagon")


def column(level: str, coefficient: str) -> str:
    """The table column of a (level, coefficient).

    >>> column("summary", "kendall")
    'summary · Kendall τ-b'
    """
    return f"{level} · {COEFFICIENT_NAMES[coefficient]}"


def columns_of(cells: Sequence[Cell]) -> list[str]:
    """The (level, coefficient) columns present, in the cells' order."""
    return list(dict.fromkeys(column(c.level, c.coefficient) for c in cells))


def wide_frame(cells: Sequence[Cell]) -> pd.DataFrame:
    """One row per variant, one column per (level, coefficient): the correlations (NaN: undefined)."""
    rows: dict[str, dict[str, float]] = {}
    for c in cells:
        rows.setdefault(c.variant, {})[column(c.level, c.coefficient)] = c.value
    frame = pd.DataFrame.from_dict(rows, orient="index", columns=columns_of(cells))
    frame.index.name = "variant"
    return frame.reset_index()


def long_frame(cells: Sequence[Cell]) -> pd.DataFrame:
    """Every cell with its interval and counts (what the hover of the heatmap says, as a table)."""
    return pd.DataFrame(
        {
            "variant": [c.variant for c in cells],
            "level": [c.level for c in cells],
            "coefficient": [COEFFICIENT_NAMES[c.coefficient] for c in cells],
            "value": [c.value for c in cells],
            "low": [c.low for c in cells],
            "high": [c.high for c in cells],
            "used": [c.n_used for c in cells],
            "skipped": [c.n_skipped for c in cells],
            "resamples": [c.samples_used for c in cells],
            "note": [c.note for c in cells],
        }
    )


def _interval(cell: Cell, digits: int) -> str:
    """A correlation's bootstrap interval, ``[low, high]``, or a dash."""
    return interval(cell.low, cell.high, digits, brackets=True)


def _units(level: str) -> str:
    return {"summary": "inputs", "system": "systems", "global": "summaries"}[level]


def _hover(cell: Cell, confidence: float) -> str:
    head = f"{esc(cell.variant)}<br>{esc(LEVEL_NAMES[cell.level])}, {esc(COEFFICIENT_NAMES[cell.coefficient])}: "
    if math.isnan(cell.value):
        return head + "undefined<br>" + esc(short(cell.note, 90))
    return (
        head
        + f"{number(cell.value, 4)}<br>{100 * confidence:g}% interval {_interval(cell, 4)}"
        + f" ({cell.samples_used:,} resamples)"
        + f"<br>{cell.n_used:,} {_units(cell.level)} used, {cell.n_skipped:,} skipped"
    )


def cell_text(cell: Cell, digits: int = 3) -> str:
    """What a heatmap or grid cell prints: the value, "too small" when its level's groups are, or a dash.

    >>> cell_text(Cell("v", "summary", "kendall", float("nan"), 0, 0, 0, 4, 0, "too small: ..."))
    'too small'
    """
    if math.isnan(cell.value) and cell.note.startswith("too small"):
        return TOO_SMALL
    return number(cell.value, digits)


def heatmap_figure(cells: Sequence[Cell], confidence: float, title: str) -> go.Figure:
    """Variants (rows, in order) x (level, coefficient) columns; each cell prints its value, the interval
    is on hover. A diverging scale from -1 to 1, white at 0; a cell with no value is grey and says why."""
    cols = columns_of(cells)
    variants = list(dict.fromkeys(c.variant for c in cells))
    by = {(c.variant, column(c.level, c.coefficient)): c for c in cells}
    z, text, hover = [], [], []
    for v in variants:
        row = [by.get((v, col)) for col in cols]
        z.append([None if c is None or math.isnan(c.value) else c.value for c in row])
        text.append([cell_text(c) if c is not None else "" for c in row])
        hover.append([_hover(c, confidence) if c is not None else "" for c in row])
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=[esc(c).replace(" · ", "<br>") for c in cols],
            y=[esc(v) for v in variants],
            text=text,
            texttemplate="%{text}",
            hovertext=hover,
            hovertemplate="%{hovertext}<extra></extra>",
            colorscale=HEAT_SCALE,
            zmin=-1.0,
            zmax=1.0,
            zmid=0.0,
            xgap=1,
            ygap=1,
            colorbar=dict(title=dict(text="value"), thickness=12, tickvals=[-1, -0.5, 0, 0.5, 1]),
        )
    )
    head, px = figure_title(title, "Hover a cell for its bootstrap interval and how many units it used.")
    fig.update_yaxes(autorange="reversed")
    fig.update_xaxes(side="top", tickangle=0)
    fig.update_layout(
        title=head,
        height=min(170 + px + 26 * len(variants), 1400),
        margin=dict(t=px + 64, l=10, r=10, b=10),
        plot_bgcolor=colours.GRID,
    )
    return fig


def lin_grid(cells: Sequence[Cell], level: str, coefficient: str) -> pd.DataFrame:
    """Lin (2004)'s layout for one (level, coefficient): a row per setting, a column per measure."""
    rows: dict[str, dict[str, str]] = {}
    measures: dict[str, None] = {}
    for c in cells:
        if (c.level, c.coefficient) != (level, coefficient):
            continue
        measure, _, setting = c.variant.partition(" · ")
        measures[measure] = None
        rows.setdefault(setting, {})[measure] = cell_text(c, 2)
    frame = pd.DataFrame.from_dict(rows, orient="index", columns=list(measures)).fillna("—")
    frame.index.name = "setting"
    return frame.reset_index()


def scatter_figure(
    frame: pd.DataFrame, variant: str, human: str, marked: Optional[tuple[str, str]] = None
) -> go.Figure:
    """Human score (up) against the variant's score (across), a point per summary, a trace per system (in
    the frame's system order; a selected point's ``curve_number`` is its system, ``point_index`` its row
    within the system). ``marked``: the (system, doc_id) last opened in Inspect, ringed by a last trace
    that takes no clicks."""
    fig = go.Figure()
    for k, (system, rows) in enumerate(frame.groupby("system", sort=False)):
        fig.add_trace(
            go.Scatter(
                x=rows["rouge"].tolist(),
                y=rows["shown"].tolist() if "shown" in rows else rows["human"].tolist(),
                mode="markers",
                name=esc(short(str(system), 24)),
                # The document and the true human score (the point may be jittered: ui.compute.agreement.jittered).
                customdata=[[esc(short(str(d), 60)), h] for d, h in zip(rows["doc_id"], rows["human"])],
                marker=dict(
                    color=NEUTRAL,
                    symbol=SYMBOLS[k % len(SYMBOLS)],
                    size=9,
                    opacity=0.8,
                    line=dict(color="white", width=0.5),
                ),
                hovertemplate=esc(short(str(system), 30))
                + ", document %{customdata[0]}<br>ROUGE %{x:.5f}<br>human %{customdata[1]:.3f}<extra></extra>",
            )
        )
    ring = frame[(frame["system"] == marked[0]) & (frame["doc_id"] == marked[1])] if marked else frame.iloc[:0]
    if len(ring):
        fig.add_trace(
            go.Scatter(
                x=ring["rouge"].tolist(),
                y=ring["shown"].tolist() if "shown" in ring else ring["human"].tolist(),
                mode="markers",
                name="last opened",
                marker=dict(symbol="circle-open", size=20, color=colours.CURRENT_INK, line=dict(width=2)),
                hoverinfo="skip",  # a click goes to the point under the ring
            )
        )
    head, px = figure_title(
        f"{human} against {variant}",
        "A point per summary, a symbol per system (whole human scores spread a little up and down so that "
        "equal ones stay visible; the hover gives the true score). Click a point to open that pair in Inspect.",
    )
    fig.update_xaxes(title_text=esc(short(variant, 60)))
    fig.update_yaxes(title_text=esc(short(human, 60)))
    fig.update_layout(title=head, height=480, margin=dict(t=px + 12, l=60, r=20, b=50), legend=dict(title="system"))
    return fig


# -- downloads -----------------------------------------------------------------------------------------


def table_csv(
    cells: Sequence[Cell], signatures: Mapping[str, str], statistic: str, human: str, run_signature: str
) -> str:
    """Every cell at full precision, each row naming its variant's config signature and the run's (names
    that start like a formula, such as a criterion's, are neutralised by the project's one CSV writer)."""
    rows = []
    for c in cells:
        measure, _, setting = c.variant.partition(" · ")
        rows.append(
            {
                "variant": c.variant,
                "measure": measure,
                "setting": setting,
                "statistic": statistic,
                "level": c.level,
                "coefficient": c.coefficient,
                "value": c.value,
                "ci_low": c.low,
                "ci_high": c.high,
                "used": c.n_used,
                "skipped": c.n_skipped,
                "resamples_used": c.samples_used,
                "note": c.note,
                "human": human,
                "run_signature": run_signature,
                "config_signature": signatures[c.variant],
            }
        )
    return records_csv(rows)


def _comment(text: str) -> str:
    return "% " + " ".join(str(text).split())


def table_latex(
    cells: Sequence[Cell],
    signatures: Mapping[str, str],
    statistic: str,
    human: str,
    run_signature: str,
    confidence: float,
) -> str:
    """A booktabs table: a row per variant, a column per (level, coefficient), the interval under each
    value; every variant's config signature in the comments above it."""
    cols = list(dict.fromkeys((c.level, c.coefficient) for c in cells))
    variants = list(dict.fromkeys(c.variant for c in cells))
    by = {(c.variant, c.level, c.coefficient): c for c in cells}
    lines = [
        _comment(f"ROUGE Lens {__version__}: correlation with human scores ({human}); statistic {statistic}"),
        _comment(f"run: {run_signature}"),
        *(_comment(f"{v}: {signatures[v]}") for v in variants),
        _comment("needs \\usepackage{booktabs}"),
        "\\begin{table}[t]",
        "  \\centering",
        "  \\begin{tabular}{l" + "r" * len(cols) + "}",
        "    \\toprule",
        "    Variant & "
        + " & ".join(latex_escape(f"{lv} {COEFFICIENT_NAMES[cf]}") for lv, cf in cols)
        .replace("τ", "$\\tau$")
        .replace("ρ", "$\\rho$")
        + " \\\\",
        "    \\midrule",
    ]
    for v in variants:
        row = [by.get((v, lv, cf)) for lv, cf in cols]
        lines.append(
            f"    {latex_escape(v).replace('·', '/')} & "
            + " & ".join(number(c.value, 4) if c else "" for c in row)
            + " \\\\"
        )
        lines.append(
            "     & "
            + " & ".join(f"{{\\scriptsize {_interval(c, 3)}}}" if c else "" for c in row).replace("—", "--")
            + " \\\\"
        )
    lines += [
        "    \\bottomrule",
        "  \\end{tabular}",
        f"  \\caption{{Correlation of ROUGE {statistic} with {latex_escape(human)}; "
        f"{100 * confidence:g}\\% bootstrap intervals in brackets.}}",
        "\\end{table}",
        "",
    ]
    return "\n".join(lines).replace("—", "--")
