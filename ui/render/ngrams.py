"""ROUGE-N: the n-gram table (clipped credit) and the credited occurrences in both texts.

Positions shown to users count from 1.
"""

from __future__ import annotations

from bisect import bisect_right
from typing import Optional

import pandas as pd

from rouge_core import Analysis, Report
from rouge_core.measures.explain import GramExplanation

from .html import Span, analysis_html, esc, legend, page
from .numbers import number

NGRAM_COLUMNS = ["n-gram", "candidate count", "reference count", "clipped credit", "matched", "in"]

#: Largest number of n-grams a token's tooltip names.
TITLE_GRAMS = 3

#: Rows of the n-gram table drawn at first, and added by each "show more" (a 2 x 300-word pair has about
#: 400 distinct unigrams: as an HTML table, every row drawn would be about 3,000 DOM elements).
NGRAM_ROWS = 25


def labels_of(report: Report, *families: str) -> list[str]:
    """The report's measure labels of the given families, in report order.

    >>> from rouge_core import RougeConfig, evaluate
    >>> labels_of(evaluate("a b", "a b", RougeConfig(max_n=2)), "N")
    ['ROUGE-1', 'ROUGE-2']
    """
    return [k for k, m in report.measures.items() if m.family in families]


def gram_explanation(report: Report, label: str, ref_index: int) -> Optional[GramExplanation]:
    """The n-gram/skip-bigram explanation of one measure against one reference (None if not kept)."""
    per = report.measures[label].per_reference
    if not 0 <= ref_index < len(per):
        raise IndexError(f"reference {ref_index + 1} does not exist: the report has {len(per)}")
    e = per[ref_index].explanation
    return e if isinstance(e, GramExplanation) else None


def _where(c: int, r: int) -> str:
    if c and r:
        return "both"
    return "candidate only" if c else "reference only"


def ngram_table(report: Report, label: str, ref_index: int) -> pd.DataFrame:
    """Every distinct n-gram of either side: counts, clipped credit, matched.

    Sorted matched first, then n-grams of the candidate only, then of the
    reference only; within each group in reading order.
    """
    e = gram_explanation(report, label, ref_index)
    rows = []
    for g in e.grams if e is not None else ():
        first = (g.candidate_positions or g.reference_positions)[0][0]
        group = 0 if g.credit else (1 if g.candidate_count else 2)
        rows.append(
            (
                group,
                first,
                " ".join(g.gram),
                g.candidate_count,
                g.reference_count,
                g.credit,
                g.credit > 0,
                _where(g.candidate_count, g.reference_count),
            )
        )
    rows.sort(key=lambda r: (r[0], r[1]))
    return pd.DataFrame([r[2:] for r in rows], columns=NGRAM_COLUMNS)


def ngram_summary(report: Report, label: str, ref_index: int) -> str:
    """One line: hits, totals, recall and precision as fractions (plain text)."""
    e = gram_explanation(report, label, ref_index)
    if e is None:
        return f"{label}: no explanation kept"
    r = report.measures[label].per_reference[ref_index].score
    return (
        f"{label}: {e.hit} clipped hits of {e.reference_total} reference {e.n}-grams "
        f"(recall {e.hit}/{e.reference_total} = {number(r.recall)}) and of "
        f"{e.candidate_total} candidate {e.n}-grams "
        f"(precision {e.hit}/{e.candidate_total} = {number(r.precision)})"
    )


def _token_marks(
    positions_by_gram: list[tuple[str, tuple[tuple[int, ...], ...], int, int, int]],
) -> dict[int, tuple[str, list[str]]]:
    """token index -> (style, titles): credited beats clipped beats unmatched."""
    rank = {"rl-match": 2, "rl-clipped": 1, "rl-miss": 0}
    out: dict[int, tuple[str, list[str]]] = {}
    for text, positions, credit, own, other in positions_by_gram:
        for k, pos in enumerate(positions):
            if k < credit:
                style, title = "rl-match", f"credited: '{text}' ({k + 1} of {credit})"
            elif other:
                style, title = "rl-clipped", (f"clipped: '{text}' occurs {own}x here but {other}x on the other side")
            else:
                style, title = "rl-miss", f"'{text}' is not on the other side"
            for t in pos:
                old = out.get(t)
                if old is None or rank[style] > rank[old[0]]:
                    out[t] = (style, [title])
                elif rank[style] == rank[old[0]] and len(old[1]) < TITLE_GRAMS:
                    old[1].append(title)
    return out


def ngram_highlight_html(report: Report, label: str, ref_index: int) -> tuple[str, str]:
    """(candidate HTML, reference HTML): the first ``credit`` occurrences of each n-gram marked.

    Blue with a solid underline = credited, yellow with a dashed one = the n-gram
    is on both sides but this occurrence is beyond the clipped credit, vermillion
    with a dotted one = not on the other side (ui/render/colours.py); grey struck text
    never reached the count (tooltips say why).
    """
    e = gram_explanation(report, label, ref_index)
    cand, ref = report.candidate, report.references[ref_index]
    if e is None:
        return analysis_html(cand, []), analysis_html(ref, [])
    c_items = [
        (" ".join(g.gram), g.candidate_positions, g.credit, g.candidate_count, g.reference_count) for g in e.grams
    ]
    r_items = [
        (" ".join(g.gram), g.reference_positions, g.credit, g.reference_count, g.candidate_count) for g in e.grams
    ]

    return (
        analysis_html(cand, marked_runs(cand, _token_marks(c_items))),
        analysis_html(ref, marked_runs(ref, _token_marks(r_items))),
    )


def marked_runs(analysis: Analysis, marks: dict[int, tuple[str, list[str]]]) -> list[Span]:
    """One span per run of consecutive tokens with the same mark, titled with all their titles in order,
    instead of one span per token: a 2 x 300-word pair's texts had about 630 spans, redrawn twice per paste.
    A run breaks wherever the text between two tokens is not plain white space or holds dropped text, so
    the dropped text keeps its own grey mark.

    >>> from rouge_core import RougeConfig, evaluate
    >>> a = evaluate("a b, c d", ["a b c"], RougeConfig(max_n=1)).candidate
    >>> marks = {0: ("rl-match", ["x"]), 1: ("rl-match", ["y"]), 2: ("rl-match", ["z"]), 3: ("rl-miss", ["w"])}
    >>> marked_runs(a, marks)
    [(0, 3, 'rl-match', 'x; y'), (5, 6, 'rl-match', 'z'), (7, 8, 'rl-miss', 'w')]
    """
    toks, text = analysis.tokens, analysis.text
    dropped = sorted((d.start, d.end) for d in analysis.dropped)
    dropped_ends = [e for _, e in dropped]  # dropped pieces never overlap, so their ends are sorted too
    runs: list[tuple[int, int, str, list[str]]] = []  # start, end, style, titles of one run
    last = -2
    for i, (style, own) in sorted(marks.items()):
        if i >= len(toks):
            break
        tok = toks[i]
        if runs and i == last + 1 and runs[-1][2] == style:
            gap_start = toks[last].end
            k = bisect_right(dropped_ends, gap_start)  # the first dropped piece ending after the gap starts
            if text[gap_start : tok.start].isspace() and not (k < len(dropped) and dropped[k][0] < tok.start):
                s0, _, _, titles = runs[-1]
                titles.extend(own)
                runs[-1] = (s0, tok.end, style, titles)
                last = i
                continue
        runs.append((tok.start, tok.end, style, list(own)))
        last = i
    return [(s0, e0, style, "; ".join(dict.fromkeys(titles))) for s0, e0, style, titles in runs]


NGRAM_LEGEND = legend(
    [
        ("rl-match", "credited (within the clipped count)"),
        ("rl-clipped", "on both sides, beyond the clipped count"),
        ("rl-miss", "not on the other side"),
        ("rl-dropped", "not counted (tokenizer, stopword or length limit)"),
    ]
)


def ngram_page_html(report: Report, label: str, ref_index: int) -> tuple[str, str]:
    """:func:`ngram_highlight_html`, each with the CSS block, ready for ``st.html``."""
    cand, ref = ngram_highlight_html(report, label, ref_index)
    return page(cand), page(ref)


#: The two texts side by side (a grid: two columns, one below the other on a narrow screen).
_SIDE_BY_SIDE = (
    "<style>.rl-pair{display:grid;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr));gap:1rem;}"
    ".rl-pair h4{font-size:1rem;font-weight:600;margin:0.2rem 0;padding:0;}</style>"
)


def ngram_view_html(report: Report, label: str, ref_index: int) -> str:
    """The n-gram view's head in one block for ``st.html``: the summary line, the legend and both
    highlighted texts side by side. One block, not six elements: the page redraws it on every paste.

    >>> from rouge_core import RougeConfig, evaluate
    >>> html = ngram_view_html(evaluate("a <em>", ["a c"], RougeConfig(max_n=1)), "ROUGE-1", 0)
    >>> "<h4>Reference 1</h4>" in html, "&lt;" in html, "<em>" in html
    (True, True, False)
    """
    cand, ref = ngram_highlight_html(report, label, ref_index)
    summary = f'<p class="rl-row">{esc(ngram_summary(report, label, ref_index))}</p>'
    texts = (
        f'<div class="rl-pair"><div><h4>Candidate</h4>{cand}</div>'
        f"<div><h4>Reference {ref_index + 1}</h4>{ref}</div></div>"
    )
    return page(_SIDE_BY_SIDE, summary, NGRAM_LEGEND, texts)


def ngram_table_html(table: pd.DataFrame, rows: int) -> str:
    """The first ``rows`` rows of :func:`ngram_table` as an escaped HTML table ("matched" as yes / no),
    with a line saying how many of its n-grams are shown when not all are.

    >>> from rouge_core import RougeConfig, evaluate
    >>> table = ngram_table(evaluate("a b a", ["a c"], RougeConfig(max_n=1)), "ROUGE-1", 0)
    >>> html = ngram_table_html(table, 2)
    >>> html.count("<tr>"), "<td>b</td><td>1</td><td>0</td><td>0</td><td>no</td><td>candidate only</td>" in html
    (3, True)
    >>> html.split('<p class="rl-note">')[1].split("</p>")[0]
    'shown: the first 2 of 3 n-grams'
    """
    head = "".join(f"<th>{esc(c)}</th>" for c in table.columns)
    body = []
    for record in table.head(rows).to_dict("records"):
        cells = ["yes" if v is True else "no" if v is False else v for v in record.values()]
        body.append("<tr>" + "".join(f"<td>{esc(v)}</td>" for v in cells) + "</tr>")
    note = f'<p class="rl-note">shown: the first {rows:,} of {len(table):,} n-grams</p>' if rows < len(table) else ""
    return page(
        f'<div class="rl-scroll"><table class="rl-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>{note}"
    )
