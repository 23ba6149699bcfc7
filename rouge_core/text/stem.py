"""Stemming and stopword data for ROUGE-1.5.5 (``-m`` / ``-s``) and rouge-score.

ROUGE-1.5.5 stems a token of more than 3 characters by looking it up in the
WordNet 2.0 exception table and, failing that, running its own Porter variant
(:mod:`rouge_core.text.porter_rouge`). Google's ``rouge-score`` instead uses
NLTK's Porter stemmer in its default mode (:mod:`rouge_core.text.porter_nltk`);
both are offered here so the two tools can be reproduced exactly.

Each distinct word is stemmed once (the stemmers cache their answers). An ASCII
word (for ROUGE-1.5.5's stemmer: of ASCII letters and digits) goes through the
compiled stemmer (:mod:`rouge_core.kernels.stemmers`, about 1 microsecond a word
from here, 0.2 in the chunk engine's one call for all of a chunk's words) unless
the process computes in pure Python; any other word, and every word under pure
Python, through the Python rules. Both give the same stem: tests compare them on
every word of a 100,000-word list. NLTK itself is not imported.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Union

from ..kernels.stemmers import nltk_steps, rouge_porter
from .porter_nltk import IRREGULAR, porter_nltk
from .porter_rouge import porter_rouge

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
    if token.isascii() and token.isalnum():  # the compiled stemmer reads ASCII letters and digits
        porter = rouge_porter()
        if porter is not None:
            return porter(token)
    return porter_rouge(token)


@lru_cache(maxsize=200_000)
def stem_nltk(token: str) -> str:
    """Stem one token as rouge-score does with ``use_stemmer=True`` (NLTK Porter, length > 3 only).

    >>> stem_nltk("dying"), stem_nltk("agreement"), stem_nltk("was")
    ('die', 'agreement', 'was')
    """
    if len(token) <= 3:
        return token
    word = token.lower()  # what NLTK stems; the length test above is on the token, as rouge-score's
    if word.isascii():
        steps = nltk_steps()
        if steps is not None:
            known = IRREGULAR.get(word)
            return known if known is not None else steps(word)
    return porter_nltk(token)


@lru_cache(maxsize=1)
def smart_stopwords() -> frozenset[str]:
    """ROUGE-1.5.5's SMART stopword list (every non-empty line of smart_common_words.txt).

    >>> "reuters" in smart_stopwords(), "sun" in smart_stopwords()
    (True, False)
    """
    return frozenset(line.strip() for line in _read_data_text(_STOPWORDS_FILE).splitlines() if line.strip())
