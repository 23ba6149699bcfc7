"""The Which ROUGE? (corpus) page's "The documents that differ": the table of one measure's documents,
largest difference first; selecting a row puts config A into the sidebar and opens the document in the
differences view (*Why do the numbers differ?*), at the start of the next run."""

from __future__ import annotations

import hashlib
from dataclasses import fields
from functools import partial

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.presets import PRESETS
from rouge_core.teach.which_rouge import MeasureGap
from ui.compute import budget
from ui.compute.which_rouge import GapResult
from ui.render import which_rouge as view
from ui.widgets.corpus_input import Loaded, loaded
from ui.widgets.options import apply_settings
from ui.widgets.which_rouge_choice import SIDEBAR, Choice

#: The page a selected document opens in.
DIFF_PAGE = "app_pages/differences.py"


def follow_selection() -> None:
    """Switch to the differences view when a row was selected in the last run (before anything is
    recomputed under the new sidebar); the page calls this first."""
    if st.session_state.pop("_gap_go", False):
        st.switch_page(DIFF_PAGE)


def _send(key: str, doc_id: str, system: str, note: str) -> bool:
    """Hand one document of the corpus the loader ``key`` keeps to the differences page (its own inputs),
    with a message to show there."""
    current = loaded(key)
    doc = None if current is None else next((d for d in current.corpus.for_system(system) if d.doc_id == doc_id), None)
    if doc is None:
        return False
    where = f" (system {system[:40]})" if system else ""
    st.session_state["_diff_open"] = (
        "\n".join(doc.candidate),
        ["\n".join(r) for r in doc.references],
        f"Document {doc_id[:60]}{where}, opened from Which ROUGE? (corpus). {note}",
    )
    return True


def _on_select(key: str, table: str, ids: tuple[str, ...], system: str, choice_a: str) -> None:
    """A row was selected (in the browser): put config A into the sidebar, hand the document over, and
    switch pages at the start of the next run (before anything is recomputed under the new sidebar)."""
    try:
        rows = list(st.session_state[table]["selection"]["rows"])
    except (KeyError, TypeError):
        return
    if not rows or not 0 <= rows[0] < len(ids):
        return
    note = "The sidebar holds config A, so its profiles are compared under A's options."
    if choice_a != SIDEBAR:
        a = PRESETS[choice_a]
        apply_settings({f.name: getattr(a, f.name) for f in fields(RougeConfig)})
        short = choice_a.split(" (")[0][:50]
        note = f"The sidebar now holds config A ({short}), so its profiles are compared under A's options."
    if _send(key, ids[rows[0]], system, note):
        st.session_state["_gap_go"] = True


def documents_that_differ(
    current: Loaded, result: GapResult, choice: Choice, chosen: str, m: MeasureGap, *, key: str
) -> None:
    """Draw the section for the measure ``m`` (its key ``chosen``): how many differ, the table to select from.
    ``key``: the corpus loader's (a selected row's document is read from it)."""
    gap, system, statistic = result.gap, choice.system, choice.statistic
    frame = view.documents_frame(m)
    most = max((len(d.references) for d in current.corpus.for_system(system)), default=0)
    if frame.empty:
        st.info(f"No document differs: A and B give every document the same {view.STAT_NAME[statistic]} here.")
        return
    st.caption(
        f"{len(frame):,} of {gap.n_documents:,} documents differ. Select a row to open the document in *Why do "
        "the numbers differ?*, with config A's settings put into the sidebar."
    )
    if most > budget.DIFFERENCES.max_references:
        st.caption(
            f"These documents have up to {most} references; *Why do the numbers differ?* computes at most "
            f"{budget.DIFFERENCES.max_references}, so there a document with more shows its texts and says why it is "
            "not scored (its scores are in the table above)."
        )
    # The table's key changes with what it shows, so a kept selection never points at other documents.
    digest = hashlib.sha1(
        repr(
            (result.digest, system, chosen, gap.signature_a, gap.signature_b, statistic, choice.cap, choice.match)
        ).encode()
    ).hexdigest()[:12]
    table = f"gap_docs:{digest}"
    stat_letter = view.STAT_LETTER[statistic]
    fmt = st.column_config.NumberColumn(format="%.5f")
    event = st.dataframe(
        frame,
        key=table,
        hide_index=True,
        width="stretch",
        height=min(38 + 35 * len(frame), 500),
        column_config={
            "id": st.column_config.TextColumn(pinned=True),
            f"A {stat_letter}": fmt,
            f"B {stat_letter}": fmt,
            "B − A": st.column_config.NumberColumn(format="%+.5f"),
            "rules": st.column_config.TextColumn(width="medium"),
        },
        on_select=partial(_on_select, key, table, tuple(frame["id"]), system, choice.choice_a),
        selection_mode="single-row",
    )
    picked = event.selection.rows
    if picked and 0 <= picked[0] < len(frame):  # a selection the callback did not see (a test, a restored state)
        if _send(key, str(frame["id"].iloc[picked[0]]), system, "Shown with the sidebar's settings."):
            st.switch_page(DIFF_PAGE)
