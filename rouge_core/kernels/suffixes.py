"""Suffix rule tables as arrays, and the byte tests the compiled stemmers share.

A stemmer's rule list (suffix -> replacement, in order) is Python data in :mod:`rouge_core.text`;
:func:`pack` turns it into arrays a kernel can hold as constants: the bytes of every suffix and
replacement in one ``uint8`` array, and one row per rule (suffix start, suffix length, replacement
start, replacement length). Words are ``bytearray`` buffers edited in place: every Porter rule
replaces a suffix by one no longer than itself, so a word never outgrows its buffer.

>>> text, rows = pack([("ational", "ate"), ("s", "")])
>>> rows.tolist(), bytes(text[:10])
([[0, 7, 7, 3], [10, 1, 11, 0]], b'ationalate')
>>> w = bytearray(b"relational")
>>> bool(ends(w, len(w), text, rows, 0)), int(find(w, len(w), text, rows, by_last(text, rows, 0, 2), False, 0))
(True, 0)
>>> n = replace(w, len(w), text, rows, 0); bytes(w[:n])
b'relate'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ._jit import jit

__all__ = ["pack", "suffix", "by_last", "ends", "find", "ends_with", "replace", "is_aeiou"]

B_A, B_E, B_I, B_O, B_U, B_Y = (ord(c) for c in "aeiouy")


def pack(rules: Sequence[tuple[str, str]]) -> tuple[np.ndarray[Any, np.dtype[np.uint8]], np.ndarray[Any, Any]]:
    """The rules' bytes in one array, and an (n, 4) int64 array of (suffix start, suffix length,
    replacement start, replacement length), one row per rule in order."""
    text = bytearray()
    rows = []
    for suffix, replacement in rules:
        s, r = suffix.encode("ascii"), replacement.encode("ascii")
        rows.append((len(text), len(s), len(text) + len(s), len(r)))
        text += s + r
    return np.frombuffer(bytes(text) or b"\0", dtype=np.uint8).copy(), np.array(rows, dtype=np.int64).reshape(-1, 4)


def by_last(text: np.ndarray[Any, Any], rows: np.ndarray[Any, Any], first: int, end: int) -> np.ndarray[Any, Any]:
    """Rules ``first`` to ``end`` grouped by their suffix's last byte, each group in rule order: entry
    ``b`` and ``b + 1`` bound the group of byte ``b`` among the rule numbers from entry 257 on. A word
    can only end with the suffixes of its own last byte's group, so :func:`find` reads that group alone.

    >>> text, rows = pack([("al", ""), ("er", ""), ("ical", "ic")])
    >>> index = by_last(text, rows, 0, 3)
    >>> index[257 + index[ord("l")] : 257 + index[ord("l") + 1]].tolist()
    [0, 2]
    """
    last = [int(text[rows[r, 0] + rows[r, 1] - 1]) for r in range(first, end)]
    order = sorted(range(first, end), key=lambda r: last[r - first])  # stable: rule order within a byte
    counts = np.bincount(np.array(last, dtype=np.int64), minlength=256)[:256]
    bounds = np.concatenate(([0], np.cumsum(counts)))
    return np.concatenate((bounds, np.array(order, dtype=np.int64))).astype(np.int64)


@jit
def is_aeiou(b: int) -> bool:
    """Whether the byte is one of a, e, i, o, u.

    >>> is_aeiou(ord("e")), is_aeiou(ord("y"))
    (True, False)
    """
    return b == B_A or b == B_E or b == B_I or b == B_O or b == B_U


@jit
def ends(w: Any, n: int, text: Any, rows: Any, r: int) -> bool:
    """Whether ``w[:n]`` ends with the suffix of rule ``r``."""
    k = rows[r, 1]
    if k > n:
        return False
    last = rows[r, 0] + k - 1
    for i in range(k):
        if w[n - 1 - i] != text[last - i]:
            return False
    return True


@jit
def find(w: Any, n: int, text: Any, rows: Any, index: Any, longest: bool, keep: int) -> int:
    """The rule of ``index`` (:func:`by_last`) whose suffix ``w[:n]`` ends with, leaving at least
    ``keep`` bytes before it: the first such rule, or (``longest``) the one with the longest suffix;
    -1 if none.

    One loop over the rules of the word's last byte, no call per rule: a rule costs a byte comparison
    or two (a call per rule would cost the arrays' reference counting every time)."""
    if n == 0:
        return -1
    b = w[n - 1]
    best, best_len = -1, 0
    for j in range(257 + index[b], 257 + index[b + 1]):
        r: int = index[j]
        k = rows[r, 1]
        if k + keep > n or (longest and k <= best_len):
            continue
        last = rows[r, 0] + k - 2  # the last byte is the word's: compare the rest, backwards
        same = True
        for i in range(1, k):
            if w[n - 1 - i] != text[last - i + 1]:
                same = False
                break
        if same:
            if not longest:
                return r
            best, best_len = r, k
    return best


def suffix(text: bytes) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """A suffix for :func:`ends_with`: its bytes as a read-only ``uint8`` array. Every suffix then has
    the same numba type, so ``ends_with`` compiles once; a tuple of byte values is typed by its
    values (one compilation per suffix, some twenty on a stemmer's first run).

    >>> suffix(b"ing").tolist()
    [105, 110, 103]
    """
    return np.frombuffer(text, dtype=np.uint8)


@jit
def ends_with(w: Any, n: int, suffix: Any) -> bool:
    """Whether ``w[:n]`` ends with ``suffix`` (:func:`suffix`, a constant of the kernel).

    >>> ends_with(bytearray(b"hopping"), 7, b"ing"), ends_with(bytearray(b"hopping"), 6, b"ing")
    (True, False)
    """
    k = len(suffix)
    if k > n:
        return False
    for i in range(k - 1, -1, -1):
        if w[n - k + i] != suffix[i]:
            return False
    return True


@jit
def replace(w: Any, n: int, text: Any, rows: Any, r: int) -> int:
    """Replace the suffix of rule ``r`` (``w[:n]`` ends with it) by its replacement; the new length."""
    k: int = rows[r, 3]
    stem: int = n - rows[r, 1]
    start = rows[r, 2]
    for i in range(k):
        w[stem + i] = text[start + i]
    return stem + k
