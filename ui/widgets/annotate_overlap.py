"""The Annotate page's overlap setting: how many items every annotator judges first (in blind mode in
one order for all), a setting of the corpus in the store, so that agreement has items to pair."""

from __future__ import annotations

import streamlit as st

from annotation import AnnotationStore
from ui.widgets.store_messages import failed, save, show


def _set_overlap(corpus_id: int, key: str) -> None:
    value = st.session_state.get(key)
    save(key, lambda s: s.set_overlap(corpus_id, None if value is None else int(value)))


def overlap_setting(store: AnnotationStore, corpus_id: int, n_items: int) -> None:
    """The organiser's overlap of this corpus: how many items everyone judges first (blind mode shows
    them in one order for all), so that agreement has items to pair."""
    with st.expander("Overlap for agreement (a setting of this corpus, for every annotator)"):
        key = f"annot_overlap_{corpus_id}"
        if not failed(key):  # the store's value, not one this session remembers
            st.session_state[key] = store.overlap(corpus_id)
        st.number_input(
            "Items every annotator judges first (in blind mode, in the same order for all)",
            min_value=0,
            max_value=n_items,
            step=1,
            key=key,
            on_change=_set_overlap,
            args=(corpus_id, key),
        )
        show(key)
