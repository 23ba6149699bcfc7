"""The ``rouge-score`` profile equals Google's ``rouge_score`` package (0.1.2), float for float.

rouge1..rouge9 = our ROUGE-1..9, rougeL = our ROUGE-Lflat, rougeLsum = our ROUGE-L; ``score_multi``
= our ``multi_ref="best"``. rouge-score's argument order is ``score(target, prediction)``, the
target being the reference.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rouge_core import RougeConfig, evaluate, score

rouge_scorer = pytest.importorskip("rouge_score.rouge_scorer")

TYPES = [f"rouge{n}" for n in range(1, 10)] + ["rougeL", "rougeLsum"]
OURS = {f"rouge{n}": f"ROUGE-{n}" for n in range(1, 10)} | {"rougeL": "ROUGE-Lflat", "rougeLsum": "ROUGE-L"}
SCORERS = {stem: rouge_scorer.RougeScorer(TYPES, use_stemmer=stem) for stem in (False, True)}
CONFIGS = {
    stem: RougeConfig(profile="rouge-score", stem=stem, max_n=9, wlcs_weight=None, skip_distance=None)
    for stem in (False, True)
}
CASES = [
    json.loads(line)
    for line in (Path(__file__).parents[1] / "conformance" / "data" / "cases.jsonl").read_text("utf-8").splitlines()
    if line.strip()
]


def assert_same(cand: str, refs: list[str], stem: bool) -> None:
    scorer, config = SCORERS[stem], CONFIGS[stem]
    expected = scorer.score(refs[0], cand) if len(refs) == 1 else scorer.score_multi(refs, cand)
    for ours in (score(cand, refs, config), evaluate(cand, refs, config).measures):
        for t in TYPES:
            got, want = ours[OURS[t]].score, expected[t]
            # Exact floats: the same divisions in the same order.
            assert (got.precision, got.recall, got.fmeasure) == (want.precision, want.recall, want.fmeasure), (
                t,
                cand,
                refs,
            )


def test_case_count():
    assert len(CASES) == 92


@pytest.mark.parametrize("stem", [False, True], ids=["plain", "stem"])
@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_conformance_cases(case, stem):
    cand = "\n".join(case["candidate"])
    refs = ["\n".join(r) for r in case["references"]]
    assert_same(cand, refs, stem)


# -- generated text ----------------------------------------------------------------------------

PIECES = [
    "the",
    "The",
    "THE",
    "cat",
    "cats",
    "Cats",
    "running",
    "runs",
    "RUNNING",
    "police",
    "killed",
    "generously",
    "agreement",
    "dying",
    "skies",
    "a",
    "x1",
    "42",
    "3.14",
    "U.S.",
    "don't",
    "e-mail",
    "café",
    "CAFÉ",
    "naïve",
    "Straße",
    "ǅemal",
    "ﬁne",
    "ΣΑΣ",
    "Привет",
    "北京",
    "大学",
    "東京タワー",
    "한국어",
    "\u212aelvin",
    "\u212a",
    "\u0130stanbul",
    "\u0130",
    "İİ",
    "😀",
    "👍🏽",
    "\u00a0",
    "—",
    "…",
]
SEPARATORS = [" ", " ", " ", "  ", "\n", "\n\n", "\n \n", "\t", ", ", ". ", "! ", "\r\n", "-", "'"]
piece = st.sampled_from(PIECES) | st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=4
)
summary = st.lists(st.tuples(piece, st.sampled_from(SEPARATORS)), max_size=14).map(
    lambda parts: "".join(p + s for p, s in parts)
)

PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(summary, summary, st.booleans())
def test_generated_single_reference(cand, ref, stem):
    assert_same(cand, [ref], stem)


@PROPERTY
@given(summary, st.lists(summary, min_size=2, max_size=3), st.booleans())
def test_generated_several_references(cand, refs, stem):
    assert_same(cand, refs, stem)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["a", "b", "A", "B.", "b"]), max_size=10), st.booleans())
def test_generated_repeated_words(words, stem):
    """Heavy repetition exercises clipping and rougeLsum's hit budget."""
    text = " ".join(words)
    lines = "\n".join(words)
    assert_same(text, [lines], stem)
    assert_same(lines, [text, lines], stem)


def test_kelvin_and_dotted_i():
    # lower() turns U+212A into ASCII 'k' and U+0130 into 'i' + U+0307.
    assert_same("\u212aelvin \u0130stanbul", ["kelvin istanbul"], False)
    assert score("\u212aelvin", "kelvin", CONFIGS[False])["ROUGE-1"].score.recall == 1.0


def test_empty_and_blank_lines():
    for cand, ref in [("", "a b"), ("a b", ""), ("\n\n", "a"), (" \n a", "a\n\n\n"), ("😀", "😀")]:
        assert_same(cand, [ref], False)
