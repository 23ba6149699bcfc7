"""The Agreement page in Chromium: load the SummEval sample, look at the heatmap (a diverging scale from
-1 to 1), open a point of the scatter in Inspect and come back to the scatter, its point ringed.
Screenshots go to screenshots/ (issue 17, point 8)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import SHOTS, open_app, wait_idle

pytestmark = pytest.mark.browser
WIDTH, HEIGHT = 1400, 1000


def test_heatmap_scatter_inspect_and_back(server, browser):
    errors: list[str] = []
    page = open_app(browser, server, HEIGHT, errors, WIDTH)
    page.locator("[data-testid='stSidebarNav']").get_by_text("Agreement with humans", exact=True).click()
    page.get_by_role("button", name="Load the SummEval sample with its expert and crowd judgments").click()
    heat = page.locator(".js-plotly-plot").first
    heat.wait_for(timeout=120_000)
    expect(page.locator("[data-testid='stProgress']")).to_have_count(0, timeout=120_000)
    wait_idle(page)
    expect(page.get_by_text("summeval-expert", exact=True).first).to_be_visible()
    heat.scroll_into_view_if_needed()
    page.wait_for_timeout(800)
    ticks = heat.locator(".colorbar .cbaxis text").evaluate_all("els => els.map(e => e.textContent)")
    assert [t.replace("\u2212", "-") for t in ticks] == ["-1", "-0.5", "0", "0.5", "1"]
    page.screenshot(path=str(SHOTS / "agreement_heatmap.png"))

    scatter = page.locator(".js-plotly-plot").nth(1)
    scatter.scroll_into_view_if_needed()
    page.wait_for_timeout(800)
    point = scatter.locator(".scatterlayer .trace").first.locator("path.point").nth(2)
    point.click(force=True)
    back = page.get_by_role("button", name="Back to Agreement with humans")
    back.wait_for(timeout=60_000)
    wait_idle(page)
    page.screenshot(path=str(SHOTS / "agreement_to_inspect.png"))
    back.click()
    page.get_by_role("heading", name="ROUGE Lens · Agreement with humans").wait_for(timeout=60_000)
    wait_idle(page)
    scatter = page.locator(".js-plotly-plot").nth(1)
    scatter.wait_for(timeout=60_000)
    # back at the scatter, not the top of the page, with the point just opened ringed
    page.wait_for_function("() => document.querySelector(\"[data-testid='stMain']\").scrollTop > 0", timeout=10_000)
    shown = scatter.bounding_box()
    assert shown is not None and shown["y"] < HEIGHT and shown["y"] + shown["height"] > 0, shown
    expect(scatter.locator(".legendtext").filter(has_text="last opened")).to_have_count(1)
    page.wait_for_timeout(500)
    page.screenshot(path=str(SHOTS / "agreement_back.png"))
    assert errors == []
    page.close()
