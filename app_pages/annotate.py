"""Annotate: people judge summaries on a rubric (or tick content units); every judgment is committed to
the SQLite store when it is made. The item lives in a fragment (ui.widgets.annotate_item): a judgment or
a keypress reruns the item, not this page. Agreement, disagreements and import / export are in their own
tabs and computed only when asked for.

Who the visitor is comes first (ui.widgets.annotate_campaign): a campaign's invited annotator gets the
campaign's page (its instructions, its corpus and rubric, the items the store assigns them, their own
export) and nothing below; a stranger gets the reason; without a campaign in the store the page is the
local single-user tool described here, and says so.

The page in order: the corpus loader and the corpus in the store, the annotator's name and options, the
rubric editor, the overlap of the corpus, the last message, the item, then the three tabs. Each section is
drawn by a ``ui.widgets.annotate_*`` module; the store and the tables are ``ui.compute.annotate``'s."""

from __future__ import annotations

import streamlit as st

from annotation import StoreError
from ui.compute.annotate import store_or_message
from ui.render.literal import md_literal
from ui.widgets.annotate_agreement import agreement, disagreements
from ui.widgets.annotate_campaign import access_note, campaign_page, page_access
from ui.widgets.annotate_corpus import corpus_to_annotate, stored_corpus
from ui.widgets.annotate_exchange import import_export
from ui.widgets.annotate_item import annotate_item
from ui.widgets.annotate_message import last_message
from ui.widgets.annotate_options import annotator_and_options
from ui.widgets.annotate_overlap import overlap_setting
from ui.widgets.annotate_rubric import rubric_editor
from ui.widgets.keyboard import keyboard
from ui.widgets.store_messages import failures_shown

KEY = "annotate"

st.title("Annotate summaries")
st.caption(
    "Every judgment is saved the moment you make it, and each criterion says so. The keys are listed beside the rubric."
)
access = page_access()  # asked once per run
if access is not None and access.kind == "annotator":
    campaign_page(access)
    st.stop()
access_note(access)
current = corpus_to_annotate(KEY)
if current is None:
    st.stop()

opened = store_or_message()
if isinstance(opened, str):
    st.error(md_literal(opened, 600))
    st.stop()
with opened as store, failures_shown():
    corpus_id = stored_corpus(store, current)
    if corpus_id is None:
        st.stop()
    options = annotator_and_options(store)
    rubric_editor(store, options.rubric)
    overlap_setting(store, corpus_id, len(store.items(corpus_id)))
    last_message()
    if not options.annotator:
        st.info("Type your name to start: judgments are kept per annotator, and you resume where you left off.")
    else:
        try:
            store.annotator(options.annotator)
        except StoreError as e:
            st.error(md_literal(str(e), 300))
            st.stop()
        keyboard()
        annotate_item(options.where(corpus_id, current.digest))
    st.divider()
    agreement_tab, disagreements_tab, io_tab = st.tabs(["Agreement", "Disagreements", "Import and export"])
    with agreement_tab:
        agreement(store, corpus_id, options.rubric)
    with disagreements_tab:
        disagreements(store, corpus_id, options.rubric)
    with io_tab:
        import_export(store, corpus_id, current.corpus, current.source.name)
