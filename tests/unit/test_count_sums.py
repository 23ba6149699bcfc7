"""rouge_core.stats.count_sums: ROUGE-1.5.5's resample sums from draw counts, within their bound of Perl's
draw-order sums, and intervals printed from them only where the rounding is certain (else Perl's order)."""

from __future__ import annotations

import numpy as np
import pytest

from rouge_core import kernels
from rouge_core.batch import aggregate
from rouge_core.batch.score import BatchResult, MeasureColumns
from rouge_core.config import RougeConfig
from rouge_core.stats import count_sums
from rouge_core.stats.bootstrap import bootstrap_sums, perl_interval

compiled = pytest.mark.skipif(kernels.FORCE_PURE, reason="counting the draws is compiled only")


@compiled
@pytest.mark.parametrize("n, cols", [(1, 3), (7, 3), (1000, 24), (10_000, 6)])
def test_counted_sums_are_within_their_bound_of_perls_draw_order_sums(n: int, cols: int):
    values = np.random.default_rng(n).random((n, cols))
    values[::3] *= 0.001  # scores of very different sizes
    counted = count_sums.perl_count_sums(values, 300)
    assert counted is not None
    perl = bootstrap_sums(values, 300, True)  # ROUGE-1.5.5's additions, draw by draw
    assert (np.abs(counted / n - perl / n) <= count_sums.mean_bound(values)).all()
    if n == 1:  # one instance: every draw is it, so each sum is exactly it (the counts are 1)
        assert (counted == perl).all()


@compiled
def test_the_draws_are_perls():
    counts = np.zeros((3, 3))
    kernels.served("bootstrap").perl_counts(3, 0, counts)
    # srand(0), srand(1), srand(2) with int(rand(3)) draw rows 0 2 0, 0 1 2 and 2 0 1 (ROUGE-1.5.5)
    assert counts.tolist() == [[2, 0, 1], [1, 1, 1], [1, 1, 1]]


def test_a_value_that_is_not_finite_takes_perls_order():
    assert count_sums.perl_count_sums(np.array([[0.5], [np.nan]]), 10) is None


def _batch(recall: list[float]) -> BatchResult:
    r = np.asarray(recall, dtype=np.float64)
    n = len(r)
    column = MeasureColumns(
        label="ROUGE-1",
        family="N",
        precision=r.copy(),
        recall=r,
        fmeasure=r.copy(),
        hit=np.ones(n),
        model=np.ones(n),
        peer=np.ones(n),
        has_counts=np.ones(n, dtype=bool),
        note_sets=((),),
        note_index=np.zeros(n, dtype=np.int32),
    )
    return BatchResult(RougeConfig(max_n=1), np.array([f"{i}.X" for i in range(n)], dtype=object), {"ROUGE-1": column})


def _perl_order(batch: BatchResult, config: RougeConfig) -> tuple[float, float, float]:
    values = np.asarray(batch.measures["ROUGE-1"].recall, dtype=np.float64).reshape(-1, 1)
    sums = bootstrap_sums(values, config.bootstrap_samples, True)
    return perl_interval((sums[:, 0] / len(values)).tolist(), config.confidence)


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Records each call of ``_resample``: True for the counted sums, False for Perl's order."""
    said: list[bool] = []
    real = aggregate._resample

    def resample(b: BatchResult, c: RougeConfig, counted: bool) -> tuple[dict[str, np.ndarray], dict[str, np.ndarray]]:
        said.append(counted)
        return real(b, c, counted)

    monkeypatch.setattr(aggregate, "_resample", resample)
    return said


@compiled
def test_intervals_from_counted_sums_are_perls(monkeypatch: pytest.MonkeyPatch):
    config = RougeConfig(max_n=1)
    batch = _batch(np.random.default_rng(5).random(2000).round(5).tolist())
    said = _spy(monkeypatch)
    got = aggregate.summarize_columns(batch, config)["ROUGE-1"].recall
    assert said == [True]  # every number certain from the counted sums: Perl's order was not needed
    assert (got.average, got.ci_low, got.ci_high) == _perl_order(batch, config)


@compiled
def test_a_rounding_the_counted_sums_cannot_decide_is_made_in_perls_order(monkeypatch: pytest.MonkeyPatch):
    config = RougeConfig(max_n=1)
    # every instance 0.123455: every resample mean is that number give or take its last bits, a
    # 5-decimal half, so no rounding of it is certain from sums added in another order
    batch = _batch([0.123455] * 500)
    said = _spy(monkeypatch)
    got = aggregate.summarize_columns(batch, config)["ROUGE-1"].recall
    assert said == [True, False]
    assert (got.average, got.ci_low, got.ci_high) == _perl_order(batch, config)
