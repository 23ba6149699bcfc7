"""The Challenges page through streamlit.testing: each challenge is solved by its worked solution and not by
its starting text, the numbers compared are rouge_core's, the worked solution appears only on request,
and bad input (HTML, empty, too large) gets a message."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from rouge_core.teach.challenges import CHALLENGES
from ui.render.literal import md_literal

APP = str(Path(__file__).resolve().parents[2] / "app.py")
EVIL = "<script>alert(1)</script> the gunman <img src=x onerror=alert(2)>"


def page() -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("app_pages/challenges.py").run()
    assert not at.exception, at.exception
    return at


def boxes(at: AppTest, cid: str) -> list:
    """The challenge's answer boxes, in order (kept boxes: their key is name#generation)."""
    return sorted((t for t in at.text_area if t.key.startswith(f"chal_{cid}_box")), key=lambda t: t.key)


def answer(at: AppTest, cid: str, texts: tuple[str, ...]) -> AppTest:
    for box, text in zip(boxes(at, cid), texts):
        box.input(text)
    at.run()
    assert not at.exception, at.exception
    return at


def choose(at: AppTest, cid: str) -> AppTest:
    at.selectbox(key="chal_pick").set_value(cid).run()
    assert not at.exception, at.exception
    return at


def shown(at: AppTest) -> str:
    return "\n".join(e.value for e in (*at.markdown, *at.caption, *at.info, *at.warning, *at.success))


@pytest.mark.parametrize("cid", list(CHALLENGES))
def test_each_challenge_solved_by_its_worked_solution_not_by_its_start(cid: str):
    c = CHALLENGES[cid]
    at = choose(page(), cid)
    assert at.subheader[0].value == c.title
    assert [b.value for b in boxes(at, cid)] == list(c.start)
    assert not at.success and len(at.warning) == 1 and at.warning[0].value.startswith("Not yet")
    table = at.dataframe[0].value
    assert list(table["value"]) == [x.value for x in c.check(*c.start).compared]
    answer(at, cid, c.solution_texts)
    assert [s.value for s in at.success] == ["Solved: your text does what the task asks."]
    assert set(at.dataframe[0].value["met"]) <= {"✓ yes", "✗ not yet"}
    assert not at.warning
    assert any(c.teaches in i.value for i in at.info)


def test_s4_in_the_first_challenge_shows_the_hand_derived_numbers():
    at = answer(choose(page(), "bigrams-vs-lcs"), "bigrams-vs-lcs", ("the gunman police killed",))
    table = at.dataframe[0].value
    assert list(table["number"]) == ["ROUGE-L F", "ROUGE-2 F"]
    assert list(table["value"]) == pytest.approx([2 / 4, 2 / 3])
    assert list(table["met"]) == ["✓ yes", "✓ yes"]


def test_the_worked_solution_is_revealed_only_on_press_and_can_fill_the_boxes():
    c = CHALLENGES["recall-cheat"]
    at = choose(page(), c.id)
    assert c.solution not in shown(at)
    assert at.expander[0].label == "Hint"
    at.button(key=f"chal_{c.id}_show").click().run()
    assert f"**Worked solution.** {c.solution}" in shown(at)
    at.button(key=f"chal_{c.id}_use").click().run()
    assert [b.value for b in boxes(at, c.id)] == list(c.solution_texts)
    assert at.success
    at.button(key=f"chal_{c.id}_reset").click().run()  # back to the starting text: not yet, solution still shown
    assert [b.value for b in boxes(at, c.id)] == list(c.start) and not at.success
    assert c.solution in shown(at)


def test_html_in_the_answer_is_shown_as_text():
    at = answer(page(), "bigrams-vs-lcs", (EVIL,))
    assert not at.exception
    echoed = [e.value for e in at.caption if e.value.startswith("Your candidate, as checked")]
    assert echoed and "\\<script\\>" in echoed[0] and "onerror" in echoed[0]
    assert "<script>" not in shown(at).replace(EVIL, "")


@pytest.mark.parametrize(
    "text, message",
    [
        ("", 'The box "Your candidate" is empty: write a text.'),
        ("警察击毙了枪手", "has no word ROUGE counts"),
    ],
)
def test_an_empty_or_wordless_answer_gets_a_message(text: str, message: str):
    at = answer(page(), "bigrams-vs-lcs", (text,))
    assert md_literal(message, 1000) in at.info[0].value
    assert not at.dataframe and not at.success


def test_a_huge_answer_is_refused_by_the_budget_and_kept():
    text = "police killed the gunman " * 200  # 800 words, over the page's 300
    at = answer(page(), "bigrams-vs-lcs", (text,))
    assert any("too large for Challenges" in w.value and "800 words" in w.value for w in at.warning)
    assert not at.dataframe and boxes(at, "bigrams-vs-lcs")[0].value == text


def test_the_two_box_challenge_checks_the_student_s_reference():
    c = CHALLENGES["tools-disagree"]
    at = choose(page(), c.id)
    assert [b.label for b in boxes(at, c.id)] == ["Your candidate", "Your reference"]
    at = answer(at, c.id, ("b c d\na b c", "a b c\nb c d"))
    assert at.success
    table = at.dataframe[0].value
    assert table["value"].iloc[-1] == pytest.approx(1 - 2 / 3)  # union LCS 6/6 against a flat LCS of 4/6
