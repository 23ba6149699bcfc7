"""Chromium: the organiser's review of a campaign (issue 19, point 4). Two annotators judge the same item
(r = 2, overlap 1) through their invite links and disagree on coherence; the organiser's adjudication
section lists that cell, records an adjudicated value with a note and says it is saved; the CSV export,
prepared on request and downloaded as a browser downloads it, holds both judgments and the adjudicated
value beside each."""

from __future__ import annotations

import csv
import io
import sqlite3
from pathlib import Path

import pytest

from .conftest import SHOTS, start_server, stop_server, wait_idle
from .test_annotate_browser import _drained
from .test_campaign_browser import _invite, _organiser, _page

pytestmark = pytest.mark.browser

KEY = "a-review-organiser-key-2026"
ANN, BOB = "4352", "1352"  # the keys each presses: coherence, consistency, fluency, relevance


def _item(data: Path, annotator: str) -> tuple[str, str]:
    """The document and system of the one item ``annotator`` judged."""
    con = sqlite3.connect(data / "annotations.sqlite3", timeout=10)
    try:
        rows = con.execute(
            "SELECT DISTINCT i.doc_id, i.system FROM judgments j JOIN annotators a ON a.id = j.annotator_id "
            "JOIN items i ON i.id = j.item_id WHERE a.name = ?",
            (annotator,),
        ).fetchall()
    finally:
        con.close()
    assert len(rows) == 1, rows
    return str(rows[0][0]), str(rows[0][1])


def _judge(browser, link: str, keys: str) -> None:
    """Open an annotator's link and press one key per criterion on the item leased to them."""
    context, page = _page(browser, link)
    page.locator("h3", has_text="Item ").first.wait_for(timeout=60_000)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for digit in keys:
        page.keyboard.press(digit)
        _drained(page)
    context.close()


def _section_shot(page, title: str, below: str | None, name: str) -> Path:
    """A screenshot of the page from the heading ``title`` to the heading ``below`` (None: 300 pixels; the
    page scrolls inside Streamlit's main block, not the window: the viewport is made tall enough)."""
    page.set_viewport_size({"width": 1400, "height": 5000})
    wait_idle(page)
    top = page.get_by_role("heading", name=title, exact=True).bounding_box()
    assert top is not None
    end = top["y"] + 300
    if below is not None:
        bottom = page.get_by_role("heading", name=below, exact=True).bounding_box()
        assert bottom is not None
        end = bottom["y"]
    path = SHOTS / name
    clip = {"x": 0, "y": top["y"] - 10, "width": 1400, "height": end - top["y"]}
    page.screenshot(path=str(path), full_page=True, clip=clip)
    return path


def test_the_organiser_adjudicates_a_disagreement_and_downloads_it_in_the_csv(browser, tmp_path, monkeypatch):
    monkeypatch.setenv("ROUGE_LENS_ORGANISER_KEY", KEY)
    data = tmp_path / "data"
    data.mkdir()
    proc, url = start_server(data)
    try:
        # the organiser stores the sample corpus, proves the key and creates a campaign: r = 2, overlap 1
        context, page = _organiser(browser, url, KEY)
        page.get_by_label("Campaign name").fill("Review")
        for label, value in (("Judgments per item (r)", "2"), ("Overlap (items every annotator judges)", "1")):
            page.get_by_label(label).fill(value)
            page.get_by_label(label).press("Tab")
            wait_idle(page)
        page.get_by_role("button", name="Create campaign").click()
        wait_idle(page)
        page.get_by_text("2 judgments per item, overlap 1").first.wait_for(timeout=30_000)
        ann, bob = _invite(page, "ann"), _invite(page, "bob")

        # both judge the overlap's item: coherence 4 and 1, the other criteria alike
        _judge(browser, ann, ANN)
        _judge(browser, bob, BOB)
        doc, system = _item(data, "ann")
        assert _item(data, "bob") == (doc, system)

        # the organiser's adjudication section lists the cell; a value and a note are recorded
        page.goto(f"{url}/campaigns?key={KEY}", wait_until="networkidle")
        wait_idle(page)
        pick = page.locator("[data-testid='stSelectbox']", has_text="Adjudicate")
        pick.wait_for(timeout=30_000)
        assert pick.get_by_role("combobox").input_value() == f"{doc} / {system} / coherence"  # the one listed
        page.get_by_label("Adjudicated coherence").fill("3")
        page.get_by_label("Note").fill("bob read the wrong source")
        page.get_by_role("button", name="Record the adjudication").click()
        wait_idle(page)
        saved = f"Adjudication saved: {doc} / {system} / coherence is 3; the annotators' judgments stay as they are."
        page.get_by_text(saved).wait_for(timeout=30_000)
        page.get_by_text("Note: bob read the wrong source").wait_for(timeout=30_000)
        _section_shot(page, "Adjudication", "Exports", "campaign_adjudication.png")

        # the CSV export, prepared on request, holds both judgments and the adjudicated value
        assert page.get_by_role("button", name="Judgments (CSV)").count() == 0
        page.get_by_role("button", name="Prepare the export files").click()
        wait_idle(page)
        with page.expect_download(timeout=30_000) as download:
            page.get_by_role("button", name="Judgments (CSV)").click()
        assert download.value.suggested_filename.endswith("-adjudicated.csv")
        text = Path(download.value.path()).read_text(encoding="utf-8")
        rows = list(csv.DictReader(io.StringIO(text)))
        got = sorted(
            (r["annotator"], r["criterion"], r["value"], r["adjudicated"])
            for r in rows
            if (r["doc_id"], r["system"]) == (doc, system)
        )
        assert got == [
            ("ann", "coherence", "4", "3"), ("ann", "consistency", "3", ""), ("ann", "fluency", "5", ""),
            ("ann", "relevance", "2", ""), ("bob", "coherence", "1", "3"), ("bob", "consistency", "3", ""),
            ("bob", "fluency", "5", ""), ("bob", "relevance", "2", ""),
        ]  # fmt: skip
        assert len(rows) == 8  # nothing but the campaign's two annotators' judgments

        # the agreement so far, computed on request; the dashboard and exports for a person to look at
        page.get_by_role("button", name="Compute agreement so far").click()
        wait_idle(page)
        page.get_by_text("Krippendorff's alpha (ordinal and interval) per criterion so far").wait_for(timeout=30_000)
        assert page.get_by_role("button", name="Judgments (CSV)").count() == 1  # the data is unchanged: kept
        _section_shot(page, "Dashboard", "Adjudication", "campaign_dashboard.png")
        _section_shot(page, "Exports", None, "campaign_exports.png")
        context.close()
    finally:
        stop_server(proc)
