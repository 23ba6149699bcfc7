"""Adjudication: the cells the members disagree on (spread at least the slider's), one chosen with every
judgment side by side, the summary, its source and references (shown as text), and the organiser's
value and note, stored beside the judgments (which stay as they are)."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from annotation import AnnotationStore, Campaign, StoreError
from annotation.access import Access
from ui.compute.campaigns import campaign_rubric, disagreement_rows
from ui.render.literal import md_literal
from ui.widgets.corpus_input import Opened, show_in_inspect

TEXT_LIMIT = 20_000
SAID = "_camp_adj_said"  # what the last recorded adjudication was, said once below the form


def _as_organiser_member(store: AnnotationStore, campaign: Campaign, name: str) -> None:
    """Make the organiser a member with the organiser role (the store keeps who adjudicated); they come
    in by their key or login, so the invite's token is not needed. A member of that name is left as
    they are (an annotator's role and link are never changed here: the store then refuses, saying why)."""
    if all(m.annotator != name for m in store.members(campaign.id)):
        store.invite(campaign.id, name, role="organiser")


def _texts(store: AnnotationStore, item_id: int) -> None:
    item = store.item(item_id)
    st.markdown("**Summary**")
    st.markdown(md_literal(" ".join(item.candidate), TEXT_LIMIT))
    if item.source:
        with st.expander("Source"):
            st.markdown(md_literal(item.source, TEXT_LIMIT))
    if not item.references:
        return
    # one fold for all the references: a corpus with many (SummEval has 11) kept the form a screen away
    with st.expander("Reference" if len(item.references) == 1 else f"References ({len(item.references)})"):
        for k, ref in enumerate(item.references, 1):
            if len(item.references) > 1:
                st.markdown(f"**Reference {k}**")
            st.markdown(md_literal(" ".join(ref), TEXT_LIMIT))


def adjudication(store: AnnotationStore, campaign: Campaign, access: Access) -> None:
    """The disagreements list and, for the one chosen, the judgments, texts and adjudication form."""
    rubric = campaign_rubric(store, campaign)
    widest = max((float(c.scale_max - c.scale_min) for c in rubric.criteria), default=1.0) or 1.0
    step = 0.5 if widest >= 2 else 0.1  # a scale of 0 to 1 needs finer steps
    spread = st.slider("Spread at least", 0.0, widest, min(1.0, widest), step, key="camp_adj_spread")
    cells = store.disagreements(campaign.id, float(spread))
    if not cells:
        st.caption("No cell spreads that much.")
        return
    table = disagreement_rows(store, campaign, cells)
    st.dataframe(table, hide_index=True, width="stretch")
    labels = [f"{r.document} / {r.system} / {r.criterion}" for r in table.itertuples()]
    k = st.selectbox("Adjudicate", range(len(cells)), key="camp_adj_pick", format_func=lambda i: labels[i])
    cell = cells[int(k or 0)]
    judged = {**cell.values}
    done = {(a.item_id, a.criterion): a for a in store.adjudications(campaign.id)}.get((cell.item_id, cell.criterion))
    if done is not None:
        judged[f"adjudicated by {done.organiser}"] = done.value
    st.dataframe(pd.DataFrame([judged]), hide_index=True, width="stretch")
    if done is not None and done.note:
        st.caption(md_literal(f"Note: {done.note}", 600))
    _texts(store, cell.item_id)
    if st.button("See the ROUGE matches in Inspect", icon=":material/search:", key="camp_adj_inspect"):
        item = store.item(cell.item_id)
        corpus = next((c.name for c in store.corpora() if c.id == campaign.corpus_id), "")
        opened = Opened("app_pages/campaigns.py", corpus, item.system, item.doc_id, anchor="st-key-camp_adj_pick")
        show_in_inspect([item.candidate], item.references, opened)
    criterion = rubric.criterion(cell.criterion)
    with st.form("camp_adj_form"):
        low, high = float(criterion.scale_min), float(criterion.scale_max)
        value = st.number_input(
            md_literal(f"Adjudicated {cell.criterion}", 200), min_value=low, max_value=high, value=low,
            step=1.0 if criterion.integer else 0.1, format="%.0f" if criterion.integer else "%.2f",
            key=f"camp_adj_value_{cell.item_id}_{cell.criterion}",
        )  # fmt: skip
        note = st.text_input("Note", key=f"camp_adj_note_{cell.item_id}_{cell.criterion}")
        pressed = st.form_submit_button("Record the adjudication")
    if not pressed:
        if said := st.session_state.pop(SAID, None):
            st.success(md_literal(said, 600))
        return
    try:
        _as_organiser_member(store, campaign, access.name or "organiser")
        store.adjudicate(campaign.id, cell.item_id, cell.criterion, value, access.name or "organiser", str(note))
    except StoreError as e:
        st.error(md_literal(f"Not recorded: {e}", 600))
        return
    st.session_state[SAID] = (
        f"Adjudication saved: {labels[int(k or 0)]} is {value:g}; the annotators' judgments stay as they are."
    )
    st.rerun()
