"""Inspect's way back to the page a corpus pair was opened from: the button's words, and the scroll that
brings the user back to the table or chart they opened it from.

:func:`ui.widgets.corpus_input.open_in_inspect` records the page and an ``anchor`` (the key, or the
start of the key, of the element the pair was picked on); Inspect's "Back to ..." button calls
:func:`leave_for` and the page, on its next run, :func:`scroll_back`, which scrolls that element into
view (Streamlit would keep Inspect's scroll offset, or land at the top).
"""

from __future__ import annotations

import json
import re

import streamlit as st

from ui.widgets.frame import script_frame

RETURNING = "corpus_returning"  # the anchor to scroll to on the next run of the page Inspect went back to
RETURNS = "corpus_returns"  # how many times the way back was taken (each return's script frame differs)
#: Page -> the words of the way back to it (other pages: "Back to the corpus").
PAGE_NAMES = {
    "app_pages/systems.py": "Systems",
    "app_pages/which_rouge.py": "Which ROUGE?",
    "app_pages/agreement.py": "Agreement with humans",
    "app_pages/campaigns.py": "Campaigns",
}
#: Looks for the element for up to 5 s (it is drawn after this frame, and a chart takes a moment).
_SCROLL = (
    "<script>(function(){const css = %s; let tries = 50;"
    "const go = () => { const el = window.parent.document.querySelector(css);"
    "if (el) { el.scrollIntoView({block: 'center'}); } else if (--tries > 0) { setTimeout(go, 100); } };"
    "go();})();</script><!-- return %d -->"
)


def back_label(page: str) -> str:
    """The way back's words.

    >>> back_label("app_pages/agreement.py"), back_label("app_pages/corpus.py")
    ('Back to Agreement with humans', 'Back to the corpus')
    """
    return f"Back to {PAGE_NAMES.get(page, 'the corpus')}"


def key_selector(anchor: str) -> str:
    """The CSS selector of the elements whose key starts with ``anchor`` (Streamlit's ``st-key-`` class,
    where every character but letters, digits, ``_`` and ``-`` becomes ``-``).

    >>> key_selector("corpus_table:")
    '[class*="st-key-corpus_table-"]'
    """
    return f'[class*="st-key-{re.sub(r"[^a-zA-Z0-9_-]", "-", anchor.strip())}"]'


def leave_for(anchor: str) -> None:
    """Inspect's way back was taken: the next page run scrolls to ``anchor`` ("" scrolls nowhere)."""
    if anchor:
        count = int(st.session_state.get(RETURNS, 0)) + 1
        st.session_state[RETURNS] = count
        st.session_state[RETURNING] = (anchor, count)


def scroll_back() -> None:
    """On the page returned to: scroll to the element it was left at (once, after Inspect's "Back to")."""
    returning = st.session_state.pop(RETURNING, None)
    if isinstance(returning, tuple) and returning[0]:
        # json.dumps makes the selector a JS string literal; the counter makes each return a new frame.
        script_frame(_SCROLL % (json.dumps(key_selector(str(returning[0]))), int(returning[1])))
