"""A zero-height same-origin frame for the app's small page scripts (the commit guard, the keys).

``st.iframe`` where this Streamlit has it (``components.v1.html`` is deprecated there), else the
older component; both render an HTML string as a same-origin srcdoc frame, so the script can reach
the app's page through ``window.parent.document``.

The frame is a whole document (a language and a title, which an axe audit asks of every frame) and
takes itself out of the keyboard's way: a one-pixel frame holding only a script was the first Tab
stop of the main area, an invisible stop a keyboard user could not make sense of, and a screen
reader announced an empty frame.
"""

from __future__ import annotations

import streamlit as st

_HEAD = (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ROUGE Lens page script</title></head><body>'
    # runs before the page's script: even a script that fails leaves the frame out of the Tab order
    "<script>const own = window.frameElement;"
    "if (own) { own.tabIndex = -1; own.setAttribute('aria-hidden', 'true'); }</script>"
)


def page_script(html: str) -> str:
    """``html`` (a ``<script>``) as the whole document of a script frame.

    >>> doc = page_script("<script>1</script>")
    >>> doc.startswith('<!doctype html><html lang="en">'), "<title>" in doc
    (True, True)
    >>> doc.endswith("<script>1</script></body></html>")
    True
    """
    return f"{_HEAD}{html}</body></html>"


def script_frame(html: str) -> None:
    """Draw ``html`` (a ``<script>``) in a frame one pixel high, out of the Tab order."""
    doc = page_script(html)
    frame = getattr(st, "iframe", None)
    if frame is not None:
        frame(doc, height=1)
        return
    import streamlit.components.v1 as components  # only on older Streamlit

    components.html(doc, height=0)
