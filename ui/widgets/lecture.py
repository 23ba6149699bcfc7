"""Lecture mode: the sidebar out of the way, everything larger, arrow keys for Back / Next.

Streamlit cannot resize its fonts or figures on request, so lecture mode zooms the main column
(CSS ``zoom``, which Chromium and Firefox honour) and hides the sidebar; the arrow keys click
the page's Back / Next buttons (a small script in a component frame, same origin as the app,
listening on the page; keys typed in a text box are left alone).
"""

from __future__ import annotations

import streamlit as st

from ui.widgets.frame import script_frame

#: How much larger lecture mode draws the main column.
ZOOM = 1.6

_CSS = f"""<style>
section[data-testid="stSidebar"], [data-testid="stSidebarCollapsedControl"] {{display: none !important;}}
[data-testid="stMainBlockContainer"] {{zoom: {ZOOM}; max-width: none; padding-left: 1rem; padding-right: 1rem;}}
</style>"""

_KEYS = """<script>
const doc = window.parent.document;
// its own flag: Annotate's key handler (ui/widgets/keyboard.py) keeps its state in __rougeLensKeys, and
// Streamlit switches pages inside one document, so sharing the name stopped Annotate's keys after Learn
if (!doc.__rougeLensLectureKeys) {
  doc.__rougeLensLectureKeys = true;
  doc.addEventListener("keydown", (e) => {
    const t = e.target;
    if (t && (t.tagName === "TEXTAREA" || t.tagName === "INPUT" || t.isContentEditable)) return;
    const want = e.key === "ArrowRight" ? "Next" : e.key === "ArrowLeft" ? "Back" : null;
    if (!want) return;
    const b = [...doc.querySelectorAll("button")].find((x) => x.innerText.trim().endsWith(want));
    if (b && !b.disabled) { b.click(); e.preventDefault(); }
  });
}
</script>"""


def lecture_controls() -> bool:
    """The lecture-mode toggle (on the page itself, since the sidebar hides) and, when on, its styles.
    The arrow keys work in either mode. Returns whether lecture mode is on."""
    on = st.toggle(
        "Lecture mode",
        key="lecture_mode",
        help=f"Hides the sidebar and draws everything {ZOOM}x larger; ← and → step back and forth.",
    )
    script_frame(_KEYS)
    if on:
        st.html(_CSS)
    return bool(on)
