"""Lecture mode: the sidebar out of the way, everything larger, arrow keys for Back / Next.

Streamlit cannot resize its fonts or figures on request, so lecture mode zooms the main column
(CSS ``zoom``, which Chromium and Firefox honour) and hides the sidebar. Plotly figures and data
grids size themselves from their column in unzoomed pixels, so zoomed they were drawn 1.6x too
wide and cut on the right (seen in Chromium at 1280x720): they are zoomed back to 1 and fit the
column; code blocks wrap instead of scrolling sideways; the arrow keys click
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
.katex-display {{overflow-x: auto; overflow-y: hidden; max-width: 100%;}}
[data-testid="stCode"] :is(pre, code) {{white-space: pre-wrap !important; overflow-wrap: anywhere;}}
[data-testid="stMainBlockContainer"] :is([data-testid="stPlotlyChart"], [data-testid="stDataFrame"])
  {{zoom: {1 / ZOOM:.4f};}}
</style>"""

# Formulas: KaTeX draws a display formula on one line, so on a narrow or zoomed page it was cut
# ("(x_i = y"); lecture mode scales each one down to its column's width instead (checked twice a
# second, since Streamlit draws formulas after this script runs).
_FIT = """<script>
const fitDoc = window.parent.document;
if (!fitDoc.__rougeLensFitFormulas) {
  fitDoc.__rougeLensFitFormulas = setInterval(() => {
    if (!fitDoc.querySelector("[data-lecture='on']")) return;
    fitDoc.querySelectorAll(".katex-display").forEach((d) => {
      const k = d.querySelector(".katex"); if (!k) return;
      d.style.fontSize = "";
      const w = d.clientWidth, need = k.scrollWidth;
      if (need > w + 1) d.style.fontSize = Math.max(40, Math.floor((100 * w) / need)) + "%";
    });
  }, 500);
}
</script>"""

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
    if (!want || e.defaultPrevented) return;  // a walk player (ui/render/walk_player.py) took the key
    const b = [...doc.querySelectorAll("button")].find((x) => x.innerText.trim().endsWith(want));
    if (b && !b.disabled) { b.click(); e.preventDefault(); }
  });
}
</script>"""


#: The address's switch: ``lecture=1`` turns lecture mode on, and the toggle keeps it there for a reload.
PARAM = "lecture"


def _remember() -> None:
    st.session_state["_lecture_on"] = bool(st.session_state.get("lecture_mode"))


def lecture_controls() -> bool:
    """The lecture-mode toggle (on the page itself, since the sidebar hides) and, when on, its styles.
    ``lecture=1`` in the address turns it on; the address follows the toggle, so a reload keeps it.
    The arrow keys work in either mode. Returns whether lecture mode is on."""
    if st.query_params.get(PARAM) == "1" and not st.session_state.get("_lecture_link_applied"):
        st.session_state["_lecture_on"] = True  # once a session: the toggle decides after that
    st.session_state["_lecture_link_applied"] = True
    # The choice lives in _lecture_on, set by the toggle: Streamlit drops a widget's state on a page
    # switch, and lecture mode is on several pages (Learn, Inspect, Which ROUGE?, Agreement).
    st.session_state["lecture_mode"] = bool(st.session_state.get("_lecture_on", False))
    on = st.toggle(
        "Lecture mode",
        key="lecture_mode",
        on_change=_remember,
        help=f"Hides the sidebar and draws everything {ZOOM}x larger; ← and → step back and forth.",
    )
    if on and st.query_params.get(PARAM) != "1":
        st.query_params[PARAM] = "1"
    elif not on and PARAM in st.query_params:
        st.query_params.pop(PARAM)
    script_frame(_KEYS + _FIT)
    if on:
        st.html(_CSS + '<span data-lecture="on" hidden></span>')
    return bool(on)
