"""Chromium: two app servers on one PostgreSQL (issue 19, point 5). A campaign's four annotators judge
through their invite links, two on each server, at once; one server is killed with SIGKILL while its
annotators are in the middle of an item. Nothing the pages showed as saved is lost, no item gets more
than r judgments, and an annotator of the dead server carries on from the other one, on the same item,
with what she had judged shown from the store."""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from annotation import AnnotationStore
from rouge_core.io.readers import read_corpus_file

from .conftest import SHOTS, stop_server, wait_idle
from .conftest import start_server as start_one
from .test_annotate_browser import _drained

pytestmark = pytest.mark.browser

SUMMEVAL = Path(__file__).resolve().parents[2] / "sample_data" / "summeval_subset.jsonl"
R = 2
PEOPLE = ("ann", "bob", "cy", "dee")


def _campaign(url: str) -> dict[str, str]:
    """The SummEval sample as a campaign with r = 2, four members; their invite tokens."""
    with AnnotationStore(url) as s:
        corpus = s.add_corpus(read_corpus_file(str(SUMMEVAL)))
        camp = s.create_campaign(corpus, "two servers", s.summeval_rubric(), judgments_per_item=R, overlap=0)
        return {who: s.invite(camp.id, who) for who in PEOPLE}


def _stored(url: str) -> dict[tuple[str, int, str], int]:
    """(annotator, item id, criterion) -> value, as the database holds them."""
    with AnnotationStore(url) as s:
        return {(j.annotator, j.item_id, j.criterion): int(j.value) for j in s.judgments()}


def _lease(url: str, who: str) -> int:
    with AnnotationStore(url) as s, s.snapshot() as conn:
        row = conn.execute(
            "SELECT a.item_id FROM assignments a JOIN annotators n ON n.id = a.annotator_id WHERE n.name = ?", (who,)
        ).fetchone()
    assert row is not None, f"{who} holds no item"
    return int(row[0])


def _receipts(page) -> list[str]:
    """The values the page shows as saved, in criterion order ("✓ saved: 3" -> "3")."""
    texts = page.get_by_text("✓ saved").all_inner_texts()
    return [t.split("saved:")[-1].strip() for t in texts]


def _open(browser, link: str):
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    page = context.new_page()
    page.goto(link, wait_until="networkidle")
    page.locator("h3", has_text="Item ").first.wait_for(timeout=60_000)
    wait_idle(page)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    return context, page


def _judge_items(page, digits: str, items: int) -> None:
    """Judge ``items`` whole items: the four digits, each waited for, then Next."""
    for _ in range(items):
        for d in digits:
            page.keyboard.press(d)
            _drained(page)
        page.keyboard.press("n")
        _drained(page)


def test_two_servers_share_a_campaign_and_a_killed_one_loses_nothing_shown_saved(
    browser, tmp_path, pg_url, monkeypatch
):
    tokens = _campaign(pg_url)
    monkeypatch.setenv("ROUGE_LENS_DATABASE_URL", pg_url)
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    server_a, url_a = start_one(tmp_path / "a")
    server_b, url_b = start_one(tmp_path / "b")
    contexts = []
    try:
        pages = {}
        for who, url in zip(PEOPLE, (url_a, url_a, url_b, url_b)):
            context, pages[who] = _open(browser, f"{url}/annotate?invite={tokens[who]}")
            contexts.append(context)
        # all four judge two whole items at once: Playwright's sync pages take turns key by key (they belong
        # to this thread), so the two servers' writes interleave
        for _ in range(2):
            for k in range(5):
                for who, digits in zip(PEOPLE, ("2345", "3452", "4523", "5234")):
                    pages[who].keyboard.press(digits[k] if k < 4 else "n")
                for who in PEOPLE:
                    _drained(pages[who])
        held = _stored(pg_url)
        assert len(held) == 4 * 2 * 4  # four people, two items, four criteria
        per_item: dict[int, set[str]] = {}
        for who, item, _ in held:
            per_item.setdefault(item, set()).add(who)
        assert max(len(v) for v in per_item.values()) <= R

        # ann and bob (server A) are half-way through an item when server A is killed
        for who, digits in (("ann", "41"), ("bob", "2")):
            for d in digits:
                pages[who].keyboard.press(d)
                _drained(pages[who])
        shown = {who: _receipts(pages[who]) for who in ("ann", "bob")}
        assert (shown["ann"], shown["bob"]) == (["4", "1"], ["2"])
        ann_item = _lease(pg_url, "ann")
        pages["ann"].screenshot(path=str(SHOTS / "two_servers_before_kill.png"), full_page=True)
        os.kill(server_a.pid, signal.SIGKILL)
        server_a.wait(10)

        # server B goes on: cy judges while ann's page is dead
        _judge_items(pages["cy"], "3333", 1)
        held = _stored(pg_url)
        assert [held[("ann", ann_item, c)] for c in ("coherence", "consistency")] == [4, 1]  # shown saved: kept
        assert sum(1 for who, item, _ in held if who == "ann" and item == ann_item) == 2

        # ann opens her link on server B: the same item, her two values shown from the store; she finishes it
        ann_context, ann_page = _open(browser, f"{url_b}/annotate?invite={tokens['ann']}")
        contexts.append(ann_context)
        assert _receipts(ann_page) == ["4", "1"]
        for d in "55":
            ann_page.keyboard.press(d)
            _drained(ann_page)
        assert _receipts(ann_page) == ["4", "1", "5", "5"]
        ann_page.screenshot(path=str(SHOTS / "two_servers_after_kill.png"), full_page=True)
        held = _stored(pg_url)
        assert [held[("ann", ann_item, c)] for c in ("coherence", "consistency", "fluency", "relevance")] == [
            4,
            1,
            5,
            5,
        ]
        per_item = {}
        for who, item, _ in held:
            per_item.setdefault(item, set()).add(who)
        assert max(len(v) for v in per_item.values()) <= R  # never past r, across both servers and the kill
    finally:
        for context in contexts:
            context.close()
        if server_a.poll() is None:
            server_a.kill()
        stop_server(server_b)
