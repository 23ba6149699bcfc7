"""The content-unit task of the Annotate page (pyramid style): units written or imported for a
document (as a whole or for one reference), ticked when the candidate expresses them; the recall is
ticked units / units (LitePyramid style). Every tick and every added unit is committed by the store."""

from __future__ import annotations

import hashlib

import streamlit as st

from annotation import AnnotationStore, Item, StoreError
from rouge_core.io.decoding import TextDecodeError, decode_text
from ui.compute.annotate import open_store
from ui.render.literal import md_literal
from ui.render.plural import counted
from ui.widgets import kept
from ui.widgets.store_messages import failed, save, show

#: Largest units file read (one unit a line).
MAX_UNITS_BYTES = 200_000
MSG = "_annot_msg"


def _short(name: str) -> str:
    return hashlib.sha256(name.encode()).hexdigest()[:10]


def _tick(unit_id: int, item_id: int, annotator: str, key: str) -> None:
    present = bool(st.session_state.get(key))
    save(key, lambda s: s.tick(unit_id, item_id, annotator, present))  # refused: "Not saved" beside the tick


def _add(corpus_id: int, doc_id: str, texts: list[str], reference: int | None, origin: str) -> bool:
    try:
        with open_store() as s:
            s.add_units(corpus_id, doc_id, texts, reference, origin)
    except StoreError as e:
        st.session_state[MSG] = ("error", f"No content unit added: {e}")
        return False
    st.session_state[MSG] = ("ok", f"{counted(len(texts), 'content unit')} added.")
    return True


def _lines(data: bytes, name: str) -> list[str] | None:
    if len(data) > MAX_UNITS_BYTES:
        st.session_state[MSG] = ("error", f"{name}: {len(data):,} bytes, the largest units file read is 200,000")
        return None
    try:
        text = decode_text(data, name)
    except TextDecodeError as e:
        st.session_state[MSG] = ("error", str(e))
        return None
    return [t.strip() for t in text.splitlines() if t.strip()]


def content_units(store: AnnotationStore, corpus_id: int, item: Item, annotator: str) -> None:
    """Draw the units of the item's document with their ticks, the recall, and the ways to add units."""
    units = store.units(corpus_id, item.doc_id)
    ticked = {
        u.unit_id: u.present
        for u in store.unit_judgments(corpus_id)
        if u.item_id == item.id and u.annotator == annotator
    }
    for u in units:
        key = f"annot_u_{u.id}_{item.id}_{_short(annotator)}"
        where = "" if u.reference is None else f" (reference {u.reference + 1})"
        if not failed(key):  # the store's tick, not one this session remembers (a refused tick stays, said so)
            st.session_state[key] = ticked.get(u.id, False)
        st.checkbox(
            md_literal(u.text + where, 500),
            key=key,
            on_change=_tick,
            args=(u.id, item.id, annotator, key),
        )
        show(key)
    recall = store.unit_recall(item.id, annotator)
    st.caption(
        "No content units for this document yet: write or import some below."
        if not units
        else f"Content units expressed: {recall if recall is not None else 0} of the units = "
        f"{float(recall or 0):.3f} (LitePyramid-style recall)"
    )
    options = [None, *range(len(item.references))]
    reference = kept.value_widget(
        st.selectbox,
        "New units are for",
        "annot_units_ref",
        None,
        options=options,
        format_func=lambda r: "the document as a whole" if r is None else f"reference {r + 1}",
    )
    if reference not in options:
        reference = None
    box = f"annot_units_{corpus_id}_{_short(item.doc_id)}"
    new = kept.text_area("New content units (one per line)", box)
    if st.button("Add content units", key="annot_units_add"):
        if _add(corpus_id, item.doc_id, [t.strip() for t in new.splitlines() if t.strip()], reference, "written"):
            kept.set_text(box, "")
        st.rerun()
    up = st.file_uploader("Import content units (a text file, one unit a line)", type=["txt"], key="annot_units_file")
    if up is not None and st.button("Import these units", key="annot_units_import"):
        lines = _lines(up.getvalue(), up.name)
        if lines is not None:
            _add(corpus_id, item.doc_id, lines, reference, "imported")
        st.rerun()
