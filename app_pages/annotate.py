"""Annotate: people judge summaries on a rubric (or tick content units); every judgment is committed to
the SQLite store when it is made. Agreement between annotators, and import / export, below."""

from __future__ import annotations

import hashlib
from typing import Any

import streamlit as st

from rouge_core.annotation import (
    AnnotationStore,
    CriterionSpec,
    ImportFileError,
    Item,
    Rubric,
    StoreError,
    data_dir,
    export_judgments,
    import_judgments,
    import_published,
)
from rouge_core.annotation.status import MAX_NOTE
from ui.annotation_view import (
    agreement_table,
    disagreement_table,
    judged_items,
    order,
    resume_position,
    store_or_message,
)
from ui.compute import report_for
from ui.render.html import esc
from ui.render.literal import md_literal
from ui.render.ngrams import ngram_page_html
from ui.widgets import kept, state
from ui.widgets.content_units import content_units
from ui.widgets.corpus_input import corpus_loader, loaded
from ui.widgets.keyboard import NEXT, PREVIOUS, SKIP, keyboard
from ui.widgets.store_messages import failures_shown, forget, save, show

KEY = "annotate"
SKIP_KEY = "annot_skip"
POS = "_annot_pos"  # (corpus, annotator, blind, rubric) -> position in that annotator's order
MSG = "_annot_msg"

st.title("Annotate summaries")
st.caption(
    md_literal(
        f"Every judgment is saved the moment you make it, in {data_dir(create=False)} (set ROUGE_LENS_DATA to move it; "
        "copy the file annotations.sqlite3 to back it up). Keys: → / n next, ← / p previous, ↓ / j and ↑ / k "
        "move between criteria, a digit sets the focused criterion, s skips."
    )
)


def _short(name: str) -> str:
    return hashlib.sha256(name.encode()).hexdigest()[:10]


def _say(kind: str, text: str) -> None:
    st.session_state[MSG] = (kind, text)


# The callbacks save through store_messages.save: a change the store refuses (a note over its limit,
# a full disk, a read-only file) is shown as "Not saved: <reason>" beside its widget, which keeps what
# the person entered.


def _record(item_id: int, criterion_id: int, annotator: str, key: str) -> None:
    value = st.session_state.get(key)
    if value is not None:
        save(key, lambda s: s.record(item_id, criterion_id, annotator, value))


def _note(item_id: int, annotator: str, key: str) -> None:
    note = str(st.session_state.get(key) or "")
    save(key, lambda s: s.set_note(item_id, annotator, note))


def _flag(item_id: int, annotator: str, key: str) -> None:
    flagged = bool(st.session_state.get(key))
    save(key, lambda s: s.set_flag(item_id, annotator, flagged))


def _move(where: tuple[Any, ...], step: int, total: int, skip: tuple[int, str] | None = None) -> None:
    forget(SKIP_KEY)  # a skip that was not saved concerned the item being left
    if skip is not None and not save(SKIP_KEY, lambda s: s.set_skip(skip[0], skip[1], True)):
        return  # not skipped: stay on the item, where "Not saved" says why
    pos = st.session_state.setdefault(POS, {})
    pos[where] = min(max(pos.get(where, 0) + step, 0), max(total - 1, 0))


def _text_block(title: str, text: str) -> None:
    st.html(
        f"<div style='font-weight:600;margin-top:.4rem'>{esc(title)}</div>"
        f"<div style='white-space:pre-wrap;border-left:3px solid #ddd;padding:.2rem .6rem'>{esc(text)}</div>"
    )


def _rubric_editor(store: AnnotationStore, rubric: Rubric) -> None:
    with st.expander("Edit the rubric (saving makes a new version; judgments keep the version they were made on)"):
        name = kept.value_widget(st.text_input, "Rubric name", "annot_rubric_name", rubric.name)
        rows = [
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


def _criterion_widget(item: Item, c: Any, annotator: str, stored: dict[int, float], i: int) -> None:
    key = f"annot_v_{item.id}_{c.id}_{_short(annotator)}"
    label = f"{c.name}: {c.description}" if c.description else c.name
    with st.container(key=f"annot_crit_{i}"):
        whole = c.integer and c.scale_max - c.scale_min <= 10
        if whole:
            options = list(range(int(c.scale_min), int(c.scale_max) + 1))
            have = stored.get(c.id)
            st.radio(
                md_literal(label, 400),
                options,
                index=options.index(int(have)) if have is not None else None,
                horizontal=True,
                key=key,
                on_change=_record,
                args=(item.id, c.id, annotator, key),
            )
        else:
            st.number_input(
                md_literal(label, 400),
                min_value=float(c.scale_min),
                max_value=float(c.scale_max),
                value=stored.get(c.id),
                step=1.0 if c.integer else 0.01,
                key=key,
                on_change=_record,
                args=(item.id, c.id, annotator, key),
            )
        show(key)


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
        items = store.items(corpus_id)
        ordered = order(items, annotator, blind, current.digest)
        mine = store.judgments(corpus_id, annotator=annotator)
        done = judged_items(mine, rubric)
        skipped = {it.id for it in items if store.status(it.id, annotator).skipped}
        where = (corpus_id, annotator, blind, rubric.id)
        positions = st.session_state.setdefault(POS, {})
        if where not in positions:
            positions[where] = resume_position(ordered, done, skipped)
        k = positions[where]
        item = ordered[k]
        try:
            store.set_position(item.id, annotator)
        except StoreError as e:  # where to resume is not a judgment: say so and let the person go on
            st.warning(md_literal(f"Your place in the corpus was not saved: {e}", 600))
        total = len(ordered)
        st.progress(
            len(done) / total if total else 0.0,
            text=f"{len(done):,} of {total:,} judged on every criterion · {len(skipped):,} skipped",
        )
        keyboard()
        head = f"Item {k + 1} of {total}: document {item.doc_id}"
        st.subheader(md_literal(head if blind else f"{head}, system {item.system or '(none)'}", 300))
        if item.source:
            with st.expander("Source document"):
                _text_block("Source", item.source)
        if show_rouge:
            rep = report_for(item.candidate_text, ["\n".join(r) for r in item.references], state.config())
            if "ROUGE-1" in rep.measures:
                st.html(ngram_page_html(rep, "ROUGE-1", 0)[0])
                st.caption("ROUGE-1 matches of the candidate against reference 1 (the sidebar's settings).")
            else:
                _text_block("Candidate", item.candidate_text)
        else:
            _text_block("Candidate", item.candidate_text)
        if item.references:
            _text_block("Reference 1", "\n".join(item.references[0]))
        if len(item.references) > 1:
            with st.expander(f"References 2 to {len(item.references)}"):
                for r, ref in enumerate(item.references[1:], start=2):
                    _text_block(f"Reference {r}", "\n".join(ref))
        if task == "rubric":
            stored = {j.criterion_id: j.value for j in mine if j.item_id == item.id}
            for i, crit in enumerate(rubric.criteria):
                _criterion_widget(item, crit, annotator, stored, i)
        else:
            content_units(store, corpus_id, item, annotator)
        status = store.status(item.id, annotator)
        note_key = f"annot_note_{item.id}_{_short(annotator)}"
        st.text_area("Note (saved when you leave the box)", value=status.note, key=note_key, on_change=_note,
                     args=(item.id, annotator, note_key), max_chars=MAX_NOTE)  # fmt: skip
        show(note_key)
        flag_key = f"annot_flag_{item.id}_{_short(annotator)}"
        b1, b2, b3, b4 = st.columns(4)
        b1.button(PREVIOUS, key="annot_prev", on_click=_move, args=(where, -1, total), disabled=k == 0)
        b2.button(NEXT, key="annot_next", on_click=_move, args=(where, 1, total), disabled=k == total - 1)
        b3.button(SKIP, key=SKIP_KEY, on_click=_move, args=(where, 1, total, (item.id, annotator)))
        b4.checkbox("Flag this item", value=status.flagged, key=flag_key, on_change=_flag,
                    args=(item.id, annotator, flag_key))  # fmt: skip
        with b3:
            show(SKIP_KEY)
        with b4:
            show(flag_key)

    st.divider()
    st.subheader("Agreement between annotators")
    judgments = store.judgments(corpus_id)
    sources = sorted({j.source for j in judgments})
    held = kept.get_value("annot_sources", []) or []
    if any(x not in sources for x in held):  # another corpus: keep only the sources it has
        kept.set_value("annot_sources", [x for x in held if x in sources])
    chosen = kept.value_widget(
        st.multiselect, "Judgments from (none chosen: all)", "annot_sources", [], options=sources
    )
    picked = [j for j in judgments if j.source in (chosen or sources)]
    names = [c.name for c in rubric.criteria]
    if not picked:
        st.caption("No judgments yet.")
    else:
        st.dataframe(agreement_table(picked, names), hide_index=True, width="stretch")
        st.caption("Krippendorff's alpha (ordinal and interval) per criterion over the annotators of these judgments.")
        crit = kept.value_widget(st.selectbox, "Disagreements on", "annot_dis_crit", names[0], options=names)
        threshold = kept.value_widget(st.slider, "Spread above", "annot_dis_thr", 1.0, min_value=0.0, max_value=4.0,
                                      step=0.5)  # fmt: skip
        table = disagreement_table(picked, str(crit), {it.id: it for it in store.items(corpus_id)}, float(threshold))
        st.dataframe(table, hide_index=True, width="stretch")

    st.subheader("Import and export")
    e1, e2, e3 = st.columns(3)
    if e1.button("Load the published judgments of this corpus", key="annot_published"):
        try:
            counts = import_published(store, corpus, current.source.name)
            _say("ok", "Imported " + (", ".join(f"{n:,} {s}" for s, n in counts.items()) or "nothing: none published"))
        except StoreError as e:
            _say("error", f"Not imported: {e}")
        st.rerun()
    e2.download_button("Judgments as CSV", export_judgments(store, "csv", corpus_id), "judgments.csv", "text/csv")
    e3.download_button("Judgments as JSONL", export_judgments(store, "jsonl", corpus_id), "judgments.jsonl")
    up = st.file_uploader("Import judgments (CSV or JSONL, as exported)", type=["csv", "jsonl"], key="annot_import")
    if up is not None and st.button("Import this file", key="annot_import_go"):
        try:
            n = import_judgments(store, up.getvalue(), up.name)
            _say("ok", f"Imported {n:,} judgments from {up.name}.")
        except (ImportFileError, StoreError) as e:
            _say("error", f"Nothing imported: {e}")
        st.rerun()
