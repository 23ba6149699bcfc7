"""ROUGE-1.5.5's Porter variant, compiled: :mod:`rouge_core.text.porter_rouge`'s steps over bytes.

The Python variant tests a stem's measure with regular expressions over consonant groups
(``[^aeiou][^aeiouy]*``) and vowel groups (``[aeiouy][aeiou]*``); here the same expressions run as a
small automaton (:func:`_groups`): the set of groups a prefix can be inside of, one byte at a time.
The suffix tables are that module's (``STEP2``, ``STEP3``, ``STEP4A``). Only ASCII letters and
digits come here (:func:`rouge_core.text.stem.stem_rouge155` sends anything else to the Python
code); tests compare the two on every word of a 100,000-word list.

>>> [stem_word(w) for w in ("agreement", "fundamental", "dying", "skies", "yelling", "sensibiliti")]
['agreem', 'fundam', 'dy', 'ski', 'yell', 'sensibl']
"""

from __future__ import annotations

from typing import Any

from ..text.porter_rouge import STEP2, STEP3, STEP4A
from ._jit import jit
from .suffixes import by_last, ends_with, find, is_aeiou, pack, replace
from .suffixes import suffix as _bytes

__all__ = ["stem_word", "porter"]

_TEXT, _ROWS = pack([*STEP2.items(), *STEP3.items(), *((s, "") for s in STEP4A)])
# Rows [_S2, _S3) are step 2's table, [_S3, _S4) step 3's, [_S4, _END) step 4(a)'s suffixes.
_S2, _S3 = 0, len(STEP2)
_S4 = _S3 + len(STEP3)
_END = _S4 + len(STEP4A)
_INDEX2, _INDEX3, _INDEX4 = (
    by_last(_TEXT, _ROWS, _S2, _S3),
    by_last(_TEXT, _ROWS, _S3, _S4),
    by_last(_TEXT, _ROWS, _S4, _END),
)

B_E, B_I, B_L, B_S, B_W, B_X, B_Y, B_Z = (ord(c) for c in "eilswxyz")
UPPER_Y = ord("Y")
_SSES, _IES, _EED, _ED, _ING = _bytes(b"sses"), _bytes(b"ies"), _bytes(b"eed"), _bytes(b"ed"), _bytes(b"ing")
_AT, _BL, _IZ, _MENT, _ENT = _bytes(b"at"), _bytes(b"bl"), _bytes(b"iz"), _bytes(b"ment"), _bytes(b"ent")
_SION, _TION, _LL = _bytes(b"sion"), _bytes(b"tion"), _bytes(b"ll")


@jit
def _groups(w: Any, k: int, last: int, full_from: int) -> bool:
    """Whether ``w[:k]`` matches ``^(?:C)?VCVC...``: groups 0 (the optional C), 1 (V), 2 (C), ... up to
    ``last``. ``full_from`` < 0: some prefix reaches the first byte of group ``last`` (a ``search``);
    else the whole of ``w[:k]`` must end inside a group from ``full_from`` to ``last`` (``...$``).
    A C group is ``[^aeiou][^aeiouy]*``, a V group ``[aeiouy][aeiou]*``."""
    state = 0  # bit g: a parse of the prefix so far ends inside group g
    for i in range(k):
        b = w[i]
        vowel = is_aeiou(b)
        starts_c, starts_v = not vowel, vowel or b == B_Y
        new = 0
        if i == 0:
            new = (1 if starts_c else 0) | (2 if starts_v else 0)
        else:
            for g in range(last + 1):
                if state & (1 << g):
                    if g % 2 == 0:  # inside a C group: it goes on, or a V group starts
                        if starts_c and b != B_Y:
                            new |= 1 << g
                        if g < last and starts_v:
                            new |= 1 << (g + 1)
                    else:
                        if vowel:
                            new |= 1 << g
                        if g < last and starts_c:
                            new |= 1 << (g + 1)
        if new == 0:
            return False
        if full_from < 0 and new & (1 << last):
            return True
        state = new
    if full_from < 0:
        return False
    return state >> full_from != 0


@jit
def _m_gt0(w: Any, k: int) -> bool:
    return _groups(w, k, 2, -1)


@jit
def _m_gt1(w: Any, k: int) -> bool:
    return _groups(w, k, 4, -1)


@jit
def _cvc(w: Any, k: int) -> bool:
    """``^C[aeiouy][^aeiouwxy]$`` on ``w[:k]``."""
    if k < 3 or is_aeiou(w[0]):
        return False
    for i in range(1, k - 2):
        if is_aeiou(w[i]) or w[i] == B_Y:
            return False
    v, last = w[k - 2], w[k - 1]
    return (is_aeiou(v) or v == B_Y) and not (is_aeiou(last) or last == B_W or last == B_X or last == B_Y)


@jit
def _leftmost(w: Any, n: int, index: Any) -> int:
    """The rule of ``index`` (one step's) with the longest suffix of ``w[:n]`` that leaves a stem, or -1."""
    return find(w, n, _TEXT, _ROWS, index, True, 1)


@jit
def _step1ab(w: Any, n: int) -> int:
    if ends_with(w, n, _SSES) or ends_with(w, n, _IES):
        n -= 2
    elif n >= 2 and w[n - 1] == B_S and w[n - 2] != B_S:
        n -= 1
    if ends_with(w, n, _EED):
        return n - 1 if _m_gt0(w, n - 3) else n
    if ends_with(w, n, _ED) and n > 2:
        k = 2
    elif ends_with(w, n, _ING) and n > 3:
        k = 3
    else:
        return n
    if not _groups(w, n - k, 1, -1):  # no vowel in the stem: the suffix stays
        return n
    n -= k
    if ends_with(w, n, _AT) or ends_with(w, n, _BL) or ends_with(w, n, _IZ):
        w[n] = B_E
        return n + 1
    last = w[n - 1]
    if n >= 2 and last == w[n - 2] and not (is_aeiou(last) or last in (B_Y, B_L, B_S, B_Z)):
        return n - 1
    if _cvc(w, n):
        w[n] = B_E
        return n + 1
    return n


@jit
def _replace_step(w: Any, n: int, index: Any) -> int:
    r = _leftmost(w, n, index)
    if r >= 0 and _m_gt0(w, n - _ROWS[r, 1]):
        return replace(w, n, _TEXT, _ROWS, r)
    return n


@jit
def porter(w: Any) -> int:
    """ROUGE-1.5.5's Porter on the ASCII word in ``w`` (edited in place); the stem's length."""
    n = len(w)
    if n < 3:
        return n
    initial_y = w[0] == B_Y
    if initial_y:  # always a consonant: upper case hides it from the vowel classes
        w[0] = UPPER_Y
    n = _step1ab(w, n)
    if n >= 1 and w[n - 1] == B_Y and _groups(w, n - 1, 1, -1):  # step 1c
        w[n - 1] = B_I
    n = _replace_step(w, n, _INDEX2)
    n = _replace_step(w, n, _INDEX3)
    r = _leftmost(w, n, _INDEX4)  # step 4: three removals in a row
    if r >= 0 and _m_gt1(w, n - _ROWS[r, 1]):
        n -= _ROWS[r, 1]
    if ends_with(w, n, _MENT) and _m_gt1(w, n - 4):
        n -= 4
    if ends_with(w, n, _ENT):
        if _m_gt1(w, n - 3):
            n -= 3
    elif (ends_with(w, n, _SION) or ends_with(w, n, _TION)) and n > 4 and _m_gt1(w, n - 3):
        n -= 3
    if n > 1 and w[n - 1] == B_E:  # step 5
        k = n - 1
        if _m_gt1(w, k) or (_groups(w, k, 3, 2) and not _cvc(w, k)):
            n = k
    if ends_with(w, n, _LL) and _m_gt1(w, n):
        n -= 1
    if initial_y:
        w[0] = B_Y
    return n


def stem_word(word: str) -> str:
    """ROUGE-1.5.5's Porter stem of an ASCII word by the compiled steps."""
    buf = bytearray(word, "ascii")
    return buf[: porter(buf)].decode("ascii")
