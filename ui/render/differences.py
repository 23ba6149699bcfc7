"""Comparison -> the side-by-side table and the escaped HTML that explains each difference.

Also the small views of the Learn pages' other two rouge_core results (token
stages, mistakes), so the pages stay layout only. No widgets are read here.
"""

from __future__ import annotations

from typing import Sequence

import pandas as pd

from rouge_core.config import MULTI_REF_TEXT, PROFILES, RougeConfig
from rouge_core.measures.registry import display_name
from rouge_core.teach.differences import RULES, Comparison, Hit
from rouge_core.teach.mistakes import Outcome
from rouge_core.teach.token_stages import Stage, TokenStages
from ui.render.plural import counted

from . import colours
from .html import esc, highlight, legend, note_html, page
from .numbers import DASH, number

DIFF_COLOUR = colours.DIFFERS
QUANTITIES = (("P", "precision"), ("R", "recall"), ("F", "fmeasure"))
#: The score columns of :func:`comparison_frame` (one per profile and statistic).
NUMBER_COLUMNS = pd.Index([f"{p} {short}" for short, _ in QUANTITIES for p in PROFILES])


def comparison_frame(c: Comparison, stats: str = "PRF") -> pd.DataFrame:
    """One row per measure: the statistics ``stats`` (of P, R, F) under each profile (None where a
    profile lacks the measure), then the rules that make the profiles differ (empty: no difference).

    >>> from rouge_core.teach.differences import compare
    >>> df = comparison_frame(compare("killed police", "police killed"))
    >>> df.loc[df.measure == "ROUGE-SU4", ["differs because", "rouge155 R", "paper R"]].values.tolist()
    [["SU's last unigram", 0.0, 0.6666666666666666]]
    """
    rows = []
    for row in c.rows:
        name = row.label
        rs = row.names.get("rouge-score")
        if rs and rs != row.label:
            name += f" ({rs})"
        because = [RULES[r].tag for r in row.rules]
        if row.unexplained:
            because.append("unexplained: " + ", ".join(f"{a} vs {b}" for a, b in row.unexplained))
        out: dict[str, object] = {"measure": name}
        for short, attr in QUANTITIES:  # grouped by statistic: the profiles' values side by side
            if short not in stats:
                continue
            for p in PROFILES:
                s = row.scores[p]
                out[f"{p} {short}"] = None if s is None else getattr(s, attr)
        out["differs because"] = "; ".join(because) if row.differs else ""
        rows.append(out)
    return pd.DataFrame(rows)


def style_frame(df: pd.DataFrame) -> pd.io.formats.style.Styler:
    """Highlight the cells that differ: in each row and statistic, the values not shared by the most
    profiles (all of them when every profile differs), never the whole row. Scores are shown as text
    in one style, 6 decimals (rouge155's 5 printed digits end in 0), and a measure the profile lacks
    as a dash, not "None"."""

    def shade(row: pd.Series) -> list[str]:
        css = [""] * len(row)
        for short, _ in QUANTITIES:
            cols = [c for c in (f"{p} {short}" for p in PROFILES) if c in row.index and pd.notna(row[c])]
            values = [row[c] for c in cols]
            if len(set(values)) < 2:
                continue
            common = max(set(values), key=values.count)
            alone = values.count(common) == 1  # every value different: shade them all
            for c in cols:
                if alone or row[c] != common:
                    css[row.index.get_loc(c)] = f"background-color: {DIFF_COLOUR}"
        return css

    css = pd.DataFrame([shade(r) for _, r in df.iterrows()], index=df.index, columns=df.columns)
    shown = df.copy()
    for c in NUMBER_COLUMNS.intersection(df.columns):
        shown[c] = [DASH if pd.isna(v) else number(v, 6) for v in df[c]]
    return shown.style.apply(lambda _: css, axis=None)


def configs_text(configs: dict[str, RougeConfig]) -> str:
    """What changes between the three columns (plain text for a caption)."""
    parts = [f"{p}: {c.tokenizer} tokenizer, {MULTI_REF_TEXT[c.multi_ref or 'best'].short}" for p, c in configs.items()]
    return "; ".join(parts)


def _hit_html(h: Hit) -> str:
    f = h.finding
    moves = ", ".join(f.measures) or "no score on its own"
    apart = ", ".join(h.rule.sets_apart) or "no profile (all three alike)"
    tag = f' · in the table as "{esc(h.rule.tag)}"' if f.in_table and f.measures else ""
    return (
        f'<div class="rl-row" style="margin:0.6rem 0;"><b>{esc(h.rule.title)}</b>'
        f'<div class="rl-note">{"moves" if f.in_table else "would move"}: {esc(moves)} · '
        f"sets apart: {esc(apart)}{tag}</div><div>{esc(h.rule.explanation)}</div>"
        f"<div><i>On this input:</i> {esc(f.detail)}</div></div>"
    )


def hits_html(hits: Sequence[Hit]) -> str:
    """Each rule that fired: title, the measures it moves, its sentence and this input's numbers."""
    return page(*(_hit_html(h) for h in hits)) if hits else page(note_html("none"))


def rules_html(rule_ids: Sequence[str]) -> str:
    """Titles and sentences of rules (those that do not apply to this input)."""
    return page(
        *(f'<div class="rl-row"><b>{esc(RULES[r].title)}</b>: {esc(RULES[r].explanation)}</div>' for r in rule_ids)
    )


# -- tokenizer inspector -------------------------------------------------------------

MARK_STYLES = {"dropped": "rl-dropped", "split": colours.SPLIT, "case": colours.CASE}
#: Every token is outlined (class ``rl-tok``), so where one ends and the next begins shows without a colour.
TOKEN_STYLE = "rl-tok"


def text_marks_html(ts: TokenStages) -> str:
    """The original text: each token outlined; dropped, word-splitting and case-changed characters marked."""
    spans = [(s, e, TOKEN_STYLE, f"token {k + 1}") for k, (s, e) in enumerate(ts.spans)]
    spans += [(m.start, m.end, MARK_STYLES[m.kind], m.reason) for m in ts.marks]
    return highlight(ts.text, spans)


MARKS_LEGEND = legend(
    [
        (TOKEN_STYLE, "a token (outlined)"),
        ("rl-dropped", "dropped"),
        (MARK_STYLES["split"], "splits a word"),
        (MARK_STYLES["case"], "changes case to ASCII or folds"),
    ]
)


def tokens_html(tokens: Sequence[str], struck: Sequence[str] = (), changed: dict[str, str] | None = None) -> str:
    """Tokens as chips (escaped): ``struck`` ones crossed out, ``changed`` ones shown as ``a→b``."""
    changed = changed or {}
    words = [f"{t}→{changed[t]}" if t in changed else t for t in tokens] + list(struck)
    text, spans, pos = "", [], 0
    for k, w in enumerate(words):
        style = "rl-dropped" if k >= len(tokens) else (MARK_STYLES["case"] if tokens[k] in changed else TOKEN_STYLE)
        spans.append((pos, pos + len(w), style, ""))
        text += w + " "
        pos += len(w) + 1
    return highlight(text.rstrip(), spans) if words else note_html("(no tokens)")


def stage_html(stage: Stage, before: Sequence[str] = ()) -> str:
    """One stage: its rule, its count and its tokens (``before``: the previous stage's tokens,
    shown as ``word→stem`` for the stemming stage)."""
    head = f'<div class="rl-row"><b>{esc(stage.name)}</b> — {esc(stage.rule)}'
    if not stage.enabled:
        return page(head + " <i>(off in the sidebar: nothing changes)</i></div>")
    if stage.text is not None:
        pairs = ", ".join(f"{a}→{b}" for a, b in stage.changed[:12]) or "none"
        changes = f"{counted(stage.count, 'character')} change: {pairs}"
        return page(head + f"</div>{note_html(changes)}")
    if stage.name == "stemming":
        body = tokens_html(before or stage.tokens, changed=dict(stage.changed) if before else None)
        note = note_html(f"{counted(stage.count, 'token')}; {counted(len(stage.changed), 'word')} stemmed")
        return page(head + "</div>" + note, body)
    lost = f"; {len(stage.removed)} removed" if stage.removed else ""
    return page(head + "</div>" + note_html(f"{stage.count} tokens{lost}"), tokens_html(stage.tokens, stage.removed))


# -- common mistakes ----------------------------------------------------------------


def outcome_frame(o: Outcome, profile: str) -> pd.DataFrame:
    """The correct value (rouge_core.evaluate) next to the mistaken one, per quantity."""
    name = display_name(o.measure, profile)
    return pd.DataFrame(
        [
            {
                "quantity": f"{name} {q.name}",
                "correct (rouge_core)": q.correct,
                "mistaken": q.mistaken,
                "difference": None if q.mistaken is None else q.mistaken - q.correct,
            }
            for q in o.quantities
        ]
    )
