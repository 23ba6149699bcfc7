"""Stemming and stopword data for ROUGE-1.5.5 (``-m`` / ``-s``) and rouge-score.

ROUGE-1.5.5 stems a token of more than 3 characters by looking it up in the
WordNet 2.0 exception table and, failing that, running its own Porter variant:
Martin Porter's 1980 algorithm as in the tartarus.org "Release 1" Perl version,
with a local change to step 4 that can strip several suffixes in a row.
Google's ``rouge-score`` instead uses NLTK's Porter stemmer; both are offered
here so the two tools can be reproduced exactly.

The implementation follows the behaviour specification (section 6), written
from the rules, not from any other implementation's source.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Any, Union

__all__ = [
    "porter_rouge",
    "wordnet_exceptions",
    "ExceptionTable",
    "stem_rouge155",
    "stem_nltk",
    "smart_stopwords",
]

_DATA_PACKAGE = "rouge_core.data"
_EXCEPTIONS_FILE = "wordnet2_exceptions_pinned.tsv"
_STOPWORDS_FILE = "smart_common_words.txt"

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

_STEP2: dict[str, str] = {
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
_STEP3: dict[str, str] = {
    "icate": "ic",
    "ative": "",
    "alize": "al",
    "iciti": "ic",
    "ical": "ic",
    "ful": "",
    "ness": "",
}
# ROUGE's step 4(a) list; 'ment' and 'ent' are deliberately absent (see 4b/4c).
_STEP4A: tuple[str, ...] = (
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
    suffix = _leftmost_suffix(w, _STEP4A)
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
    w = _replace_step(w, _STEP2)
    w = _replace_step(w, _STEP3)
    w = _step4(w)
    w = _step5(w)
    if initial_y:
        w = "y" + w[1:]
    return w


def _read_data_text(name: str) -> str:
    # importlib.resources works from a wheel/zip too; the data ship inside the package.
    return resources.files(_DATA_PACKAGE).joinpath(name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def wordnet_exceptions() -> Mapping[str, str]:
    """WordNet 2.0 exception table in the pinned order adj, adv, noun, verb (read once).

    >>> wordnet_exceptions()["mice"], wordnet_exceptions()["best"]
    ('mouse', 'well')
    """
    table: dict[str, str] = {}
    for line in _read_data_text(_EXCEPTIONS_FILE).splitlines():
        if not line or line.startswith("#"):
            continue
        key, value = line.split("\t", 1)
        table[key] = value  # the file is already resolved; last one wins like the DB build
    # Read-only view: the cached object is shared by every caller.
    return MappingProxyType(table)


@dataclass(frozen=True)
class ExceptionTable:
    """A stem exception table used instead of the pinned WordNet 2.0 map (e.g. another install's
    ``WordNet-2.0.exc.db``), given to a config as ``RougeConfig(exception_table=...)``: the table is a
    setting like any other, named with its content hash in the signature, and handed to whatever scores
    (threads, worker processes, a Dask cluster) with the config. Equal tables have equal name and hash.

    >>> t = ExceptionTable.of("my.exc.db", {"mice": "rodent"})
    >>> t.tag, t.lookup()["mice"], len(t)
    ('my.exc.db@e997cd9b8b40de20', 'rodent', 1)
    """

    name: str
    digest: str
    entries: tuple[tuple[str, str], ...] = field(repr=False, compare=False)

    @classmethod
    def of(cls, name: str, table: Mapping[str, str]) -> ExceptionTable:
        """The table ``table`` under ``name`` (kept to letters, digits, ``.``, ``_`` and ``-``, at most
        40 characters, so that it can stand in a signature), with the hash of its content."""
        items = tuple(sorted((str(k), str(v)) for k, v in table.items()))
        text = "".join(f"{k}\t{v}\n" for k, v in items)
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
        return cls(re.sub(r"[^A-Za-z0-9._-]", "_", name)[:40] or "table", digest, items)

    @property
    def tag(self) -> str:
        """``name@hash``, as the signature writes it."""
        return f"{self.name}@{self.digest}"

    def lookup(self) -> Mapping[str, str]:
        """The table as a read-only mapping (built once per table)."""
        return _lookup(self)

    def __len__(self) -> int:
        return len(self.entries)


@lru_cache(maxsize=8)
def _lookup(table: ExceptionTable) -> Mapping[str, str]:
    return MappingProxyType(dict(table.entries))


#: What ROUGE-1.5.5 stemming looks a token up in: the pinned WordNet 2.0 map (True), nothing (False:
#: Porter alone, an install with an empty exception DB), or another table.
Exceptions = Union[bool, ExceptionTable]


@lru_cache(maxsize=200_000)
def stem_rouge155(token: str, exceptions: Exceptions = True) -> str:
    """Stem one token as ROUGE-1.5.5 ``-m`` does (tokens are already lower-case).

    Tokens of 3 characters or fewer are left alone; otherwise the exception
    value is returned verbatim (not Porter-stemmed again) or, if absent or
    ``exceptions`` is False (the common empty-DB install), ``porter_rouge``.
    ``exceptions`` True looks tokens up in the pinned WordNet 2.0 map; an
    :class:`ExceptionTable` in that table instead.

    >>> stem_rouge155("mice"), stem_rouge155("mouse"), stem_rouge155("dying", exceptions=False)
    ('mouse', 'mous', 'dy')
    >>> stem_rouge155("mice", ExceptionTable.of("t", {"mice": "rodent"})), stem_rouge155("geese")
    ('rodent', 'goose')
    """
    if len(token) <= 3:
        return token
    if exceptions is not False:
        table = wordnet_exceptions() if exceptions is True else exceptions.lookup()
        value = table.get(token)
        if value is not None:
            return value
    return porter_rouge(token)


@lru_cache(maxsize=1)
def _nltk_stemmer() -> Any:
    # Imported lazily: NLTK is only needed for rouge-score compatibility and is slow to import.
    from nltk.stem.porter import PorterStemmer

    return PorterStemmer()  # default mode is NLTK_EXTENSIONS, as rouge-score uses


@lru_cache(maxsize=200_000)
def stem_nltk(token: str) -> str:
    """Stem one token as rouge-score does with ``use_stemmer=True`` (NLTK Porter, length > 3 only).

    >>> stem_nltk("dying"), stem_nltk("agreement"), stem_nltk("was")
    ('die', 'agreement', 'was')
    """
    if len(token) <= 3:
        return token
    return str(_nltk_stemmer().stem(token))


@lru_cache(maxsize=1)
def smart_stopwords() -> frozenset[str]:
    """ROUGE-1.5.5's SMART stopword list (every non-empty line of smart_common_words.txt).

    >>> "reuters" in smart_stopwords(), "sun" in smart_stopwords()
    (True, False)
    """
    return frozenset(line.strip() for line in _read_data_text(_STOPWORDS_FILE).splitlines() if line.strip())
