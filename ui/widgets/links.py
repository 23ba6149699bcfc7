"""Texts and places in the page's address: deep links a lecturer prepares, and texts that survive
a reload (F5).

The texts of a page are packed into one query parameter, ``t`` (JSON, zlib, URL-safe base64), as
long as the packed form stays under :data:`MAX_PACKED` characters; longer texts are kept for the
session only (a reload then starts on the sample). The Learn page also reads ``sec`` (section),
``sample``, ``step`` and ``cand`` / ``ref`` (short plain texts), so
``/learn?sec=W&sample=paper_wlcs_y2&step=59&cfg=...`` opens ROUGE-W on Y2 at step 59 with the
settings of the signature.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Optional

#: Longest packed text parameter (characters): well inside every browser's address length.
MAX_PACKED = 6_000
#: Longest plain ``cand`` / ``ref`` parameter read from a hand-written deep link.
MAX_PLAIN = 2_000


def pack(texts: list[str]) -> Optional[str]:
    """``texts`` as one URL-safe string, or None when that would be longer than :data:`MAX_PACKED`.

    >>> unpack(pack(["police kill the gunman", "police killed the gunman"]))
    ['police kill the gunman', 'police killed the gunman']
    >>> pack(["x" * 100_000]) is None or len(pack(["x" * 100_000])) <= MAX_PACKED
    True
    """
    raw = json.dumps(texts, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    packed = base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")
    return packed if len(packed) <= MAX_PACKED else None


def unpack(packed: object) -> Optional[list[str]]:
    """The texts of :func:`pack`, or None for anything else (a bad or hostile link is ignored).

    >>> unpack("not base64 !"), unpack(None), unpack("eJwLz0ksSgEABGcBxw")
    (None, None, None)
    """
    if not isinstance(packed, str) or not packed or len(packed) > MAX_PACKED:
        return None
    try:
        data = zlib.decompressobj().decompress(base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4)), 1_000_000)
        texts = json.loads(data.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
        return None
    return texts
