"""The Annotate page's corpus: the loader (the Corpus page's, under the page's own key), what to do
while none is loaded, and the corpus written to the annotation store (its items are what is judged)."""

from __future__ import annotations

from typing import Optional

import streamlit as st

from annotation import AnnotationStore, StoreError
from ui.render.literal import md_literal
from ui.widgets.corpus_input import Loaded, corpus_loader, loaded


def corpus_to_annotate(key: str) -> Optional[Loaded]:
    """The loader, then the loaded corpus; None (and what to do, said on the page) while there is none
    or it has no documents."""
    corpus = corpus_loader(key)
    current = loaded(key)
    if corpus is None or current is None:
        st.info("Load a corpus above (the SummEval sample carries its published expert and crowd judgments).")
        return None
    if not corpus.documents:
        st.warning("The corpus has no documents to annotate.")
        return None
    return current


def stored_corpus(store: AnnotationStore, current: Loaded) -> Optional[int]:
    """The store's id of the loaded corpus, added under its source's name; when another corpus (other
    documents) has that name, under the name and the digest, keeping both told apart. None (with the
    store's reason on the page) when it cannot be stored."""
    try:
        return store.add_corpus(current.corpus, current.source.name)
    except StoreError:
        try:
            return store.add_corpus(current.corpus, f"{current.source.name} · {current.digest[:8]}")
        except StoreError as e:
            st.error(md_literal(f"This corpus cannot be stored: {e}", 600))
            return None
