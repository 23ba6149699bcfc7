"""Inspect: several candidates against the same references, side by side (the paper's S2, S3, S4 vs S1)."""

from __future__ import annotations

import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from rouge_core import RougeConfig, evaluate
from ui.samples import load_samples

S1, S2, S3, S4 = (
    "police killed the gunman",
    "police kill the gunman",
    "the gunman kill police",
    "the gunman police killed",
)


def start() -> AppTest:
    at = AppTest.from_file(str(Path(__file__).resolve().parents[2] / "app.py"), default_timeout=60).run()
    assert not at.exception, at.exception
    return at


def load(at: AppTest, sample: str) -> AppTest:
    at.selectbox(key="sample_pick").set_value(sample).run()
    assert not at.exception, at.exception
    return at


def side_by_side(at: AppTest):
    return next(d.value for d in at.dataframe if "candidate" in d.value.columns and "begins" in d.value.columns)


def test_the_paper_sample_shows_s2_s3_s4_side_by_side():
    s = load_samples()["paper_s2_s3_s4_vs_s1"]
    assert (s.candidate, s.others, s.references) == (S2, (S3, S4), (S1,))
    at = load(start(), "paper_s2_s3_s4_vs_s1")
    df = side_by_side(at).set_index("candidate")
    assert list(df.index) == ["Candidate", "Candidate 2", "Candidate 3"]
    # Lin (2004): ROUGE-L gives S2 3/4 and S3, S4 both 2/4; ROUGE-2 prefers S4 (2/3) to S3 (1/3)
    assert df["ROUGE-L"].tolist() == [0.75, 0.5, 0.5]
    config = RougeConfig(max_n=4, skip_distance=4, wlcs_weight=1.2)  # the sidebar's default
    for name, text in zip(df.index, (S2, S3, S4)):
        assert df.loc[name, "ROUGE-2"] == evaluate(text, S1, config).measures["ROUGE-2"].score.fmeasure
    assert df.loc["Candidate 3", "ROUGE-2"] > df.loc["Candidate 2", "ROUGE-2"]


def test_the_scores_and_matches_follow_the_chosen_candidate():
    at = load(start(), "paper_s2_s3_s4_vs_s1")
    at.selectbox(key="inspect_shown").set_value(2).run()
    assert not at.exception, at.exception
    cards = next(h.proto.body for h in at.get("html") if 'class="rl-cards"' in h.proto.body)
    rouge_l = cards[cards.index('aria-label="ROUGE-L F"') :]
    assert rouge_l.split('<p class="rl-card-value">')[1].startswith("0.50000<")  # S4's ROUGE-L F
    at.radio(key="inspect_cmp_stat").set_value("R").run()
    assert side_by_side(at)["ROUGE-2"].tolist()[2] == evaluate(S4, S1, RougeConfig()).measures["ROUGE-2"].score.recall


def test_candidates_are_added_and_removed_and_a_pair_sample_drops_them():
    at = start()
    next(b for b in at.button if b.label == "Compare another candidate").click().run()
    box = next(t for t in at.text_area if t.label == "Candidate 2")
    box.set_value(S3).run()
    assert not at.exception, at.exception
    assert side_by_side(at)["ROUGE-L"].tolist() == [0.75, 0.5]
    next(b for b in at.button if b.label == "Remove candidate 2").click().run()
    assert not any(t.label == "Candidate 2" for t in at.text_area)
    load(at, "paper_s2_s3_s4_vs_s1")
    assert sum(re.fullmatch(r"Candidate \d+", t.label) is not None for t in at.text_area) == 2  # Candidate 2 and 3
    load(at, "paper_s3_vs_s1")  # a one-candidate sample: the comparison's candidates go
    assert not any(re.fullmatch(r"Candidate \d+", t.label) is not None for t in at.text_area)
    assert not any("begins" in d.value.columns for d in at.dataframe)
