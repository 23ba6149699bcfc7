"""rouge_core.stats: Perl's drand48, the interval arithmetic, and the trivial corpus."""

from __future__ import annotations

import random
from fractions import Fraction

import numpy as np
import pytest

from rouge_core import RougeConfig
from rouge_core.batch.corpus import evaluate_corpus
from rouge_core.stats.bootstrap import (
    Drand48,
    bootstrap_indices,
    percentile_interval,
    perl_ci_indices,
    perl_interval,
    perl_resample_indices,
    resample_sums,
)

TWO48 = 2**48
A, C = 0x5DEECE66D, 0xB  # 25214903917, 11


def test_drand48_seed0_by_hand():
    # srand(0): x0 = 0 * 2^16 + 0x330E = 13070
    g = Drand48(0)
    assert g.state == 13070
    # x1 = (25214903917 * 13070 + 11) mod 2^48 = 329558794195201 mod 2^48 = 48083817484545
    assert A * 13070 + C == 329558794195201
    assert 329558794195201 - TWO48 == 48083817484545
    assert g.next_state() == 48083817484545
    # x2 = (25214903917 * 48083817484545 + 11) mod 2^48
    assert g.next_state() == 211078642492280
    g = Drand48(0)
    u1 = g.random()
    assert Fraction(u1) == Fraction(48083817484545, TWO48)  # exact: u = x / 2^48
    assert u1 == 0.17082803610628972  # perl -e 'srand(0); print rand()'
    assert Fraction(g.random()) == Fraction(211078642492280, TWO48)
    assert Drand48(0).index(92) == 15  # int(92 * 0.1708...) = int(15.716...)


def test_drand48_seed1_by_hand():
    # srand(1): x0 = 1 * 2^16 + 0x330E = 65536 + 13070 = 78606
    g = Drand48(1)
    assert g.state == 78606
    # x1 = (25214903917 * 78606 + 11) mod 2^48 = 1982042737299713 mod 2^48 = 11717900325121
    assert A * 78606 + C == 1982042737299713
    assert 1982042737299713 - 7 * TWO48 == 11717900325121
    assert g.next_state() == 11717900325121
    assert Fraction(Drand48(1).random()) == Fraction(11717900325121, TWO48)
    assert Drand48(1).random() == 0.041630344771878214  # perl -e 'srand(1); print rand()'
    assert Drand48(1).index(92) == 3


def test_vectorised_indices_equal_the_scalar_generator():
    idx = perl_resample_indices(37, 50)
    for seed in (0, 1, 17, 49):
        g = Drand48(seed)
        assert idx[seed].tolist() == [g.index(37) for _ in range(37)]
    assert idx[0, 0] == int(37 * (48083817484545 / TWO48))


def test_ci_indices_b1000_cf95():
    # delta = 1000 * ((100 - 95) / 2) / 100 = 25; upper = int(1000 - 25 - 1) = 974; ratio = 0
    assert perl_ci_indices(1000, 95.0) == (25, 974, 0.0)
    means = [i / 1000 for i in range(1000)]
    random.Random(3).shuffle(means)
    avg, lo, hi = perl_interval(means, 95.0)
    assert (lo, hi) == (0.025, 0.974)  # a[25] and a[974] of the sorted means
    assert avg == 0.4995


def test_ci_indices_with_interpolation():
    # B = 10, CF = 95: delta = 0.25, upper = int(8.75) = 8, lower = 0, ratio = 0.75
    lo_i, hi_i, ratio = perl_ci_indices(10, 95.0)
    assert (lo_i, hi_i, ratio) == (0, 8, 0.75)
    a = [float(i) for i in range(10)]
    assert perl_interval(a, 95.0) == (4.5, 0.75, 8.75)
    # CF = 100: the upper neighbour is past the end and reads as 0, with ratio 0
    assert perl_ci_indices(4, 100.0) == (0, 3, 0.0)
    assert perl_interval([1.0, 2.0, 3.0, 4.0], 100.0) == (2.5, 1.0, 4.0)


def test_resample_sums_in_draw_order():
    values = np.array([[0.1], [0.2], [0.7]])
    idx = np.array([[2, 0, 1], [1, 1, 1]])
    sums = resample_sums(values, idx)
    assert sums[0, 0] == (0.7 + 0.1) + 0.2
    assert sums[1, 0] == (0.2 + 0.2) + 0.2


def test_percentile_bootstrap_is_seeded():
    a = bootstrap_indices(5, 20, np.random.default_rng(7))
    b = bootstrap_indices(5, 20, np.random.default_rng(7))
    assert (a == b).all()
    assert percentile_interval([1.0, 2.0, 3.0], 0.0) == (2.0, 2.0)


@pytest.mark.parametrize("profile", ["rouge155", "rouge-score", "paper"])
@pytest.mark.parametrize("averaging", [0, 1])
def test_single_instance_corpus_equals_the_instance(profile, averaging):
    cfg = RougeConfig(profile=profile, averaging=averaging, max_n=2, skip_distance=4)
    rep = evaluate_corpus([("police kill the gunman", "police killed the gunman")], cfg)
    assert rep.order == ("1.X",)
    for label, m in rep.measures.items():
        s = rep.instances[0].measures[label].score
        for iv, x in ((m.recall, s.recall), (m.precision, s.precision), (m.fmeasure, s.fmeasure)):
            if averaging == 0 or label != "ROUGE-W-1.2" or profile != "rouge155":
                assert iv.average == pytest.approx(x, abs=1e-12), label
                assert iv.ci_low == iv.average == iv.ci_high
    r1 = rep.measures["ROUGE-1"]
    assert (r1.recall.average, r1.recall.ci_low, r1.recall.ci_high) == (0.75, 0.75, 0.75)


def test_single_instance_rouge_w_pooled_counts_have_no_inverse():
    # -t 1 divides ROUGE-W's weighted sums without f^-1: R = 3^1.2-ish hit / (4^1.2)^1.2
    cfg = RougeConfig(averaging=1, max_n=None, rouge_l=False, skip_distance=None)
    rep = evaluate_corpus([("police kill the gunman", "police killed the gunman")], cfg)
    c = rep.instances[0].measures["ROUGE-W-1.2"].counts
    assert rep.measures["ROUGE-W-1.2"].recall.average == float("%.5f" % (c.hit / c.model)) == 0.44792
