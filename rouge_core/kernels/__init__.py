"""Compiled kernels for LCS, WLCS and skip-bigram counting, with the pure-Python code as fallback.

Both backends give identical numbers and marks; the compiled one (numba, ``cache=True``) is only
faster. Which one runs is decided once, in :mod:`rouge_core.kernels.backend`
(:func:`rouge_core.backend` says which, and why). The kernels are loaded on first use, so importing
:mod:`rouge_core` does not import numba.

Each per-pair kernel is its own group, compiled (or loaded from numba's disk cache) and checked the
first time it is asked for (:func:`impl` with its name): a first run that scores with ROUGE-L and
ROUGE-S compiles those two, not the sentence-pair or union-mark kernels that only the views use.
:func:`warm` (or ``python -m rouge_core.kernels``) compiles every group ahead.

>>> impl() is None or impl().__name__ == "rouge_core.kernels.calls"
True
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Callable, Optional

import numpy as np

from . import aot, backend
from .backend import FORCE_PURE
from .warmup import warm

__all__ = ["FORCE_PURE", "PER_PAIR", "BOOTSTRAP", "KERNELS", "impl", "served", "warm"]

#: The umbrella of every per-pair group (ready when all of them are).
PER_PAIR = "per-pair kernels"
BOOTSTRAP = "bootstrap kernels"

_calls: list[ModuleType] = []  # rouge_core.kernels.calls, once a check has imported it


def _loaded() -> ModuleType:
    if not _calls:
        _calls.append(importlib.import_module(".calls", __name__))
    return _calls[0]


# Small cases with known answers, one check per kernel (the argument types of the real calls).
REF, CAND = "a b c b d a b".split(), "b d c a b a".split()
X, Y, F = list("ABCDEFG"), list("ABCDHIK"), [0.0, 1.0, 4.0, 9.0, 16.0, 25.0]


def _lcs_check() -> bool:
    return bool(_loaded().lcs(REF, CAND, None) == (4.0, [(1, 0), (2, 2), (3, 4), (5, 5)]))


def _wlcs_check() -> bool:
    return bool(_loaded().lcs(X, Y, F) == (16.0, [(0, 0), (1, 1), (2, 2), (3, 3)]))


def _lcs_length_check() -> bool:
    return bool(_loaded().lcs_length([REF[:3], REF[3:]], [CAND]) == 4)


def _union_check() -> bool:
    calls = _loaded()
    return bool(
        calls.union_hit([X], [Y], F, F, (X, Y)) == 16.0
        and calls.union_credit([X], [Y], F, F, (X, Y), False) == (16.0, None)
    )


def _union_marks_check() -> bool:
    return bool(_loaded().union_marks([["a", "b"]], [["b", "a"], ["a", "b"]], None) == [{0: (0, 1), 1: (1, 1)}])


def _sentence_pairs_check() -> bool:
    got = _loaded().sentence_pairs([["a", "b"]], [["b", "a"], ["c"], ["a", "b"]], None)
    return bool(got == [(0, 0, 1.0, [(0, 1)]), (0, 2, 2.0, [(0, 0), (1, 1)])])


def _skip_check() -> bool:
    calls = _loaded()
    return bool(
        calls.skip_hits(CAND, REF, -1, True, False) == 16
        and calls.skip_hits(CAND * 40, REF * 40, -1, False, True) == 28560
        and calls.skip_hits(CAND, REF, 1, False, True) == 6
    )


#: Each kernel of :mod:`rouge_core.kernels.calls` -> its group and the group's check.
_GROUPS: dict[str, tuple[str, Callable[[], bool]]] = {
    "lcs": ("LCS kernel", _lcs_check),
    "wlcs": ("WLCS kernel", _wlcs_check),
    "lcs_length": ("LCS length kernel", _lcs_length_check),
    "union_credit": ("union LCS kernels", _union_check),
    "union_hit": ("union LCS kernels", _union_check),
    "union_marks": ("union marks kernel", _union_marks_check),
    "sentence_pairs": ("sentence pairs kernel", _sentence_pairs_check),
    "skip_hits": ("skip-bigram kernel", _skip_check),
}
#: The kernel names :func:`impl` takes (``"lcs"`` is the plain LCS of ``calls.lcs``, ``"wlcs"`` its weighted one).
KERNELS = tuple(_GROUPS)
_PER_PAIR_GROUPS = tuple(dict.fromkeys(group for group, _ in _GROUPS.values()))

for _group, _check in _GROUPS.values():
    backend.register(_group, _check)
backend.register(PER_PAIR, lambda: all(backend.ready(g) for g in _PER_PAIR_GROUPS))


def served(module: str) -> Any:
    """The functions of kernel module ``module`` (``"chunk"``, ``"bootstrap"``) that the calls use:
    the ahead-of-time module's (:mod:`rouge_core.kernels.aot`, no numba) while it serves them, else
    the numba-compiled module's. Ask after :func:`rouge_core.kernels.backend.ready` said True.

    >>> callable(served("bootstrap").perl_sums)
    True
    """
    return aot.functions(module) or importlib.import_module(f".{module}", __name__)


def _bootstrap_check() -> bool:
    """Compile (or load) the bootstrap kernels, with the argument types of
    :func:`rouge_core.stats.bootstrap.bootstrap_sums`' calls, on a case with known sums."""
    kernels = served("bootstrap")
    values = np.array([[1.0, 2.0], [10.0, 20.0], [100.0, 200.0]])
    out = np.zeros((3, 2))
    kernels.perl_sums(values, 0, out)  # srand(0), srand(1), srand(2) draw rows 0 2 0, 0 1 2 and 2 0 1
    carry = np.full((3, 2), 0.5)
    kernels.add_in_order(np.ascontiguousarray(values.T), np.array([[0, 2, 2], [1, 1, 0]], dtype=np.int64), carry[0:2])
    counts = np.zeros((3, 3))
    kernels.perl_counts(3, 0, counts)  # the same draws, counted
    return bool(
        out.tolist() == [[102.0, 204.0], [111.0, 222.0], [111.0, 222.0]]
        and carry.tolist() == [[201.5, 402.5], [21.5, 42.5], [0.5, 0.5]]
        and counts.tolist() == [[2.0, 0.0, 1.0], [1.0, 1.0, 1.0], [1.0, 1.0, 1.0]]
    )


backend.register(BOOTSTRAP, _bootstrap_check)
aot.register(BOOTSTRAP, "bootstrap", ("perl_sums", "add_in_order", "perl_counts"))


def impl(kernel: Optional[str] = None) -> Optional[ModuleType]:
    """The compiled kernels' Python side (:mod:`rouge_core.kernels.calls`) when ``kernel``'s group
    (one of :data:`KERNELS`; None: every per-pair group) is compiled and checked, else None (pure
    Python). Only that group is compiled (or loaded) on a first call.

    >>> impl("skip_hits") is None or impl("skip_hits").skip_hits("a b".split(), "a b".split(), -1, False, True) == 1
    True
    >>> impl("levenshtein")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: no compiled kernel 'levenshtein': the kernels are lcs, wlcs, lcs_length, ...
    """
    if kernel is None:
        group = PER_PAIR
    elif kernel in _GROUPS:
        group = _GROUPS[kernel][0]
    else:
        raise ValueError(f"no compiled kernel {kernel!r}: the kernels are {', '.join(KERNELS)}")
    return _loaded() if backend.ready(group) else None
