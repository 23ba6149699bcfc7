"""Inspect in Chromium (issue 22, target 7): a paste of both texts reruns only what depends on the texts
(a fragment), never the whole page with its sidebar and header, and what was typed is still kept across
a page switch (ui/widgets/kept.py, commit_guard)."""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

from .conftest import open_app, start_server, stop_server, wait_idle

pytestmark = pytest.mark.browser

CAND = "Candidate (one sentence per line)"
REF = "Reference 1"


def _runs(data: Path) -> collections.Counter[str]:
    """The server's script runs so far by kind (``page``, ``fragment``, ``stopped``), from the run log
    the slow-store server writes (slow_store/sitecustomize.py)."""
    log = data / "runs.log"
    return collections.Counter(log.read_text(encoding="utf-8").split() if log.exists() else [])


def test_a_paste_of_both_texts_reruns_no_whole_page_and_the_text_is_kept(browser, tmp_path):
    proc, url = start_server(tmp_path, slow_store=True)
    try:
        page = open_app(browser, url)
        before = _runs(tmp_path)
        cards = page.locator(".rl-card")  # Inspect's score cards (one st.html block)
        shown = cards.all_inner_texts()
        # as a person pastes: the candidate, then the reference (the candidate box commits as the reference
        # box takes the focus), then away (the reference commits)
        page.get_by_label(CAND, exact=True).fill("the cat sat on the mat\nit was happy")
        box = page.get_by_label(REF, exact=True)
        box.fill("a cat sat on a mat\nthe cat was happy")
        box.press("Tab")
        page.wait_for_timeout(1500)
        wait_idle(page)
        runs = _runs(tmp_path) - before
        assert runs["page"] == 0, runs  # the sidebar and the header were not redrawn
        assert runs["fragment"] >= 1, runs
        assert cards.all_inner_texts() != shown  # the new pair's scores are drawn

        # typed, then straight to another page and back: nothing typed is lost
        page.get_by_label(CAND, exact=True).fill("typed just before the switch")
        page.locator("[data-testid='stSidebarNav'] a", has_text="Tokenizer inspector").click()
        page.wait_for_url(lambda u: "/tokenizer" in u, wait_until="commit", timeout=60_000)
        page.get_by_label(CAND, exact=True).wait_for(state="detached", timeout=60_000)
        wait_idle(page)
        page.locator("[data-testid='stSidebarNav'] a", has_text="Inspect a pair").click()
        page.get_by_label(CAND, exact=True).wait_for(timeout=60_000)
        wait_idle(page)
        assert page.get_by_label(CAND, exact=True).input_value() == "typed just before the switch"
        assert page.get_by_label(REF, exact=True).input_value() == "a cat sat on a mat\nthe cat was happy"
    finally:
        stop_server(proc)
