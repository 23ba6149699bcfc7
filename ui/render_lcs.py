"""ROUGE-L: the DP table with its traceback, sentence alignments, and the union LCS with its hit budget.

Rows of a table are reference positions, columns candidate positions (row/column
0 is the empty prefix). Sentences and positions shown to users count from 1.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from typing import Optional, Sequence, Union

import pandas as pd
import plotly.graph_objects as go

from rouge_core import Report, Token
from rouge_core.explain import LcsExplanation, SentencePair, UnionMark
from rouge_core.lcs import TABLE_CELLS, lcs

from .html import (Span, analysis_html, color, esc, legend, note_html, page, row_html, scroll, short,
                   token_span)

TokenLike = Union[Token, str]

TIE_RULE = ("Tie rule: when c[a-1][b] >= c[a][b-1] the traceback steps up (along the reference) "
            "before it steps left, as ROUGE-1.5.5 and rouge-score do")

#: Most cells a heatmap draws (the core keeps tables up to 40,000 cells).
MAX_CELLS = 45_000
#: Tables up to this many cells get a tooltip per cell; larger ones a plain one.
HOVER_CELLS = 10_000
#: Tables up to this many cells print their values in the cells.
TEXT_CELLS = 900
#: Most tokens per row of an alignment figure.
ALIGN_TOKENS = 40

MATCH_COLOUR = "#2d6a4f"
PATH_COLOUR = "#f77f00"


def _text(t: TokenLike) -> str:
    return t.text if isinstance(t, Token) else str(t)


def _key(t: TokenLike) -> str:
    return t.key if isinstance(t, Token) else str(t)


def lcs_explanation(report: Report, label: str, ref_index: int) -> LcsExplanation:
    """The LCS/WLCS explanation of one measure against one reference."""
    per = report.measures[label].per_reference
    if not 0 <= ref_index < len(per):
        raise IndexError(f"reference {ref_index + 1} does not exist: the report has {len(per)}")
    return per[ref_index].explanation


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


def pair_tokens(report: Report, ref_index: int, pair: SentencePair
                ) -> tuple[tuple[Token, ...], tuple[Token, ...]]:
    """The token sequences a pair aligns (the whole texts' sentences joined for a flat pair)."""
    ref, cand = report.references[ref_index], report.candidate
    if pair.reference_sentence < 0:
        return (tuple(t for s in ref.sentences for t in s), tuple(t for s in cand.sentences for t in s))
    return ref.sentences[pair.reference_sentence], cand.sentences[pair.candidate_sentence]


def pair_with_table(report: Report, label: str, ref_index: int, pair: SentencePair) -> SentencePair:
    """The pair with its DP table, rebuilt for display when the core did not keep it.

    The core keeps tables within a budget per reference; a single pair of up
    to ``rouge_core.lcs.TABLE_CELLS`` cells is recomputed here by the same
    ``rouge_core.lcs.lcs`` code. The rebuilt table is used only if its marks
    equal the pair's marks (otherwise the pair is returned unchanged).
    """
    if pair.table is not None:
        return pair
    e = lcs_explanation(report, label, ref_index)
    rt, ct = pair_tokens(report, ref_index, pair)
    if not rt or not ct or len(rt) * len(ct) > TABLE_CELLS:
        return pair
    res = lcs([t.key for t in rt], [t.key for t in ct], e.weight, keep_table=True)
    if tuple(res.marks) != tuple(pair.marks) or res.table is None:
        return pair
    return replace(pair, table=tuple(tuple(r) for r in res.table), path=tuple(res.path or ()))


def _fmt(v: float) -> str:
    return str(int(v)) if float(v).is_integer() else f"{v:.4g}"


def _ticks(tokens: Sequence[TokenLike], upto: int, limit: int = 60) -> tuple[list[int], list[str]]:
    """Tick positions 0..upto-1 (0 = empty prefix), thinned to about ``limit`` labels."""
    step = max(1, math.ceil(upto / limit))
    vals = list(range(0, upto, step))
    text = ["∅" if v == 0 else esc(f"{v}. {short(_text(tokens[v - 1]))}") for v in vals]
    return vals, text


def lcs_heatmap(pair: SentencePair, ref_tokens: Sequence[TokenLike], cand_tokens: Sequence[TokenLike],
                tie_rule_text: str = TIE_RULE, max_cells: int = MAX_CELLS) -> Optional[go.Figure]:
    """The DP table as a heatmap, the traceback path on it and the matched (diagonal) cells marked.

    Returns None when the core kept no table for this pair (too large): the
    caller says so and shows the alignment instead. A table above ``max_cells``
    is cropped to its top-left corner and the title says so.
    """
    if pair.table is None:
        return None
    table = pair.table
    rows, cols = len(table), len(table[0]) if table else 0
    r_lim, c_lim = rows, cols
    if rows * cols > max_cells:
        scale = math.sqrt(max_cells / (rows * cols))
        r_lim = min(rows, max(2, int(rows * scale)))
        c_lim = min(cols, max(2, max_cells // r_lim))
    z = [list(r[:c_lim]) for r in table[:r_lim]]
    cells = r_lim * c_lim
    heat = go.Heatmap(z=z, x=list(range(c_lim)), y=list(range(r_lim)), colorscale="Blues",
                      zmin=0, colorbar=dict(title=dict(text="c[a][b]")), xgap=1, ygap=1)
    if cells <= HOVER_CELLS:
        hover = []
        for a in range(r_lim):
            line = []
            for b in range(c_lim):
                if a == 0 or b == 0:
                    line.append(f"c[{a}][{b}] = 0 (empty prefix)")
                    continue
                rt, ct = ref_tokens[a - 1], cand_tokens[b - 1]
                if _key(rt) == _key(ct):
                    step = "diagonal: the tokens match"
                elif table[a - 1][b] >= table[a][b - 1]:
                    step = "up: c[a-1][b] >= c[a][b-1]"
                else:
                    step = "left: c[a][b-1] > c[a-1][b]"
                line.append(esc(f"ref {a}. {short(_text(rt), 30)} / cand {b}. {short(_text(ct), 30)}")
                            + f"<br>c[{a}][{b}] = {_fmt(table[a][b])}<br>{esc(step)}")
            hover.append(line)
        heat.update(text=hover, hovertemplate="%{text}<extra></extra>")
        if cells <= TEXT_CELLS:
            heat.update(texttemplate="%{z:.3~f}", textfont=dict(size=11))
    else:
        heat.update(hovertemplate="row %{y}, column %{x}: c = %{z}<extra></extra>")
    fig = go.Figure(heat)
    path = [(a, b) for a, b in (pair.path or ()) if a < r_lim and b < c_lim]
    if path:
        fig.add_trace(go.Scatter(x=[b for _, b in path], y=[a for a, _ in path], mode="lines+markers",
                                 line=dict(color=PATH_COLOUR, width=2.5), marker=dict(size=5), opacity=0.75,
                                 name="traceback", hoverinfo="skip"))
    marks = [(a + 1, b + 1) for a, b in pair.marks if a + 1 < r_lim and b + 1 < c_lim]
    if marks:
        fig.add_trace(go.Scatter(
            x=[b for _, b in marks], y=[a for a, _ in marks], mode="markers", name="match (diagonal)",
            marker=dict(symbol="square-open", size=max(8, min(26, 520 // max(r_lim, c_lim))),
                        color="#d00000", line=dict(width=3)),
            text=[esc(short(_text(ref_tokens[a - 1]), 30)) for a, _ in marks],
            hovertemplate="match %{text} at row %{y}, column %{x}<extra></extra>"))
    xv, xt = _ticks(cand_tokens, c_lim)
    yv, yt = _ticks(ref_tokens, r_lim)
    where = ("whole reference (rows) x whole candidate (columns)" if pair.reference_sentence < 0 else
             f"reference sentence {pair.reference_sentence + 1} (rows) x "
             f"candidate sentence {pair.candidate_sentence + 1} (columns)")
    title = f"LCS table: {where}; last cell = {_fmt(pair.value)}"
    if (r_lim, c_lim) != (rows, cols):
        title += f" (showing rows 0-{r_lim - 1} of {rows - 1}, columns 0-{c_lim - 1} of {cols - 1})"
    fig.update_layout(
        title=dict(text=esc(title), font=dict(size=14),
                   subtitle=dict(text=esc(tie_rule_text), font=dict(size=11))),
        xaxis=dict(tickvals=xv, ticktext=xt, side="top", tickangle=-45, showgrid=False, zeroline=False),
        yaxis=dict(tickvals=yv, ticktext=yt, autorange="reversed", showgrid=False, zeroline=False),
        height=int(max(380, min(900, 40 * r_lim + 260))),
        margin=dict(t=170, b=50, l=10, r=10),
        legend=dict(orientation="h", yanchor="top", y=-0.03, xanchor="left", x=0),
    )
    return fig


def _window(length: int, first: Optional[int], start: Optional[int], size: int) -> int:
    if length <= size:
        return 0
    if start is None:
        start = max(0, (first if first is not None else 0) - 3)
    return max(0, min(start, length - size))


def alignment_figure(ref_tokens: Sequence[TokenLike], cand_tokens: Sequence[TokenLike],
                     marks: Sequence[tuple[int, int]], mark_colors: Optional[Sequence[str]] = None,
                     mark_titles: Optional[Sequence[str]] = None, title: str = "",
                     max_tokens: int = ALIGN_TOKENS, ref_start: Optional[int] = None,
                     cand_start: Optional[int] = None) -> go.Figure:
    """Two rows of tokens (reference above, candidate below) with a line per matched pair.

    ``marks`` are (reference position, candidate position). Long sides show a
    window of ``max_tokens`` tokens (by default from just before the first mark)
    and the title says which. At most one line trace per colour.
    """
    rs = _window(len(ref_tokens), marks[0][0] if marks else None, ref_start, max_tokens)
    cs = _window(len(cand_tokens), marks[0][1] if marks else None, cand_start, max_tokens)
    rw = ref_tokens[rs:rs + max_tokens]
    cw = cand_tokens[cs:cs + max_tokens]
    colours = list(mark_colors) if mark_colors is not None else [MATCH_COLOUR] * len(marks)
    titles = list(mark_titles) if mark_titles is not None else [""] * len(marks)
    shown = [(a, b, colours[k], titles[k]) for k, (a, b) in enumerate(marks)
             if rs <= a < rs + len(rw) and cs <= b < cs + len(cw)]
    ref_title = {a: t for a, _, _, t in shown}
    fig = go.Figure()
    by_colour: dict[str, tuple[list, list]] = {}
    for a, b, c, _ in shown:
        xs, ys = by_colour.setdefault(c, ([], []))
        xs.extend([b - cs, a - rs, None])
        ys.extend([0, 1, None])
    for c, (xs, ys) in by_colour.items():
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color=c, width=3),
                                 hoverinfo="skip", showlegend=False))
    matched_r = {a for a, _, _, _ in shown}
    matched_c = {b for _, b, _, _ in shown}
    for y, toks, start, matched, name in ((1, rw, rs, matched_r, "reference"),
                                          (0, cw, cs, matched_c, "candidate")):
        hover = []
        for k, t in enumerate(toks):
            h = esc(f"{name} token {start + k + 1}: {short(_text(t), 40)}")
            if ref_title.get(start + k) and y == 1:
                h += "<br>" + esc(ref_title[start + k])
            hover.append(h)
        fig.add_trace(go.Scatter(
            x=list(range(len(toks))), y=[y] * len(toks), mode="markers", name=name, showlegend=False,
            marker=dict(size=10, color=[MATCH_COLOUR if start + k in matched else "#c8c8c8"
                                        for k in range(len(toks))]),
            text=hover, hovertemplate="%{text}<extra></extra>"))
    annotations = []
    for y, toks, angle, anchor in ((1, rw, -50, "bottom"), (0, cw, 50, "top")):
        for k, t in enumerate(toks):
            annotations.append(dict(x=k, y=y, text=esc(short(_text(t), 12)), showarrow=False,
                                    textangle=angle, yanchor=anchor, xanchor="left" if y else "right",
                                    yshift=8 if y else -8, font=dict(size=12)))
    annotations.append(dict(x=-0.5, y=1, text="reference", showarrow=False, xanchor="right",
                            font=dict(size=11, color="#555")))
    annotations.append(dict(x=-0.5, y=0, text="candidate", showarrow=False, xanchor="right",
                            font=dict(size=11, color="#555")))
    head = title
    if len(ref_tokens) > len(rw) or len(cand_tokens) > len(cw):
        head += (f" (showing reference tokens {rs + 1}-{rs + len(rw)} of {len(ref_tokens)}, "
                 f"candidate tokens {cs + 1}-{cs + len(cw)} of {len(cand_tokens)})")
    width = max(len(rw), len(cw), 16)  # short sentences stay left, with readable spacing
    fig.update_layout(
        title=dict(text=esc(head.strip()), font=dict(size=14)),
        xaxis=dict(visible=False, range=[-3, width]),
        yaxis=dict(visible=False, range=[-1.5, 2.5]),
        height=300, margin=dict(t=40, b=10, l=10, r=10), annotations=annotations,
    )
    return fig


# -- the union LCS of the whole summary --------------------------------------------

def _spent_reasons(report: Report, e: LcsExplanation) -> list[str]:
    """Why each spent key was spent: which side had no copy left."""
    spent = Counter(m.key for m in e.marks if not m.credited)
    credited = Counter(m.key for m in e.marks if m.credited)
    have = Counter(report.candidate.keys)
    out = []
    for key, k in spent.items():
        side = "candidate" if credited[key] >= have[key] else "reference"
        times = f" (x{k})" if k > 1 else ""
        out.append(f"the {side} had no '{key}' left{times}")
    return out


def budget_line(report: Report, label: str, ref_index: int) -> str:
    """The hit budget in one plain line, e.g. "credited 7 of 9 marks; 2 spent: ..."."""
    e = lcs_explanation(report, label, ref_index)
    counts = report.measures[label].per_reference[ref_index].counts
    tail = (f"hit {_fmt(counts.hit)} of {_fmt(counts.model)} reference tokens (recall) and of "
            f"{_fmt(counts.peer)} candidate tokens (precision)")
    if is_flat(e):
        return f"one LCS over the whole texts: {tail}"
    total = len(e.marks)
    credited = sum(m.credited for m in e.marks)
    if e.kind == "union-unclipped":
        return f"credited all {total} marks (the paper's union LCS has no hit budget); {tail}"
    line = f"credited {credited} of {total} marks"
    if credited < total:
        line += f"; {total - credited} spent: " + ", ".join(_spent_reasons(report, e))
    return f"{line}; {tail}"


UNION_LEGEND_BASE = [("rl-spent", "marked but not credited (hit budget spent)"),
                     ("rl-dropped", "not counted (tokenizer, stopword or length limit)")]


def union_html(report: Report, label: str, ref_index: int, max_tokens: int = 1500) -> str:
    """Per reference sentence, its union LCS marks coloured by the candidate sentence that
    contributed them; the candidate below in the same colours; the budget line.

    Struck-through marks were found by an LCS but not credited (hit budget). At
    most ``max_tokens`` reference tokens are drawn; a note says when more exist.
    """
    e = lcs_explanation(report, label, ref_index)
    ref, cand = report.references[ref_index], report.candidate
    if is_flat(e):
        return flat_html(report, label, ref_index)
    by_sentence: dict[int, list[UnionMark]] = {}
    for m in e.marks:
        by_sentence.setdefault(m.reference_sentence, []).append(m)
    rows: list[str] = []
    cand_spans: dict[int, list[Span]] = {}
    used = 0
    sources: set[int] = set()
    for i, sent in enumerate(ref.sentences):
        if i >= len(ref.sentence_spans):
            break
        if used >= max_tokens:
            rows.append(note_html(f"shown: reference sentences 1-{i} of {len(ref.sentences)} "
                                  f"(the first {used:,} tokens)"))
            break
        s, t_end = ref.sentence_spans[i]
        spans: list[Span] = []
        for m in by_sentence.get(i, ()):
            j, b = m.source
            tok, ctok = sent[m.position], cand.sentences[j][b]
            sources.add(j)
            why = "" if m.credited else " (not credited: hit budget spent)"
            title = (f"reference sentence {i + 1} token {m.position + 1} '{tok.text}' matched by "
                     f"candidate sentence {j + 1} token {b + 1} '{ctok.text}'{why}")
            style = color(j) + ("" if m.credited else " rl-spent")
            spans.append(token_span(tok, style, title, offset=s))
            cand_spans.setdefault(j, []).append(
                token_span(ctok, style, f"marks reference sentence {i + 1} token {m.position + 1}{why}"))
        marked = len(by_sentence.get(i, ()))
        rows.append(row_html(f"R{i + 1}  ({marked} of {len(sent)} tokens in the union LCS)",
                             analysis_html(ref, spans, start=s, end=t_end)))
        used += len(sent)
    # A candidate token can mark several reference tokens: its credited marks are drawn last (win).
    c_all = sorted((sp for j in sorted(cand_spans) for sp in cand_spans[j]),
                   key=lambda sp: "rl-spent" not in sp[2])
    items = [(color(j), f"candidate sentence {j + 1}") for j in sorted(sources)[:12]]
    if len(sources) > 12:
        items.append(("rl-plain", f"... {len(sources) - 12} more"))
    return page(
        legend(items + UNION_LEGEND_BASE),
        scroll(*rows),
        row_html("Candidate (tokens that marked a reference token, in their sentence's colour)",
                 analysis_html(cand, c_all)),
        note_html(budget_line(report, label, ref_index)),
        *(note_html(n) for n in e.notes),
    )


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


UNION_COLUMNS = ["reference sentence", "position", "token", "candidate sentence",
                 "candidate position", "candidate token", "credited"]


def union_table(report: Report, label: str, ref_index: int) -> pd.DataFrame:
    """One row per union LCS mark (1-based sentences and positions); flat LCS: one row per mark."""
    e = lcs_explanation(report, label, ref_index)
    ref, cand = report.references[ref_index], report.candidate
    rows = []
    if is_flat(e):
        for pair in e.pairs:
            rt, ct = pair_tokens(report, ref_index, pair)
            for a, b in pair.marks:
                rows.append((None, a + 1, rt[a].text, None, b + 1, ct[b].text, True))
    else:
        for m in e.marks:
            j, b = m.source
            rows.append((m.reference_sentence + 1, m.position + 1,
                         ref.sentences[m.reference_sentence][m.position].text, j + 1, b + 1,
                         cand.sentences[j][b].text, m.credited))
    return pd.DataFrame(rows, columns=UNION_COLUMNS)
