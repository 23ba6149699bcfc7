"""ROUGE-1.5.5's Porter variant, in pure Python.

ROUGE-1.5.5 (``-m``) stems with Martin Porter's 1980 algorithm as in the tartarus.org "Release 1"
Perl version, with a local change to step 4 that can strip several suffixes in a row. The
implementation follows the behaviour specification (section 6), written from the rules, not from
any other implementation's source.

The suffix tables are data (``STEP2``, ``STEP3``, ``STEP4A``): :mod:`rouge_core.kernels.porter_rouge`
compiles the same tables, so the two implementations cannot drift apart.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

__all__ = ["porter_rouge", "STEP2", "STEP3", "STEP4A"]

# --- Porter measure tests -------------------------------------------------
# The variant defines consonant/vowel *groups* by regex rather than by Porter's
# letter-by-letter rule; 'y' counts as a vowel only when it starts a vowel group
# (an initial 'y' is protected separately by upper-casing it).  Expressing the
# tests the same way keeps edge cases (e.g. "yy", digits) identical.
_C = "[^aeiou][^aeiouy]*"  # consonant group
_V = "[aeiouy][aeiou]*"  # vowel group
_v = "[aeiouy]"  # single vowel
_M_GT0 = re.compile(f"^(?:{_C})?{_V}{_C}")
_M_EQ1 = re.compile(f"^(?:{_C})?{_V}{_C}(?:{_V})?$")
_M_GT1 = re.compile(f"^(?:{_C})?{_V}{_C}{_V}{_C}")
_HAS_VOWEL = re.compile(f"^(?:{_C})?{_v}")
# "*o": the whole stem is consonant-group, vowel, consonant other than w/x/y.
_CVC = re.compile(f"^{_C}{_v}[^aeiouwxy]$")
# Double consonant that step 1b undoubles; l, s and z doubles are kept.
_DOUBLE = re.compile(r"([^aeiouylsz])\1$")

STEP2: Final[dict[str, str]] = {
    "ational": "ate",
    "tional": "tion",
    "enci": "ence",
    "anci": "ance",
    "izer": "ize",
    "bli": "ble",
    "alli": "al",
    "entli": "ent",
    "eli": "e",
    "ousli": "ous",
    "ization": "ize",
    "ation": "ate",
    "ator": "ate",
    "alism": "al",
    "iveness": "ive",
    "fulness": "ful",
    "ousness": "ous",
    "aliti": "al",
    "iviti": "ive",
    "biliti": "ble",
    "logi": "log",
}
STEP3: Final[dict[str, str]] = {
    "icate": "ic",
    "ative": "",
    "alize": "al",
    "iciti": "ic",
    "ical": "ic",
    "ful": "",
    "ness": "",
}
# ROUGE's step 4(a) list; 'ment' and 'ent' are deliberately absent (see 4b/4c).
STEP4A: Final[tuple[str, ...]] = (
    "al",
    "ance",
    "ence",
    "er",
    "ic",
    "able",
    "ible",
    "ant",
    "ement",
    "ou",
    "ism",
    "ate",
    "iti",
    "ous",
    "ive",
    "ize",
)


def _leftmost_suffix(word: str, suffixes: Mapping[str, str] | tuple[str, ...]) -> str | None:
    """Return the listed suffix whose match starts leftmost, leaving a non-empty stem.

    Leftmost start equals longest suffix; the stem must keep at least one
    character, mirroring a ``^(.+?)(alt|...)$`` search.
    """
    best: str | None = None
    for suffix in suffixes:
        if len(word) > len(suffix) and word.endswith(suffix):
            if best is None or len(suffix) > len(best):
                best = suffix
    return best


def _step1ab(w: str) -> str:
    # 1a: plural endings.
    if w.endswith("sses") or w.endswith("ies"):
        w = w[:-2]
    elif len(w) >= 2 and w[-1] == "s" and w[-2] != "s":
        w = w[:-1]
    # 1b: -eed / -ed / -ing.  'eed' takes precedence even when its m test fails.
    if w.endswith("eed"):
        if _M_GT0.search(w[:-3]):
            w = w[:-1]
        return w
    for suffix in ("ed", "ing"):
        if w.endswith(suffix) and len(w) > len(suffix):
            stem = w[: -len(suffix)]
            if not _HAS_VOWEL.search(stem):
                return w
            w = stem
            # Repair the stem so later steps see a word-like form.
            if w.endswith(("at", "bl", "iz")):
                w += "e"
            elif _DOUBLE.search(w):
                w = w[:-1]
            elif _CVC.search(w):
                w += "e"
            return w
    return w


def _step1c(w: str) -> str:
    if w.endswith("y") and _HAS_VOWEL.search(w[:-1]):
        w = w[:-1] + "i"
    return w


def _replace_step(w: str, table: Mapping[str, str]) -> str:
    # Steps 2 and 3: only the leftmost-starting suffix is considered; if its
    # m>0 test fails, no shorter suffix gets a chance.
    suffix = _leftmost_suffix(w, table)
    if suffix is not None:
        stem = w[: -len(suffix)]
        if _M_GT0.search(stem):
            w = stem + table[suffix]
    return w


def _step4(w: str) -> str:
    # ROUGE change: three removals in sequence, each on the previous result,
    # so e.g. "fundamental" loses 'al' and then 'ent'.
    suffix = _leftmost_suffix(w, STEP4A)
    if suffix is not None and _M_GT1.search(w[: -len(suffix)]):
        w = w[: -len(suffix)]
    if w.endswith("ment") and _M_GT1.search(w[:-4]):
        w = w[:-4]
    if w.endswith("ent"):
        if _M_GT1.search(w[:-3]):
            w = w[:-3]
    elif w.endswith(("sion", "tion")) and len(w) > 4 and _M_GT1.search(w[:-3]):
        w = w[:-3]  # the s/t belongs to the stem and is kept
    return w


def _step5(w: str) -> str:
    if w.endswith("e") and len(w) > 1:
        stem = w[:-1]
        if _M_GT1.search(stem) or (_M_EQ1.search(stem) and not _CVC.search(stem)):
            w = stem
    if w.endswith("ll") and _M_GT1.search(w):
        w = w[:-1]
    return w


def porter_rouge(word: str) -> str:
    """ROUGE-1.5.5's Porter variant (Release-1 Porter with the modified step 4) on a lower-case word.

    >>> [porter_rouge(w) for w in ("agreement", "fundamental", "dying", "skies")]
    ['agreem', 'fundam', 'dy', 'ski']
    """
    if len(word) < 3:
        return word
    # An initial 'y' is always a consonant; upper-casing hides it from the
    # vowel classes (it still matches [^aeiou]) and is undone at the end.
    initial_y = word[0] == "y"
    w = "Y" + word[1:] if initial_y else word
    w = _step1ab(w)
    w = _step1c(w)
    w = _replace_step(w, STEP2)
    w = _replace_step(w, STEP3)
    w = _step4(w)
    w = _step5(w)
    if initial_y:
        w = "y" + w[1:]
    return w
