"""Keyboard navigation for the Annotate page.

A small script (in a component frame, same origin as the app) listens to keys on the page:
``→`` or ``n`` next item, ``←`` or ``p`` previous item, ``↓``/``j`` and ``↑``/``k`` move the focused
criterion, a digit sets the focused criterion to that value (and moves on to the next criterion),
``s`` skips the item, Backspace or ``u`` undoes the last judgment. On an item just shown (a new page, a
reconnect, a move, an undo) the focus starts at its first criterion without a value, so an annotator
back on a half-judged item carries on where they stopped. Keys typed into a text box (the
note, the name) are left alone; radio buttons and check boxes do not count as text. The script finds
the page's own widgets by their container keys (``st-key-annot_crit_<i>``) and button labels, and
clicks them: every judgment still goes through the widget and its callback, so the store commits it
exactly as a mouse click would.

Keys are queued and applied one at a time, in the order typed: a key that changes something (a digit,
a move) waits until the run it started has finished and the page shows its result, so a digit typed
just after → lands on the item → moved to, never on the one being left, and no key is dropped. The
queue is ``document.__rougeLensKeys.queue`` (a test can wait for it to empty).
"""

from __future__ import annotations

from ui.widgets.frame import script_frame

#: Labels of the buttons the keys press (the page draws buttons with exactly these labels).
NEXT, PREVIOUS, SKIP, UNDO = "Next ▸", "◂ Previous", "Skip", "↶ Undo"

#: The key legend the Annotate page prints beside the rubric.
LEGEND = (
    "Keys: a digit scores the outlined criterion and moves to the next one · ↓ / j and ↑ / k choose the "
    "criterion · → / n next item · ← / p previous · s skip · Backspace / u undo your last judgment"
)

_SCRIPT = """<script>
const doc = window.parent.document;
if (!doc.__rougeLensKeys) {
  // focus -1: the item's first criterion without a value (decided when a digit is applied, between runs)
  doc.__rougeLensKeys = {focus: -1, queue: [], busy: false};
  const state = doc.__rougeLensKeys;
  const fresh = (els) => els.filter((e) => !e.closest("[data-stale='true']"));
  const groups = () => fresh(Array.from(doc.querySelectorAll("[class*='st-key-annot_crit_']")));
  const button = (label) => fresh(Array.from(doc.querySelectorAll("button"))).find(
    (b) => b.innerText.trim() === label && !b.disabled);
  // a run is in flight while Streamlit shows its status widget or elements of the previous run
  const running = () => !!doc.querySelector("[data-testid='stStatusWidget']") ||
    !!doc.querySelector("[data-stale='true']");
  // the criterion a digit goes to: the focus, or the last criterion when there are fewer; on an item
  // just shown (focus -1), the first criterion not judged yet (all judged: the first)
  const first = (gs) => Math.max(0, gs.findIndex((g) => !g.querySelector("input:checked")));
  const focused = (gs) => (state.focus < 0 ? first(gs) : Math.min(state.focus, gs.length - 1));
  // draws the outline only: mid-run, part of the item can be redrawn while the rest is still stale,
  // and fewer criteria are fresh than the item has; only keys (applied between runs) move the focus
  const mark = () => {
    const gs = groups();
    const at = focused(gs);
    gs.forEach((g, i) => {
      g.style.outline = i === at ? "2px solid #1c83e1" : "";
      g.style.outlineOffset = "4px";
      g.setAttribute("data-focused", i === at ? "true" : "false");
    });
  };
  setInterval(mark, 250);
  const press = (label) => { const b = button(label); if (!b) return false; state.focus = -1; b.click(); return true; };
  // apply one key; true when it started a run (the next key then waits for that run to finish)
  const apply = (key) => {
    if (key === "ArrowRight" || key === "n") return press("__NEXT__");
    if (key === "ArrowLeft" || key === "p") return press("__PREVIOUS__");
    if (key === "s") return press("__SKIP__");
    if (key === "Backspace" || key === "u") return press("__UNDO__");
    if (key === "ArrowDown" || key === "j") {
      state.focus = Math.max(0, Math.min(focused(groups()) + 1, groups().length - 1)); mark(); return false;
    }
    if (key === "ArrowUp" || key === "k") { state.focus = Math.max(focused(groups()) - 1, 0); mark(); return false; }
    const gs = groups();
    if (!gs.length) return false;
    state.focus = focused(gs);
    const g = gs[state.focus];
    const option = Array.from(g.querySelectorAll("label")).find((l) => l.innerText.trim() === key);
    if (!option) return false;
    const input = option.querySelector("input");
    const changes = !(input && input.checked);  // the value it has already: no run starts
    option.click();
    if (doc.activeElement && doc.activeElement.blur) doc.activeElement.blur();
    if (state.focus < gs.length - 1) state.focus += 1;
    mark();
    return changes;
  };
  // A key that changes something starts a run; the next key waits until that run has been seen to
  // start (the observer catches even a short one) and then to end, so a digit typed after → lands on
  // the item → moved to. A run never seen within 3 s (nothing changed after all) stops the wait.
  let sawRun = true;
  new MutationObserver(() => { if (!sawRun && running()) sawRun = true; }).observe(doc.body,
    {subtree: true, childList: true, attributes: true, attributeFilter: ["data-stale"]});
  let quiet = 0, since = 0, timer = null;
  const later = (ms) => { timer = setTimeout(() => { timer = null; pump(); }, ms); };
  const pump = () => {  // one loop at a time: a key typed while it waits only joins the queue
    if (timer !== null) return;
    if (state.busy) {
      if (!sawRun && Date.now() - since < 3000) { later(20); return; }
      state.busy = false;
    }
    if (!state.queue.length) return;
    if (running()) { quiet = 0; later(40); return; }
    if (++quiet < 2) { later(40); return; }  // idle on two looks in a row
    quiet = 0;
    const key = state.queue.shift();
    if (apply(key)) {
      state.busy = true; sawRun = running(); since = Date.now();
    }
    later(20);
  };
  state.pending = () => state.queue.length + (state.busy ? 1 : 0);
  doc.addEventListener("keydown", (e) => {
    const t = e.target;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const typing = t && (t.isContentEditable || ["TEXTAREA", "SELECT"].includes(t.tagName) ||
      (t.tagName === "INPUT" && !["radio", "checkbox", "button"].includes(t.type)));
    if (typing) return;
    if (!groups().length && !button("__NEXT__") && !state.queue.length) return;
    const ours = ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "Backspace", "n", "p", "s", "u", "j", "k"];
    if (!ours.includes(e.key) && !/^[0-9]$/.test(e.key)) return;
    e.preventDefault();
    state.queue.push(e.key);
    pump();
  }, true);
}
</script>"""


def keyboard() -> None:
    """Install the key handler (once per browser page; drawing it again is harmless)."""
    script = (
        _SCRIPT.replace("__NEXT__", NEXT)
        .replace("__PREVIOUS__", PREVIOUS)
        .replace("__SKIP__", SKIP)
        .replace("__UNDO__", UNDO)
    )
    script_frame(script)
