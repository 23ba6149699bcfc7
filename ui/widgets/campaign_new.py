"""Creating a campaign: a stored corpus and rubric, its name, judgments per item, overlap, lease and
instructions (Markdown, previewed as annotators will see it). What was stored is said after the store
is read back, on the next run (:func:`campaign_message`)."""

from __future__ import annotations

import streamlit as st

from annotation import AnnotationStore, Campaign, Rubric, StoreError
from ui.render.instructions import instructions_markdown
from ui.render.literal import md_literal

MESSAGE = "_camp_msg"


def campaign_message() -> None:
    """The message of the last creation (shown once)."""
    text = st.session_state.pop(MESSAGE, None)
    if text:
        st.success(text)


def _rubrics(store: AnnotationStore) -> dict[int, Rubric]:
    summeval = store.summeval_rubric()
    return {summeval.id: summeval, **{r.id: r for r in store.rubrics()}}


def stored_message(campaign: Campaign, corpus: str, rubric: Rubric) -> str:
    """What the store holds of a new campaign, as Markdown (user text shown literally).

    >>> c = Campaign(1, 2, "*spring*", 3, 2, 5, "", 30, "2026-01-01")
    >>> print(stored_message(c, "x.jsonl", Rubric(3, "summeval", 1, "", ()))[:63])
    Campaign \\*spring\\* is stored: corpus x\\.jsonl, rubric summeval
    """
    return (
        f"Campaign {md_literal(campaign.name, 200)} is stored: corpus {md_literal(corpus, 200)}, rubric "
        f"{md_literal(rubric.name, 200)} v{rubric.version}, {campaign.judgments_per_item} judgment"
        f"{'s' if campaign.judgments_per_item != 1 else ''} per item, overlap {campaign.overlap}, "
        f"leases of {campaign.lease_minutes} minutes."
    )


def new_campaign(store: AnnotationStore) -> None:
    """The creation form; a refusal of the store is a message, a success a rerun that says what is stored."""
    corpora = {c.id: c for c in store.corpora()}
    if not corpora:
        st.info("No corpus is stored yet: load one on the Annotate page first.")
        return
    rubrics = _rubrics(store)
    left, right = st.columns(2)
    corpus_id = left.selectbox(
        "Corpus", list(corpora), key="camp_corpus",
        format_func=lambda i: f"{corpora[i].name} ({corpora[i].n_items} items)",
    )  # fmt: skip
    rubric_id = right.selectbox(
        "Rubric", list(rubrics), key="camp_rubric", format_func=lambda i: f"{rubrics[i].name} v{rubrics[i].version}"
    )
    name = left.text_input("Campaign name", key="camp_name")
    r = right.number_input("Judgments per item (r)", min_value=1, value=1, step=1, key="camp_r")
    overlap = left.number_input("Overlap (items every annotator judges)", min_value=0, value=0, step=1,
                                key="camp_overlap")  # fmt: skip
    lease = right.number_input("Lease (minutes an item is held)", min_value=1, value=30, step=1, key="camp_lease")
    text = st.text_area("Instructions (Markdown)", key="camp_instr")
    if text:
        with st.expander("Preview of the instructions", expanded=True):
            st.markdown(instructions_markdown(text))
    if not st.button("Create campaign", key="camp_create", type="primary") or corpus_id is None or rubric_id is None:
        return
    try:
        made = store.create_campaign(
            int(corpus_id), str(name), rubrics[int(rubric_id)], judgments_per_item=int(r), overlap=int(overlap),
            instructions=str(text), lease_minutes=int(lease),
        )  # fmt: skip
    except StoreError as e:
        st.error(md_literal(f"Not created: {e}", 600))
        return
    stored = store.campaign(made.id)  # say what the store holds, read back
    st.session_state[MESSAGE] = stored_message(stored, store.corpus(stored.corpus_id).name, rubrics[stored.rubric_id])
    st.session_state["camp_pick"] = stored.id
    st.rerun()
