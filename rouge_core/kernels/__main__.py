"""``python -m rouge_core.kernels``: compile every kernel group into numba's cache now
(:func:`rouge_core.kernels.warmup.main`)."""

from __future__ import annotations

from .warmup import main

if __name__ == "__main__":
    raise SystemExit(main())
