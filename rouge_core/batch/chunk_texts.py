"""A chunk's pairs as texts, and the texts as one UTF-8 buffer: what Python does before the compiled
chunk kernels (:mod:`rouge_core.batch.compiled`) run, with the GIL held, so it is kept lean.

>>> plain_all([("a b", "a"), ("x", [])])
[['a b', 'a'], None]
"""

from __future__ import annotations

from itertools import accumulate
from typing import Any, Optional

import numpy as np

from ..text.tokenize import as_text

#: The item types of a list of sentences that ``"\n".join`` takes as :func:`as_text` does.
_PLAIN_STR = frozenset([str])


def _summary(value: Any) -> Optional[str]:
    if type(value) is str:
        return value
    # A list of plain strs, the common shape, joined at once; a str subclass (its own __str__ may be
    # what as_text takes) and tuples take the general rule.
    if type(value) is list and {*map(type, value)} <= _PLAIN_STR:
        return "\n".join(value)
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)) and all(isinstance(s, str) for s in value):
        return as_text(value)
    return None


def plain_all(chunk: list[Any]) -> list[Optional[list[str]]]:
    """:func:`plain_texts` of every pair; (str, str) pairs, the common case, without its checks."""
    return [
        [p[0], p[1]] if type(p) is tuple and len(p) == 2 and type(p[0]) is str and type(p[1]) is str else plain_texts(p)
        for p in chunk
    ]


def plain_texts(pair: Any) -> Optional[list[str]]:
    """[candidate, reference, ...] as texts; None for anything the per-pair path must judge
    (not a pair, a non-text summary, no reference).

    >>> plain_texts(("a b", ["c", ["d", "e"]])), plain_texts(("a", [])), plain_texts("ab")
    (['a b', 'c', 'd\\ne'], None, None)
    """
    if not isinstance(pair, (tuple, list)) or len(pair) != 2:
        return None
    cand = _summary(pair[0])
    refs = pair[1]
    if cand is None:
        return None
    if isinstance(refs, str):
        return [cand, refs]
    if not isinstance(refs, (list, tuple)) or not refs:
        return None
    texts = [cand]
    for r in refs:
        text = _summary(r)
        if text is None:
            return None
        texts.append(text)
    return texts


def text_buffer(texts: list[str], lower: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The texts' UTF-8 bytes in one writable buffer (``lower``: Python's ``lower()`` first), and
    each text's start and end in it.

    The texts are joined by NULs. ASCII text is taken as it is (:func:`rouge_core.kernels.chunk.tokenize`
    lowers ASCII letters, all that ``lower()`` changes there), its bounds counted from the
    lengths. Other text is lowered and encoded at once when no text holds a NUL (the NULs then
    mark the bounds), else text by text: ``lower()`` maps no character to or from a NUL and is
    context-free for every character that becomes ASCII, so all three give the same tokens.

    >>> b, s, e = text_buffer(["Ab", "", "c\\x00d"], True)
    >>> bytes(b), s.tolist(), e.tolist()
    (b'Ab\\x00\\x00c\\x00d', [0, 3, 4], [2, 3, 7])
    >>> b, s, e = text_buffer(["\\u212aB", "", "CD"], True)  # KELVIN SIGN: lower() makes it "k"
    >>> bytes(b), s.tolist(), e.tolist()
    (b'kb\\x00\\x00cd', [0, 3, 4], [2, 3, 6])
    >>> b, s, e = text_buffer(["\\u212aB", "", "c\\x00d"], True)
    >>> bytes(b), s.tolist(), e.tolist()
    (b'kbc\\x00d', [0, 2, 2], [2, 2, 5])
    """
    joined = "\x00".join(texts)
    if joined.isascii():  # bytes = characters: the bounds from the lengths; ASCII letters are lowered by the kernel
        lengths = np.fromiter(map(len, texts), np.int64, len(texts))
        start = np.zeros(len(texts), dtype=np.int64)
        np.cumsum(lengths[:-1] + 1, out=start[1:])
        return np.frombuffer(bytearray(joined.encode("ascii")), dtype=np.uint8), start, start + lengths
    if joined.count("\x00") == max(len(texts) - 1, 0):
        data = (joined.lower() if lower else joined).encode("utf-8", "surrogatepass")
        buf = np.frombuffer(bytearray(data), dtype=np.uint8)
        nul = np.flatnonzero(buf == 0)
        start = np.concatenate(([0], nul + 1)).astype(np.int64)
        end = np.concatenate((nul, [len(buf)])).astype(np.int64)
        return buf, start[: len(texts)], end[: len(texts)]
    encoded = [(t.lower() if lower else t).encode("utf-8", "surrogatepass") for t in texts]
    off = np.fromiter(accumulate(map(len, encoded), initial=0), np.int64, len(encoded) + 1)
    return np.frombuffer(bytearray(b"".join(encoded)), dtype=np.uint8), off[:-1], off[1:]
