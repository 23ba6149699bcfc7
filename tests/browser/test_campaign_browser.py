"""Chromium: a campaign run as a class would run it (issue 19). The organiser proves the server's key,
creates a campaign on the SummEval sample and invites two annotators; an annotator's link opens the
campaign's Annotate page (instructions, fixed name) and the keyboard judges the leased item; the
organiser revokes the other annotator, whose link then says so; a visitor without a link sees nothing
of the campaign."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest

from .conftest import SHOTS, start_server, stop_server, wait_idle
from .test_annotate_browser import _drained

pytestmark = pytest.mark.browser

KEY = "a-class-organiser-key-2026"
INSTRUCTIONS = "# Read the source first\n\nThen <b>score</b> every criterion."


def _judgments(data: Path, annotator: str) -> list[tuple[int, int]]:
    con = sqlite3.connect(data / "annotations.sqlite3", timeout=10)
    try:
        rows = con.execute(
            "SELECT j.item_id, j.value FROM judgments j JOIN annotators a ON a.id = j.annotator_id WHERE a.name = ?",
            (annotator,),
        ).fetchall()
    finally:
        con.close()
    return sorted((int(i), int(v)) for i, v in rows)


def _page(browser, url: str):
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    page.wait_for_timeout(500)
    wait_idle(page)
    return context, page


def _invite(page, name: str) -> str:
    page.get_by_label("Name (or the e-mail of their login)").fill(name)
    page.get_by_role("button", name="Invite").click()
    wait_idle(page)
    page.get_by_text(f"{name} is invited").first.wait_for(timeout=30_000)
    link = page.locator("[data-testid='stCode'] code").last.inner_text().strip()
    assert re.search(r"/annotate\?invite=[A-Za-z0-9_-]{40,}$", link), link
    return link


def _organiser(browser, url: str, key: str = KEY):
    """The organiser's page on Campaigns, the key proven, after storing the SummEval sample on Annotate
    (the app's local mode: no campaign yet)."""
    context, page = _page(browser, url + "/annotate")
    page.get_by_text("Load a corpus").first.wait_for(timeout=60_000)
    page.get_by_role("button", name="SummEval subset").click()
    wait_idle(page)
    page.goto(f"{url}/campaigns?key={key}", wait_until="networkidle")
    wait_idle(page)
    return context, page


def test_an_organiser_runs_a_campaign_and_annotators_judge_through_their_links(browser, tmp_path, monkeypatch):
    monkeypatch.setenv("ROUGE_LENS_ORGANISER_KEY", KEY)
    data = tmp_path / "data"
    data.mkdir()
    proc, url = start_server(data)
    try:
        context, page = _organiser(browser, url)
        page.get_by_label("Campaign name").fill("Spring class")
        page.get_by_label("Instructions (Markdown)").fill(INSTRUCTIONS)
        page.get_by_role("button", name="Create campaign").click()
        wait_idle(page)
        page.get_by_text("is stored").first.wait_for(timeout=30_000)
        ann, bob = _invite(page, "ann"), _invite(page, "bob")
        assert ann != bob
        page.screenshot(path=str(SHOTS / "campaign_organiser.png"), full_page=True)

        # ann's link: the campaign's page, her name fixed, the instructions on top; keys judge the item
        a_context, a_page = _page(browser, ann)
        a_page.locator("h3", has_text="Item ").first.wait_for(timeout=60_000)
        assert a_page.get_by_role("heading", name="Read the source first").count() == 1
        assert a_page.get_by_text("<b>score</b>").count() == 1  # the organiser's HTML shown as text
        assert a_page.get_by_label("Your name (annotator)").count() == 0
        a_page.evaluate("document.activeElement && document.activeElement.blur()")
        for digit in "4352":
            a_page.keyboard.press(digit)
            _drained(a_page)
        a_page.screenshot(path=str(SHOTS / "campaign_annotator.png"), full_page=True)
        got = _judgments(data, "ann")
        assert sorted(v for _, v in got) == [2, 3, 4, 5]
        assert len({i for i, _ in got}) == 1  # the four criteria of the one leased item

        # the organiser revokes bob: his link says so and shows no item
        member = page.locator("[data-testid='stSelectbox']", has_text="Member").get_by_role("combobox")
        member.scroll_into_view_if_needed()
        page.mouse.wheel(0, 600)  # room below the box for its list of options
        page.wait_for_timeout(300)
        member.click()
        page.get_by_role("option", name="bob", exact=True).click()
        wait_idle(page)
        page.get_by_text("Yes: their link stops working now").click()
        page.get_by_role("button", name="Revoke").click()
        wait_idle(page)
        b_context, b_page = _page(browser, bob)
        b_page.get_by_text("revoked").first.wait_for(timeout=30_000)
        assert b_page.locator("h3", has_text="Item ").count() == 0

        # a visitor without a link sees no campaign data on either page
        s_context, s_page = _page(browser, url + "/campaigns")
        s_page.get_by_text("open the invite link you were sent").first.wait_for(timeout=30_000)
        assert s_page.get_by_text("Spring class").count() == 0
        for c in (context, a_context, b_context, s_context):
            c.close()
    finally:
        stop_server(proc)
