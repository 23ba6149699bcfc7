"""The Systems page's "Two systems, document by document": two kept pickers, the per-document scatter of
A against B (its points selectable), the pair's test in words, and the selected documents in a table whose
row opens that document in Inspect (A's candidate, B's beside it)."""

from __future__ import annotations

import hashlib
from typing import Any, Optional

import streamlit as st

from rouge_core.io.readers import Corpus
from ui.compute.systems import Compared
from ui.render import systems as view
from ui.render.literal import md_literal
from ui.widgets.corpus_input import Loaded, open_in_inspect
from ui.widgets.systems_choice import pick


def selected_points(event: Any) -> Optional[list[int]]:
    """The positions of the points selected on the scatter (None: nothing selected).

    >>> selected_points({"selection": {"points": [{"point_index": 3, "curve_number": 0}, {"point_index": 1}]}})
    [3, 1]
    >>> selected_points({"selection": {"points": [{"point_index": 2, "curve_number": 1}]}}), selected_points(None)
    (None, None)
    """
    try:
        points = event["selection"]["points"]
        found = [int(p["point_index"]) for p in points if int(p.get("curve_number", 0)) == 0]
    except (KeyError, TypeError, ValueError):
        return None
    return found or None


def two_systems(
    corpus: Corpus,
    current: Loaded,
    target: Loaded,
    result: Compared,
    what_value: str,
    config_signature: str,
    *,
    key: str,
    page: str,
) -> None:
    """Draw the section. ``target``: the data compared (``current`` or its shared documents); ``what_value``:
    the axes' measure and statistic; ``key``: the corpus loader's; ``page``: where Inspect's way back leads."""
    cmp = result.comparison
    ranked = list(cmp.ranking)
    c1, c2, _ = st.columns([2, 2, 3])
    a = pick(c1.selectbox, "System A (across)", "sys_a", ranked[0], ranked)
    b = pick(c2.selectbox, "System B (up)", "sys_b", ranked[1] if ranked[1] != a else ranked[0], ranked)
    if a == b:
        st.info("Choose two different systems.")
        return
    frame = view.per_document(result.scores, a, b)
    # The chart's and table's keys change with what they show, so a kept selection never points at other data.
    digest = hashlib.sha1(repr((target.digest, a, b, cmp.signature, config_signature)).encode()).hexdigest()[:12]
    left, right = st.columns(2)
    with left:
        event = st.plotly_chart(
            view.scatter_figure(frame, a, b, what_value),
            key=f"sys_scatter:{digest}",
            on_select="rerun",
            selection_mode=("points", "box", "lasso"),
        )
    pair = cmp.pair(a, b)
    with right:
        r = pair.record
        st.markdown(
            md_literal(f"{a} vs {b}: delta {pair.test.delta:+.5f}, p {pair.test.p_value:.5f}; ", 400)
            + md_literal(f"{a} above on {r.wins}, level on {r.ties}, below on {r.losses} documents.", 400)
        )
        picked = selected_points(event)
        if picked is None:
            st.caption("Select points on the figure (box or lasso) to list those documents here.")
            return
        rows = view.selected_frame(frame, picked, a, b)
        st.caption(f"{len(rows):,} selected. Select a row to open that document in Inspect with A's candidate.")
        fmt = st.column_config.NumberColumn(format="%.5f")
        cols: dict[str, Any] = {c: fmt for c in rows.columns if c != "id"}
        cols |= {
            "id": st.column_config.TextColumn(width="medium"),
            view.DELTA: st.column_config.NumberColumn(format="%+.5f"),
        }
        table = st.dataframe(
            rows,
            key=f"sys_docs:{digest}",
            hide_index=True,
            width="stretch",
            height=min(38 + 35 * len(rows), 420),
            column_config=cols,
            on_select="rerun",
            selection_mode="single-row",
        )
        if table.selection.rows:
            doc_id = str(rows.iloc[table.selection.rows[0]]["id"])
            doc = next(d for d in corpus.for_system(a) if d.doc_id == doc_id)
            other = [d for d in corpus.for_system(b) if d.doc_id == doc_id]  # B's candidate beside A's
            open_in_inspect(key, current, a, doc, page, other, anchor="sys_docs:")
