"""Unit tests for rouge_core.measures.scoring: rounding, F forms, best pick, means."""

from __future__ import annotations

from fractions import Fraction as Fr

import pytest

from rouge_core import Counts, Score
from rouge_core.measures.scoring import ZERO, f_beta, f_perl, mean_score, pick_best, ratio, round5, score


def test_round5():
    assert round5(2 / 9) == 0.22222
    assert round5(0.0546875) == 0.05469  # printf rounds the binary value: ...875 exactly -> up
    assert round5(1 / 7) == 0.14286
    assert round5(0.0) == 0.0 and round5(1.0) == 1.0


def test_f_perl_from_rounded_values():
    """P = 1/7 and R = 1/2: the true F is 2/9 = 0.22222, Perl's from rounded P, R is 0.22223."""
    p, r = round5(1 / 7), round5(1 / 2)
    assert f_perl(p, r, 0.5) == 0.22223
    assert round5(float(2 * Fr(1, 7) * Fr(1, 2) / (Fr(1, 7) + Fr(1, 2)))) == 0.22222
    assert score(Counts(1, 2, 7), True, 0.5) == Score(0.14286, 0.5, 0.22223)
    assert score(Counts(1, 2, 7), False, 0.5).fmeasure == pytest.approx(2 / 9, rel=1e-12)


def test_f_perl_alpha():
    # alpha = 1: F = P*R/R = P; alpha = 0: F = R.
    assert f_perl(0.25, 0.5, 1.0) == 0.25
    assert f_perl(0.25, 0.5, 0.0) == 0.5
    assert f_perl(0.0, 0.0, 0.5) == 0.0


def test_f_beta():
    assert f_beta(0.5, 0.25, 0.5) == 2 * 0.5 * 0.25 / 0.75
    # beta^2 = (1 - alpha) / alpha: alpha = 0.2 -> beta = 2.
    p, r = 0.5, 0.25
    assert f_beta(p, r, 0.2) == pytest.approx(5 * p * r / (4 * p + r), rel=1e-12)
    assert f_beta(p, r, 0.0) == r  # beta -> infinity
    assert f_beta(p, r, 1.0) == p  # beta = 0
    assert f_beta(0.0, 0.0, 0.5) == 0.0 and f_beta(0.0, 0.0, 1.0) == 0.0


def test_f_beta_is_rouge_score_fmeasure():
    rs = pytest.importorskip("rouge_score.scoring")
    for p, r in [(0.1, 0.7), (1 / 3, 2 / 7), (0.0, 0.5), (0.0, 0.0), (1.0, 1.0), (0.3, 0.30000000000000004)]:
        assert f_beta(p, r, 0.5) == rs.fmeasure(p, r)


def test_ratio():
    assert ratio(1, 0) == 0.0
    assert ratio(1, 4) == 0.25
    assert ratio(4, 16, lambda x: x**0.5) == 0.5


def test_score_profiles():
    assert score(Counts(3, 4, 4), True, 0.5) == Score(0.75, 0.75, 0.75)
    assert score(Counts(1, 3, 6), False, 0.5) == Score(1 / 6, 1 / 3, f_beta(1 / 6, 1 / 3, 0.5))
    assert score(Counts(1, 3, 6), True, 0.5) == Score(0.16667, 0.33333, f_perl(0.16667, 0.33333, 0.5))
    assert score(Counts(0, 0, 0), False, 0.5) == ZERO
    # ROUGE-W: f^-1 applied to each ratio.
    s = score(Counts(16.0, 49.0, 49.0), False, 0.5, lambda x: x**0.5)
    assert s.recall == pytest.approx(4 / 7, rel=1e-12) and s.precision == s.recall


def test_counts_add():
    assert Counts(1, 2, 3) + Counts(4, 5, 6) == Counts(5, 7, 9)


def test_pick_best_first_wins_ties():
    assert pick_best([0.5, 0.7, 0.7]) == 1
    assert pick_best([0.0, 0.0]) == 0
    assert pick_best([0.1]) == 0


def test_mean_score():
    a, b = Score(1.0, 0.5, 2 / 3), Score(0.5, 0.5, 0.5)
    assert mean_score([a, b], False) == Score(0.75, 0.5, (2 / 3 + 0.5) / 2)
    assert mean_score([a, b], True) == Score(0.75, 0.5, 0.58333)
    assert mean_score([], False) == ZERO
