"""A count with its noun in the right number ("1 line", "2 lines"), for every sentence that prints one."""

from __future__ import annotations

from typing import Optional


def counted(n: int, noun: str, plural: Optional[str] = None) -> str:
    """``n`` (with thousands separators) and ``noun``, singular for exactly one, else ``plural`` (by
    default ``noun`` + "s").

    >>> counted(1, "line"), counted(2, "line"), counted(0, "judgment"), counted(1200, "summary", "summaries")
    ('1 line', '2 lines', '0 judgments', '1,200 summaries')
    """
    return f"{n:,} {noun if n == 1 else (plural if plural is not None else noun + 's')}"
