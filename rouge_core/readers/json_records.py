"""JSON text to records: JSON Lines, or one JSON array of objects, or one object; every JSON error a
:class:`ReadError` that says where."""

from __future__ import annotations

import json
from typing import Any, Iterator

from ..perl_inputs import shown
from . import model
from .common import kind, label, lines_of, too_deep
from .model import ReadError, Skipped


def records(text: str, name: str, blank: list[Skipped]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(where, origin, record) of each record; blank lines are appended to ``blank``."""
    lines_only = name.lower().endswith((".jsonl", ".ndjson"))
    whole: Any = None
    if text.lstrip().startswith("[") and not lines_only:
        try:
            whole = json.loads(text)
        except json.JSONDecodeError as e:
            raise ReadError(f"{label(name)} line {e.lineno}, column {e.colno}: not valid JSON ({e.msg})") from None
        except (ValueError, RecursionError) as e:
            raise ReadError(f"{label(name)}: not valid JSON ({_json_problem(e)})") from None
        if not whole:
            raise ReadError(f"{label(name)}: the JSON array holds no records")
        for i, item in enumerate(whole, start=1):
            where = f"{label(name)} item {i}"
            yield where, f"{name}:item {i}", _checked(item, where, "an item of the array")
        return
    if "\n" in text.strip() and not lines_only:
        try:
            whole = json.loads(text)
        except (ValueError, RecursionError):
            whole = None  # JSON Lines (or broken): read line by line, which says where
        if isinstance(whole, dict):
            yield label(name), f"{name}:1", _checked(whole, label(name), "the JSON object")
            return
    for n, line in enumerate(lines_of(text), start=1):
        if not line.strip():
            blank.append(Skipped(f"{name}:{n}", "blank line"))
            continue
        where = f"{label(name)} line {n}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            raise ReadError(f"{where}: not valid JSON ({e.msg} at column {e.colno})") from None
        except (ValueError, RecursionError) as e:
            raise ReadError(f"{where}: not valid JSON ({_json_problem(e)})") from None
        yield where, f"{name}:{n}", _checked(record, where, "a JSON line")


def _json_problem(e: Exception) -> str:
    if isinstance(e, RecursionError):
        return "nested too deeply"
    return shown(str(e).split(";")[0], 200)  # e.g. an integer above Python's 4,300-digit limit


def _checked(record: Any, where: str, what: str) -> dict[str, Any]:
    """``record`` if it is an object nested at most :data:`~rouge_core.readers.model.MAX_JSON_DEPTH` deep."""
    if not isinstance(record, dict):
        raise ReadError(f"{where}: {what} must be an object ({{...}}), found {kind(record)}")
    if too_deep(record, model.MAX_JSON_DEPTH):
        raise ReadError(f"{where}: the record nests lists and objects deeper than {model.MAX_JSON_DEPTH} levels")
    return record
