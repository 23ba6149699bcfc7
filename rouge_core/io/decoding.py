"""Text from a file's bytes: the one decoder behind every reader (corpus readers, judgment imports,
the ROUGE-1.5.5 summaries, configs and file lists of the command line).

Text is expected in UTF-8. A byte order mark is unambiguous, so a file that starts with one is read
in the encoding it marks: UTF-8 (the mark is dropped), UTF-16 LE or BE (what Windows editors save
as "Unicode"), UTF-32 LE or BE. The UTF-32 LE mark ``FF FE 00 00`` begins with the UTF-16 LE one:
it is UTF-32 LE when the bytes after it decode as UTF-32 LE, else UTF-16 LE text starting with
U+0000. Without a mark the bytes are UTF-8. A strict decode raises :class:`TextDecodeError` naming
the line and the byte in that line (both from 1, the mark counted); when one byte in two is zero,
as in English saved as UTF-16 without a mark (:func:`looks_like_utf16`), the message says the file
may be UTF-16.
"""

from __future__ import annotations

import codecs

__all__ = ["ERRORS", "TextDecodeError", "bom_encoding", "decode_text", "looks_like_utf16"]

#: The error modes of :func:`decode_text`.
ERRORS = ("strict", "surrogateescape")

# (mark, codec, name in messages); UTF-32 before UTF-16 (see the module docstring)
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le", "UTF-32 LE"),
    (codecs.BOM_UTF32_BE, "utf-32-be", "UTF-32 BE"),
    (codecs.BOM_UTF8, "utf-8", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16 LE"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16 BE"),
)
# How much of a file the UTF-16 guess looks at, and the share of zero bytes (at even or at odd
# positions) that makes it: ASCII text in UTF-16 has zeros in every other byte; UTF-8 text has none
# (a UTF-8 file full of U+0000 is no text either, but a few in a short file must not trigger it).
_SNIFF_BYTES = 4096
_MIN_SNIFF = 8
_ZERO_SHARE = 0.75
_UTF16_HINT = "it looks like UTF-16 without a byte order mark (one byte in two is zero)"


class TextDecodeError(ValueError):
    """Bytes that are not text in the encoding they were read as; the message names the file, the line
    and the byte, and says how to save the file."""


def bom_encoding(data: bytes) -> tuple[str, str, int]:
    """(codec, name, mark length) of the byte order mark ``data`` starts with; UTF-8 without a mark.

    >>> bom_encoding(b"\\xff\\xfea\\x00"), bom_encoding(b"abc")
    (('utf-16-le', 'UTF-16 LE', 2), ('utf-8', 'UTF-8', 0))
    """
    for mark, codec, name in _BOMS:
        if data.startswith(mark):
            if codec == "utf-32-le" and not _decodes(data[4:], codec):
                return "utf-16-le", "UTF-16 LE", 2  # FF FE, then UTF-16 text starting with U+0000
            return codec, name, len(mark)
    return "utf-8", "UTF-8", 0


def _decodes(data: bytes, codec: str) -> bool:
    try:
        data.decode(codec)
    except UnicodeDecodeError:
        return False
    return True


def decode_text(data: bytes, name: str, errors: str = "strict", keep_utf8_bom: bool = False) -> str:
    """The text of a file's bytes (``name`` as messages show the file; see the module docstring).

    ``errors="strict"`` raises :class:`TextDecodeError` at the first bad byte, and for bytes that
    decode as UTF-8 but look like UTF-16 without a mark. ``errors="surrogateescape"`` never raises:
    a byte that is not UTF-8 becomes U+DC80 to U+DCFF (so a file name keeps its bytes); in a file
    marked UTF-16 or UTF-32 a bad code unit becomes U+FFFD. ``keep_utf8_bom`` keeps a UTF-8 mark as
    U+FEFF (ROUGE-1.5.5 reads it as three bytes of the text).

    >>> decode_text("café".encode("utf-16"), "a.txt"), decode_text(b"\\xef\\xbb\\xbfok", "a.txt")
    ('café', 'ok')
    >>> decode_text(b"ok\\nbad \\xff", "x.txt")
    Traceback (most recent call last):
    ...
    rouge_core.io.decoding.TextDecodeError: x.txt line 2, byte 5: not valid UTF-8 (byte 0xff); save the file as UTF-8
    >>> decode_text("plain text".encode("utf-16-le"), "x.txt")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rouge_core.io.decoding.TextDecodeError: x.txt: not UTF-8 text: it looks like UTF-16 without a byte order mark ...
    """
    if errors not in ERRORS:
        raise ValueError(f"invalid errors={errors!r}: allowed values are {', '.join(map(repr, ERRORS))}")
    codec, enc_name, skip = bom_encoding(data)
    if codec == "utf-8" and keep_utf8_bom:
        skip = 0
    if errors == "surrogateescape":
        return data[skip:].decode(codec, "surrogateescape" if codec == "utf-8" else "replace")
    try:
        text = data[skip:].decode(codec)
    except UnicodeDecodeError as e:
        raise TextDecodeError(_bad_byte(data, skip, codec, enc_name, e, name)) from None
    if not skip and "\x00" in text and looks_like_utf16(data):
        raise TextDecodeError(
            f"{name}: not UTF-8 text: {_UTF16_HINT}; save the file as UTF-8 (or as UTF-16 with a byte order mark)"
        )
    return text


def _bad_byte(data: bytes, skip: int, codec: str, enc_name: str, e: UnicodeDecodeError, name: str) -> str:
    """The message for the first bad byte: its line and its byte in that line, from 1."""
    start = skip + e.start
    before = data[skip:start].decode(codec)  # the bytes before the error decode (the codec said so)
    after_break = before.rfind("\n") + 1  # bytes count from the file's start (its mark too) on line 1
    line_start = skip + len(before[:after_break].encode(codec)) if after_break else 0
    where = f"{name} line {before.count(chr(10)) + 1}, byte {start - line_start + 1}"
    if codec != "utf-8":
        return f"{where}: not valid {enc_name} after its byte order mark ({e.reason}); save the file as UTF-8"
    hint = f"; {_UTF16_HINT}" if looks_like_utf16(data) else ""
    return f"{where}: not valid UTF-8 (byte 0x{data[start]:02x}){hint}; save the file as UTF-8"


def looks_like_utf16(data: bytes) -> bool:
    """Whether ``data`` (without a byte order mark) looks like UTF-16: of its first 4,096 bytes (8 at
    least), three in four at even or at odd positions are zero.

    >>> looks_like_utf16("plain text".encode("utf-16-be")), looks_like_utf16(b"\\r\\n\\r\\n\\x00 text")
    (True, False)
    """
    head = data[:_SNIFF_BYTES]
    if len(head) < _MIN_SNIFF:
        return False
    even, odd = head[0::2], head[1::2]
    return max(even.count(0) / len(even), odd.count(0) / len(odd)) >= _ZERO_SHARE
