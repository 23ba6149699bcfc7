"""The app served on 127.0.0.1 and driven by Playwright in Debian's Chromium (fixtures in conftest.py).

Screenshots go to tests/browser/screenshots/ (not committed) for a person to look at.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import SHOTS, open_app, wait_idle

pytestmark = pytest.mark.browser


def _fill(page, label: str, text: str) -> None:
    box = page.get_by_label(label, exact=True)
    expect(box).to_have_count(1, timeout=30_000)  # a replaced box shows twice until its run ends
    box.fill(text)
    box.press("Control+Enter")  # Streamlit commits a text area on Ctrl+Enter (or blur)


def test_paste_a_pair_and_see_scores_and_highlights(server, browser):
    page = open_app(browser, server, 1800)
    # the app opens on a three-reference sample: load a one-reference sample, then paste over it
    wait_idle(page)
    page.locator(".st-key-sample_pick").click()
    page.keyboard.type("S3 vs S1")
    page.keyboard.press("Enter")
    wait_idle(page)
    page.get_by_label("Reference 2", exact=True).wait_for(state="detached", timeout=30_000)
    _fill(page, "Candidate (one sentence per line)", "police kill the gunman")
    wait_idle(page)
    _fill(page, "Reference 1", "police killed the gunman")
    wait_idle(page)
    # the headline metric shows the paper's ROUGE-L = 3/4
    metric = page.locator(".rl-card").filter(has_text="ROUGE-L")  # the cards are one st.html block
    metric.first.wait_for(timeout=30_000)
    assert "0.75000" in metric.first.inner_text()
    # the n-gram view highlights matched tokens
    marks = page.locator(".rl-match")
    marks.first.wait_for(timeout=30_000)
    texts = {w for t in marks.all_inner_texts() for w in t.split()}  # a run of matched words is one span
    assert {"police", "the", "gunman"} <= texts
    assert "kill" not in texts
    page.screenshot(path=str(SHOTS / "inspect_pair.png"), full_page=True)


def test_html_in_input_stays_text(server, browser):
    page = browser.new_page(viewport={"width": 1400, "height": 1200})
    alerts: list[str] = []
    page.on("dialog", lambda d: (alerts.append(d.message), d.dismiss()))
    page.goto(server, wait_until="networkidle")
    page.get_by_text("Inspect a pair").first.wait_for(timeout=60_000)
    _fill(
        page, "Candidate (one sentence per line)", "<img src=x onerror=alert(1)> the <script>alert(2)</script> gunman"
    )
    wait_idle(page)
    page.wait_for_timeout(1000)
    assert alerts == []
    assert page.locator("img[src='x']").count() == 0
    page.get_by_text("<img src=x onerror=alert(1)>", exact=False).first.wait_for(timeout=30_000)
    page.screenshot(path=str(SHOTS / "escaped_input.png"), full_page=True)
