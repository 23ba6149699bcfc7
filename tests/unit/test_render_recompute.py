"""Renderers format what the core explains: ROUGE-W's arithmetic reads the token counts the core
weighed instead of mapping the counts back with f^-1."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rouge_core import RougeConfig, evaluate
from ui.render.wlcs import wlcs_arithmetic

RENDER = Path(__file__).resolve().parents[2] / "ui" / "render"
#: Views owned elsewhere in issue 18 (checked by their own tests).
OTHERS = {"systems.py", "scores.py", "corpus_export.py", "which_rouge.py"}


def test_no_view_inverts_f() -> None:
    # f^-1(x) = x^(1/w) belongs to rouge_core's scoring; a view that needs n or m reads them.
    inverse = re.compile(r"\*\*\s*\(\s*1\s*/")
    found = [p.name for p in sorted(RENDER.glob("*.py")) if p.name not in OTHERS and inverse.search(p.read_text())]
    assert found == []


@pytest.mark.parametrize("profile", ["rouge155", "paper"])
@pytest.mark.parametrize("weight", [1.2, 5.0])
def test_wlcs_arithmetic_names_the_candidate_length(profile: str, weight: float) -> None:
    # 9 candidate tokens in two sentences; with w = 5, f(n) = 9^5 = 59049.
    r = evaluate("a b c d.\nh i k e f", "a b c d e f g", RougeConfig(profile=profile, wlcs_weight=weight))
    label = next(k for k in r.measures if k.startswith("ROUGE-W"))
    text = wlcs_arithmetic(r, label, 0).text
    assert "(n = 9 candidate tokens)" in text
    assert r.measures[label].per_reference[0].counts.peer == pytest.approx(9.0**weight)


def test_the_union_wlcs_recall_base_comes_from_the_core() -> None:
    # reference sentences of 4 and 3 tokens, w = 2: sum_i |M_i|^w = 16 + 9 = 25, and ROUGE-1.5.5 weighs it
    # again: f(25) = 625 is the recall count
    r = evaluate("a b x\ne f", "a b c d.\ne f g", RougeConfig(profile="rouge155", wlcs_weight=2.0, max_n=None))
    per = r.measures["ROUGE-W-2"].per_reference[0]
    assert per.explanation.recall_base == 25.0 and per.counts.model == 625.0
    assert "sum_i |M_i|^w = 4^2 + 3^2 = 25; ROUGE-1.5.5 weights it again: f(25) = 625" in (
        wlcs_arithmetic(r, "ROUGE-W-2", 0).text
    )
    flat = evaluate("a b x", "a b c d", RougeConfig(profile="paper", wlcs_weight=2.0, max_n=None))
    assert flat.measures["ROUGE-W-2"].per_reference[0].explanation.recall_base is None
