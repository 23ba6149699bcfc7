"""The Annotate page's Import and export tab: the corpus's published judgments, the export files (CSV
and JSONL, built when asked for: they read every judgment of the corpus) and a file to import; what
happened is said once, above the item. A campaign's member gets :func:`own_export` instead: their own
judgments only, and no import."""

from __future__ import annotations

import streamlit as st

from annotation import (
    AnnotationStore,
    ImportFileError,
    StoreError,
    export_judgments,
    import_judgments,
    import_published,
)
from rouge_core.io.readers import Corpus
from ui.compute.annotate import own_judgments
from ui.widgets.annotate_message import say


def import_export(store: AnnotationStore, corpus_id: int, corpus: Corpus, name: str) -> None:
    """The published-judgments button, the export button and the import uploader, in that order."""
    if st.button("Load the published judgments of this corpus", key="annot_published"):
        try:
            counts = import_published(store, corpus, name)
            say("ok", "Imported " + (", ".join(f"{n:,} {s}" for s, n in counts.items()) or "nothing: none published"))
        except StoreError as e:
            say("error", f"Not imported: {e}")
        st.rerun()
    # the export files are built when asked for (they read every judgment of the corpus)
    if st.button("Prepare the export files", key="annot_export"):
        e1, e2 = st.columns(2)
        e1.download_button("Judgments as CSV", export_judgments(store, "csv", corpus_id), "judgments.csv",
                           "text/csv", on_click="ignore")  # fmt: skip
        e2.download_button("Judgments as JSONL", export_judgments(store, "jsonl", corpus_id), "judgments.jsonl",
                           on_click="ignore")  # fmt: skip
    up = st.file_uploader("Import judgments (CSV or JSONL, as exported)", type=["csv", "jsonl"], key="annot_import")
    if up is not None and st.button("Import this file", key="annot_import_go"):
        try:
            n = import_judgments(store, up.getvalue(), up.name)
            say("ok", f"Imported {n:,} judgments from {up.name}.")
        except (ImportFileError, StoreError) as e:
            say("error", f"Nothing imported: {e}")
        st.rerun()


def own_export(store: AnnotationStore, corpus_id: int, annotator: str) -> None:
    """The export of ``annotator``'s own judgments on the corpus (a campaign's member), built when asked for."""
    st.caption("Your own judgments in this campaign's corpus; no one else's are exported here.")
    if st.button("Prepare the export of your judgments", key="annot_own_export"):
        e1, e2 = st.columns(2)
        e1.download_button("Your judgments as CSV", own_judgments(store, "csv", corpus_id, annotator),
                           "my_judgments.csv", "text/csv", on_click="ignore")  # fmt: skip
        e2.download_button("Your judgments as JSONL", own_judgments(store, "jsonl", corpus_id, annotator),
                           "my_judgments.jsonl", on_click="ignore")  # fmt: skip
