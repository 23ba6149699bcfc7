"""The Learn page in Chromium: the walk player steps in the browser (no server run per step), opens on
a deep link's step, keeps the current cell on a 1280x720 screen in lecture mode, and asks before it
reveals when "Ask me first" is on."""

from __future__ import annotations

import re

import pytest

from rouge_core.measures.lcs import lcs

from .conftest import SHOTS, open_app, wait_idle

pytestmark = pytest.mark.browser

S1 = "police killed the gunman"
S2 = "police kill the gunman"


def player_frame(page):
    """The frame of the walk player (ui/render/walk_player.py), once its first step is drawn."""
    for _ in range(300):
        for f in page.frames:
            if f != page.main_frame and f.query_selector("#wp-frame .rl-step"):
                return f
        page.wait_for_timeout(100)
    raise AssertionError("no walk player on the page")


def count_sent(page) -> list[str]:
    """Messages the page sends to the Streamlit server (a rerun is one): appended as they go."""
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda payload: sent.append("frame")))
    page.on("request", lambda r: sent.append(r.url) if "/_stcore/" in r.url or "/learn" in r.url else None)
    return sent


def open_learn(browser, server, query: str = "", width: int = 1400, height: int = 2300):
    page = browser.new_page(viewport={"width": width, "height": height})
    sent = count_sent(page)
    page.goto(f"{server}/learn{query}", wait_until="networkidle")
    page.get_by_text("Learn ROUGE: how each measure works").first.wait_for(timeout=60_000)
    wait_idle(page)
    return page, player_frame(page), sent


def step_of(frame) -> int:
    return int(re.search(r"Step (\d+) of", frame.inner_text("#wp-count")).group(1))


def test_lcs_walkthrough_to_the_end(server, browser):
    page = open_app(browser, server, 2300)
    page.get_by_role("link", name=re.compile("How each measure works")).first.click()
    page.get_by_text("Learn ROUGE: how each measure works").first.wait_for(timeout=60_000)
    wait_idle(page)
    page.locator("button", has_text="ROUGE-L (sentence)").first.click()
    wait_idle(page)
    # the paper's example is preloaded in this section's own inputs
    assert page.get_by_label("Reference (one sentence per line)").input_value() == S1
    assert page.get_by_label("Candidate (one sentence per line)").input_value() == S2
    f = player_frame(page)
    assert "Row 0 and column 0 are the empty prefixes" in f.inner_text("#wp-frame")
    f.click("button[data-go=next]")
    assert "Cell c[1][1]" in f.inner_text("#wp-frame") and step_of(f) == 1
    f.click("button[data-go=last]")
    expected = lcs(S1.split(), S2.split()).value  # 3: "police ... the gunman"
    text = f.inner_text(".rl-done")
    assert f"Done: LCS = {expected:g}" in text and f"this pair: {expected:g}" in text and "✓" in text
    assert "3 match(es) marked" in f.inner_text("#wp-frame")
    assert len(f.query_selector_all("table.rl-dp td.rl-mark")) == 3
    assert f.eval_on_selector("#wp-slider", "s => s.value === s.max")
    assert "step=21" in page.url  # the address is a deep link to the step shown
    page.screenshot(path=str(SHOTS / "learn_walkthrough.png"), full_page=True)


def test_next_arrow_keys_and_autoplay_step_without_the_server(server, browser):
    page, f, sent = open_learn(browser, server, "?sec=L")
    page.wait_for_timeout(1000)
    before = len(sent)
    f.click("button[data-go=next]")
    f.click("button[data-go=next]")
    assert step_of(f) == 2 and "Cell c[1][2]" in f.inner_text("#wp-frame")
    page.locator("h1").first.click()  # the keys work on the page, outside the player's frame
    page.keyboard.press("ArrowRight")
    assert step_of(f) == 3
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert step_of(f) == 1
    # how fast a redraw is belongs to benchmarks/bench_step.py (no timed tests); here: it redraws in place
    for go, want in (("next", 2), ("back", 1), ("next", 2)):
        f.click(f"button[data-go={go}]")
        assert step_of(f) == want
    f.check("#wp-auto")
    page.wait_for_timeout(2600)
    assert step_of(f) >= 3  # one step a second
    f.uncheck("#wp-auto")
    page.wait_for_timeout(500)
    assert len(sent) == before, sent[before:]  # no websocket message, no request: no script run
    # a rerun draws a new player: the keys on the page step it
    page.locator("button", has_text="ROUGE-N").first.click()
    wait_idle(page)
    page.wait_for_timeout(500)
    for _ in range(100):  # the new player (Streamlit may reuse the frame element with the new document)
        g = player_frame(page)
        if "2-grams" in g.inner_text("#wp-frame"):
            break
        page.wait_for_timeout(100)
    assert "2-grams" in g.inner_text("#wp-frame") and step_of(g) == 0
    page.locator("h1").first.click()
    page.keyboard.press("ArrowRight")
    assert step_of(g) == 1
    # on another page the arrow keys step no player left behind (the address gets no step)
    page.get_by_role("link", name=re.compile("Inspect a pair")).first.click()
    page.get_by_text("Inspect a pair").first.wait_for(timeout=60_000)
    wait_idle(page)
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(300)
    assert "step=" not in page.url


def test_deep_link_in_lecture_mode_shows_the_current_cell_at_1280x720(server, browser):
    page, f, _ = open_learn(browser, server, "?sec=L&step=10&lecture=1", width=1280, height=720)
    page.wait_for_timeout(1200)  # the player scrolls itself into view
    assert step_of(f) == 10
    box = f.locator("td.rl-now").bounding_box()
    assert box is not None
    assert 0 <= box["y"] and box["y"] + box["height"] <= 720 and 0 <= box["x"] and box["x"] + box["width"] <= 1280
    nxt = f.locator("button[data-go=next]").bounding_box()
    assert nxt is not None and 0 <= nxt["y"] and nxt["y"] + nxt["height"] <= 720  # the stepper too
    cut = page.evaluate(
        """() => [...document.querySelectorAll('.katex-display')].filter(
          (d) => d.querySelector('.katex').scrollWidth > d.clientWidth + 1).length"""
    )
    assert cut == 0  # lecture mode scales a formula down to its column instead of cutting it
    page.screenshot(path=str(SHOTS / "learn_lecture_1280x720.png"))
    page.locator("h1").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "learn_lecture_top_1280x720.png"))
    f.locator("#wp-count").scroll_into_view_if_needed()
    assert "lecture=1" in page.url
    page.reload(wait_until="networkidle")  # kept on reload
    page.get_by_text("Learn ROUGE: how each measure works").first.wait_for(timeout=60_000)
    wait_idle(page)
    assert page.get_by_role("switch", name="Lecture mode").is_checked() or page.locator("[data-lecture='on']").count()
    assert step_of(player_frame(page)) == 10


def test_normal_mode_screenshot_at_1280x720(server, browser):
    page, f, _ = open_learn(browser, server, "?sec=W&step=9", width=1280, height=720)
    f.locator("td.rl-now").first.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "learn_normal_1280x720.png"))
    assert step_of(f) == 9


def test_ask_me_first_asks_checks_and_scores(server, browser):
    page, f, sent = open_learn(browser, server, "?sec=L")
    questions = f.evaluate("() => JSON.parse(document.getElementById('wp-data').textContent).questions")
    assert questions  # rouge_core.teach.questions' answer key travels with the frames
    q = next(q for q in questions if q["kind"] == "choice" and q["wrong"])  # c[1][2]: which neighbour?
    page.wait_for_timeout(500)
    before = len(sent)
    f.evaluate(f"() => window.parent.document.__rougeLensPlayer.go({q['step'] - 1})")
    f.check("#wp-ask")
    f.click("button[data-go=next]")
    assert step_of(f) == q["step"] - 1  # not revealed yet
    assert q["prompt"] in f.inner_text("#wp-question")
    wrong = q["wrong"][0]
    f.locator("#wp-question button", has_text=re.compile(f"^{wrong['answer']}$", re.I)).click()
    said = f.inner_text("#wp-question .wp-said")
    assert "Not quite" in said and wrong["say"] in said  # wrong, with its reason
    assert step_of(f) == q["step"] - 1
    page.screenshot(path=str(SHOTS / "learn_ask_me_first.png"), full_page=True)
    f.locator("#wp-question button", has_text=re.compile(f"^{q['answer']}$", re.I)).click()
    assert step_of(f) == q["step"] and "Right." in f.inner_text("#wp-question")  # revealed
    assert f.inner_text("#wp-score") == "Right first time: 0 / 1"  # wrong the first time
    # the traceback asks for a cell: a click on the right cell of the table
    cell = next(x for x in questions if x["kind"] == "cell")
    f.evaluate(f"() => window.parent.document.__rougeLensPlayer.go({cell['step'] - 1})")
    f.click("button[data-go=next]")
    assert cell["prompt"] in f.inner_text("#wp-question")
    a, b = cell["answer"]
    f.locator("table.rl-dp tr").nth(a + 1).locator("td").nth(b).click()
    assert step_of(f) == cell["step"] and "Right." in f.inner_text("#wp-question")
    assert f.inner_text("#wp-score") == "Right first time: 1 / 2"
    # from the keyboard alone: the next cell question typed as row,col; a number typed as a fraction
    nxt = next(x for x in questions if x["kind"] == "cell" and x["step"] > cell["step"])
    f.evaluate(f"() => window.parent.document.__rougeLensPlayer.go({nxt['step'] - 1})")
    f.click("button[data-go=next]")
    f.fill("#wp-num", "99,99")
    f.press("#wp-num", "Enter")
    assert "Not quite" in f.inner_text("#wp-question .wp-said") and step_of(f) == nxt["step"] - 1
    f.fill("#wp-num", f"{nxt['answer'][0]},{nxt['answer'][1]}")
    f.press("#wp-num", "Enter")
    assert step_of(f) == nxt["step"] and "Right." in f.inner_text("#wp-question")
    ratio = next(x for x in questions if x["kind"] == "number" and x["prompt"].startswith("R ="))
    f.evaluate(f"() => window.parent.document.__rougeLensPlayer.go({ratio['step'] - 1})")
    f.click("button[data-go=next]")
    while ratio["prompt"] not in f.inner_text("#wp-question"):  # the last step asks the LCS first
        f.click("#wp-show")
    f.fill("#wp-num", "3/4")  # S2 vs S1: R = LCS / m = 3/4, typed as a fraction
    f.press("#wp-num", "Enter")
    assert "Right." in f.inner_text("#wp-question")
    # the step count is a live region that also says, for a screen reader, what the step did
    f.uncheck("#wp-ask")
    f.evaluate("() => window.parent.document.__rougeLensPlayer.go(10)")
    assert f.get_attribute("#wp-count", "aria-live") == "polite"
    assert f.inner_text("#wp-count .wp-sr") == ": step 10 of 16 cells: c[3][2] = 1 (up)"
    assert f.locator("td[aria-current=step]").count() == 1
    assert len(sent) == before  # asked and checked in the browser


def test_lecture_mode_reveals_on_a_key(server, browser):
    page, f, sent = open_learn(browser, server, "?sec=L&lecture=1", width=1280, height=720)
    questions = f.evaluate("() => JSON.parse(document.getElementById('wp-data').textContent).questions")
    assert questions  # rouge_core.teach.questions' answer key travels with the frames
    # clicked from the script: under lecture mode's CSS zoom Playwright aims its clicks beside the frame's controls
    f.evaluate("() => { document.getElementById('wp-ask').click(); document.querySelector('[data-go=next]').click(); }")
    assert questions[0]["prompt"] in f.inner_text("#wp-question") and step_of(f) == 0
    assert "Space or Enter shows the answer" in f.inner_text("#wp-question")
    page.keyboard.press("Space")
    assert step_of(f) == 1 and "The answer: " + questions[0]["text"] in f.inner_text("#wp-question")
