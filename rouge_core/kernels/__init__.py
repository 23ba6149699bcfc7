"""Compiled kernels for LCS, WLCS and skip-bigram counting, with the pure-Python code as fallback.

Both backends give identical numbers and marks; the compiled one (numba, ``cache=True``) is only
faster. Which one runs is decided once, in :mod:`rouge_core.kernels.backend`
(:func:`rouge_core.backend` says which, and why). The kernels are loaded on first use, so importing
:mod:`rouge_core` does not import numba.

>>> impl() is None or impl().__name__ == "rouge_core.kernels.calls"
True
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Optional

from . import backend
from .backend import FORCE_PURE

__all__ = ["FORCE_PURE", "PER_PAIR", "BOOTSTRAP", "impl"]

#: The kernel groups declared here (the chunk kernels are declared by :mod:`rouge_core.batch.compiled`).
PER_PAIR = "per-pair kernels"
BOOTSTRAP = "bootstrap kernels"

_calls: list[ModuleType] = []  # rouge_core.kernels.calls, once its check has imported it


def _self_check() -> bool:
    """Compile (or load from the cache) every per-pair kernel on a small case with known answers."""
    calls = importlib.import_module(".calls", __name__)
    ref, cand = "a b c b d a b".split(), "b d c a b a".split()
    x, y, f = list("ABCDEFG"), list("ABCDHIK"), [0.0, 1.0, 4.0, 9.0, 16.0, 25.0]
    ok = bool(
        calls.lcs(ref, cand, None) == (4.0, [(1, 0), (2, 2), (3, 4), (5, 5)])
        and calls.lcs(x, y, f) == (16.0, [(0, 0), (1, 1), (2, 2), (3, 3)])
        and calls.lcs_length([ref[:3], ref[3:]], [cand]) == 4
        and calls.union_marks([["a", "b"]], [["b", "a"], ["a", "b"]], None) == [{0: (0, 1), 1: (1, 1)}]
        and calls.union_hit([x], [y], f, f, (x, y)) == 16.0
        and calls.union_credit([x], [y], f, f, (x, y), False) == (16.0, None)
        and calls.sentence_pairs([["a", "b"]], [["b", "a"], ["c"], ["a", "b"]], None)
        == [(0, 0, 1.0, [(0, 1)]), (0, 2, 2.0, [(0, 0), (1, 1)])]
        and calls.skip_hits(cand, ref, -1, True, False) == 16
        and calls.skip_hits(cand * 40, ref * 40, -1, False, True) == 28560
        and calls.skip_hits(cand, ref, 1, False, True) == 6
    )
    _calls[:] = [calls]
    return ok


def _bootstrap_check() -> bool:
    return bool(importlib.import_module(".bootstrap", __name__).self_check())


backend.register(PER_PAIR, _self_check)
backend.register(BOOTSTRAP, _bootstrap_check)


def impl() -> Optional[ModuleType]:
    """The compiled kernels' Python side (:mod:`rouge_core.kernels.calls`), or None for pure Python."""
    return _calls[0] if backend.ready(PER_PAIR) else None
