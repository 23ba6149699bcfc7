"""The Challenges page's widgets: the challenge picker, the student's answer boxes (checked live),
the hint and the worked solution revealed on request.

The boxes are kept text areas (:mod:`ui.widgets.kept`): Streamlit sends a text area's value when it
loses focus or on Ctrl+Enter. So that the check also follows typing, a small same-origin script
(:func:`ui.widgets.frame.script_frame`) presses Ctrl+Enter for the student in a challenge box after a
pause of :data:`PAUSE_MS` without typing: the text is committed as if they had pressed it, the focus
and the caret stay where they were.
"""

from __future__ import annotations

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.teach.challenges import CHALLENGES, Challenge
from ui.compute import budget
from ui.compute.pair import within_budget
from ui.widgets import kept
from ui.widgets.frame import script_frame

#: The largest answer the page checks while the student types (one summary, one reference).
BUDGET = budget.Budget("Challenges", 300, 90_000, 10_000, max_references=1)

#: How long the student must stop typing before the box is committed and checked (ms).
PAUSE_MS = 800

#: The sentence the page prints under the boxes: what starts a check.
TRIGGER = (
    f"Checked as you type: a pause of {PAUSE_MS / 1000:.1f} s, Ctrl+Enter, or leaving the box sends your text "
    "to the checker."
)

_SHOWN = "_chal_shown"  # ids of the challenges whose worked solution was revealed in this session

_LIVE_SCRIPT = (
    """<script>
const doc = window.parent.document;
const app = window.parent;  // timers on the app's window: this frame is replaced when the page redraws
let timer = null;
const onInput = (e) => {
  const box = e.target;
  if (!box || box.tagName !== "TEXTAREA" || !box.closest("[class*='st-key-chal_']")) return;
  app.clearTimeout(timer);
  // Streamlit commits a text area on Ctrl+Enter (its own key handler); a pause in typing presses it
  timer = app.setTimeout(() => {
    if (!box.isConnected) return;
    box.dispatchEvent(new KeyboardEvent("keydown", {
      key: "Enter", code: "Enter", ctrlKey: true, bubbles: true, cancelable: true}));
  }, """
    + str(PAUSE_MS)
    + """);
};
// one listener, the newest frame's (an older frame may be gone with its page)
if (doc.__rougeLensChallengeLive) doc.removeEventListener("input", doc.__rougeLensChallengeLive, true);
doc.__rougeLensChallengeLive = onInput;
doc.addEventListener("input", onInput, true);
</script>"""
)


def choose() -> Challenge:
    """The challenge picker (kept across pages); returns the chosen challenge."""
    ids = list(CHALLENGES)
    cid = kept.value_widget(
        st.selectbox,
        "Challenge",
        "chal_pick",
        ids[0],
        options=ids,
        format_func=lambda i: f"{ids.index(i) + 1}. {CHALLENGES[i].title}",
    )
    return CHALLENGES[cid] if cid in CHALLENGES else CHALLENGES[ids[0]]


def _reset(cid: str) -> None:
    for i, box in enumerate(CHALLENGES[cid].boxes):
        kept.set_text(f"chal_{cid}_box{i}", box.start)


def _use_solution(cid: str) -> None:
    for i, box in enumerate(CHALLENGES[cid].boxes):
        kept.set_text(f"chal_{cid}_box{i}", box.solution)


def answer(c: Challenge) -> tuple[str, ...]:
    """Draw the answer boxes (side by side when there are two) with their live check; return their texts."""
    texts = []
    for i, (box, col) in enumerate(zip(c.boxes, st.columns(len(c.boxes)))):
        texts.append(
            kept.text_area(box.label, f"chal_{c.id}_box{i}", box.start, container=col, height=100, max_chars=20_000)
        )
    script_frame(_LIVE_SCRIPT)
    st.caption(TRIGGER + " One sentence per line.")
    st.button("Back to the starting text", key=f"chal_{c.id}_reset", on_click=_reset, args=(c.id,))
    return tuple(texts)


def fits(c: Challenge, texts: tuple[str, ...]) -> bool:
    """Whether the answer is small enough to check while typing (if not, the page's warning is shown)."""
    config = RougeConfig(profile=c.profile)
    candidate, references = texts[0], list(texts[1:])
    return within_budget(candidate, references, config, BUDGET)


def hint(c: Challenge) -> None:
    """The hint, folded."""
    with st.expander("Hint"):
        st.markdown(c.hint)


def _reveal(cid: str) -> None:
    st.session_state.setdefault(_SHOWN, []).append(cid)


def worked_solution(c: Challenge) -> None:
    """The worked solution, revealed only when the student presses the button (remembered for the session)."""
    if c.id not in st.session_state.get(_SHOWN, []):
        st.button("Show a worked solution", key=f"chal_{c.id}_show", on_click=_reveal, args=(c.id,))
        return
    st.markdown(f"**Worked solution.** {c.solution}")
    st.button("Put the worked solution in the boxes", key=f"chal_{c.id}_use", on_click=_use_solution, args=(c.id,))
