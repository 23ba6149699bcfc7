"""The Annotate page's one message of the last rubric save or import: kept in session state by the
callback that ran (the page reruns after it) and shown once, above the item, on the next run."""

from __future__ import annotations

import streamlit as st

from ui.render.literal import md_literal

MSG = "_annot_msg"


def say(kind: str, text: str) -> None:
    """Keep ``text`` to show on the next run: an error when ``kind`` is ``"error"``, else a success."""
    st.session_state[MSG] = (kind, text)


def last_message() -> None:
    """Show the kept message once (then it is gone), names in it shown literally."""
    if msg := st.session_state.pop(MSG, None):
        (st.error if msg[0] == "error" else st.success)(md_literal(msg[1], 600))
