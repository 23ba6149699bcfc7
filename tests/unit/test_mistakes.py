"""rouge_core.teach.mistakes: each deliberately wrong implementation gives the exact wrong value on its
counter-example, next to the correct value from rouge_core.evaluate."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rouge_core import RougeConfig
from rouge_core.config import PROFILES
from rouge_core.measures.lcs import lcs
from rouge_core.teach.mistakes import (
    MISTAKES,
    best_sentence_lcs,
    evaluate_swapped,
    lcs_guarded,
    lcs_tutorial,
    skip_recall_over_m,
)
from ui.samples import load_samples

SAMPLES = load_samples()
S1 = "police killed the gunman"


def values(outcome):
    return {q.name: (q.correct, q.mistaken) for q in outcome.quantities}


def test_tutorial_lcs_crashes_and_the_guarded_one_skips_the_first_words():
    with pytest.raises(IndexError):
        lcs_tutorial(["police", "kill", "the", "gunman"], S1.split())
    assert lcs_tutorial([], ["a"]) == 0
    rng = random.Random(3)
    for _ in range(300):
        x = [rng.choice("abc") for _ in range(rng.randint(0, 7))]
        y = [rng.choice("abc") for _ in range(rng.randint(0, 7))]
        assert lcs_guarded(x, y) == len(lcs(x[1:], y[1:]).marks)


def test_lcs_index_counter_example():
    m = MISTAKES["lcs-index"]
    out = m.run(m.candidate, m.reference, RougeConfig())
    assert out.measure == "ROUGE-Lflat" and out.error == "IndexError: list index out of range"
    assert values(out) == {"LCS length": (3.0, 2.0), "recall": (0.75, 0.5), "precision": (0.75, 0.5)}


def test_skip_bigram_recall_over_m_on_the_papers_examples():
    m = MISTAKES["skip-over-m"]
    # S2 vs S1: SKIP2 = 3 (police the, police gunman, the gunman); C(4, 2) = 6, m = 4.
    assert values(m.run("police kill the gunman", S1, RougeConfig())) == {
        "skip-bigram hits": (3.0, 3.0),
        "recall": (0.5, 0.75),
        "precision": (0.5, 0.75),
    }
    # S3 vs S1: only "the gunman" matches: 1/6 (rounded by ROUGE-1.5.5) against 1/4.
    s3 = SAMPLES["paper_s3_vs_s1"]
    assert values(m.run(s3.candidate, s3.references[0], RougeConfig()))["recall"] == (0.16667, 0.25)
    paper = values(m.run(s3.candidate, s3.references[0], RougeConfig(profile="paper")))
    assert paper["recall"] == (1 / 6, 0.25)
    assert skip_recall_over_m(6, 4) == 1.5  # identical 4-word texts: "recall" above 1


def test_best_sentence_instead_of_union_on_the_papers_example():
    s = SAMPLES["paper_union_lcs"]
    m = MISTAKES["best-sentence-lcs"]
    assert (m.candidate, m.reference) == (s.candidate, s.references[0])
    assert values(m.run(s.candidate, s.references[0], RougeConfig())) == {
        "LCS hits": (4.0, 3.0),
        "recall": (0.8, 0.6),
        "precision": (0.4, 0.3),
    }
    assert best_sentence_lcs([["a", "b"]], []) == 0


def test_swapped_arguments_swap_precision_and_recall():
    m = MISTAKES["swapped-order"]
    assert values(m.run(m.candidate, m.reference, RougeConfig())) == {
        "precision": (0.44444, 1.0),
        "recall": (1.0, 0.44444),
        "F": (0.61538, 0.61538),
    }
    out = values(m.run(m.candidate, m.reference, RougeConfig(profile="paper", alpha=0.2)))
    assert out["precision"] == (4 / 9, 1.0) and out["recall"] == (1.0, 4 / 9)
    assert out["F"][0] != out["F"][1]  # alpha != 0.5: F moves too
    r = evaluate_swapped(m.candidate, m.reference, RougeConfig()).measures["ROUGE-1"].score
    assert (r.precision, r.recall) == (1.0, 0.44444)


@pytest.mark.parametrize("profile", PROFILES)
@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_every_counter_example_shows_the_mistake(mistake, profile):
    m = MISTAKES[mistake]
    out = m.run(m.candidate, m.reference, RougeConfig(profile=profile))
    assert any(q.mistaken != q.correct for q in out.quantities if not q.count)


@pytest.mark.parametrize("mistake", list(MISTAKES))
@pytest.mark.parametrize(
    ("candidate", "reference"),
    [
        ("", ""),
        ("", S1),
        (S1, ""),
        ("<script>alert(1)</script>", S1),
        ("警察击毙了枪手", "警察"),
    ],
)
def test_bad_inputs_do_not_raise(mistake, candidate, reference):
    # No measure on in the sidebar: each mistake switches its own measure on.
    nothing_on = RougeConfig(max_n=None, rouge_l=False, skip_distance=None)
    out = MISTAKES[mistake].run(candidate, reference, nothing_on)
    assert out.quantities


def test_nothing_else_in_rouge_core_uses_the_wrong_code():
    core = Path(__file__).resolve().parents[2] / "rouge_core"
    users = [
        str(p.relative_to(core))
        for p in core.rglob("*.py")
        if p.name != "mistakes.py" and ("import mistakes" in p.read_text() or "mistakes import" in p.read_text())
    ]
    assert users == []
