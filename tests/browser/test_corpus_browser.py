"""The Corpus page in Chromium: load the SummEval sample, select a row, see that pair in Inspect with the
same ROUGE-L, come back to the same corpus and row. Screenshots at 1440 x 1000 go to screenshots/."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import SHOTS, open_app, wait_idle

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]

WIDTH, HEIGHT = 1440, 1000
ROW = 3  # the row selected (0-based, input order)
HEADER_PX, ROW_PX = 35, 35  # st.dataframe's default header and row heights


def _table(page):
    return page.locator("[data-testid='stDataFrame']").filter(has=page.locator("[data-testid='glide-cell-1-0']")).last


def _shot(page, heading: str, name: str) -> None:
    """Scroll the section under ``heading`` to the top of the window and save the window."""
    page.evaluate(
        "(n) => [...document.querySelectorAll('h1,h2,h3')].find(e => e.textContent.trim().startsWith(n))"
        ".scrollIntoView({block: 'start'})",
        heading,
    )
    page.wait_for_timeout(600)
    page.screenshot(path=str(SHOTS / name))


def _cell(table, column: str, row: int) -> str:
    """The text of a cell in the grid's accessible copy (only the columns on screen are in it)."""
    header = table.locator("th[role='columnheader']").filter(has_text=column).first
    col = header.get_attribute("aria-colindex")
    return table.locator(f"[data-testid='glide-cell-{col}-{row}']").inner_text()


def test_corpus_row_opens_in_inspect_and_back(server, browser):
    errors: list[str] = []
    page = open_app(browser, server, HEIGHT, errors, WIDTH)
    page.locator("[data-testid='stSidebarNav']").get_by_text("Corpus", exact=True).click()
    page.get_by_text("Load a corpus").first.wait_for(timeout=60_000)
    wait_idle(page)
    page.screenshot(path=str(SHOTS / "corpus_empty.png"))

    page.get_by_role("button", name="SummEval subset").click()
    table = _table(page)
    table.wait_for(timeout=60_000)
    expect(page.locator("[data-testid='stProgress']")).to_have_count(0, timeout=60_000)  # scoring finished
    wait_idle(page)
    expect(page.get_by_text("120 pairs: 6 systems × 20 documents, 11 references each")).to_be_visible()
    page.wait_for_timeout(800)  # the figures draw after the run
    _shot(page, "ROUGE Lens · Corpus", "corpus_loaded.png")
    _shot(page, "Corpus scores", "corpus_scores.png")
    _shot(page, "Every pair", "corpus_pairs.png")
    _shot(page, "Downloads", "corpus_downloads.png")

    table.scroll_into_view_if_needed()
    doc_id = _cell(table, "id", ROW)
    row_f = float(_cell(table, "ROUGE-L F", ROW))
    box = table.locator("canvas").first.bounding_box()
    assert box is not None
    page.mouse.click(box["x"] + 15, box["y"] + HEADER_PX + ROW * ROW_PX + ROW_PX / 2)  # the row's checkbox

    page.get_by_role("heading", name="ROUGE Lens · Inspect a pair").wait_for(timeout=60_000)
    back = page.get_by_role("button", name="Back to the corpus")
    back.wait_for(timeout=60_000)
    wait_idle(page)
    expect(page.get_by_text(f"document {doc_id}", exact=False).first).to_be_visible()
    metric = page.locator(".rl-card").filter(has_text="ROUGE-L F").first  # Inspect's cards: one st.html block
    metric.wait_for(timeout=60_000)
    assert f"{row_f:.5f}" in metric.inner_text()
    page.screenshot(path=str(SHOTS / "corpus_to_inspect.png"))

    back.click()
    page.get_by_role("heading", name="ROUGE Lens · Corpus").wait_for(timeout=60_000)
    table = _table(page)
    table.wait_for(timeout=60_000)
    wait_idle(page)
    expect(page.get_by_text("Corpus: SummEval subset")).to_be_visible()
    # the same row is still selected, and can be opened again
    expect(table.locator(f"tr[aria-rowindex='{ROW + 2}']")).to_have_attribute("aria-selected", "true")
    expect(page.get_by_role("button", name=f"Open document {doc_id} in Inspect again")).to_be_visible()
    # back where the row was picked, not at the top of the page (issue 17, point 8: ui.widgets.way_back)
    page.wait_for_function("() => document.querySelector(\"[data-testid='stMain']\").scrollTop > 0", timeout=10_000)
    shown = table.bounding_box()
    assert shown is not None and 0 <= shown["y"] < HEIGHT, shown
    page.wait_for_timeout(500)
    page.screenshot(path=str(SHOTS / "corpus_back.png"))
    assert errors == []
    page.close()


def test_scoring_shows_pairs_done_and_time_left(server, browser, tmp_path):
    """A 1,600-pair upload (SummEval's M8 eighty times over, 11 references each, 4.7 MB: about 2 s on
    the compiled chunk path, where 200 pairs are scored before a bar could be seen) shows the
    progress bar, then the scores."""
    records = [json.loads(line) for line in (ROOT / "sample_data" / "summeval_subset.jsonl").open()]
    rows = [
        {"id": f"{r['id']}-{k}", "candidate": r["decoded"], "references": r["references"]}
        for k in range(80)
        for r in records
        if r["model_id"] == "M8"
    ]
    path = tmp_path / "m8_x80.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    page.goto(server + "/corpus", wait_until="networkidle")
    page.get_by_text("Load a corpus").first.wait_for(timeout=60_000)
    wait_idle(page)
    page.locator("[data-testid='stFileUploaderDropzoneInput']").first.set_input_files(str(path))
    wait_idle(page)
    page.get_by_role("button", name="Load the file").click()
    bar = page.locator("[data-testid='stProgress']")
    bar.wait_for(timeout=30_000)
    expect(bar).to_contain_text(re.compile(r"Scored [\d,]+ of 1,600 pairs · about \d+ s left"), timeout=30_000)
    bar.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "corpus_progress.png"))
    bar.wait_for(state="detached", timeout=120_000)
    _table(page).wait_for(timeout=60_000)
    expect(page.get_by_text("1,600 pairs: 1 system × 1,600 documents, 11 references each")).to_be_visible()
    page.close()


def test_html_report_opens_offline(browser, tmp_path):
    """The downloaded report draws its figures with every network request refused."""
    from ui.compute.corpus import score_system
    from ui.render.corpus_export import html_report
    from ui.widgets.corpus_input import read_source, sample_source
    from ui.widgets.options import DEFAULT

    path = tmp_path / "report.html"
    path.write_text(html_report(score_system(read_source(sample_source("realsumm"), "lines"), "bart_out.txt", DEFAULT)))
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    requests: list[str] = []
    page.route(
        "**/*",
        lambda route: (
            route.continue_()
            if route.request.url.startswith("file:")
            else (requests.append(route.request.url), route.abort())
        ),
    )
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(path.as_uri())
    expect(page.locator(".js-plotly-plot")).to_have_count(5, timeout=30_000)  # 4 histograms and the scatter
    expect(page.locator(".js-plotly-plot .main-svg").first).to_be_visible()
    page.screenshot(path=str(SHOTS / "corpus_html_report.png"))
    assert requests == [] and errors == []
    page.close()


def test_points_selected_on_a_figure_filter_the_table(server, browser):
    page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
    page.goto(server + "/corpus", wait_until="networkidle")
    page.get_by_text("Load a corpus").first.wait_for(timeout=60_000)
    wait_idle(page)
    page.get_by_role("button", name="REALSumm subset").click()
    _table(page).wait_for(timeout=60_000)
    wait_idle(page)
    scatter = page.locator("[data-testid='stPlotlyChart']").nth(1)
    scatter.scroll_into_view_if_needed()
    area = scatter.locator(".nsewdrag").first
    area.wait_for(timeout=30_000)
    box = area.bounding_box()
    assert box is not None
    # a box over the left half of the scatter: the pairs with the shorter candidates
    x0, y0 = box["x"] + 3, box["y"] + 3
    x1, y1 = box["x"] + box["width"] * 0.5, box["y"] + box["height"] - 3
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move((x0 + x1) / 2, (y0 + y1) / 2, steps=5)
    page.mouse.move(x1, y1, steps=5)
    page.mouse.up()
    shown = page.get_by_text(re.compile(r"Showing (\d+) of 20 pairs\. \1 selected on the figures"))
    shown.wait_for(timeout=30_000)
    wait_idle(page)
    n = int(re.search(r"Showing (\d+)", shown.inner_text()).group(1))
    assert 0 < n < 20
    expect(_table(page).locator("table[role='grid']")).to_have_attribute("aria-rowcount", str(n + 1))
    _shot(page, "Every pair", "corpus_figure_selection.png")
    page.get_by_role("button", name="Clear the figures' selection").click()
    page.get_by_text("Showing 20 of 20 pairs.").wait_for(timeout=30_000)
    page.close()
