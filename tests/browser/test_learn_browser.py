"""The Learn page in Chromium: step an LCS walk-through to its end and read the final value."""

from __future__ import annotations

import re

import pytest

from rouge_core.measures.lcs import lcs

from .conftest import SHOTS, open_app, wait_idle

pytestmark = pytest.mark.browser

S1 = "police killed the gunman"
S2 = "police kill the gunman"


def test_lcs_walkthrough_to_the_end(server, browser):
    page = open_app(browser, server, 2300)
    page.get_by_role("link", name=re.compile("How each measure works")).first.click()
    page.get_by_text("Learn ROUGE: how each measure works").first.wait_for(timeout=60_000)
    wait_idle(page)
    page.locator("button", has_text="ROUGE-L (sentence)").first.click()
    wait_idle(page)
    page.get_by_text("Row 0 and column 0 are the empty prefixes", exact=False).first.wait_for(timeout=30_000)
    # the paper's example is preloaded in this section's own inputs
    assert page.get_by_label("Reference (one sentence per line)").input_value() == S1
    assert page.get_by_label("Candidate (one sentence per line)").input_value() == S2
    page.get_by_role("button", name=re.compile(r"Next$")).click()
    wait_idle(page)
    page.get_by_text("Cell c[1][1]", exact=False).first.wait_for(timeout=30_000)
    page.get_by_role("button", name=re.compile(r"Last$")).click()
    wait_idle(page)
    expected = lcs(S1.split(), S2.split()).value  # 3: "police ... the gunman"
    done = page.locator(".rl-done").first
    done.wait_for(timeout=30_000)
    text = done.inner_text()
    assert f"Done: LCS = {expected:g}" in text and f"this pair: {expected:g}" in text and "✓" in text
    # the table's subtitle reports the traceback, its three matches are marked, the slider sits at its maximum
    page.locator("table.rl-dp").first.wait_for(timeout=30_000)
    assert page.get_by_text("3 match(es) marked", exact=False).count() >= 1
    assert page.locator("table.rl-dp td.rl-mark").count() == 3
    slider = page.get_by_role("slider").first
    assert slider.get_attribute("aria-valuenow") == slider.get_attribute("aria-valuemax")
    page.screenshot(path=str(SHOTS / "learn_walkthrough.png"), full_page=True)
