"""Length limits (ROUGE-1.5.5 ``-l`` words / ``-b`` bytes), applied to candidates and references.

Limits act on the raw sentence text before cleaning: a "word" is a field of
Perl's ``split(/\\s+/)`` (a leading empty field counts, so does punctuation), a
byte is a UTF-8 byte.
"""

from __future__ import annotations

import re
from typing import Sequence

from ..config import RougeConfig

_PERL_SPACE = re.compile(r"[ \t\n\r\f\v]+")
_PERL_FIELD = re.compile(r"[^ \t\n\r\f\v]+")


def _perl_words(s: str) -> list[tuple[int, int]]:
    """End offsets of the fields of Perl ``split(/\\s+/, s)`` (a leading empty field counts)."""
    runs = [(m.start(), m.end()) for m in _PERL_FIELD.finditer(s)]
    if runs and _PERL_SPACE.match(s):
        runs.insert(0, (0, 0))
    return runs


def _byte_cut(s: str, nbytes: int) -> int:
    """Characters of ``s`` that fit whole in its first ``nbytes`` UTF-8 bytes."""
    used = 0
    for i, ch in enumerate(s):
        used += len(ch.encode("utf-8", "surrogatepass"))
        if used > nbytes:
            return i
    return len(s)


def limited_spans(
    text: str, spans: Sequence[tuple[int, int]], config: RougeConfig, per_sentence_bytes: bool = False
) -> list[tuple[int, int]]:
    """The parts of the sentences that survive ``word_limit``/``byte_limit``.

    ``per_sentence_bytes`` reproduces ROUGE-1.5.5's sentence-list byte limit,
    which compares every sentence with the limit on its own.

    >>> c = RougeConfig(word_limit=3)
    >>> limited_spans("a b\\nc d e", [(0, 3), (4, 9)], c)
    [(0, 3), (4, 5)]
    """
    limit = config.resolved
    if not limit.limited:
        return list(spans)
    out: list[tuple[int, int]] = []
    total = 0
    for s, e in spans:
        sent = text[s:e]
        if limit.word_limit:
            fields = _perl_words(sent)
            if total + len(fields) < limit.word_limit:
                out.append((s, e))
                total += len(fields)
                continue
            keep = limit.word_limit - total
            out.append((s, s + (fields[keep - 1][1] if keep > 0 else 0)))
            break
        size = len(sent.encode("utf-8", "surrogatepass"))
        if total + size < limit.byte_limit:
            out.append((s, e))
            if not per_sentence_bytes:
                total += size
            continue
        out.append((s, s + _byte_cut(sent, limit.byte_limit - total)))
        break
    return out
