"""rouge_core.kernels.bootstrap.perl_sums, compiled: every resample's sums equal, bit for bit, the numpy
additions of ROUGE-1.5.5's draws (:func:`rouge_core.stats.bootstrap.perl_resample_indices`), in draw order,
on the column counts the command line resamples (3 per measure) and at the edges of the draws."""

from __future__ import annotations

import importlib.util

import numpy as np
import pytest

from rouge_core import kernels
from rouge_core.stats.bootstrap import perl_resample_indices, resample_sums

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("numba") is None or kernels.FORCE_PURE, reason="needs the numba backend"
)


@pytest.mark.parametrize("n, cols", [(1, 3), (2, 24), (37, 24), (1000, 24), (513, 16), (200, 30), (64, 9)])
def test_the_sums_are_the_numpy_sums_bit_for_bit(n: int, cols: int) -> None:
    from rouge_core.kernels.bootstrap import perl_sums

    # per-instance scores rounded to 5 decimals, as the bootstrap resamples them: sums that round
    values = np.round(np.random.default_rng(n * 100 + cols).random((n, cols)), 5)
    out = np.zeros((40, cols))
    perl_sums(values, 0, out)
    expected = resample_sums(values, perl_resample_indices(n, 40))
    assert out.tobytes() == expected.tobytes()


def test_a_carry_and_a_first_seed_are_kept() -> None:
    from rouge_core.kernels.bootstrap import perl_sums

    values = np.array([[0.1, 0.7], [0.2, 0.3], [0.30001, 0.00002]])
    out = np.full((2, 2), 0.5)
    perl_sums(values, 5, out)  # srand(5) and srand(6)
    for s, draws in enumerate(perl_resample_indices(3, 2, start=5).tolist()):
        for c in range(2):
            total = 0.5
            for i in draws:
                total += float(values[i, c])  # left to right, after the carry
            assert out[s, c] == total
