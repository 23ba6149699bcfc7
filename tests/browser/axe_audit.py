"""An axe-core (WCAG 2 A/AA) audit of one Streamlit page and its same-origin frames, for the browser tests.

Each violation node is sorted into one of three piles: allowed (inside Streamlit's own widgets, which the app
cannot change: :data:`ALLOWED`, each with its reason), awaiting (the project's markup in a file another
engineer is still editing, or outside this work: :data:`AWAITING`, named with that file, so the report says
where the fix goes) and
failing (everything else: the project's own markup). Allow-list entries are a rule id plus a CSS selector the
node must sit inside (``Element.closest``), never a whole rule.

>>> sorted({rule for rule, _, _ in ALLOWED})
['color-contrast', 'list', 'listitem', 'scrollable-region-focusable']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from axe_playwright_python.sync_playwright import Axe

#: The WCAG 2.0 and 2.1 level A and AA rules (issue 20, point 7).
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

#: (rule id, selector the node sits inside, why the app cannot fix it).
ALLOWED: tuple[tuple[str, str, str], ...] = (
    (
        "list",
        "[data-testid='stSidebarNavItems']",
        "Streamlit's sidebar navigation puts its section headers (div) directly inside its <ul>",
    ),
    (
        "listitem",
        "[data-testid='stSidebarNavItems']",
        "the same navigation: each section's <li> sits in a div, not in the <ul>",
    ),
    (
        "color-contrast",
        "[data-testid='stCode'] .token",
        "st.code's syntax highlighting uses a fixed palette (keywords #1c83e1, 3.8:1 on the code background) "
        "that Streamlit 1.67's [theme] options do not reach (codeTextColor sets only the plain text)",
    ),
    (
        "scrollable-region-focusable",
        "[data-testid='stMarkdownContainer'] .katex-display",
        "st.latex's own box is overflow-x:auto and KaTeX's aligned output measures 2 px wider than it (489 px "
        "in 487, at any window width): no scroll bar is drawn and nothing is hidden, and the box is Streamlit's",
    ),
)

#: (rule id, selector, the file that draws it): the project's markup in files being edited by others now.
AWAITING: tuple[tuple[str, str, str], ...] = ()

_PLACE = """([sel, pattern]) => {
  const e = document.querySelector(sel);
  return e === null ? null : e.closest(pattern) !== null;
}"""


@dataclass(frozen=True)
class Finding:
    """One violating element: where, which rule, what axe says, and which pile it is in."""

    page: str
    frame: str
    rule: str
    target: str
    html: str
    summary: str
    pile: str  # "allowed", "awaiting" or "failing"
    reason: str

    def line(self) -> str:
        """A one-line report of the finding."""
        where = f"{self.page}{' / frame ' + self.frame if self.frame else ''}"
        why = f" ({self.reason})" if self.reason else ""
        return f"[{self.pile}] {where}: {self.rule} on {self.html[:90]!r}{why}"


def _pile(frame: Any, rule: str, target: str) -> tuple[str, str]:
    for pile, entries in (("allowed", ALLOWED), ("awaiting", AWAITING)):
        for entry_rule, pattern, reason in entries:
            if entry_rule == rule and frame.evaluate(_PLACE, [target, pattern]):
                return pile, reason
    return "failing", ""


def audit(page: Any, name: str) -> list[Finding]:
    """Run axe in ``page`` and in each of its same-origin frames (the app's own srcdoc frames: axe injected in
    the top document does not enter them); every violating node as a :class:`Finding`."""
    axe = Axe()
    options = {"runOnly": {"type": "tag", "values": WCAG_TAGS}, "resultTypes": ["violations"]}
    found: list[Finding] = []
    for k, frame in enumerate(page.frames):
        frame.evaluate(axe.axe_script)
        result = frame.evaluate("o => axe.run(document, o)", options)
        for violation in result["violations"]:
            for node in violation["nodes"]:
                target = node["target"][-1] if isinstance(node["target"][-1], str) else str(node["target"][-1])
                pile, reason = _pile(frame, violation["id"], target)
                summary = node.get("failureSummary", "").replace("\n", " ")
                frame_name = "" if k == 0 else f"#{k}"
                found.append(Finding(name, frame_name, violation["id"], target, node["html"], summary, pile, reason))
    return found
