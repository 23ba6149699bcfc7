"""A zero-height same-origin frame for the app's small page scripts (the commit guard, the keys).

``st.iframe`` where this Streamlit has it (``components.v1.html`` is deprecated there), else the
older component; both render an HTML string as a same-origin srcdoc frame, so the script can reach
the app's page through ``window.parent.document``.
"""

from __future__ import annotations

import streamlit as st


def script_frame(html: str) -> None:
    """Draw ``html`` (a ``<script>``) in a frame one pixel high."""
    frame = getattr(st, "iframe", None)
    if frame is not None:
        frame(html, height=1)
        return
    import streamlit.components.v1 as components  # only on older Streamlit

    components.html(html, height=0)
