"""Inspect's match views in Chromium (issue 22, target 7): only the open tab's view is on the page, and a
click on another tab builds that one (AppTest cannot click a tab, so the real click is tested here)."""

from __future__ import annotations

import pytest

from .conftest import SHOTS, open_app, wait_idle

pytestmark = pytest.mark.browser

#: A line or widget label each view draws, and no other view does.
MARKERS = {
    "N-grams": "n-gram order",
    "LCS": "Marks as a table",
    "WLCS": "The arithmetic as text, and the runs",
    "Skip-bigrams": "Matched skip-bigrams",
}


def _views_on_page(page) -> set[str]:
    main = page.locator("[data-testid='stMain']")
    return {view for view, text in MARKERS.items() if main.get_by_text(text, exact=False).count()}


def test_a_click_on_a_tab_builds_that_view_alone(server, browser):
    errors: list[str] = []
    page = open_app(browser, server, errors=errors)
    assert _views_on_page(page) == {"N-grams"}
    for view in ("LCS", "WLCS", "Skip-bigrams", "N-grams"):
        tab = page.get_by_role("tab", name=view, exact=True)
        tab.scroll_into_view_if_needed()
        tab.click()
        wait_idle(page)
        page.get_by_text(MARKERS[view], exact=False).first.wait_for(timeout=30_000)
        assert tab.get_attribute("aria-selected") == "true"
        assert _views_on_page(page) == {view}, view
    page.screenshot(path=str(SHOTS / "inspect_views_lazy.png"))
    assert errors == []
