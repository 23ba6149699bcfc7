"""The shipped synonym table: WordNet 3.0's other lemmas of a word's most frequent sense.

The table (``rouge_core/data/wordnet30_synonyms.tsv``, built by ``scripts/build_synonyms.py``; licence in
``WORDNET-3.0-LICENSE.txt``) holds the lemmas that occur in running text and the regular inflections of
its nouns and verbs ("films": "movies", ...): WordNet itself is not needed at run time.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from types import MappingProxyType
from typing import Mapping

SYNONYMS_FILE = "wordnet30_synonyms.tsv"


@lru_cache(maxsize=1)
def synonym_table() -> Mapping[str, tuple[str, ...]]:
    """Lower-case word -> its synonyms, most useful first (lines starting with ``#`` are comments).

    >>> synonym_table()["film"], synonym_table()["films"]
    (('movie', 'picture', 'pic'), ('movies', 'pictures', 'pics'))
    >>> "the" in synonym_table()
    False
    """
    text = resources.files("rouge_core.data").joinpath(SYNONYMS_FILE).read_text(encoding="utf-8")
    table: dict[str, tuple[str, ...]] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            word, _, others = line.partition("\t")
            table[word] = tuple(others.split())
    return MappingProxyType(table)
