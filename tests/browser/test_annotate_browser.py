"""Chromium: annotate with the keyboard, come back after a reload, two people at once, and a server
killed with SIGKILL in the middle of annotating loses nothing that was committed."""

from __future__ import annotations

import collections
import os
import signal
import sqlite3
import time
from pathlib import Path

import pytest

from .conftest import SHOTS, start_server, stop_server, wait_idle

pytestmark = pytest.mark.browser


def _count(data: Path, annotator: str | None = None) -> int:
    db = data / "annotations.sqlite3"
    if not db.exists():
        return 0
    con = sqlite3.connect(db, timeout=10)
    try:
        sql = "SELECT COUNT(*) FROM judgments j JOIN annotators a ON a.id = j.annotator_id"
        if annotator is None:
            return int(con.execute(sql).fetchone()[0])
        return int(con.execute(sql + " WHERE a.name = ?", (annotator,)).fetchone()[0])
    finally:
        con.close()


def _open_annotate(browser, url: str, name: str, blind: bool = True):
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    page = context.new_page()
    page.goto(url, wait_until="networkidle")
    page.get_by_text("Inspect a pair").first.wait_for(timeout=60_000)
    page.locator(".rl-card").first.wait_for(timeout=60_000)  # Inspect's score cards (one st.html)
    wait_idle(page)
    page.locator("[data-testid='stSidebarNav'] a", has_text="Annotate").first.click()
    page.get_by_text("Load a corpus").first.wait_for(timeout=30_000)
    wait_idle(page)
    if not page.get_by_text("Corpus: SummEval").count():
        page.get_by_role("button", name="SummEval subset").click()
        wait_idle(page)
    if not blind:
        page.get_by_text("Blind mode (hide systems, shuffle)").click()
        wait_idle(page)
    box = page.get_by_label("Your name (annotator)")
    box.fill(name)
    box.press("Enter")
    wait_idle(page)
    page.locator("h3", has_text="Item ").first.wait_for(timeout=30_000)
    page.evaluate("document.activeElement && document.activeElement.blur()")
    return context, page


def _item_heading(page) -> str:
    return page.locator("h3", has_text="Item ").first.inner_text()


def _judge_with_keys(page, values: list[str]) -> None:
    for v in values:
        page.keyboard.press(v)
        _drained(page)
    page.keyboard.press("n")
    _drained(page)


def test_keyboard_annotation_survives_a_reload(browser, tmp_path):
    proc, url = start_server(tmp_path)
    try:
        context, page = _open_annotate(browser, url, "kim")
        assert _item_heading(page).startswith("Item 1 of 120")
        for _ in range(3):
            _judge_with_keys(page, ["3", "4", "5", "2"])
        assert _item_heading(page).startswith("Item 4 of 120")
        page.screenshot(path=str(SHOTS / "annotate.png"), full_page=True)
        assert _count(tmp_path, "kim") == 12
        context.close()
        # The browser is closed; a new one comes back to the same place.
        context, page = _open_annotate(browser, url, "kim")
        assert _item_heading(page).startswith("Item 4 of 120")
        assert "3 of 120 judged" in page.locator("[data-testid='stProgress']").inner_text()
        page.keyboard.press("p")
        _drained(page)
        checked = page.locator("[class*='st-key-annot_crit_'] input[type='radio']:checked")
        assert checked.count() == 4
        context.close()
    finally:
        stop_server(proc)


def test_two_people_annotate_at_once_and_keep_every_judgment(browser, tmp_path):
    proc, url = start_server(tmp_path)
    try:
        (c1, p1), (c2, p2) = _open_annotate(browser, url, "ann1", False), _open_annotate(browser, url, "ann2", False)
        for _ in range(2):  # interleaved: one key each, on the same items (same order: blind mode off)
            for digit in ("1", "2", "3", "4"):
                for page, shift in ((p1, 0), (p2, 1)):
                    page.keyboard.press(str(int(digit) + shift))
                for page in (p1, p2):
                    _drained(page)  # the key applied and its run finished (keys queue in the page)
            for page in (p1, p2):
                page.keyboard.press("n")
                _drained(page)
        assert _count(tmp_path, "ann1") == 8 and _count(tmp_path, "ann2") == 8
        con = sqlite3.connect(tmp_path / "annotations.sqlite3")
        rows = con.execute(
            "SELECT a.name, SUM(j.value) FROM judgments j JOIN annotators a ON a.id = j.annotator_id GROUP BY a.name"
        ).fetchall()
        con.close()
        assert sorted(rows) == [("ann1", 2 * (1 + 2 + 3 + 4)), ("ann2", 2 * (2 + 3 + 4 + 5))]
        c1.close()
        c2.close()
    finally:
        stop_server(proc)


def test_a_server_killed_mid_annotation_loses_nothing_committed(browser, tmp_path):
    proc, url = start_server(tmp_path)
    context, page = _open_annotate(browser, url, "lee", False)
    seen = 0
    try:
        while seen < 8:
            _judge_with_keys(page, ["2", "3", "4", "5"])
            seen = _count(tmp_path, "lee")
        # Keep pressing keys (writes in flight) and kill the server without warning.
        for digit in ("1", "2", "3"):
            page.keyboard.press(digit)
        time.sleep(0.15)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(10)
    finally:
        context.close()
        if proc.poll() is None:
            proc.kill()
    con = sqlite3.connect(tmp_path / "annotations.sqlite3")
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    finally:
        con.close()
    after = _count(tmp_path, "lee")
    assert seen <= after <= seen + 3
    # And the app opens the same database again and resumes after the last complete item.
    proc, url = start_server(tmp_path)
    try:
        context, page = _open_annotate(browser, url, "lee", False)
        assert _item_heading(page).startswith(f"Item {seen // 4 + 1} of 120")
        # the reconnected page shows exactly what the store holds on this item (keys in flight included)
        held = [(c, v) for k, c, v in _stored(tmp_path, "lee") if k == seen // 4]
        checked = page.locator("[class*='st-key-annot_crit_'] input[type='radio']:checked")
        assert checked.count() == len(held) == page.get_by_text("✓ saved").count()
        context.close()
    finally:
        stop_server(proc)


def _drained(page) -> None:
    """Wait until the page script has applied every queued key and the last run has finished."""
    page.wait_for_function("() => window.document.__rougeLensKeys && window.document.__rougeLensKeys.pending() === 0",
                           timeout=60_000)  # fmt: skip
    wait_idle(page)


def _runs(data: Path) -> collections.Counter[str]:
    """The server's script runs so far by kind (``page``, ``fragment``, ``stopped``): the run log the
    slow-store server writes (slow_store/sitecustomize.py)."""
    log = data / "runs.log"
    return collections.Counter(log.read_text(encoding="utf-8").split() if log.exists() else [])


def _stored(data: Path, annotator: str) -> list[tuple[int, str, int]]:
    con = sqlite3.connect(data / "annotations.sqlite3", timeout=10)
    try:
        rows = con.execute(
            "SELECT i.position, c.name, j.value FROM judgments j JOIN annotators a ON a.id = j.annotator_id "
            "JOIN items i ON i.id = j.item_id JOIN criteria c ON c.id = j.criterion_id WHERE a.name = ? "
            "ORDER BY i.position, c.position",
            (annotator,),
        ).fetchall()
    finally:
        con.close()
    return [(int(p), str(c), int(v)) for p, c, v in rows]


@pytest.mark.parametrize("pause_ms, n_items", [(200, 4), (1500, 2)])
def test_keys_typed_fast_land_on_their_items_in_order_and_undo_takes_back_one(browser, tmp_path, pause_ms, n_items):
    """Digits then → at 0.2 s (and 1.5 s) between keys, without waiting for the page: every key is
    applied, in order, to the item it was typed on; → moves exactly one item each time; Backspace
    undoes exactly one judgment."""
    proc, url = start_server(tmp_path)
    try:
        context, page = _open_annotate(browser, url, "fast", blind=False)
        rounds = [["3", "4", "5", "2"], ["1", "2", "3", "4"], ["5", "5", "1", "2"], ["2", "3", "4", "5"]][:n_items]
        for values in rounds:
            for key in [*values, "ArrowRight"]:
                page.keyboard.press(key)
                page.wait_for_timeout(pause_ms)
        _drained(page)
        assert _item_heading(page).startswith(f"Item {len(rounds) + 1} of 120")
        names = ["coherence", "consistency", "fluency", "relevance"]
        want = [(k, n, int(v)) for k, values in enumerate(rounds) for n, v in zip(names, values)]
        assert _stored(tmp_path, "fast") == want
        assert f"{n_items} of 120 judged" in page.locator("[data-testid='stProgress']").inner_text()
        page.screenshot(path=str(SHOTS / "annotate_fast.png"), full_page=True)
        page.keyboard.press("Backspace")
        _drained(page)
        assert _stored(tmp_path, "fast") == want[:-1]  # exactly one judgment taken back
        assert _item_heading(page).startswith(f"Item {len(rounds)} of 120")  # shown where it was undone
        assert page.get_by_text(f"Undone: relevance on item {n_items} (now no value).").count() == 1
        assert page.get_by_text("✓ saved").count() == 3  # the receipts of the three judgments left
        page.screenshot(path=str(SHOTS / "annotate_undone.png"), full_page=True)
        context.close()
    finally:
        stop_server(proc)


def test_two_annotators_typing_fast_at_once_each_get_exactly_their_keys(browser, tmp_path):
    """Two people type digits and → at the same time, 0.2 s apart, on a server running both: each
    store row is a key its annotator typed, on the item they were shown."""
    proc, url = start_server(tmp_path)
    try:
        (c1, p1), (c2, p2) = _open_annotate(browser, url, "ann1", False), _open_annotate(browser, url, "ann2", False)
        typed = {"ann1": [["1", "2", "3", "4"], ["5", "4", "3", "2"], ["2", "2", "2", "2"]],
                 "ann2": [["4", "4", "1", "1"], ["3", "5", "3", "5"], ["1", "3", "5", "2"]]}  # fmt: skip
        for k in range(3):
            for key in range(5):
                for page, name in ((p1, "ann1"), (p2, "ann2")):
                    page.keyboard.press(typed[name][k][key] if key < 4 else "ArrowRight")
                    page.wait_for_timeout(100)  # 0.2 s between the keys of one person
        for page in (p1, p2):
            _drained(page)
            assert _item_heading(page).startswith("Item 4 of 120")
        names = ["coherence", "consistency", "fluency", "relevance"]
        for name, rounds in typed.items():
            want = [(k, n, int(v)) for k, values in enumerate(rounds) for n, v in zip(names, values)]
            assert _stored(tmp_path, name) == want
        c1.close()
        c2.close()
    finally:
        stop_server(proc)


@pytest.mark.parametrize("pause_ms", [200, 1500])
def test_three_annotators_on_a_slow_store_each_get_exactly_their_keys(browser, tmp_path, pause_ms):
    """Three people type four digits and → for 10 items each, ``pause_ms`` between one person's keys,
    on a server whose store takes 0.3 s a judgment (keys pile up behind the writes): every store row
    is a key its annotator typed, on the item shown when it was typed, nothing lost or misfiled, and
    each page has advanced exactly 10 items."""
    proc, url = start_server(tmp_path, slow_store=True)
    try:
        names = ["coherence", "consistency", "fluency", "relevance"]
        people = {f"ann{p}": _open_annotate(browser, url, f"ann{p}", False) for p in (1, 2, 3)}
        typed = {name: [[str((p * 7 + k * 3 + c) % 5 + 1) for c in range(4)] for k in range(10)]
                 for p, name in enumerate(people)}  # fmt: skip
        runs_before = _runs(tmp_path)
        for k in range(10):
            for key in range(5):
                for name, (_, page) in people.items():
                    page.keyboard.press(typed[name][k][key] if key < 4 else "ArrowRight")
                    page.wait_for_timeout(pause_ms // len(people))
        for name, (_, page) in people.items():
            _drained(page)
            assert _item_heading(page).startswith("Item 11 of 120"), name
            want = [(k, n, int(v)) for k, values in enumerate(typed[name]) for n, v in zip(names, values)]
            assert _stored(tmp_path, name) == want, name
        runs = _runs(tmp_path)
        # every key reran the item alone: 3 people x 10 items x (4 new values, →), and not once the page
        assert runs["page"] == runs_before["page"]
        assert runs["fragment"] - runs_before["fragment"] >= 3 * 10 * 5
        for context, _ in people.values():
            context.close()
    finally:
        stop_server(proc)


def test_keys_work_on_annotate_after_the_learn_page_was_open(browser, tmp_path):
    """Streamlit switches pages inside one document: Learn's arrow-key script once took the name of
    Annotate's key handler, so after a visit to Learn no digit judged anything."""
    proc, url = start_server(tmp_path)
    context = browser.new_context(viewport={"width": 1400, "height": 1800})
    try:
        page = context.new_page()
        page.goto(url + "/learn", wait_until="networkidle")
        page.get_by_text("Lecture mode").first.wait_for(timeout=60_000)
        wait_idle(page)
        page.locator("[data-testid='stSidebarNav'] a", has_text="Annotate").first.click()
        page.get_by_text("Load a corpus").first.wait_for(timeout=30_000)
        wait_idle(page)
        page.get_by_role("button", name="SummEval subset").click()
        wait_idle(page)
        box = page.get_by_label("Your name (annotator)")
        box.fill("lea")
        box.press("Enter")
        wait_idle(page)
        page.locator("h3", has_text="Item ").first.wait_for(timeout=30_000)
        page.evaluate("document.activeElement && document.activeElement.blur()")
        for digit in "43":
            page.keyboard.press(digit)
            _drained(page)
        assert page.get_by_text("✓ saved").count() == 2
        assert _count(tmp_path, "lea") == 2
    finally:
        context.close()
        stop_server(proc)
