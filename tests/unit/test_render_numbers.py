"""ui/render/numbers.py: the views' one number formatter prints what each view's own formatter printed."""

from __future__ import annotations

import math

import pytest

from ui.render import agreement, claims, corpus, differences, lcs, learn, ngrams, runs, skip, step_table, wlcs
from ui.render.numbers import DASH, interval, number

#: Values the views print: counts, ratios, weights, k^w sums (some past 10^6), tiny and negative ones.
VALUES = [0.0, 1.0, 3.0, 12345.0, 1048576.0, 2e6, 0.75, 1 / 3, 2 / 3, 2.29739671, 1.2, 0.1 + 0.2, 1e-9, -0.25]
VALUES += [123.456789, 1e-5, 0.999999]

# What each view printed before the one formatter, written out as it was (the oracle of this test).
OLD = {
    ("step table", 4, "trimmed"): lambda x: (
        str(int(x)) if x.is_integer() else (f"{x:.4f}".rstrip("0").rstrip(".") or "0")
    ),
    ("learn", 5, "trimmed"): lambda x: str(int(x)) if x.is_integer() else (f"{x:.5f}".rstrip("0").rstrip(".") or "0"),
    ("lcs", 4, "significant"): lambda x: str(int(x)) if x.is_integer() else f"{x:.4g}",
    ("runs", 5, "general"): lambda x: f"{x:g}" if x.is_integer() else f"{x:.5g}",
    ("wlcs", 6, "general"): lambda x: f"{x:.6g}",
    ("scores", 5, "fixed"): lambda x: f"{x:.5f}",
    ("correlation", 4, "fixed"): lambda x: f"{x:.4f}",
    ("claims", 3, "fixed"): lambda x: f"{x:.3f}",
    ("differences", 6, "fixed"): lambda x: f"{x:.6f}",
}


@pytest.mark.parametrize(("view", "digits", "style"), list(OLD))
def test_each_view_prints_what_it_printed(view: str, digits: int, style: str) -> None:
    old = OLD[(view, digits, style)]
    assert [number(x, digits, style) for x in VALUES] == [old(x) for x in VALUES]  # type: ignore[arg-type]


def test_the_styles_differ_where_the_views_did() -> None:
    # An integer past 10^6: the LCS table prints it in full, the ROUGE-W views with Python's g.
    assert number(1048576.0, 4, "significant") == "1048576"
    assert number(1048576.0, 5, "general") == number(1048576.0, 6, "general") == "1.04858e+06"
    assert [number(2 / 3, d, s) for d, s in [(4, "trimmed"), (5, "trimmed"), (4, "significant"), (5, "general")]] == [
        "0.6667",
        "0.66667",
        "0.6667",
        "0.66667",
    ]
    styles = ("fixed", "trimmed", "significant", "general")
    assert [number(0.5, 5, s) for s in styles] == ["0.50000", "0.5", "0.5", "0.5"]  # type: ignore[arg-type]


def test_missing_values_are_a_dash_in_every_style() -> None:
    for style in ("fixed", "trimmed", "significant", "general"):
        assert number(None, 4, style) == number(math.nan, 4, style) == DASH == "—"  # type: ignore[arg-type]
    assert interval(None, 0.5) == interval(0.5, math.nan) == "—"


def test_interval_texts() -> None:
    assert interval(0.25, 0.75) == "0.25000 – 0.75000"
    assert interval(-0.125, 0.5, 3, brackets=True) == "[-0.125, 0.500]"
    assert corpus.interval_text(corpus.Interval(0.5, 0.125, 0.875)) == "0.12500 – 0.87500"
    assert corpus.interval_text(corpus.Interval(0.5, None, None)) == "—"


def test_no_view_keeps_a_formatter_of_its_own() -> None:
    # The formatters the views had (step_table.num, runs/lcs/wlcs._fmt, agreement.interval) are gone;
    # learn.num stays as the name the Learn pages call, and is the one formatter's trimmed style.
    for module, name in [(step_table, "num"), (runs, "_fmt"), (lcs, "_fmt"), (wlcs, "_fmt"), (agreement, "interval")]:
        assert getattr(module, name, None) in (None, interval), f"{module.__name__}.{name}"
    assert agreement.number is number and claims.number is number and ngrams.number is number
    assert skip.number is number and differences.number is number
    assert [learn.num(x) for x in (3.0, 0.75, 1 / 3)] == ["3", "0.75", "0.33333"]
