"""Issue 20, point 1 on Inspect: "Ask me first" opens the Learn page's walk player on the user's own
pair, whose questions' answers are that pair's numbers; off, Inspect's match views are unchanged."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from rouge_core.teach.steps import MAX_STEP_TOKENS
from tests.app.inspect_html import scores_table
from ui.render.walk_player import player_data

APP = str(Path(__file__).resolve().parents[2] / "app.py")
REF, CAND = "the cat sat on the mat", "the sat cat on a mat"  # LCS 4 (the cat/sat on mat): R = 4/6


def _inspect(reference: str, candidate: str) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    next(t for t in at.text_area if t.key.startswith("candidate#")).set_value(candidate)
    next(t for t in at.text_area if t.key.startswith("ref_")).set_value(reference)
    at.run()
    assert not at.exception, at.exception
    return at


def _players(at: AppTest) -> list[dict]:
    found = [player_data(e.proto.srcdoc) for e in at.get("iframe")]
    return [d for d in found if d is not None]


def _scores(at: AppTest):
    return scores_table(at)


def _ask(at: AppTest, family: str) -> dict:
    at.toggle(key="inspect_ask").set_value(True).run()
    at.button_group(key="inspect_walk_family").set_value(family).run()
    assert not at.exception, at.exception
    (only,) = _players(at)
    return only


def test_off_the_match_views_are_todays():
    at = _inspect(REF, CAND)
    assert at.toggle(key="inspect_ask").value is False
    assert [t.label for t in at.tabs] == ["N-grams", "LCS", "WLCS", "Skip-bigrams"]
    assert not _players(at)


def test_ask_me_first_walks_the_users_lcs_and_asks_its_numbers():
    at = _inspect(REF, CAND)
    scores = _scores(at).set_index("measure")
    data = _ask(at, "L")
    assert not at.tabs  # the views would give the answers away
    assert data["questions"] and data["total"] > 36  # 6 x 6 cells, then the traceback
    answers = {q["prompt"]: q["answer"] for q in data["questions"]}
    assert answers["c[6][6] = ?"] == 4.0  # the user's pair's LCS
    assert answers["R = LCS / m = ?"] == 4 / 6
    assert round(4 / 6, 5) == scores.loc["ROUGE-L", "recall"]  # Inspect's number (the profile's 5 decimals)
    docs = [e.proto.srcdoc for e in at.get("iframe") if player_data(e.proto.srcdoc) is not None]
    assert 'id="wp-ask" checked' in docs[0]  # the player opens asking


def test_ask_me_first_walks_the_users_ngrams():
    at = _inspect(REF, CAND)
    _ask(at, "N")
    at.number_input(key="learn_n_order").set_value(1).run()  # the family's n, shared with Learn
    (data,) = _players(at)
    answers = {q["prompt"]: q["answer"] for q in data["questions"]}
    recall = next(a for p, a in answers.items() if p.startswith("R ="))
    assert recall == 5 / 6  # 'the' twice in the reference, once in the candidate: 5 of 6 unigrams
    assert round(recall, 5) == _scores(at).set_index("measure").loc["ROUGE-1", "recall"]


def test_a_pair_beyond_the_walk_says_so():
    words = " ".join(f"w{k}" for k in range(MAX_STEP_TOKENS + 5))
    at = _inspect(words, words)
    _ask_on = at.toggle(key="inspect_ask").set_value(True).run()
    _ask_on.button_group(key="inspect_walk_family").set_value("L").run()
    assert not at.exception, at.exception
    assert not _players(at)
    assert any(f"up to {MAX_STEP_TOKENS} words a side" in i.value for i in at.info)


def test_the_skip_walk_starts_at_the_sidebars_distance():
    """The sidebar's ROUGE-S4 (d = 4) on a pair of 8 words: the walk's R is Inspect's ROUGE-S4 recall."""
    ref, cand = "a b c d e f g h", "a c b d e h g f"
    at = _inspect(ref, cand)
    data = _ask(at, "S")
    assert at.number_input(key="learn_s_dist").value == 4 and not at.checkbox(key="learn_s_unlimited").value
    recall = next(q["answer"] for q in data["questions"] if q["prompt"].startswith("R ="))
    assert round(recall, 5) == _scores(at).set_index("measure").loc["ROUGE-S4", "recall"]
