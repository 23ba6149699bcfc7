"""Compiled kernels for LCS, WLCS and skip-bigram counting, with the pure-Python code as fallback.

Both backends give identical numbers and marks; the compiled one (numba, ``cache=True``) is only
faster. It is loaded on first use, so importing :mod:`rouge_core` does not import numba. Setting
``ROUGE_LENS_PURE_PYTHON=1`` (read once, when this module is imported) forces pure Python, and so
does a numba that is missing or fails to compile or to pass a small self-check.

>>> backend() in ("numba", "python")
True
"""

from __future__ import annotations

import os
import threading
from types import ModuleType
from typing import Literal, Optional

#: ``ROUGE_LENS_PURE_PYTHON`` as it was when rouge_core was imported.
FORCE_PURE = os.environ.get("ROUGE_LENS_PURE_PYTHON", "").strip().lower() not in ("", "0", "no", "false")

_lock = threading.Lock()
_loaded: list[Optional[ModuleType]] = []  # empty until the first load attempt


def _self_check(calls: ModuleType) -> bool:
    """Compile (or load from the cache) every kernel on a small case with known answers."""
    ref, cand = "a b c b d a b".split(), "b d c a b a".split()
    x, y, f = list("ABCDEFG"), list("ABCDHIK"), [0.0, 1.0, 4.0, 9.0, 16.0, 25.0]
    return bool(
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


def impl() -> Optional[ModuleType]:
    """The compiled kernels' Python side (:mod:`rouge_core.kernels.calls`), or None for pure Python."""
    if _loaded:
        return _loaded[0]
    with _lock:
        if not _loaded:
            module: Optional[ModuleType] = None
            if not FORCE_PURE:
                try:
                    from . import _jit, calls

                    module = calls if _jit.numba is not None and _self_check(calls) else None
                except Exception:  # no numba, or it cannot compile here: pure Python, silently
                    module = None
            _loaded.append(module)
    return _loaded[0]


def jit_available() -> bool:
    """numba imports and ``ROUGE_LENS_PURE_PYTHON`` does not turn it off (imports numba; loads no
    kernel). For kernels that check themselves where they are used (the chunk and bootstrap ones)."""
    if FORCE_PURE:
        return False
    try:
        from . import _jit
    except Exception:
        return False
    return _jit.numba is not None


def backend() -> Literal["numba", "python"]:
    """Which implementation computes LCS, WLCS and skip-bigram counts (loads numba on first call)."""
    return "numba" if impl() is not None else "python"
