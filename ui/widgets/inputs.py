"""Turning pasted and uploaded input into (candidate, references), with clear errors."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from rouge_core.io.decoding import TextDecodeError, decode_text
from rouge_core.io.readers import MAX_BYTES, ReadError
from rouge_core.io.readers.json_records import json_record

#: Longest text (characters) the inspector takes per summary; more is cut with a message.
MAX_CHARS = 100_000
#: Largest upload: the corpus readers' limit (rouge_core.io.readers.MAX_BYTES, 50 MB), so a corpus the
#: readers take also fits through the uploader. .streamlit/config.toml's server.maxUploadSize (in MB) must
#: say the same; tests/unit/test_upload_limit.py compares the two.
MAX_UPLOAD_BYTES = MAX_BYTES
#: Largest file the inspector decodes (5 MB): it scores at most MAX_CHARS characters a summary, so a
#: larger file is a corpus, for the Corpus page.
MAX_INSPECT_BYTES = 5 * 1024 * 1024


class InputError(ValueError):
    """A message for the user: what is wrong with the input and how to fix it."""


@dataclass(frozen=True)
class Pair:
    candidate: str
    references: tuple[str, ...]
    messages: tuple[str, ...] = ()


def inspect_limits_text() -> str:
    """Inspect's upload limits as its uploaders' caption states them (from the constants above).

    >>> print(inspect_limits_text())  # doctest: +NORMALIZE_WHITESPACE
    Files up to 5 MB each; a summary is scored on its first 100,000 characters.
    Corpus files up to 50 MB go to the Corpus page.
    """
    return (
        f"Files up to {MAX_INSPECT_BYTES / 2**20:g} MB each; a summary is scored on its first {MAX_CHARS:,} "
        f"characters. Corpus files up to {MAX_UPLOAD_BYTES / 2**20:g} MB go to the Corpus page."
    )


def decode(data: bytes, name: str) -> str:
    """The text of an uploaded file, through the readers' decoder (UTF-8, or the encoding a byte order
    mark names: UTF-16 and UTF-32 too); anything else is refused with a message.

    >>> decode("café".encode(), "a.txt"), decode("café".encode("utf-16"), "b.txt")
    ('café', 'café')
    """
    if len(data) > MAX_INSPECT_BYTES:
        raise InputError(
            f"{name} is {len(data):,} bytes; the inspector takes files up to "
            f"{MAX_INSPECT_BYTES:,} bytes (use the corpus tools for more)."
        )
    try:
        return decode_text(data, name)
    except TextDecodeError as exc:
        raise InputError(f"{exc} and upload it again.") from None


def _text(value: object, what: str) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(s, str) for s in value):
        return "\n".join(value)  # a list of sentences
    raise InputError(f"{what} must be a string or a list of sentence strings, not {type(value).__name__}.")


def parse_record(data: bytes, name: str) -> Pair:
    """One JSON object, or the first line of a JSON Lines file, with ``candidate`` and ``references``.

    >>> parse_record(b'{"candidate": "a b", "references": ["a c", ["b", "c"]]}', "x.json").references
    ('a c', 'b\\nc')
    """
    text = decode(data, name).strip()
    if not text:
        raise InputError(f"{name} is empty.")
    messages = []
    try:
        obj = json_record(text, name, "the record")
    except ReadError as whole:
        first, _, rest = text.partition("\n")
        if not rest.strip():
            raise InputError(f"{whole}.") from None
        try:  # JSON Lines: the first record
            obj = json_record(first, f"{name} line 1", "the record")
        except ReadError:
            raise InputError(f"{whole} (nor is its first line a JSON record).") from None
        messages.append(f"{name} has several records; the inspector shows the first one.")
    if "candidate" not in obj:
        found = ", ".join(repr(k[:40]) for k in list(obj)[:8]) + (" ..." if len(obj) > 8 else "")
        raise InputError(f"{name} has no 'candidate' field (found: {found or 'nothing'}).")
    refs = obj.get("references", obj.get("reference"))
    if refs is None:
        raise InputError(f"{name} has no 'references' field.")
    if isinstance(refs, str):
        refs = [refs]
    if not isinstance(refs, list):
        raise InputError(f"'references' in {name} must be a list.")
    return Pair(
        _text(obj["candidate"], "'candidate'"),
        tuple(_text(r, f"reference {i}") for i, r in enumerate(refs, 1)),
        tuple(messages),
    )


def parse_text_files(candidate: tuple[str, bytes] | None, references: Sequence[tuple[str, bytes]]) -> Pair:
    """One .txt file per summary."""
    if candidate is None:
        raise InputError("Upload a candidate file too (one .txt file per summary).")
    if not references:
        raise InputError("Upload at least one reference file.")
    return Pair(decode(candidate[1], candidate[0]), tuple(decode(data, name) for name, data in references))


def clip(text: str, what: str) -> tuple[str, str | None]:
    """Cut a text longer than :data:`MAX_CHARS`, saying so.

    >>> clip("abc", "candidate")
    ('abc', None)
    """
    if len(text) <= MAX_CHARS:
        return text, None
    return text[:MAX_CHARS], (
        f"The {what} has {len(text):,} characters; the inspector uses the first {MAX_CHARS:,}. The rest is not scored."
    )
