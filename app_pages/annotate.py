"""Annotate: people judge summaries on a rubric (or tick content units); every judgment is committed to
the SQLite store when it is made. The item lives in a fragment (ui.widgets.annotate_item): a judgment or
a keypress reruns the item, not this page. Agreement, disagreements and import / export are in their own
tabs and computed only when asked for."""

from __future__ import annotations

from typing import Any

import streamlit as st

from annotation import (
    AnnotationStore,
    CriterionSpec,
    ImportFileError,
    Judgment,
    Rubric,
    StoreError,
    export_judgments,
    import_judgments,
    import_published,
)
from rouge_core.readers import Corpus
from ui.annotation_view import agreement_table, disagreement_table, store_or_message
from ui.render.literal import md_literal
from ui.widgets import kept
from ui.widgets.annotate_item import Where, annotate_item
from ui.widgets.corpus_input import corpus_loader, loaded
from ui.widgets.keyboard import keyboard
from ui.widgets.store_messages import failed, failures_shown, save, show

KEY = "annotate"
MSG = "_annot_msg"

st.title("Annotate summaries")
st.caption(
    "Every judgment is saved the moment you make it, and each criterion says so. The keys are listed beside the rubric."
)


def _say(kind: str, text: str) -> None:
    st.session_state[MSG] = (kind, text)


def _rubric_editor(store: AnnotationStore, rubric: Rubric) -> None:
    with st.expander("Edit the rubric (saving makes a new version; judgments keep the version they were made on)"):
        name = kept.value_widget(st.text_input, "Rubric name", "annot_rubric_name", rubric.name)
        rows: list[dict[str, Any]] = [
            {"name": c.name, "description": c.description, "min": c.scale_min, "max": c.scale_max}
            for c in rubric.criteria
        ]
        edited = st.data_editor(rows, num_rows="dynamic", key=f"annot_rubric_rows_{rubric.id}", width="stretch")
        if st.button("Save rubric", key="annot_rubric_save"):
            try:
                specs = [
                    CriterionSpec(
                        str(r.get("name") or "").strip(),
                        str(r.get("description") or ""),
                        float(r["min"]),
                        float(r["max"]),
                        float(r["min"]).is_integer() and float(r["max"]).is_integer(),
                    )
                    for r in edited
                    if any(v not in (None, "") for v in r.values())
                ]
                saved = store.save_rubric(str(name), specs)
                _say("ok", f"Saved rubric {saved.name} version {saved.version}.")
            except (StoreError, ValueError, TypeError, KeyError) as e:
                _say("error", f"Rubric not saved: {e}")
            st.rerun()


def _set_overlap(corpus_id: int, key: str) -> None:
    value = st.session_state.get(key)
    save(key, lambda s: s.set_overlap(corpus_id, None if value is None else int(value)))


def _overlap_setting(store: AnnotationStore, corpus_id: int, n_items: int) -> None:
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


def _picked(store: AnnotationStore, corpus_id: int) -> list[Judgment]:
    """The judgments of this corpus from the chosen sources (none chosen: all)."""
    judgments = store.judgments(corpus_id)
    sources = sorted({j.source for j in judgments})
    held = kept.get_value("annot_sources", []) or []
    if any(x not in sources for x in held):  # another corpus: keep only the sources it has
        kept.set_value("annot_sources", [x for x in held if x in sources])
    chosen = kept.value_widget(
        st.multiselect, "Judgments from (none chosen: all)", "annot_sources", [], options=sources
    )
    return [j for j in judgments if j.source in (chosen or sources)]


# Agreement and disagreements read every judgment of the corpus: computed only while their toggle is
# on, and never on a judgment (the item is a fragment: a judgment does not rerun this part).
def _agreement(store: AnnotationStore, corpus_id: int, rubric: Rubric) -> None:
    if not kept.value_widget(st.toggle, "Compute agreement between annotators", "annot_agree_on", False):
        st.caption("Krippendorff's alpha per criterion, computed when you switch it on.")
        return
    picked = _picked(store, corpus_id)
    if not picked:
        st.caption("No judgments yet.")
        return
    st.dataframe(agreement_table(picked, [c.name for c in rubric.criteria]), hide_index=True, width="stretch")
    st.caption("Krippendorff's alpha (ordinal and interval) per criterion over the annotators of these judgments.")


def _disagreements(store: AnnotationStore, corpus_id: int, rubric: Rubric) -> None:
    if not kept.value_widget(st.toggle, "Find the items annotators disagree on", "annot_dis_on", False):
        return
    chosen = kept.get_value("annot_sources", []) or []  # the Agreement tab's choice of sources
    picked = [j for j in store.judgments(corpus_id) if not chosen or j.source in chosen]
    names = [c.name for c in rubric.criteria]
    crit = kept.value_widget(st.selectbox, "Disagreements on", "annot_dis_crit", names[0], options=names)
    threshold = kept.value_widget(st.slider, "Spread above", "annot_dis_thr", 1.0, min_value=0.0, max_value=4.0,
                                  step=0.5)  # fmt: skip
    table = disagreement_table(picked, str(crit), {it.id: it for it in store.items(corpus_id)}, float(threshold))
    st.dataframe(table, hide_index=True, width="stretch")


def _import_export(store: AnnotationStore, corpus_id: int, corpus: Corpus, name: str) -> None:
    if st.button("Load the published judgments of this corpus", key="annot_published"):
        try:
            counts = import_published(store, corpus, name)
            _say("ok", "Imported " + (", ".join(f"{n:,} {s}" for s, n in counts.items()) or "nothing: none published"))
        except StoreError as e:
            _say("error", f"Not imported: {e}")
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
            _say("ok", f"Imported {n:,} judgments from {up.name}.")
        except (ImportFileError, StoreError) as e:
            _say("error", f"Nothing imported: {e}")
        st.rerun()


corpus = corpus_loader(KEY)
current = loaded(KEY)
if corpus is None or current is None:
    st.info("Load a corpus above (the SummEval sample carries its published expert and crowd judgments).")
    st.stop()
if not corpus.documents:
    st.warning("The corpus has no documents to annotate.")
    st.stop()

opened = store_or_message()
if isinstance(opened, str):
    st.error(md_literal(opened, 600))
    st.stop()
with opened as store, failures_shown():
    try:
        corpus_id = store.add_corpus(corpus, current.source.name)
    except StoreError:  # another corpus (other documents) has this name: keep both, told apart
        try:
            corpus_id = store.add_corpus(corpus, f"{current.source.name} · {current.digest[:8]}")
        except StoreError as e:
            st.error(md_literal(f"This corpus cannot be stored: {e}", 600))
            st.stop()
    c1, c2, c3 = st.columns([2, 2, 2])
    with c1:
        annotator = str(kept.value_widget(st.text_input, "Your name (annotator)", "annot_name", "")).strip()
    with c2:
        task = kept.value_widget(
            st.radio, "Task", "annot_task", "rubric", options=["rubric", "units"], horizontal=True,
            format_func={"rubric": "Rubric scores", "units": "Content units"}.__getitem__,
        )  # fmt: skip
    with c3:
        blind = bool(kept.value_widget(st.checkbox, "Blind mode (hide systems, shuffle)", "annot_blind", True))
        show_rouge = (
            bool(kept.value_widget(st.checkbox, "Show ROUGE-1 matches", "annot_rouge", False, disabled=blind))
            and not blind
        )
    rubrics = {r.name: r for r in store.rubrics()} or {}
    default_rubric = store.summeval_rubric()
    rubrics.setdefault(default_rubric.name, default_rubric)
    rubric_name = kept.value_widget(st.selectbox, "Rubric", "annot_rubric", default_rubric.name, options=list(rubrics))
    rubric = rubrics.get(str(rubric_name), default_rubric)
    _rubric_editor(store, rubric)
    _overlap_setting(store, corpus_id, len(store.items(corpus_id)))
    if msg := st.session_state.pop(MSG, None):
        (st.error if msg[0] == "error" else st.success)(md_literal(msg[1], 600))
    if not annotator:
        st.info("Type your name to start: judgments are kept per annotator, and you resume where you left off.")
    else:
        try:
            store.annotator(annotator)
        except StoreError as e:
            st.error(md_literal(str(e), 300))
            st.stop()
        keyboard()
        annotate_item(Where(corpus_id, current.digest, annotator, blind, show_rouge, str(task), rubric))
    st.divider()
    agreement_tab, disagreements_tab, io_tab = st.tabs(["Agreement", "Disagreements", "Import and export"])
    with agreement_tab:
        _agreement(store, corpus_id, rubric)
    with disagreements_tab:
        _disagreements(store, corpus_id, rubric)
    with io_tab:
        _import_export(store, corpus_id, corpus, current.source.name)
