"""A comparison of systems -> the ranking table, the matrix of p-values, the pairs table, the per-document
scatter of two systems and the downloads (no widgets, no statistics: every number comes from the
:class:`~rouge_core.stats.comparison.Comparison` or its :class:`~rouge_core.stats.systems.SystemScores`).

Significance has two cues besides its grey: a ``*`` after the p-value and bold type.
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Sequence

import pandas as pd
import plotly.graph_objects as go

from rouge_core.io.csv_writer import records_csv
from rouge_core.io.export import to_dict, write_json
from rouge_core.stats.comparison import Comparison, PairResult
from rouge_core.stats.systems import STATISTICS, SystemScores
from ui.render import colours
from ui.render.corpus import NEUTRAL
from ui.render.html import esc, figure_title, short

#: The tests, named plainly (keys: :data:`rouge_core.stats.comparison.METHODS`).
METHOD_NAMES = {
    "bootstrap": "paired bootstrap (Koehn 2004)",
    "randomization": "approximate randomization (Riezler & Maxwell 2005)",
}
#: The conventions, named plainly (keys: :data:`rouge_core.stats.systems.CONVENTIONS`).
CONVENTION_NAMES = {
    "mean": "mean of per-pair scores — ROUGE-1.5.5's default",
    "pooled": "pooled counts — corpus P/R/F from summed counts",
}
#: What a p-value cell says when it is below the significance level (with bold type and the grey).
MARK = "*"
#: Background of a significant cell: the end of the app's grey value scale (black text stays at 8:1).
SIGNIFICANT_BG = colours.VALUE_SCALE[-1][1]
#: The column of A − B in the tables.
DELTA = "delta (A − B)"
#: Characters of a system name in the matrix's headers (the full name is in the tooltip).
HEADER_CHARS = 14


def stat_letter(cmp: Comparison) -> str:
    """``F``, ``R`` or ``P``."""
    return STATISTICS[cmp.statistic][0]


def significant(p: Optional[float], alpha: float) -> bool:
    """Whether a p-value is below the significance level (``None``, the diagonal, never is).

    >>> significant(0.049, 0.05), significant(0.05, 0.05), significant(None, 0.05)
    (True, False, False)
    """
    return p is not None and p < alpha


def interval_text(low: Optional[float], high: Optional[float], signed: bool = False) -> str:
    """``low – high`` to 5 decimals (``+`` signs for a delta), or a dash without an interval.

    >>> interval_text(-0.01, 0.02, True), interval_text(None, None)
    ('-0.01000 – +0.02000', '—')
    """
    if low is None or high is None:
        return "—"
    f = "+.5f" if signed else ".5f"
    return f"{low:{f}} – {high:{f}}"


def describe(cmp: Comparison, measure_name: str, documents: int) -> str:
    """What was compared, in one line (as the CLI's heading says it).

    Contains no Markdown of its own: system and measure names are not in it, so it can go through md_literal."""
    test = (
        f"paired bootstrap, {cmp.samples:,} resamples"
        if cmp.method == "bootstrap"
        else f"approximate randomization, {cmp.samples:,} shuffles"
    )
    return (
        f"{measure_name} {stat_letter(cmp)} ({CONVENTION_NAMES[cmp.convention].split(' — ')[0]}) of "
        f"{len(cmp.systems)} systems on {documents:,} documents; {test}, seed {cmp.seed}; "
        f"{cmp.confidence:g}% intervals."
    )


def beaten(cmp: Comparison, alpha: float) -> dict[str, list[str]]:
    """Per system, the systems it scores above with p < alpha (in rank order)."""
    ranked = cmp.ranking
    out: dict[str, list[str]] = {name: [] for name in ranked}
    for a in ranked:
        for b in ranked:
            if a != b:
                p = cmp.pair(a, b)
                if p.test.delta > 0 and significant(p.test.p_value, alpha):
                    out[a].append(b)
    return out


def ranking_frame(cmp: Comparison, alpha: float) -> pd.DataFrame:
    """One row per system, best first: rank (ties share it), name, score, interval, the systems it beats."""
    stat, conf = stat_letter(cmp), f"{cmp.confidence:g}%"
    beats = beaten(cmp, alpha)
    rows = []
    for s in sorted(cmp.systems, key=lambda s: s.rank):
        rows.append(
            {
                "rank": s.rank,
                "system": s.name,
                stat: s.score.average,
                f"{conf} interval": interval_text(s.score.ci_low, s.score.ci_high),
                f"above (p < {alpha:g})": ", ".join(beats[s.name]) or "—",
            }
        )
    return pd.DataFrame(rows)


def pairs_frame(cmp: Comparison, alpha: float) -> pd.DataFrame:
    """One row per pair (A before B in the order given, as the CLI prints them)."""
    conf = f"{cmp.confidence:g}%"
    rows = []
    for p in cmp.pairs:
        t, r = p.test, p.record
        rows.append(
            {
                "A": p.a,
                "B": p.b,
                "A score": t.score_a,
                "B score": t.score_b,
                DELTA: t.delta,
                f"{conf} interval of delta": interval_text(t.ci_low, t.ci_high, signed=True),
                "p-value": t.p_value,
                f"p < {alpha:g}": MARK if significant(t.p_value, alpha) else "",
                "win/tie/loss": f"{r.wins}/{r.ties}/{r.losses}",
            }
        )
    return pd.DataFrame(rows)


def _cell_title(p: PairResult) -> str:
    t, r = p.test, p.record
    return (
        f"{p.a} vs {p.b}: delta {t.delta:+.5f}, p {t.p_value:.5f}; "
        f"{p.a} scores above {p.b} on {r.wins}, level on {r.ties}, below on {r.losses} documents"
    )


def p_cell(p: Optional[float], alpha: float) -> str:
    """A p-value as the matrix shows it (5 decimals, ``*`` when significant; a dash on the diagonal).

    >>> p_cell(0.004995, 0.05), p_cell(0.5, 0.05), p_cell(None, 0.05)
    ('0.00500*', '0.50000', '—')
    """
    if p is None:
        return "—"
    return f"{p:.5f}" + (MARK if significant(p, alpha) else "")


def p_matrix_html(cmp: Comparison, alpha: float) -> str:
    """The matrix of two-sided p-values (``Comparison.p_matrix()``, rows and columns in rank order) as
    escaped HTML: significant cells bold, marked ``*`` and grey; each cell's tooltip gives delta and
    win/tie/loss."""
    names = [s.name for s in cmp.systems]
    matrix = cmp.p_matrix()
    order = [names.index(n) for n in cmp.ranking]
    css = (
        "<style>.rl-pm{border-collapse:collapse;font-size:0.9rem;margin:0.2rem 0;}"
        f".rl-pm th,.rl-pm td{{border:1px solid {colours.GRID};padding:0.25rem 0.5rem;text-align:right;"
        "white-space:nowrap;font-variant-numeric:tabular-nums;}"
        ".rl-pm th{font-weight:600;text-align:center;}.rl-pm th.rl-pm-row{text-align:left;}"
        f".rl-pm td.rl-pm-sig{{background:{SIGNIFICANT_BG};font-weight:700;color:{colours.CURRENT_INK};}}"
        ".rl-pm td.rl-pm-diag{color:#767676;text-align:center;}"
        ".rl-pm-wrap{overflow-x:auto;max-width:100%;}</style>"
    )
    head = "".join(f'<th title="{esc(names[j])}">{esc(short(names[j], HEADER_CHARS))}</th>' for j in order)
    rows = []
    for i in order:
        cells = []
        for j in order:
            p = matrix[i][j]
            if p is None:
                cells.append('<td class="rl-pm-diag">—</td>')
                continue
            cls = ' class="rl-pm-sig"' if significant(p, alpha) else ""
            title = esc(_cell_title(cmp.pair(names[i], names[j])))
            cells.append(f'<td{cls} title="{title}">{esc(p_cell(p, alpha))}</td>')
        label = f'<th class="rl-pm-row" title="{esc(names[i])}">{esc(short(names[i], HEADER_CHARS))}</th>'
        rows.append(f"<tr>{label}{''.join(cells)}</tr>")
    return (
        f'{css}<div class="rl-pm-wrap"><table class="rl-pm"><thead><tr><th></th>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


# -- two systems, document by document ------------------------------------------------------------------


def per_document(scores: Mapping[str, SystemScores], a: str, b: str) -> pd.DataFrame:
    """A row per document (the comparison's order): ID, A's and B's own value, and A − B.

    A document's own value is its per-pair score (mean convention) or the statistic of its own counts
    (pooled), as :func:`rouge_core.stats.significance.win_tie_loss` compares them."""
    sa, sb = scores[a], scores[b]
    va, vb = sa.per_document(), sb.per_document()
    return pd.DataFrame({"id": list(sa.doc_ids), "A": va, "B": vb, DELTA: va - vb})


def scatter_figure(frame: pd.DataFrame, a: str, b: str, what: str, height: int = 460) -> go.Figure:
    """A point per document, A's value across, B's up, and the diagonal where they are level (one
    trace of points, so a selection's point indices are the frame's positions)."""
    values = [*frame["A"].tolist(), *frame["B"].tolist()]
    lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
    pad = max(0.02, 0.05 * (hi - lo))
    lo, hi = max(lo - pad, -0.02), min(hi + pad, 1.02)
    fig = go.Figure(
        go.Scatter(
            x=frame["A"].tolist(),
            y=frame["B"].tolist(),
            mode="markers",
            customdata=[esc(x) for x in frame["id"]],
            marker=dict(color=NEUTRAL, size=8, opacity=0.8, line=dict(color="white", width=0.5)),
            hovertemplate="document %{customdata}<br>"
            + esc(short(a, 30))
            + " %{x:.5f}<br>"
            + esc(short(b, 30))
            + " %{y:.5f}<extra></extra>",
        )
    )
    fig.add_shape(type="line", x0=lo, y0=lo, x1=hi, y1=hi, line=dict(color=colours.CURRENT_INK, width=1, dash="dash"))
    for x, y, text, anchor in ((hi, lo, f"{a} higher", "right"), (lo, hi, f"{b} higher", "left")):
        fig.add_annotation(
            x=x,
            y=y,
            text=esc(short(text, 40)),
            showarrow=False,
            xanchor=anchor,
            yanchor="bottom" if y == lo else "top",
            font=dict(size=11, color="#555555"),
        )
    fig.update_xaxes(title_text=esc(short(f"{a}: {what}", 60)), range=[lo, hi], constrain="domain")
    # Equal scales: the diagonal at 45 degrees, distances from it comparable across the figure.
    fig.update_yaxes(
        title_text=esc(short(f"{b}: {what}", 60)), range=[lo, hi], scaleanchor="x", scaleratio=1, constrain="domain"
    )
    head, px = figure_title(
        f"{what}: {a} vs {b}",
        "A point per document; on the dashed line both score the same. Select points (box or lasso) to list them.",
    )
    fig.update_layout(
        title=head, height=height, margin=dict(t=px + 12, l=60, r=20, b=50), dragmode="select", showlegend=False
    )
    return fig


def selected_frame(frame: pd.DataFrame, positions: Sequence[int], a: str, b: str) -> pd.DataFrame:
    """The selected documents, largest |A − B| first, with the systems' names in the column titles."""
    rows = frame.iloc[sorted(set(positions))]
    rows = rows.reindex(rows[DELTA].abs().sort_values(ascending=False, kind="stable").index)
    return rows.rename(columns={"A": short(a, 40), "B": short(b, 40)})


# -- downloads -----------------------------------------------------------------------------------------


def _meta(cmp: Comparison, config_signature: str) -> dict[str, Any]:
    return {"comparison_signature": cmp.signature, "config_signature": config_signature}


def ranking_csv(cmp: Comparison, config_signature: str) -> str:
    """The systems by rank, every number at full precision, each row naming both signatures (system names
    that start like a formula are neutralised by the project's one CSV writer)."""
    rows = [
        {
            "rank": s.rank,
            "system": s.name,
            "measure": cmp.measure,
            "statistic": stat_letter(cmp),
            "convention": cmp.convention,
            "score": s.score.average,
            "ci_low": s.score.ci_low,
            "ci_high": s.score.ci_high,
            "confidence": cmp.confidence,
            **_meta(cmp, config_signature),
        }
        for s in sorted(cmp.systems, key=lambda s: s.rank)
    ]
    return records_csv(rows)


def pairs_csv(cmp: Comparison, alpha: float, config_signature: str) -> str:
    """Every pair's test (delta = A − B, two-sided p) and win/tie/loss, each row naming both signatures."""
    rows = []
    for p in cmp.pairs:
        t, r = p.test, p.record
        rows.append(
            {
                "a": p.a,
                "b": p.b,
                "score_a": t.score_a,
                "score_b": t.score_b,
                "delta": t.delta,
                "ci_low": t.ci_low,
                "ci_high": t.ci_high,
                "p_value": t.p_value,
                "count": t.count,
                "significant": significant(t.p_value, alpha),
                "alpha": alpha,
                "wins": r.wins,
                "ties": r.ties,
                "losses": r.losses,
                "method": t.method,
                "samples": t.samples,
                "seed": t.seed,
                **_meta(cmp, config_signature),
            }
        )
    return records_csv(rows)


def comparison_file(
    cmp: Comparison,
    alpha: float,
    config_signature: str,
    perl_flags: str,
    corpus: str,
    documents: int,
    dropped: Sequence[str],
) -> str:
    """The comparison as JSON: the CLI's ``--compare --json`` record of it (its
    :func:`~rouge_core.io.export.to_dict`), with the data and options."""
    data = {
        "signature": config_signature,
        "perl_flags": perl_flags,
        "corpus": corpus,
        "documents": documents,
        "dropped_documents": list(dropped),
        "significance_level": alpha,
        "comparison": to_dict(cmp),
    }
    return write_json(data)
