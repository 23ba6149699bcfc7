"""rouge-score's stemmer (NLTK's Porter, NLTK_EXTENSIONS), compiled: :mod:`rouge_core.text.porter_nltk`'s steps.

The rule lists are that module's (``STEP2``, ``STEP3``, ``STEP4``), packed into arrays; the steps are
written again over bytes because numba compiles neither regular expressions nor fast string
slicing. Only lower-case ASCII words come here (:func:`rouge_core.text.stem.stem_nltk` sends the
rest, and the irregular forms, to the Python code); tests compare the two on every word of a
100,000-word list.

>>> [stem_steps(w) for w in ("generalizations", "happy", "enjoy", "ties", "conditionalli", "hopping")]
['gener', 'happi', 'enjoy', 'tie', 'condit', 'hop']
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..text.porter_nltk import IRREGULAR, LOGI, STEP2, STEP3, STEP4
from ._jit import jit
from .suffixes import by_last, ends_with, find, is_aeiou, pack, replace
from .suffixes import suffix as _bytes

__all__ = ["stem_steps", "steps", "stem_ids"]

_TEXT, _ROWS = pack([*STEP2, *STEP3, *((s, "") for s in STEP4)])
# Rows [_S2, _S3) are step 2's rules, [_S3, _S4) step 3's, [_S4, _END) step 4's suffixes.
_S2, _S3 = 0, len(STEP2)
_S4 = _S3 + len(STEP3)
_END = _S4 + len(STEP4)
_LOGI = [s for s, _ in STEP2].index(LOGI)
_INDEX2, _INDEX3, _INDEX4 = (
    by_last(_TEXT, _ROWS, _S2, _S3),
    by_last(_TEXT, _ROWS, _S3, _S4),
    by_last(_TEXT, _ROWS, _S4, _END),
)
_ION = _S4 + STEP4.index("ion")

_IRR_TEXT, _IRR_ROWS = pack(list(IRREGULAR.items()))  # row: (word, its stem)
_IRR_INDEX = by_last(_IRR_TEXT, _IRR_ROWS, 0, len(IRREGULAR))

B_E, B_I, B_L, B_S, B_T, B_W, B_X, B_Y, B_Z = (ord(c) for c in "eilstwxyz")
_IES, _SSES, _SS, _S = _bytes(b"ies"), _bytes(b"sses"), _bytes(b"ss"), _bytes(b"s")
_IED, _EED, _ED, _ING = _bytes(b"ied"), _bytes(b"eed"), _bytes(b"ed"), _bytes(b"ing")
_AT, _BL, _IZ, _ALLI = _bytes(b"at"), _bytes(b"bl"), _bytes(b"iz"), _bytes(b"alli")


@jit
def _consonant(w: Any, i: int) -> bool:
    """Porter's consonant test at ``i``: not a, e, i, o, u; a ``y`` only at the start or after a vowel
    (so a run of y's alternates, told by walking back to the letter before the run)."""
    b = w[i]
    if is_aeiou(b):
        return False
    if b != B_Y:
        return True
    flip = False
    while i > 0 and w[i] == B_Y:
        flip = not flip
        i -= 1
    return (not is_aeiou(w[i])) != flip


@jit
def _measure(w: Any, k: int) -> int:
    """m of ``w[:k]``: how many times a vowel is followed by a consonant."""
    m = 0
    prev = True
    for j in range(k):
        b = w[j]
        if is_aeiou(b):
            c = False
        elif b == B_Y:
            c = j == 0 or not prev
        else:
            c = True
        if c and not prev:
            m += 1
        prev = c
    return m


@jit
def _has_vowel(w: Any, k: int) -> bool:
    c = True
    for j in range(k):
        b = w[j]
        if is_aeiou(b):
            return True
        c = (j == 0 or not c) if b == B_Y else True
        if not c:
            return True
    return False


@jit
def _cvc(w: Any, k: int) -> bool:
    """``*o`` on ``w[:k]`` (NLTK also takes a two-letter vowel-consonant stem)."""
    if k >= 3:
        last = w[k - 1]
        return (
            _consonant(w, k - 3)
            and not _consonant(w, k - 2)
            and _consonant(w, k - 1)
            and last != B_W
            and last != B_X
            and last != B_Y
        )
    return k == 2 and not _consonant(w, 0) and _consonant(w, 1)


@jit
def _step1a(w: Any, n: int) -> int:
    if n == 4 and ends_with(w, n, _IES):
        return n - 1
    if ends_with(w, n, _SSES) or ends_with(w, n, _IES):
        return n - 2
    if ends_with(w, n, _SS) or not ends_with(w, n, _S):
        return n
    return n - 1


@jit
def _step1b(w: Any, n: int) -> int:
    if ends_with(w, n, _IED):
        return n - 1 if n == 4 else n - 2
    if ends_with(w, n, _EED):
        return n - 1 if _measure(w, n - 3) > 0 else n
    if ends_with(w, n, _ED):
        k = n - 2
    elif ends_with(w, n, _ING):
        k = n - 3
    else:
        return n
    if not _has_vowel(w, k):
        return n
    if ends_with(w, k, _AT) or ends_with(w, k, _BL) or ends_with(w, k, _IZ):
        w[k] = B_E
        return k + 1
    if k >= 2 and w[k - 1] == w[k - 2] and _consonant(w, k - 1):
        last = w[k - 1]
        return k if (last == B_L or last == B_S or last == B_Z) else k - 1
    if _measure(w, k) == 1 and _cvc(w, k):
        w[k] = B_E
        return k + 1
    return k


@jit
def _rules(w: Any, n: int, index: Any, more_than: int) -> int:
    """The first rule of ``index`` (one step's) whose suffix ``w[:n]`` has, applied if its test passes."""
    r = find(w, n, _TEXT, _ROWS, index, False, 0)
    if r < 0:
        return n
    stem = n - _ROWS[r, 1]
    tested = stem + 1 if r == _LOGI else stem  # -logi: m of the stem with its 'l'
    ok = _measure(w, tested) > more_than
    if r == _ION:
        ok = ok and (w[stem - 1] == B_S or w[stem - 1] == B_T)
    return replace(w, n, _TEXT, _ROWS, r) if ok else n


@jit
def steps(w: Any) -> int:
    """Steps 1a to 5b on the lower-case ASCII word in ``w`` (edited in place); the stem's length.

    >>> w = np.frombuffer(bytearray(b"relational"), dtype=np.uint8).copy()
    >>> bytes(w[: steps(w)])
    b'relat'
    """
    n = _step1b(w, _step1a(w, len(w)))
    if n > 2 and w[n - 1] == B_Y and _consonant(w, n - 2):  # step 1c
        w[n - 1] = B_I
    while ends_with(w, n, _ALLI) and _measure(w, n - 4) > 0:  # -alli -> -al, then step 2 again
        n -= 2
    n = _rules(w, n, _INDEX2, 0)
    n = _rules(w, n, _INDEX3, 0)
    n = _rules(w, n, _INDEX4, 1)
    if n > 0 and w[n - 1] == B_E:  # step 5a
        m = _measure(w, n - 1)
        if m > 1 or (m == 1 and not _cvc(w, n - 1)):
            n -= 1
    if n >= 2 and w[n - 1] == B_L and w[n - 2] == B_L and _measure(w, n - 1) > 1:  # step 5b
        n -= 1
    return n


@jit
def _steps_in(buf: Any) -> int:
    # The steps compiled once, for arrays (what stem_ids hands them), not again for bytearrays.
    w = np.empty(len(buf), dtype=np.uint8)
    for i in range(len(buf)):
        w[i] = buf[i]
    n = steps(w)
    for i in range(n):
        buf[i] = w[i]
    return n


def stem_steps(word: str) -> str:
    """The stem of a lower-case ASCII word by the compiled steps (no irregular-form lookup)."""
    buf = bytearray(word, "ascii")
    return buf[: _steps_in(buf)].decode("ascii")


@jit
def _irregular(w: Any) -> int:
    """The row of the irregular form ``w`` is, or -1."""
    r = find(w, len(w), _IRR_TEXT, _IRR_ROWS, _IRR_INDEX, True, 0)
    return r if r >= 0 and _IRR_ROWS[r, 1] == len(w) else -1


@jit
def stem_ids(buf: Any, starts: Any, ends_: Any) -> tuple[Any, int]:
    """rouge-score's stem of each word ``buf[starts[i]:ends_[i]]`` (ASCII; lower-cased here, as NLTK
    does), numbered: equal stems get one id, in order of first appearance. The ids and how many.

    A chunk's distinct words go through here in one call: no Python per word (``stem_nltk`` for one).
    :func:`rouge_core.kernels.stemmers.nltk_stem_ids` calls it once the kernel group is loaded (its
    example shows the numbering).
    """
    n = starts.shape[0]
    out = np.empty(max(1, int((ends_ - starts).sum())), dtype=np.uint8)  # no stem outgrows its word
    lo = np.empty(n, dtype=np.int64)
    hi = np.empty(n, dtype=np.int64)
    hashes = np.empty(n, dtype=np.uint64)
    pos = 0
    for i in range(n):
        k = ends_[i] - starts[i]
        for j in range(k):
            b = buf[starts[i] + j]
            out[pos + j] = b + 32 if 65 <= b <= 90 else b
        w = out[pos : pos + k]
        m = k
        if k > 3:  # rouge-score stems only tokens longer than 3 characters
            r = _irregular(w)
            m = replace(w, k, _IRR_TEXT, _IRR_ROWS, r) if r >= 0 else steps(w)
        h = np.uint64(14695981039346656037)  # FNV-1a over the stem's bytes
        for j in range(m):
            h = (h ^ np.uint64(w[j])) * np.uint64(1099511628211)
        lo[i], hi[i], hashes[i] = pos, pos + m, h
        pos += k
    size = 16
    while size < 2 * n:
        size *= 2
    mask = np.uint64(size - 1)
    slot = np.full(size, -1, dtype=np.int64)  # a stem's id
    first = np.empty(n, dtype=np.int64)  # an id's first word
    ids = np.empty(n, dtype=np.int64)
    count = 0
    for i in range(n):
        s = hashes[i] & mask
        while True:
            k = slot[s]
            if k < 0:
                slot[s], first[count], ids[i] = count, i, count
                count += 1
                break
            u = first[k]
            if hashes[u] == hashes[i] and hi[u] - lo[u] == hi[i] - lo[i]:
                same = True
                for j in range(hi[i] - lo[i]):
                    if out[lo[u] + j] != out[lo[i] + j]:
                        same = False
                        break
                if same:
                    ids[i] = k
                    break
            s = (s + np.uint64(1)) & mask
    return ids, count
