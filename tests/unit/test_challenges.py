"""The challenges of rouge_core.teach.challenges: each checker accepts its worked solution and rejects its
starting text, with the numbers derived by hand from Lin (2004)'s examples."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rouge_core.teach.challenges import CHALLENGES, MAX_CHARS, Challenge, Verdict, order

SAMPLES = Path(__file__).resolve().parents[2] / "sample_data"


def values(v: Verdict) -> dict[str, float]:
    return {c.name: c.value for c in v.compared}


def test_the_issue_s_four_challenges_and_two_more_are_registered():
    assert list(CHALLENGES) == [
        "bigrams-vs-lcs",
        "recall-cheat",
        "w-separates",
        "tools-disagree",
        "skip-gaps",
        "stemming",
    ]
    for c in CHALLENGES.values():
        assert c.task and c.teaches and c.hint and c.solution and c.boxes


@pytest.mark.parametrize("challenge", CHALLENGES.values(), ids=lambda c: c.id)
def test_each_checker_accepts_its_worked_solution_and_rejects_its_starting_text(challenge: Challenge):
    solved = challenge.check(*challenge.solution_texts)
    assert solved.solved and solved.missing == ()
    start = challenge.check(*challenge.start)
    assert not start.solved and start.missing


def test_the_texts_are_lin_s_examples_as_in_sample_data():
    def sample(name: str) -> dict:
        return json.loads((SAMPLES / f"{name}.json").read_text(encoding="utf-8"))

    lin = sample("paper_s2_s3_s4_vs_s1")
    assert order.S1 == lin["references"][0]
    assert [order.S3, order.S4] == lin["other_candidates"]
    assert order.S3 == sample("paper_s3_vs_s1")["candidate"]
    assert (order.X, order.Y1) == (sample("paper_wlcs_y1")["references"][0], sample("paper_wlcs_y1")["candidate"])
    assert order.Y2 == sample("paper_wlcs_y2")["candidate"]


def test_s4_ties_s3_under_rouge_l_and_wins_under_rouge_2():
    c = CHALLENGES["bigrams-vs-lcs"]
    # S3 vs S1: LCS 'the gunman' = 2 of 4 words; bigrams: 'the gunman' only, 1 of 3
    assert values(c.check(order.S3)) == pytest.approx({"ROUGE-L F": 2 / 4, "ROUGE-2 F": 1 / 3})
    # S4: LCS still 2 of 4; bigrams 'the gunman' and 'police killed', 2 of 3
    assert values(c.check(order.S4)) == pytest.approx({"ROUGE-L F": 2 / 4, "ROUGE-2 F": 2 / 3})
    # S2 'police kill the gunman': LCS 3 of 4, no tie with S3; and the same ROUGE-2 as S3 (Lin's own point)
    s2 = c.check("police kill the gunman")
    assert values(s2) == pytest.approx({"ROUGE-L F": 3 / 4, "ROUGE-2 F": 1 / 3})
    assert s2.missing == (
        "ROUGE-L F is 0.75000; the task wants = 0.50000 (S3's ROUGE-L F).",
        "ROUGE-2 F is 0.33333; the task wants > 0.33333 (S3's ROUGE-2 F).",
    )


def test_recall_cheat_rule_padding_or_scrambling():
    c = CHALLENGES["recall-cheat"]
    backwards = values(c.check("gunman the killed police"))
    assert backwards == {"ROUGE-1 R": 1.0, "ROUGE-1 P": 1.0, "ROUGE-L R": 0.25}  # 4/4, 4/4, LCS 1/4
    padded = c.check("police police killed killed the the gunman gunman")
    assert padded.solved and values(padded)["ROUGE-1 P"] == 0.5  # 4 of 8 words credited
    itself = c.check(order.S1)  # the reference: recall 1, but anyone would accept it
    assert not itself.solved and values(itself) == {"ROUGE-1 R": 1.0, "ROUGE-1 P": 1.0, "ROUGE-L R": 1.0}
    assert itself.missing[0].startswith("A reader could still accept it")
    start = values(c.check("police kill the gunman"))
    assert start == {"ROUGE-1 R": 0.75, "ROUGE-1 P": 0.75, "ROUGE-L R": 0.75}


def test_y1_separates_from_y2_under_rouge_w_but_not_rouge_l():
    c = CHALLENGES["w-separates"]
    y1, y2 = values(c.check(order.Y1)), values(c.check(order.Y2))
    assert y1["ROUGE-L F"] == y2["ROUGE-L F"] == pytest.approx(4 / 7)
    assert y1["ROUGE-W-1.2 F"] == pytest.approx(4 / 7)  # one run of 4: f^-1(4^1.2 / 7^1.2)
    assert y2["ROUGE-W-1.2 F"] == pytest.approx(4 ** (1 / 1.2) / 7)  # four runs of 1: f^-1(4 / 7^1.2) = 0.45354
    assert round(y2["ROUGE-W-1.2 F"], 5) == 0.45354


def test_the_tools_disagree_on_rouge_l_of_sentences_in_another_order():
    c = CHALLENGES["tools-disagree"]
    v = c.check(*c.solution_texts)
    gaps = {name.split(" F:")[0]: gap for name, gap in values(v).items()}
    assert gaps["ROUGE-L vs rougeL"] == 0.5  # union LCS 8/8 against one flat LCS of 4/8
    assert gaps["ROUGE-L vs rougeLsum"] == 0.0 and gaps["ROUGE-1 vs rouge1"] == 0.0
    assert [c.met for c in v.compared] == [False] * 5 + [True]
    start = c.check(*c.start)
    assert start.missing == ("No measure differs by more than 0.1 yet: the widest gap is 0.00000 (ROUGE-1 vs rouge1).",)


def test_skip_bigrams_far_apart_and_stemming():
    skip = values(CHALLENGES["skip-gaps"].check("police a killed b the c gunman"))
    assert skip == {"ROUGE-2 R": 0.0, "ROUGE-S4 R": 0.83333}  # 5 of C(4,2) = 6: police..gunman is too far
    stem = CHALLENGES["stemming"]
    assert values(stem.check("policing kills the gunman")) == {
        "ROUGE-1 R with stemming": 1.0,
        "ROUGE-1 R without stemming": 0.5,
    }


@pytest.mark.parametrize(
    "text, message",
    [
        ("", 'The box "Your candidate" is empty: write a text.'),
        ("   \n ", 'The box "Your candidate" is empty: write a text.'),
        (
            "警察 !!!",
            'The box "Your candidate" has no word ROUGE counts: its tokenizer keeps ASCII letters and digits only.',
        ),
        (
            "a " * MAX_CHARS,
            f'The box "Your candidate" holds {2 * MAX_CHARS:,} characters; a challenge takes at most {MAX_CHARS:,}.',
        ),
    ],
)
def test_bad_answers_are_refused_with_a_reason(text: str, message: str):
    v = CHALLENGES["recall-cheat"].check(text)
    assert v == Verdict(False, (), (message,))


def test_the_wrong_number_of_texts_is_a_programming_error():
    with pytest.raises(ValueError, match="takes 2 text"):
        CHALLENGES["tools-disagree"].check("only one")
