"""Word tokenizers of languages written without spaces, each from an optional package.

* ``jieba``: Chinese words by jieba's default dictionary, dictionary only (``HMM=False``: no guessed
  words), on a tokenizer of its own (a program's ``jieba.add_word`` never changes our numbers);
* ``fugashi``: Japanese words by MeCab (fugashi) with the unidic-lite dictionary, named by path (an
  installed full ``unidic`` is never picked instead);
* ``thai``: Thai words by pythainlp's ``newmm`` engine and its bundled dictionary.

Each is deterministic, loads its package on first use only, and shares one rule: the segmenter's
words, case-folded, less those with no letter or digit (punctuation, spaces). NUL and lone surrogates
separate words before the segmenter sees the text (MeCab stops at a NUL; UTF-8 has no surrogates).
A name whose package is missing is refused by :class:`rouge_core.RougeConfig` with
:func:`missing_message` (checked with :func:`importlib.util.find_spec`: nothing heavy is imported).

>>> missing_message("unicode") is None
True
>>> Requirement(("jieba",), "zh").install
"pip install 'rouge-core[zh]'"
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import re
import threading
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Iterator, Optional

from .custom_tokenizer import locate

Segmenter = Callable[[str], list[str]]


@dataclass(frozen=True)
class Requirement:
    """The modules a tokenizer imports and the extra of ``rouge-core`` that installs them."""

    modules: tuple[str, ...]
    extra: str

    @property
    def install(self) -> str:
        return f"pip install 'rouge-core[{self.extra}]'"


#: Which tokenizer needs which packages (module names; pip's are the same with ``-`` for ``_``).
REQUIREMENTS: dict[str, Requirement] = {
    "jieba": Requirement(("jieba",), "zh"),
    "fugashi": Requirement(("fugashi", "unidic_lite"), "ja"),
    "thai": Requirement(("pythainlp",), "th"),
}

#: The rule every tokenizer of this module follows after its segmenter (the registry's ``rule`` text).
RULE_TAIL = "case-folded; words with no letter or digit (punctuation) dropped"


def missing_modules(name: str) -> tuple[str, ...]:
    """The modules tokenizer ``name`` needs that are not installed (empty for the built-in ones)."""
    req = REQUIREMENTS.get(name)
    if req is None:
        return ()
    return tuple(m for m in req.modules if importlib.util.find_spec(m) is None)


def missing_message(name: str) -> Optional[str]:
    """Why tokenizer ``name`` cannot run here, naming the packages and the extra; None when it can."""
    missing = missing_modules(name)
    if not missing:
        return None
    packages = " and ".join(m.replace("_", "-") for m in missing)
    return (
        f"the {name} tokenizer needs {packages}, not installed: {REQUIREMENTS[name].install} "
        f"(or pip install {' '.join(m.replace('_', '-') for m in missing)})"
    )


def is_installed(name: str) -> bool:
    """Whether tokenizer ``name`` can run here (always True for the built-in ones).

    >>> is_installed("rouge155")
    True
    """
    return not missing_modules(name)


# -- the segmenters, loaded once --------------------------------------------------------


@lru_cache(maxsize=1)
def _jieba() -> Segmenter:
    jieba = importlib.import_module("jieba")
    tokenizer = jieba.Tokenizer()  # its own dictionary state, jieba's default dictionary
    log = logging.getLogger("jieba")
    level = log.level
    log.setLevel(logging.WARNING)  # its handler prints "Building prefix dict ..." on stderr at every first load
    try:
        tokenizer.initialize()
    finally:
        log.setLevel(level)

    def segment(text: str) -> list[str]:
        return list(tokenizer.lcut(text, HMM=False))

    return segment


@lru_cache(maxsize=1)
def _fugashi() -> Segmenter:
    fugashi = importlib.import_module("fugashi")
    dicdir = importlib.import_module("unidic_lite").DICDIR
    taggers = threading.local()  # a MeCab tagger is not safe across threads (the app's sessions are threads)

    def segment(text: str) -> list[str]:
        tagger: Any = getattr(taggers, "tagger", None)
        if tagger is None:
            tagger = taggers.tagger = fugashi.Tagger(f'-d "{dicdir}"')
        return [word.surface for word in tagger(text)]

    return segment


@lru_cache(maxsize=1)
def _thai() -> Segmenter:
    word_tokenize = importlib.import_module("pythainlp.tokenize").word_tokenize

    def segment(text: str) -> list[str]:
        return list(word_tokenize(text, engine="newmm", keep_whitespace=False))

    return segment


_LOADERS: dict[str, Callable[[], Segmenter]] = {"jieba": _jieba, "fugashi": _fugashi, "thai": _thai}

#: What no segmenter is given: NUL (MeCab stops there) and lone surrogates (not UTF-8).
_UNSAFE = re.compile("[\x00\ud800-\udfff]+")


def _is_word(token: str) -> bool:
    return any(unicodedata.category(ch)[0] in "LN" for ch in token)


def _pieces(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    pos = start
    for m in _UNSAFE.finditer(text, start, end):
        yield pos, m.start()
        pos = m.end()
    yield pos, end


def segmenter(name: str) -> Segmenter:
    """Tokenizer ``name``'s segmenter, loaded on first use; a missing package is a
    ``ModuleNotFoundError`` with :func:`missing_message` (a config refuses the name before this)."""
    missing = missing_message(name)
    if missing is not None:
        raise ModuleNotFoundError(missing)
    return _LOADERS[name]()


def segmented_spans(name: str, text: str, start: int, end: int) -> Iterator[tuple[str, int, int]]:
    """(norm, start, end) of each word tokenizer ``name`` keeps in ``text[start:end]``."""
    segment = segmenter(name)
    for s, e in _pieces(text, start, end):
        if s < e:
            for token, ts, te in locate(text, s, e, segment(text[s:e])):
                if _is_word(token):
                    yield token.casefold(), ts, te


def segmented_words(name: str, text: str) -> list[str]:
    """The norms of :func:`segmented_spans` on the whole of ``text``, without offsets."""
    segment = segmenter(name)
    return [t.casefold() for s, e in _pieces(text, 0, len(text)) if s < e for t in segment(text[s:e]) if _is_word(t)]
