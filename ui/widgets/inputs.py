"""Turning pasted and uploaded input into (candidate, references), with clear errors."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Sequence

#: Longest text (characters) the inspector takes per summary; more is cut with a message.
MAX_CHARS = 100_000
#: Largest upload, the same as server.maxUploadSize = 5 (MB) in .streamlit/config.toml.
MAX_UPLOAD_BYTES = 5 * 1024 * 1024


class InputError(ValueError):
    """A message for the user: what is wrong with the input and how to fix it."""


@dataclass(frozen=True)
class Pair:
    candidate: str
    references: tuple[str, ...]
    messages: tuple[str, ...] = ()


def decode(data: bytes, name: str) -> str:
    """UTF-8 (with or without BOM); anything else is refused with a message.

    >>> decode("café".encode(), "a.txt")
    'café'
    """
    if len(data) > MAX_UPLOAD_BYTES:
        raise InputError(
            f"{name} is {len(data):,} bytes; the inspector takes files up to "
            f"{MAX_UPLOAD_BYTES:,} bytes (use the corpus tools for more)."
        )
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{name} is not UTF-8 text (byte {exc.start}): save it as UTF-8 and upload it again."
        ) from None


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
        obj = _load_json(text, name)
    except json.JSONDecodeError:
        first, _, rest = text.partition("\n")
        try:
            obj = _load_json(first, name)
        except json.JSONDecodeError as exc:
            raise InputError(
                f"{name} is not valid JSON or JSON Lines: {exc.msg} at line {exc.lineno}, column {exc.colno}."
            ) from None
        if rest.strip():
            messages.append(f"{name} has several records; the inspector shows the first one.")
    if not isinstance(obj, dict):
        raise InputError(f"{name} must hold an object with 'candidate' and 'references'.")
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


#: Deepest nesting of arrays and objects an uploaded record may have (a record needs 2).
MAX_JSON_DEPTH = 20


def _load_json(text: str, name: str) -> object:
    """``json.loads`` with the failures it raises besides JSONDecodeError turned into messages."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:  # a cheap pre-check: json.loads recurses once per level (RecursionError)
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_JSON_DEPTH:
                raise InputError(
                    f"{name} nests arrays or objects more than {MAX_JSON_DEPTH} levels deep; "
                    "a record is an object with 'candidate' and 'references'."
                )
        elif ch in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except RecursionError:
        raise InputError(f"{name} nests arrays or objects too deeply.") from None
    except ValueError as exc:
        if isinstance(exc, json.JSONDecodeError):
            raise
        # e.g. an integer of more than 4,300 digits (Python's int conversion limit)
        raise InputError(f"{name} holds a value JSON cannot read here: {str(exc)[:120]}") from None


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
