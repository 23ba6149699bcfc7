"""SettingGap -> the tables, the sentence, the attribution chart and the downloads of "Which ROUGE? (corpus)".

No widgets, no scoring: every number is :func:`rouge_core.teach.which_rouge.which_rouge`'s. Scores are shown
as 5-decimal text (ROUGE-1.5.5 prints 5), shares as percentages with one decimal. Text from the data
(document IDs, rule names) goes into table cells (never rendered as Markdown) or through
:func:`~ui.render.html.esc` into the figure.

The chart's colours keep their one meaning (ui/render/colours.py): blue is *credited*, here the part of
the gap credited to one setting (the lighter blue: a rule inside a setting), grey is *not counted*, the
remainder no single setting accounts for (hatched too, so it does not rely on colour).
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import pandas as pd
import plotly.graph_objects as go

from rouge_core.io.csv_writer import write_csv
from rouge_core.io.export import to_dict, write_json
from rouge_core.profiles import CORPUS_QUIRKS
from rouge_core.teach.differences import RULES
from rouge_core.teach.which_rouge import LCS_VARIANT, Attribution, MeasureGap, SettingGap

from . import colours
from .html import esc, figure_title
from .literal import md_literal

#: Statistic field -> its letter and name.
STAT_LETTER = {"fmeasure": "F", "recall": "R", "precision": "P"}
STAT_NAME = {"fmeasure": "F-measure", "recall": "recall", "precision": "precision"}
REMAINDER = "remainder: settings acting together"
TOTAL = "total: settings + remainder"
NOT_EXAMINED = "not examined (beyond the cap)"
#: The chart's colours (see the module docstring for their meaning).
SETTING_COLOUR, SETTING_LINE = colours.CREDITED, colours.CREDITED_INK
RULE_COLOUR, RULE_LINE = colours.CREDITED_ALT, colours.CREDITED_ALT_INK
REMAINDER_COLOUR, REMAINDER_LINE = colours.OUTSIDE, colours.DROPPED_INK


def score(x: float) -> str:
    """A score as shown: 5 decimals."""
    return f"{x:.5f}"


def signed(x: Optional[float]) -> str:
    """A difference as shown: 5 decimals with its sign (a dash when there is none).

    >>> signed(0.154), signed(-0.0), signed(None)
    ('+0.15400', '+0.00000', '—')
    """
    return "—" if x is None else f"{x + 0.0:+.5f}"


def percent(share: Optional[float]) -> str:
    """A share as a percentage with one decimal (a dash when it is not defined).

    >>> percent(0.77604), percent(-0.0004), percent(None)
    ('77.6\xa0%', '0.0\xa0%', '—')
    """
    if share is None:
        return "—"
    return f"{round(100 * share, 1) + 0.0:.1f}\u00a0%"  # a no-break space: "100.0 %" stays on one line


def measure_name(m: MeasureGap) -> str:
    """The measure as each config names it: ``ROUGE-L`` or ``ROUGE-L / rougeL``."""
    return m.name_a if m.name_a == m.name_b else f"{m.name_a} / {m.name_b}"


def measure_key(m: MeasureGap) -> str:
    """A measure pair's key (A's label, B's label) for a picker."""
    return f"{m.label_a}|{m.label_b}"


def interval(m: MeasureGap) -> str:
    """The bootstrap interval of the mean per-document difference, as shown."""
    if m.ci_low is None or m.ci_high is None:
        return "—"
    return f"{signed(m.ci_low)} to {signed(m.ci_high)}"


def literal_frame(df: pd.DataFrame) -> pd.DataFrame:
    """``df`` with every text cell through :func:`md_literal`, for ``st.table`` (whose cells render Markdown).

    >>> literal_frame(pd.DataFrame({"id": ["[x](y)"], "n": [1]})).values.tolist()
    [['\\\\[x\\\\]\\\\(y\\\\)', 1]]
    """
    return df.map(lambda v: md_literal(v, 2000) if isinstance(v, str) else v)


def interval_sentence(m: MeasureGap, confidence: float = 95.0) -> str:
    """The interval of the mean per-document difference in words (and that mean, when it is not B − A)."""
    if m.ci_low is None or m.ci_high is None:
        return "No interval: the paired bootstrap needs at least 2 documents."
    p = "" if m.p_value is None else f"; p = {m.p_value:.3f}"
    text = f"{confidence:g} % interval of the mean per-document difference B − A: {interval(m)}{p}."
    if f"{m.mean_delta:.5f}" != f"{m.delta:.5f}":
        text += f" That mean is {signed(m.mean_delta)}."
    return text


def _change_text(gap: SettingGap, row: Attribution) -> str:
    if row.name == LCS_VARIANT.name:
        return "ROUGE-L over sentences (union LCS) vs rougeL (one LCS)"
    return next((s.change for s in gap.settings if s.name == row.name), "")


def largest(m: MeasureGap) -> Optional[tuple[str, str, float]]:
    """The largest part of the gap by size: (title, change or "", share); None without a gap."""
    if m.remainder_share is None:
        return None
    parts = [(r.title, r.name, r.share) for r in m.settings if r.share is not None]
    parts.append((REMAINDER, "", m.remainder_share))
    title, name, share = max(parts, key=lambda p: abs(p[2]))
    return title, name, share


def summary_sentence(gap: SettingGap, m: MeasureGap) -> str:
    """One sentence on the largest contributor to the gap of a measure (plain text: escape it for Markdown)."""
    what = f"the gap in {measure_name(m)} ({STAT_LETTER[m.statistic]}: B − A = {signed(m.delta)})"
    top = largest(m)
    if top is None:
        return f"A and B give {measure_name(m)} the same average: no difference, so there is no gap to attribute."
    title, name, share = top
    if title == REMAINDER:
        source = "no single setting: the remainder (settings acting together, or one that cannot be switched alone)"
    else:
        change = next((s.change for s in gap.settings if s.name == name), "")
        source = f"“{title}”" + (f" ({change})" if change else "")
    inner = _largest_rule(m, name)
    if share >= 0:
        return f"{percent(share)} of {what} comes from {source}{inner}."
    return (
        f"The largest part of {what}, {percent(share)}, is {source}{inner}: alone it moves A's average the other way."
    )


def _largest_rule(m: MeasureGap, setting: str) -> str:
    """ ", within it, the rule “…” alone: x %" for the rule with the largest share inside ``setting``."""
    inside = [r for r in m.rules if r.parent == setting and r.share is not None and r.share != 0]
    if not inside or setting == LCS_VARIANT.name:
        return ""
    top = max(inside, key=lambda r: abs(r.share or 0.0))
    return f"; within it, the rule “{top.title}” switched alone gives {percent(top.share)}"


def overview_frame(gap: SettingGap) -> pd.DataFrame:
    """One row per compared measure: both averages, B − A, its interval and the largest contributor."""
    letter = STAT_LETTER[gap.statistic]
    rows = []
    for m in gap.measures:
        top = largest(m)
        stat = m.statistic
        rows.append(
            {
                "measure": measure_name(m),
                f"A {letter}": score(getattr(m.average_a, stat)),
                f"B {letter}": score(getattr(m.average_b, stat)),
                "B − A": signed(m.delta),
                "95 % interval (mean per-document B − A)": interval(m),
                "documents that differ": len(m.documents),
                "largest part of the gap": "no difference" if top is None else f"{top[0]} ({percent(top[2])})",
            }
        )
    return pd.DataFrame(rows)


def attribution_frame(gap: SettingGap, m: MeasureGap) -> pd.DataFrame:
    """Each differing setting (its rules under it), the remainder and the total; shares in percent."""
    rows: list[dict[str, Any]] = []
    rules = m.rules
    for r in m.settings:
        rows.append(
            {
                "part of the gap": r.title,
                "what changes": _change_text(gap, r),
                "documents": f"{r.documents:,} of {gap.n_documents:,} moved",
                "effect alone": signed(r.effect),
                "share": percent(r.share),
                "note": r.note,
            }
        )
        for rule in (x for x in rules if x.parent == r.name):
            rows.append(_rule_row(gap, rule))
    for rule in (x for x in rules if x.parent not in {s.name for s in m.settings}):
        rows.append(_rule_row(gap, rule))
    rows.append(
        {
            "part of the gap": REMAINDER,
            "what changes": "B − A minus every setting's effect alone",
            "documents": "",
            "effect alone": signed(m.remainder),
            "share": percent(m.remainder_share),
            "note": ""
            if m.remainder_share is None
            else "the interaction of the settings, and any setting that cannot be switched alone",
        }
    )
    rows.append(
        {
            "part of the gap": TOTAL,
            "what changes": "B − A",
            "documents": f"{len(m.documents):,} of {gap.n_documents:,} differ",
            "effect alone": signed(m.delta),
            "share": percent(m.share_total()),
            "note": "no difference: shares are not defined" if m.remainder_share is None else "",
        }
    )
    return pd.DataFrame(rows)


def _rule_row(gap: SettingGap, rule: Attribution) -> dict[str, Any]:
    sole = f", {rule.sole_documents:,} as the only rule" if rule.sole_documents else ""
    return {
        "part of the gap": f"↳ rule: {rule.title}",
        "what changes": f"part of the {rule.parent} setting",
        "documents": (
            "the corpus average (no document row)"
            if rule.name in CORPUS_QUIRKS
            else f"applies to {rule.documents:,} of {gap.explained_documents:,} examined{sole}"
        ),
        "effect alone": signed(rule.effect),
        "share": percent(rule.share),
        "note": rule.note,
    }


def _rule_name(rule_id: str) -> str:
    return RULES[rule_id].tag if rule_id in RULES else rule_id


def documents_frame(m: MeasureGap) -> pd.DataFrame:
    """The documents that differ, largest difference first: both scores, B − A, the settings and rules."""
    letter = STAT_LETTER[m.statistic]
    return pd.DataFrame(
        {
            "id": [d.doc_id for d in m.documents],
            f"A {letter}": [d.score_a for d in m.documents],
            f"B {letter}": [d.score_b for d in m.documents],
            "B − A": [d.delta for d in m.documents],
            "settings": [", ".join(d.settings) for d in m.documents],
            "rules": [NOT_EXAMINED if d.rules is None else ", ".join(map(_rule_name, d.rules)) for d in m.documents],
        },
        columns=["id", f"A {letter}", f"B {letter}", "B − A", "settings", "rules"],
    )


def rule_documents_frame(m: MeasureGap) -> pd.DataFrame:
    """Each rule named on the documents, with the IDs of the examined documents it applies to."""
    rows = []
    for rule in m.rules:
        ids = [d.doc_id for d in m.documents if d.rules and rule.name in d.rules]
        rows.append({"rule": rule.title, "documents": len(ids), "IDs": ", ".join(ids)})
    return pd.DataFrame(rows, columns=["rule", "documents", "IDs"])


def attribution_figure(gap: SettingGap, m: MeasureGap) -> go.Figure:
    """A bar per setting (its rules under it) and the remainder, each labelled with its share."""
    labels, values, texts, fills, lines, hatch, hovers = [], [], [], [], [], [], []

    def add(label: str, share: Optional[float], text: str, kind: str, hover: str) -> None:
        fill, line = {
            "setting": (SETTING_COLOUR, SETTING_LINE),
            "rule": (RULE_COLOUR, RULE_LINE),
            "remainder": (REMAINDER_COLOUR, REMAINDER_LINE),
        }[kind]
        labels.append(esc(label if len(label) <= 48 else label[:47] + "…"))
        values.append(0.0 if share is None else 100 * share)
        texts.append(esc(text))
        fills.append(fill)
        lines.append(line)
        hatch.append("/" if kind == "remainder" else "")
        hovers.append(esc(hover))

    for r in m.settings:
        add(_change_text(gap, r) or r.title, r.share, percent(r.share), "setting", r.title)
        for rule in (x for x in m.rules if x.parent == r.name):
            text = percent(rule.share) if rule.share is not None else f"no share of its own (within {rule.parent})"
            add(f"↳ {_rule_name(rule.name)}", rule.share, text, "rule", rule.title)
    add("remainder (together)", m.remainder_share, percent(m.remainder_share), "remainder", REMAINDER)
    fig = go.Figure(
        go.Bar(
            x=values,
            y=list(range(len(labels))),
            orientation="h",
            text=texts,
            textposition="outside",
            cliponaxis=False,
            customdata=hovers,
            hovertemplate="%{customdata}<br>%{x:.1f} % of the gap<extra></extra>",
            marker=dict(color=fills, line=dict(color=lines, width=1.5), pattern=dict(shape=hatch, fgcolor="#555")),
        )
    )
    low, high = min(0.0, *values), max(0.0, *values)
    pad = 0.3 * max(high - low, 1.0)
    fig.update_yaxes(
        tickvals=list(range(len(labels))), ticktext=labels, autorange="reversed", automargin=True, tickfont_size=13
    )
    fig.update_xaxes(
        title_text="share of the gap B − A (%)",
        range=[low - (pad if low < 0 else 0.05 * pad), high + pad],
        zeroline=True,
        zerolinecolor="#444",
        ticksuffix=" %",
    )
    head, px = figure_title(
        f"Where the gap in {esc(measure_name(m))} ({STAT_LETTER[m.statistic]}) comes from",
        "Each setting switched alone from A's value to B's; the remainder is what no single switch gives.",
    )
    fig.update_layout(
        title=head,
        height=px + 80 + 34 * len(labels),
        margin=dict(t=px + 16, l=10, r=30, b=50),
        showlegend=False,
        bargap=0.3,
        font=dict(size=13),
    )
    return fig


# -- downloads ----------------------------------------------------------------------------------------------


def documents_csv(gap: SettingGap, measures: Sequence[MeasureGap] | None = None) -> str:
    """Every measure's per-document differences (long format), each row naming both signatures (through
    the project's one CSV writer: every digit of the scores, IDs that start like a formula neutralised)."""
    header = ["measure A", "measure B", "statistic", "id", "score A", "score B", "B - A", "settings", "rules"]
    rows = [
        [m.name_a, m.name_b, m.statistic, d.doc_id, d.score_a, d.score_b, d.delta]
        + [" ".join(d.settings), NOT_EXAMINED if d.rules is None else " ".join(d.rules)]
        + [gap.signature_a, gap.signature_b]
        for m in (measures if measures is not None else gap.measures)
        for d in m.documents
    ]
    return write_csv(header + ["signature A", "signature B"], rows)


def gap_json(gap: SettingGap, corpus: str, system: str, name_a: str, name_b: str) -> str:
    """The whole SettingGap (both signatures included) with what it was computed on."""
    doc = {
        "corpus": corpus,
        "system": system,
        "config_a": {"name": name_a, "signature": gap.signature_a},
        "config_b": {"name": name_b, "signature": gap.signature_b},
        "setting_gap": to_dict(gap),
    }
    return write_json(doc, ensure_ascii=False, allow_nan=True)
