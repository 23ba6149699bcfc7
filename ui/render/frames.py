"""A walk's frames (the HTML each step shows) packed compactly for the browser player.

A 30 x 30 LCS walk has 900 cells plus its traceback: 900 full tables would be tens of megabytes.
Consecutive frames differ in a few cells, so each frame is cut into chunks at tag starts (a cell,
a row, a span, a line), every distinct chunk is stored once, frame 0 is a list of chunk numbers
and every later frame is the edits from the one before: ``[start, delete, *inserted chunk numbers]``.
The browser rebuilds frame k by applying the edits (:mod:`ui.render.walk_player`); :func:`unpack`
is the same in Python, for tests. The chunks are the renderers' own escaped HTML, cut, never changed.
"""

from __future__ import annotations

import re
from typing import Iterable, TypedDict

#: Where a frame is cut: before every tag that opens or closes a cell, row, line or span.
_CUT = re.compile(r"(?=<(?:td|th|tr|/tr|div|/div|span|p|li|small)\b)")


class Packed(TypedDict):
    """Distinct chunks, frame 0's chunk numbers, and each later frame's edits from the one before."""

    chunks: list[str]
    first: list[int]
    edits: list[list[list[int]]]


def _edits(old: list[int], new: list[int]) -> list[list[int]]:
    """Edits turning ``old`` into ``new``: cells changed in place when the lengths match, else the
    middle between the common start and the common end replaced."""
    if len(old) == len(new):
        out: list[list[int]] = []
        i = 0
        while i < len(new):
            if old[i] == new[i]:
                i += 1
                continue
            j = i
            while j < len(new) and old[j] != new[j]:
                j += 1
            out.append([i, j - i, *new[i:j]])
            i = j
        return out
    p = 0
    while p < min(len(old), len(new)) and old[p] == new[p]:
        p += 1
    s = 0
    while s < min(len(old), len(new)) - p and old[-1 - s] == new[-1 - s]:
        s += 1
    return [[p, len(old) - p - s, *new[p : len(new) - s]]]


def pack(frames: Iterable[str]) -> Packed:
    """Frames as distinct chunks plus edits, taken one at a time (only the chunk lists are kept, never
    all frames at once).

    >>> p = pack(["<td>0</td><td>1</td>", "<td>0</td><td>2</td>"])
    >>> p["chunks"], p["first"], p["edits"]
    (['<td>0</td>', '<td>1</td>', '<td>2</td>'], [0, 1], [[[1, 1, 2]]])
    >>> unpack(p) == ["<td>0</td><td>1</td>", "<td>0</td><td>2</td>"]
    True
    """
    index: dict[str, int] = {}
    chunks: list[str] = []

    def ids(frame: str) -> list[int]:
        out = []
        for piece in _CUT.split(frame):
            if piece:
                if piece not in index:
                    index[piece] = len(chunks)
                    chunks.append(piece)
                out.append(index[piece])
        return out

    first: list[int] = []
    edits: list[list[list[int]]] = []
    prev: list[int] | None = None
    for frame in frames:
        cur = ids(frame)
        if prev is None:
            first = cur
        else:
            edits.append(_edits(prev, cur))
        prev = cur
    return {"chunks": chunks, "first": first, "edits": edits}


def unpack(packed: Packed) -> list[str]:
    """Every frame back from :func:`pack` (what the player's script does, step by step)."""
    if not packed["chunks"]:
        return [] if not packed["first"] else [""]
    cur = list(packed["first"])
    out = ["".join(packed["chunks"][i] for i in cur)]
    for edits in packed["edits"]:
        for start, delete, *ins in edits:
            cur[start : start + delete] = ins
        out.append("".join(packed["chunks"][i] for i in cur))
    return out
