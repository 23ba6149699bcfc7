"""The match views of one candidate/reference pair, laid out in tabs: one per view of the measure
registry (:data:`rouge_core.measures.registry.VIEWS`), drawn by :data:`VIEW_TABS`. Only the open tab's
view is built; the union LCS view is drawn a page at a time (:mod:`ui.render.union_pages`).

:func:`show_match_views` is the only function here that touches widgets; every
table, figure and piece of HTML comes from the pure ``ui.render`` functions.
"""

from __future__ import annotations

import hashlib
from typing import Callable

import pandas as pd
import streamlit as st

from rouge_core import Report
from rouge_core.io.csv_writer import records_csv
from rouge_core.measures.registry import FAMILIES, FAMILY, VIEWS, Family
from ui.render.lcs import (
    TIE_RULE,
    alignment_figure,
    find_lcs_explanation,
    find_pair,
    is_flat,
    lcs_heatmap,
    pair_choices,
    pair_tokens,
    pair_with_table,
)
from ui.render.lcs_table import fits_table, heatmap_caption, lcs_table_html
from ui.render.literal import md_literal
from ui.render.ngrams import NGRAM_ROWS, gram_explanation, ngram_table, ngram_table_html, ngram_view_html
from ui.render.plural import counted
from ui.render.scores import count_text
from ui.render.skip import MATRIX_TOKENS, skip_matrix, skip_pairs_table, skip_status, su_unigrams_table
from ui.render.union import union_html, union_table
from ui.render.union_pages import UNION_MAX, UNION_PAGE, union_drawn
from ui.render.wlcs import plain_lcs_pair, run_colours, runs_html, runs_table, wlcs_arithmetic, wlcs_pair_titles


def _chart(fig) -> None:
    st.plotly_chart(fig, width="stretch")


def _pick(label: str, options: list[str], key: str, report: Report) -> str:
    if len(options) == 1:
        return options[0]
    picked = st.radio(label, options, key=key, horizontal=True, format_func=report.display_name)
    return picked if picked is not None else options[0]


def _matches(marks: tuple[tuple[int, int], ...]) -> str:
    return counted(len(marks), "match", "matches")


def _notes(report: Report, label: str) -> None:
    for n in report.measures[label].notes:
        st.caption(md_literal(n, 600))


def show_match_views(report: Report, key: str) -> None:
    """N-grams, LCS, WLCS and skip-bigram views of ``report`` in tabs (widget keys start with ``key``);
    only the open tab's view is built."""
    if not report.references:
        st.info("No reference was given: there is nothing to match against.")
        return
    _views(report, key)


@st.fragment
def _views(report: Report, key: str) -> None:
    """The reference picker and the tabs, with only the open tab built: a 2 x 300-word pair's four views
    are about 9,000 DOM elements, and the browser spent seconds drawing the three nobody was looking at.
    Choosing another tab or reference reruns this fragment, not the page."""
    ref_index = 0
    if len(report.references) > 1:
        ref_index = (
            st.selectbox(
                "Reference",
                list(range(len(report.references))),
                key=f"{key}_ref",
                format_func=lambda i: f"Reference {i + 1}",
            )
            or 0
        )
    for view, tab in zip(VIEWS, st.tabs(list(VIEWS), key=f"{key}_view", on_change="rerun")):
        if not tab.open:
            continue
        with tab:
            families = [f for f in FAMILIES if f.view == view]
            labels = [k for k, m in report.measures.items() if FAMILY[Family(m.family)].view == view]
            if labels:
                VIEW_TABS[view](report, key, ref_index, labels)
            else:
                titles = " and ".join(f.title for f in families)
                st.info(f"{titles} {'is' if len(families) == 1 else 'are'} switched off in the options.")


def _ngram_tab(report: Report, key: str, ref_index: int, labels: list[str]) -> None:
    label = _pick("n-gram order", labels, f"{key}_ngram", report)
    if gram_explanation(report, label, ref_index) is None:
        st.info(f"{report.display_name(label)}: no n-gram explanation was kept.")
        return
    st.html(ngram_view_html(report, label, ref_index))  # summary, legend and both texts: one element
    _ngram_rows(ngram_table(report, label, ref_index), key)
    _notes(report, label)


def _ngram_rows(table: pd.DataFrame, key: str) -> None:
    """The n-gram table a page of rows at a time, as static HTML (a paste draws this view twice, and an
    st.dataframe's canvas grid costs the browser more than a page of rows), a button adding a page, and
    the whole table as CSV (the download the dataframe's toolbar offered)."""
    rows_key = f"{key}_ngram_rows"
    rows = max(int(st.session_state.get(rows_key, NGRAM_ROWS)), NGRAM_ROWS)
    st.html(ngram_table_html(table, rows))
    if rows < len(table):
        st.button(
            f"Show {min(NGRAM_ROWS, len(table) - rows)} more n-grams ({len(table) - rows:,} not shown)",
            key=f"{key}_ngram_more",
            on_click=_more_rows,
            args=(rows_key, rows + NGRAM_ROWS),
            type="tertiary",
        )
    st.download_button(
        "Download the n-grams (CSV)",
        records_csv([{str(k): v for k, v in row.items()} for row in table.to_dict("records")]),  # formulas neutralised
        "rouge_ngrams.csv",
        "text/csv",
        key=f"{key}_ngram_csv",
        type="tertiary",
    )


def _more_rows(rows_key: str, rows: int) -> None:
    st.session_state[rows_key] = rows


def _lcs_tab(report: Report, key: str, ref_index: int, labels: list[str]) -> None:
    label = _pick("LCS measure", labels, f"{key}_lcs", report)
    e = find_lcs_explanation(report, label, ref_index)
    if e is None:
        st.info(f"{report.display_name(label)}: no LCS explanation was kept.")
        return
    st.caption(
        "Union LCS per reference sentence (summary level)"
        if not is_flat(e)
        else "One LCS over the whole texts (sentence boundaries ignored)"
    )
    _union(report, label, ref_index, key)
    with st.expander("Marks as a table"):
        st.dataframe(union_table(report, label, ref_index), hide_index=True, width="stretch")
    _notes(report, label)
    pair = _choose_pair(report, e, f"{key}_lcs", ref_index)
    if pair is None:
        return
    ref_tokens, cand_tokens = pair_tokens(report, ref_index, pair)
    _dp_table(report, label, ref_index, pair, TIE_RULE)
    _chart(alignment_figure(ref_tokens, cand_tokens, pair.marks, title=f"LCS alignment ({_matches(pair.marks)})"))


def _union(report: Report, label: str, ref_index: int, key: str) -> None:
    """The union view a page at a time: its first words, then a page more per click, up to its maximum
    (a 2 x 300-word pair's whole union is about 2,400 DOM elements); the button says what is not drawn."""
    pages = f"{key}_lcs_pages"
    limit = min(UNION_PAGE * int(st.session_state.get(pages, 1)), UNION_MAX)
    st.html(union_html(report, label, ref_index, max_tokens=limit))
    drawn, total = union_drawn(report, label, ref_index, limit)
    if drawn < total and limit < UNION_MAX:
        st.button(
            f"Show more of the union ({total - drawn:,} of its {total:,} words not drawn)",
            key=f"{key}_lcs_more",
            on_click=_next_page,
            args=(pages,),
        )


def _next_page(pages: str) -> None:
    st.session_state[pages] = int(st.session_state.get(pages, 1)) + 1


def _dp_table(report: Report, label: str, ref_index: int, pair, tie_rule: str) -> None:
    """The pair's (W)LCS table: Learn's HTML table with arrows while it fits, else the heatmap with a
    caption saying why (or a message when the pair is too large for any table)."""
    e = find_lcs_explanation(report, label, ref_index)
    weight = e.weight if e is not None else 1.0
    ref_tokens, cand_tokens = pair_tokens(report, ref_index, pair)
    if fits_table(len(ref_tokens), len(cand_tokens)):
        html = lcs_table_html(pair, ref_tokens, cand_tokens, weight)
        if html is not None:
            st.html(html)
            return
    fig = lcs_heatmap(pair_with_table(report, label, ref_index, pair), ref_tokens, cand_tokens, tie_rule, weight=weight)
    if fig is None:
        st.info(
            f"The DP table of this pair ({len(ref_tokens)} x {len(cand_tokens)} cells) is too large "
            "to draw; the alignment is exact."
        )
        return
    st.caption(heatmap_caption(len(ref_tokens), len(cand_tokens)))
    _chart(fig)


def _choose_pair(report: Report, e, key: str, ref_index: int):
    """Reference sentence x candidate sentence pickers (none for a flat LCS)."""
    if is_flat(e):
        return e.pairs[0] if e.pairs else None
    choices = pair_choices(e)
    if not choices:
        st.info("No reference sentence shares a token with any candidate sentence.")
        return None
    ref = report.references[ref_index]
    cand = report.candidate
    # The pickers belong to this input: new texts (or options) give new pickers, which open on
    # the sentence pair with the most matches (never another input's sentences).
    digest = hashlib.sha1("\0".join((cand.text, ref.text, report.config.signature())).encode()).hexdigest()[:12]
    best = max(e.pairs, key=lambda p: (len(p.marks), -p.reference_sentence, -p.candidate_sentence))
    rows = sorted(choices)
    left, right = st.columns(2)
    with left:
        i = st.selectbox(
            "Reference sentence",
            rows,
            key=f"{key}_rs_{ref_index}_{digest}",
            index=rows.index(best.reference_sentence) if best.reference_sentence in rows else 0,
            format_func=lambda i: f"R{i + 1}: " + " ".join(t.text for t in ref.sentences[i][:8]),
        )
    i = rows[0] if i is None else i
    cols = choices[i]
    start = (
        cols.index(best.candidate_sentence) if i == best.reference_sentence and best.candidate_sentence in cols else 0
    )
    with right:
        j = st.selectbox(
            "Candidate sentence",
            cols,
            key=f"{key}_cs_{ref_index}_{digest}_{i}",
            index=start,
            format_func=lambda j: f"C{j + 1}: " + " ".join(t.text for t in cand.sentences[j][:8]),
        )
    return find_pair(e, i, cols[0] if j is None else j)


def _wlcs_tab(report: Report, key: str, ref_index: int, labels: list[str]) -> None:
    label = labels[0]
    e = find_lcs_explanation(report, label, ref_index)
    if e is None:
        st.info(f"{report.display_name(label)}: no WLCS explanation was kept.")
        return
    st.caption(
        f"{report.display_name(label)}: runs of consecutive matches weigh f(k) = k^{e.weight:g}"
        + (
            " (runs of credited union marks per reference sentence, as ROUGE-1.5.5)"
            if e.kind == "wlcs-union"
            else " (one weighted alignment of the whole texts)"
        )
    )
    st.html(runs_html(report, label, ref_index))
    arith = wlcs_arithmetic(report, label, ref_index)
    st.latex(arith.latex)
    with st.expander("The arithmetic as text, and the runs"):
        st.code(arith.text, language=None)
        st.dataframe(runs_table(report, label, ref_index), hide_index=True, width="stretch")
    _notes(report, label)
    pair = _choose_pair(report, e, f"{key}_wlcs", ref_index)
    if pair is None:
        return
    ref_tokens, cand_tokens = pair_tokens(report, ref_index, pair)
    with st.expander("The WLCS table of this pair"):
        _dp_table(
            report, label, ref_index, pair, TIE_RULE + f"; a diagonal step adds f(k+1) - f(k), f(k) = k^{e.weight:g}"
        )
    left, right = st.columns(2)
    with left:
        _chart(
            alignment_figure(
                ref_tokens,
                cand_tokens,
                pair.marks,
                mark_colors=run_colours(pair.marks),
                mark_titles=wlcs_pair_titles(pair, e.weight),
                title=f"WLCS alignment (value {count_text(pair.value)})",  # the scores' digits
            )
        )
    with right:
        plain, source = plain_lcs_pair(report, label, ref_index, pair)
        if plain is None:
            st.info(f"Plain LCS: {source}.")
        else:
            _chart(
                alignment_figure(
                    ref_tokens, cand_tokens, plain.marks, title=f"plain LCS ({_matches(plain.marks)}, {source})"
                )
            )


def _skip_tab(report: Report, key: str, ref_index: int, labels: list[str]) -> None:
    label = _pick("Skip-bigram measure", labels, f"{key}_skip", report)
    st.markdown(
        skip_status(report, label, ref_index).replace("*", r"\*") + "  \nThe skip distance is set in the sidebar."
    )
    e = gram_explanation(report, label, ref_index)
    if e is None:
        return
    n = len(report.candidate.tokens)
    start = 0
    if n > MATRIX_TOKENS:
        start = st.slider("First candidate position shown", 1, n - MATRIX_TOKENS + 1, 1, key=f"{key}_skip_start") - 1
        st.caption(f"The matrix shows {MATRIX_TOKENS} of the candidate's {n} positions at a time.")
    fig = skip_matrix(report, label, ref_index, start=start)
    if fig is not None:
        _chart(fig)
    st.markdown("**Matched skip-bigrams** (gap = j - i - 1)")
    st.dataframe(skip_pairs_table(report, label, ref_index), hide_index=True, width="stretch")
    if report.measures[label].family == "SU":
        st.markdown("**SU unigrams**")
        st.dataframe(su_unigrams_table(report, label, ref_index), hide_index=True, width="stretch")
    _notes(report, label)


#: The view drawn in each match-view tab (the measure registry says which families each one draws).
VIEW_TABS: dict[str, Callable[[Report, str, int, list[str]], None]] = {
    "N-grams": _ngram_tab,
    "LCS": _lcs_tab,
    "WLCS": _wlcs_tab,
    "Skip-bigrams": _skip_tab,
}
