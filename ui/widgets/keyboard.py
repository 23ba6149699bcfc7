"""Keyboard navigation for the Annotate page.

A small script (in a component frame, same origin as the app) listens to keys on the page:
``→`` or ``n`` next item, ``←`` or ``p`` previous item, ``↓``/``j`` and ``↑``/``k`` move the focused
criterion, a digit sets the focused criterion to that value (and moves on to the next criterion),
``s`` skips the item. Keys typed into a text box (the note, the name) are left alone; radio buttons
and check boxes do not count as text. The script finds the page's own widgets by their container
keys (``st-key-annot_crit_<i>``) and button labels, and clicks them: every judgment still goes
through the widget and its callback, so the store commits it exactly as a mouse click would.
"""

from __future__ import annotations

from ui.widgets.frame import script_frame

#: Labels of the buttons the keys press (the page draws buttons with exactly these labels).
NEXT, PREVIOUS, SKIP = "Next ▸", "◂ Previous", "Skip"

_SCRIPT = """<script>
const doc = window.parent.document;
if (!doc.__rougeLensKeys) {
  doc.__rougeLensKeys = {focus: 0};
  const state = doc.__rougeLensKeys;
  const groups = () => Array.from(doc.querySelectorAll("[class*='st-key-annot_crit_']"));
  const button = (label) => Array.from(doc.querySelectorAll("button")).find(
    (b) => b.innerText.trim() === label && !b.disabled);
  const mark = () => {
    const gs = groups();
    if (state.focus >= gs.length) state.focus = Math.max(0, gs.length - 1);
    gs.forEach((g, i) => {
      g.style.outline = i === state.focus ? "2px solid #1c83e1" : "";
      g.style.outlineOffset = "4px";
      g.setAttribute("data-focused", i === state.focus ? "true" : "false");
    });
  };
  setInterval(mark, 250);
  doc.addEventListener("keydown", (e) => {
    const t = e.target;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const typing = t && (t.isContentEditable || ["TEXTAREA", "SELECT"].includes(t.tagName) ||
      (t.tagName === "INPUT" && !["radio", "checkbox", "button"].includes(t.type)));
    if (typing) return;
    if (!groups().length && !button("__NEXT__")) return;
    const press = (label) => { const b = button(label); if (b) { state.focus = 0; b.click(); } };
    if (e.key === "ArrowRight" || e.key === "n") { press("__NEXT__"); }
    else if (e.key === "ArrowLeft" || e.key === "p") { press("__PREVIOUS__"); }
    else if (e.key === "s") { press("__SKIP__"); }
    else if (e.key === "ArrowDown" || e.key === "j") {
      state.focus = Math.min(state.focus + 1, groups().length - 1); mark();
    }
    else if (e.key === "ArrowUp" || e.key === "k") { state.focus = Math.max(state.focus - 1, 0); mark(); }
    else if (/^[0-9]$/.test(e.key)) {
      const g = groups()[state.focus];
      if (!g) return;
      const option = Array.from(g.querySelectorAll("label")).find((l) => l.innerText.trim() === e.key);
      if (!option) return;
      option.click();
      if (doc.activeElement && doc.activeElement.blur) doc.activeElement.blur();
      if (state.focus < groups().length - 1) state.focus += 1;
      mark();
    } else { return; }
    e.preventDefault();
  }, true);
}
</script>"""


def keyboard() -> None:
    """Install the key handler (once per browser page; drawing it again is harmless)."""
    script = _SCRIPT.replace("__NEXT__", NEXT).replace("__PREVIOUS__", PREVIOUS).replace("__SKIP__", SKIP)
    script_frame(script)
