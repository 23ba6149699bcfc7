"""Chromium: the app is usable without a mouse or perfect eyesight (issue 20, point 7).

An axe-core audit (WCAG 2.0/2.1 A and AA) of every page after its first run, failing on any violation in the
project's own markup; violations inside Streamlit's own widgets are printed and listed, with their reasons,
in tests/browser/axe_audit.py. Then the keyboard: Tab from the top of Inspect reaches the skip link, the page's
main controls, each with a focus you can see.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.browser.axe_audit import audit
from tests.browser.conftest import SHOTS, open_app, wait_idle

pytestmark = pytest.mark.browser

#: app.py's navigation, in its order (the sidebar link texts).
PAGES = (
    "Inspect a pair",
    "How each measure works",
    "Why do the numbers differ?",
    "Tokenizer inspector",
    "Common mistakes",
    "Challenges",
    "What does ROUGE miss?",
    "Corpus",
    "Systems",
    "Which ROUGE? (corpus)",
    "Annotate",
    "Agreement with humans",
    "Campaigns",
)


def test_every_page_passes_axe_on_its_own_markup(server, browser):
    page = open_app(browser, server, height=1000)
    findings = []
    audited = []
    for name in PAGES:
        page.locator("[data-testid='stSidebarNav'] a", has_text=name).first.click()
        wait_idle(page)
        page.wait_for_timeout(500)  # frames (the walk player, the page scripts) load after the run
        # the page's own sidebar link is the current one (the page really switched)
        current = page.locator("[data-testid='stSidebarNav'] a[aria-current='page']")
        assert name in current.inner_text()
        findings += audit(page, name)
        audited.append(name)
        # a page's other tabs (Inspect's views, each common mistake) are hidden until chosen: audit each
        tabs = page.locator("[data-testid='stMain'] [role='tab']")
        for k in range(1, tabs.count()):
            label = tabs.nth(k).inner_text().strip()
            tabs.nth(k).click()
            wait_idle(page)
            assert tabs.nth(k).get_attribute("aria-selected") == "true"
            findings += audit(page, f"{name} / {label}")
            audited.append(f"{name} / {label}")
        if name == "Inspect a pair":
            page.screenshot(path=str(SHOTS / "accessibility_inspect.png"))
    # the report: each distinct finding once, with how many elements it covers
    for line, count in Counter(f.line() for f in findings).items():
        print(f"{count:3d} x {line}")
    assert [a for a in audited if " / " not in a] == list(PAGES)
    # the tabs seen: the three views of Inspect after N-grams, the three mistakes after the first
    assert len([a for a in audited if a.startswith("Inspect a pair / ")]) == 3, audited
    assert len([a for a in audited if a.startswith("Common mistakes / ")]) == 3, audited
    failing = [f.line() + "\n    " + f.summary for f in findings if f.pile == "failing"]
    assert failing == [], "axe violations in the app's own markup:\n" + "\n".join(failing)


_FOCUS_LOOK = """async () => {
  const look = (el) => {
    const out = [];
    for (let e = el, k = 0; e && k < 5; e = e.parentElement, k++) {
      const s = getComputedStyle(e);
      out.push([s.outlineStyle, s.outlineWidth, s.outlineColor, s.boxShadow, s.borderColor, s.backgroundColor]
        .join('|'));
    }
    return out.join(' / ');
  };
  const e = document.activeElement;
  const focused = look(e);
  // widgets restyle on their next render, and borders fade in 200 ms: look again once that is over
  const settle = () => new Promise((done) => setTimeout(done, 250));
  e.blur();
  await settle();
  const blurred = look(e);
  e.focus();
  await settle();
  return {
    tag: e.tagName,
    outline: getComputedStyle(e).outlineStyle,
    name: e.getAttribute('aria-label') || (e.innerText || '').trim().split('\\n').pop()
      || e.getAttribute('placeholder') || '',
    main: e.closest("[data-testid='stMain']") !== null,
    visible: focused !== blurred,
  };
}"""


def _tab(page) -> dict:
    page.keyboard.press("Tab")
    page.wait_for_timeout(250)
    return page.evaluate(_FOCUS_LOOK)


def test_tab_reaches_inspect_controls_with_a_visible_focus(server, browser):
    page = open_app(browser, server, height=1000)
    first = _tab(page)
    assert (first["name"], first["visible"]) == ("Skip to main content", True)
    # the sidebar's first link: a ring in the accent (ui/widgets/focus_ring.py), not just a faint grey background
    link = _tab(page)
    assert (link["name"], link["outline"], link["visible"]) == ("Inspect a pair", "solid", True)
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Enter")  # the skip link: past the sidebar's ~45 stops, into the page
    wait_idle(page)
    stops = [_tab(page) for _ in range(14)]
    names = [s["name"] for s in stops]
    # the page's own controls, in reading order, and no invisible stop (a script frame) among them
    for control in ("Load a sample", "Split sentences for me", "Add reference", "Candidate (one sentence per line)"):
        assert control in names, names
    assert "IFRAME" not in [s["tag"] for s in stops], names
    assert all(s["main"] for s in stops), names
    assert [s["name"] for s in stops if not s["visible"]] == [], "focus not visible on these stops"
    assert names.index("Load a sample") < names.index("Split sentences for me") < names.index("Add reference")
    page_link = next(s for s in stops if s["name"] == "Learn a measure, step by step")
    assert page_link["outline"] == "solid"
    page.screenshot(path=str(SHOTS / "accessibility_focus.png"))


def test_a_dark_system_still_gets_the_light_theme(server, browser):
    # the app's colours are backgrounds under black text: under Streamlit's dark theme the text turned
    # near-white on them (the tokenizer's marks at 1.2-2.2:1), so the theme is light for everyone
    page = open_app(browser, server, height=1000)
    page.emulate_media(color_scheme="dark")
    page.reload(wait_until="networkidle")
    page.locator(".rl-card").first.wait_for(timeout=60_000)  # Inspect's score cards (one st.html)
    wait_idle(page)
    page.locator("[data-testid='stSidebarNav'] a", has_text="Tokenizer inspector").first.click()
    wait_idle(page)
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    background = page.evaluate("getComputedStyle(document.querySelector(\"[data-testid='stApp']\")).backgroundColor")
    assert background == "rgb(255, 255, 255)"
    failing = [f.line() for f in audit(page, "Tokenizer inspector (dark system)") if f.pile == "failing"]
    assert failing == []
