"""Unit tests for rouge_core.measures: the registry of measures per config and profile."""

from __future__ import annotations

from rouge_core import RougeConfig
from rouge_core.measures.registry import display_name, measure_specs


def test_labels_and_families():
    specs = measure_specs(RougeConfig(profile="rouge-score", max_n=2, skip_distance=-1))
    assert [(s.label, s.family) for s in specs] == [
        ("ROUGE-1", "N"),
        ("ROUGE-2", "N"),
        ("ROUGE-L", "L"),
        ("ROUGE-Lflat", "Lflat"),
        ("ROUGE-W-1.2", "W"),
        ("ROUGE-S*", "S"),
        ("ROUGE-SU*", "SU"),
    ]


def test_notes_for_measures_rouge_score_lacks():
    specs = {s.label: s for s in measure_specs(RougeConfig(profile="rouge-score"))}
    assert specs["ROUGE-1"].notes == () and specs["ROUGE-L"].notes == ()
    for label in ("ROUGE-W-1.2", "ROUGE-S4", "ROUGE-SU4"):
        assert "rouge-score has no" in specs[label].notes[0]
    assert all(s.notes == () for s in measure_specs(RougeConfig(profile="paper")))


def test_display_name():
    assert display_name("ROUGE-2", "rouge-score") == "rouge2"
    assert display_name("ROUGE-L", "rouge-score") == "rougeLsum"
    assert display_name("ROUGE-Lflat", "rouge-score") == "rougeL"
    assert display_name("ROUGE-SU4", "rouge-score") == "ROUGE-SU4"
    assert display_name("ROUGE-L", "rouge155") == "ROUGE-L"


def test_inverse_only_for_w():
    specs = measure_specs(RougeConfig(wlcs_weight=2.0))
    w = next(s for s in specs if s.family == "W")
    assert w.inverse is not None and w.inverse(0.25) == 0.5
    assert all(s.inverse is None for s in specs if s.family != "W")
