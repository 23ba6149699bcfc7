"""rouge-score's stemmer: NLTK's ``PorterStemmer()`` in its default mode (``NLTK_EXTENSIONS``), in pure Python.

rouge-score 0.1.2 builds ``nltk.stem.porter.PorterStemmer()`` (default mode) and stems every token
longer than 3 characters with it. That mode is Porter's 1980 algorithm with NLTK's changes: a small
table of irregular forms (``dying`` -> ``die``), ``-ies``/``-ied`` on four-letter words kept as
``-ie``, ``y`` -> ``i`` only after a consonant that is not the whole stem, ``-bli`` -> ``-ble``,
``-alli`` -> ``-al`` followed by step 2 again, ``-fulli`` and ``-logi`` in step 2, and a two-letter
vowel-consonant stem counting as ``*o``. This module writes those rules out (from the paper and
NLTK 3.9's documented behaviour, checked word by word against NLTK in the tests), so that stemming
needs neither NLTK's import (half a second of CPU) nor its per-word cost.

The rule lists are data (``STEP2`` .. ``STEP4``): :mod:`rouge_core.kernels.porter_nltk` compiles the
same lists, so the two implementations cannot drift apart.
"""

from __future__ import annotations

from typing import Final

__all__ = ["porter_nltk", "IRREGULAR", "STEP2", "STEP3", "STEP4", "LOGI"]

#: NLTK_EXTENSIONS' irregular forms: a (lower-cased) word found here is its own answer.
IRREGULAR: Final[dict[str, str]] = {
    "skies": "sky",
    "sky": "sky",
    "dying": "die",
    "lying": "lie",
    "tying": "tie",
    "news": "news",
    "innings": "inning",
    "inning": "inning",
    "outings": "outing",
    "outing": "outing",
    "cannings": "canning",
    "canning": "canning",
    "howe": "howe",
    "proceed": "proceed",
    "exceed": "exceed",
    "succeed": "succeed",
}

# Each step is an ordered rule list: the FIRST suffix the word ends with decides, and when that rule's
# measure test fails the step leaves the word alone (a later, shorter suffix gets no chance).
#: Step 2 (m > 0): suffix -> replacement, in NLTK's order, with its two extensions last.
STEP2: Final[tuple[tuple[str, str], ...]] = (
    ("ational", "ate"),
    ("tional", "tion"),
    ("enci", "ence"),
    ("anci", "ance"),
    ("izer", "ize"),
    ("bli", "ble"),
    ("alli", "al"),
    ("entli", "ent"),
    ("eli", "e"),
    ("ousli", "ous"),
    ("ization", "ize"),
    ("ation", "ate"),
    ("ator", "ate"),
    ("alism", "al"),
    ("iveness", "ive"),
    ("fulness", "ful"),
    ("ousness", "ous"),
    ("aliti", "al"),
    ("iviti", "ive"),
    ("biliti", "ble"),
    ("fulli", "ful"),
    ("logi", "log"),
)
#: The one step-2 rule whose measure test reads the stem with one letter more (``-logi``: m(stem + 'l') > 0).
LOGI: Final = "logi"
#: Step 3 (m > 0).
STEP3: Final[tuple[tuple[str, str], ...]] = (
    ("icate", "ic"),
    ("ative", ""),
    ("alize", "al"),
    ("iciti", "ic"),
    ("ical", "ic"),
    ("ful", ""),
    ("ness", ""),
)
#: Step 4 (m > 1; ``-ion`` also needs the stem to end in s or t): the suffixes removed.
STEP4: Final[tuple[str, ...]] = (
    "al",
    "ance",
    "ence",
    "er",
    "ic",
    "able",
    "ible",
    "ant",
    "ement",
    "ment",
    "ent",
    "ion",
    "ou",
    "ism",
    "ate",
    "iti",
    "ous",
    "ive",
    "ize",
)
_VOWELS: Final = frozenset("aeiou")


def _consonants(word: str) -> list[bool]:
    """Porter's consonant test at every position: a letter other than a, e, i, o, u, and a ``y`` only
    at the start or after a vowel (so in "toy" t and y, in "syzygy" s, z and g)."""
    flags: list[bool] = []
    for ch in word:
        if ch in _VOWELS:
            flags.append(False)
        elif ch == "y":
            flags.append(not flags[-1] if flags else True)
        else:
            flags.append(True)
    return flags


def _measure(stem: str) -> int:
    """m in [C](VC){m}[V]: how many times a vowel is followed by a consonant."""
    flags = _consonants(stem)
    return sum(1 for a, b in zip(flags, flags[1:]) if not a and b)


def _ends_cvc(stem: str) -> bool:
    """``*o``: consonant-vowel-consonant at the end, the last not w, x or y; NLTK also takes a whole
    two-letter stem vowel-consonant."""
    f = _consonants(stem)
    if len(stem) >= 3:
        return f[-3] and not f[-2] and f[-1] and stem[-1] not in "wxy"
    return len(stem) == 2 and not f[0] and f[1]


def _step1a(w: str) -> str:
    if w.endswith("ies") and len(w) == 4:
        return w[:-1]  # NLTK: "dies" -> "die", "ties" -> "tie"
    if w.endswith(("sses", "ies")):
        return w[:-2]
    if w.endswith("ss") or not w.endswith("s"):
        return w
    return w[:-1]


def _step1b(w: str) -> str:
    if w.endswith("ied"):
        return w[:-1] if len(w) == 4 else w[:-2]  # NLTK: "died" -> "die", "cried" -> "cri"
    if w.endswith("eed"):
        return w[:-1] if _measure(w[:-3]) > 0 else w
    if w.endswith("ed"):
        stem = w[:-2]
    elif w.endswith("ing"):
        stem = w[:-3]
    else:
        return w
    if all(_consonants(stem)):  # no vowel in the stem: the suffix stays
        return w
    if stem.endswith(("at", "bl", "iz")):
        return stem + "e"
    if len(stem) >= 2 and stem[-1] == stem[-2] and _consonants(stem)[-1]:
        return stem if stem[-1] in "lsz" else stem[:-1]
    if _measure(stem) == 1 and _ends_cvc(stem):
        return stem + "e"
    return stem


def _step1c(w: str) -> str:
    # NLTK: y -> i after a consonant that is not the whole stem ("happy" -> "happi", "spy" -> "spi", "enjoy" kept).
    if w.endswith("y") and len(w) > 2 and _consonants(w)[-2]:
        return w[:-1] + "i"
    return w


def _step2(w: str) -> str:
    if w.endswith("alli") and _measure(w[:-4]) > 0:
        return _step2(w[:-2])  # NLTK: -alli -> -al, then step 2 again on the result
    for suffix, replacement in STEP2:
        if w.endswith(suffix):
            stem = w[: -len(suffix)]
            tested = stem + "l" if suffix == LOGI else stem
            return stem + replacement if _measure(tested) > 0 else w
    return w


def _step3(w: str) -> str:
    for suffix, replacement in STEP3:
        if w.endswith(suffix):
            stem = w[: -len(suffix)]
            return stem + replacement if _measure(stem) > 0 else w
    return w


def _step4(w: str) -> str:
    for suffix in STEP4:
        if w.endswith(suffix):
            stem = w[: -len(suffix)]
            ok = _measure(stem) > 1 and (suffix != "ion" or stem[-1] in "st")
            return stem if ok else w
    return w


def _step5(w: str) -> str:
    if w.endswith("e"):
        stem = w[:-1]
        m = _measure(stem)
        if m > 1 or (m == 1 and not _ends_cvc(stem)):
            w = stem
    if w.endswith("ll") and _measure(w[:-1]) > 1:
        w = w[:-1]
    return w


def porter_nltk(word: str) -> str:
    """``nltk.stem.porter.PorterStemmer().stem(word)`` (NLTK_EXTENSIONS): lower-cased, then stemmed.

    >>> [porter_nltk(w) for w in ("dying", "Generalizations", "happy", "enjoy", "is", "ties", "conditionalli")]
    ['die', 'gener', 'happi', 'enjoy', 'is', 'tie', 'condit']
    """
    w = word.lower()
    known = IRREGULAR.get(w)
    if known is not None:
        return known
    if len(word) <= 2:  # NLTK tests the length of the word as given, before lower-casing
        return w
    w = _step1c(_step1b(_step1a(w)))
    return _step5(_step4(_step3(_step2(w))))
