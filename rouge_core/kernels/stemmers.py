"""The compiled stemmers as kernel groups of :mod:`rouge_core.kernels.backend`.

Each stemmer is its own group (rouge-score's chunk call a third), compiled (or loaded from numba's
disk cache) the first time a word is stemmed that way, so a run that stems with one of them never
compiles the other. Importing this
module does not import numba; :func:`nltk_steps` and :func:`rouge_porter` do, on their first call,
and return None under pure Python (then :mod:`rouge_core.text.stem` runs the Python rules, which
give the same stems).

>>> f = rouge_porter()
>>> f is None or f("agreement") == "agreem"
True
"""

from __future__ import annotations

import importlib
from typing import Any, Callable, Optional

import numpy as np

from . import aot, backend

__all__ = ["NLTK_STEMMER", "NLTK_STEM_IDS", "ROUGE_STEMMER", "nltk_steps", "rouge_porter", "nltk_stem_ids"]

#: The groups' names, as a fall-back message names them. rouge-score's stemmer a word at a time (the
#: per-pair path) and a chunk's words in one call (the chunk path) are two groups: each path compiles
#: its own (about 1.3 s of CPU apart).
NLTK_STEMMER = "rouge-score stemming kernel"
NLTK_STEM_IDS = "rouge-score chunk stemming kernel"
ROUGE_STEMMER = "ROUGE-1.5.5 stemming kernel"

_loaded: dict[str, Any] = {}  # group -> its kernel module (or the ahead-of-time module's functions), once checked

# Known answers that go through every step of each stemmer (and the NLTK one's extensions).
_NLTK_CASES = {
    "caresses": "caress",
    "ties": "tie",
    "cried": "cri",
    "agreed": "agre",
    "hopping": "hop",
    "filing": "file",
    "happy": "happi",
    "conditionalli": "condit",
    "generalizations": "gener",
    "electrical": "electr",
    "adoption": "adopt",
    "controll": "control",
}
_ROUGE_CASES = {
    "caresses": "caress",
    "feed": "feed",
    "hopping": "hop",
    "yelling": "yell",
    "happy": "happi",
    "relational": "relat",
    "sensibiliti": "sensibl",
    "electriciti": "electr",
    "agreement": "agreem",
    "fundamental": "fundam",
    "probate": "probat",
    "controll": "control",
}


def _check(group: str, module: str, entry: str, cases: dict[str, str]) -> bool:
    kernels = importlib.import_module(module)
    stem: Callable[[str], str] = getattr(kernels, entry)
    ok = all(stem(word) == expected for word, expected in cases.items())
    _loaded[group] = kernels
    return ok


def _stem_ids_check() -> bool:
    """The chunk engine's call: "Dying" and "die" share a stem, "was" is kept (on the ahead-of-time
    module's kernel while it serves it, :mod:`rouge_core.kernels.aot`; else numba's)."""
    kernels = aot.functions("porter_nltk") or importlib.import_module("rouge_core.kernels.porter_nltk")
    buf = np.frombuffer(b"Dying was die", dtype=np.uint8)
    ids, count = kernels.stem_ids(buf, np.array([0, 6, 10]), np.array([5, 9, 13]))
    _loaded[NLTK_STEM_IDS] = kernels
    return bool(ids.tolist() == [0, 1, 0] and count == 2)


backend.register(
    NLTK_STEMMER, lambda: _check(NLTK_STEMMER, "rouge_core.kernels.porter_nltk", "stem_steps", _NLTK_CASES)
)
backend.register(NLTK_STEM_IDS, _stem_ids_check)
aot.register(NLTK_STEM_IDS, "porter_nltk", ("stem_ids",))  # a stemming batch without numba's start-up
backend.register(
    ROUGE_STEMMER, lambda: _check(ROUGE_STEMMER, "rouge_core.kernels.porter_rouge", "stem_word", _ROUGE_CASES)
)


def _entry(group: str, name: str) -> Optional[Callable[[str], str]]:
    if not backend.ready(group):
        return None
    stem: Callable[[str], str] = getattr(_loaded[group], name)
    return stem


def nltk_steps() -> Optional[Callable[[str], str]]:
    """The compiled NLTK Porter steps (a lower-case ASCII word to its stem, irregular forms not
    looked up), or None under pure Python.

    >>> f = nltk_steps()
    >>> f is None or f("generalizations") == "gener"
    True
    """
    return _entry(NLTK_STEMMER, "stem_steps")


def rouge_porter() -> Optional[Callable[[str], str]]:
    """The compiled ROUGE-1.5.5 Porter (an ASCII word of letters and digits to its stem), or None
    under pure Python."""
    return _entry(ROUGE_STEMMER, "stem_word")


def nltk_stem_ids(
    buf: np.ndarray[Any, Any], starts: np.ndarray[Any, Any], ends: np.ndarray[Any, Any]
) -> Optional[tuple[np.ndarray[Any, Any], int]]:
    """Many words stemmed as :func:`rouge_core.text.stem.stem_nltk` stems them, in one compiled call:
    word ``i`` is ``buf[starts[i]:ends[i]]`` (ASCII), and the answer each word's stem id (equal stems,
    equal id, numbered in order of first appearance) with the number of ids; None under pure Python.

    >>> out = nltk_stem_ids(np.frombuffer(b"dying die", dtype=np.uint8), np.array([0, 6]), np.array([5, 9]))
    >>> out is None or (out[0].tolist(), out[1]) == ([0, 0], 1)
    True
    """
    if not backend.ready(NLTK_STEM_IDS):
        return None
    ids, count = _loaded[NLTK_STEM_IDS].stem_ids(buf, starts, ends)
    return ids, int(count)
