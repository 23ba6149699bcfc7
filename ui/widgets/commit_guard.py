"""Typed text is committed before a page switch leaves the page.

Streamlit commits a text area when it loses focus; a click on another page's link blurs it and
switches pages at once, and the two reruns can be merged so that the switch arrives without the
text (seen in Chromium under load: the text was lost). A small script (in a component frame, same
origin as the app) holds a navigation click that follows typing in a text area, lets the blur's
rerun start, then clicks the link again. It also makes Streamlit's own swallowed first click
(upstream) switch pages after all.
"""

from __future__ import annotations

from ui.widgets.frame import script_frame

#: How long a navigation click waits after a text area was left (ms): the commit's rerun starts.
DELAY_MS = 700

_SCRIPT = (
    """<script>
const doc = window.parent.document;
if (!doc.__rougeLensCommitGuard) {
  doc.__rougeLensCommitGuard = true;
  let leftTextAt = 0;
  doc.addEventListener("mousedown", () => {
    const el = doc.activeElement;
    if (el && el.tagName === "TEXTAREA") leftTextAt = Date.now();
  }, true);
  doc.addEventListener("click", (e) => {
    const link = e.target && e.target.closest && e.target.closest("a");
    if (!link || !link.closest("[data-testid='stSidebarNav'], [data-testid='stPageLink']")) return;
    if (link.__rougeLensRetry || Date.now() - leftTextAt > 2000) return;
    e.preventDefault();
    e.stopPropagation();
    leftTextAt = 0;
    setTimeout(() => { link.__rougeLensRetry = true; link.click(); link.__rougeLensRetry = false; }, """
    + str(DELAY_MS)
    + """);
  }, true);
}
</script>"""
)


def commit_guard() -> None:
    """Install the script (once per browser page; drawing it again is harmless)."""
    script_frame(_SCRIPT)
