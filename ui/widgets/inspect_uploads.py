"""Inspect's "Upload files instead": one JSON / JSONL record, or one .txt file per summary, loaded
into the text boxes when the user asks; the outcome (or what is wrong with the files) is shown once."""

from __future__ import annotations

import streamlit as st

from ui.render.literal import md_literal
from ui.widgets import state
from ui.widgets.inputs import InputError, inspect_limits_text, parse_record, parse_text_files


def _use_uploads() -> None:
    try:
        record = st.session_state.get("up_record")
        if record is not None:
            pair = parse_record(record.getvalue(), record.name)
        else:
            cand = st.session_state.get("up_cand")
            refs = st.session_state.get("up_refs") or []
            pair = parse_text_files(
                (cand.name, cand.getvalue()) if cand else None, [(f.name, f.getvalue()) for f in refs]
            )
    except InputError as exc:
        st.session_state["_upload_msg"] = ("error", str(exc))
        return
    state.set_inputs(pair.candidate, list(pair.references))
    st.session_state["_upload_msg"] = ("ok", " ".join(pair.messages) or "Loaded the uploaded summaries.")


def uploads() -> None:
    """The uploaders, the button that loads them, and the last load's message."""
    with st.expander("Upload files instead"):
        st.file_uploader(
            "One JSON / JSONL record with 'candidate' and 'references'", type=["json", "jsonl"], key="up_record"
        )
        c1, c2 = st.columns(2)
        c1.file_uploader("or the candidate as a .txt file", type=["txt"], key="up_cand")
        c2.file_uploader(
            "and the references, one .txt file each", type=["txt"], key="up_refs", accept_multiple_files=True
        )
        st.caption(inspect_limits_text())
        st.button("Use the uploaded files", on_click=_use_uploads)
        if msg := st.session_state.pop("_upload_msg", None):
            (st.error if msg[0] == "error" else st.success)(md_literal(msg[1], 600))
