"""JSON text to records: JSON Lines, or one JSON array of objects, or one object; every JSON error a
:class:`ReadError` that says where.

:func:`parse_json` and :func:`json_record` are the one JSON reader of the project: the corpus
readers and the judgment imports of :mod:`annotation` both call them, so the limits
(nesting: :data:`~rouge_core.io.readers.model.MAX_JSON_DEPTH`; whole numbers: Python's digit limit) and
their messages are the same everywhere.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Iterator

from ..perl_inputs import shown
from . import model
from .common import kind, label, lines_of, too_deep
from .model import ReadError, Skipped


def parse_json(text: str, where: str) -> Any:
    """The JSON value of ``text``; invalid JSON, nesting too deep for the parser and whole numbers too
    long to convert are a :class:`ReadError` starting with ``where``. A one-line text names the
    column of an error, a longer one its line and column.

    >>> parse_json('{"a": [1, 2]}', "x.jsonl line 3")
    {'a': [1, 2]}
    >>> parse_json('{"a": 1 "b": 2}', "x.jsonl line 3")
    Traceback (most recent call last):
    ...
    rouge_core.io.readers.model.ReadError: x.jsonl line 3: not valid JSON (Expecting ',' delimiter at column 9)
    >>> parse_json('{"n": ' + "7" * 5000 + "}", "x.jsonl line 3")
    Traceback (most recent call last):
    ...
    rouge_core.io.readers.model.ReadError: x.jsonl line 3: cannot read a number with more than 4,300 digits
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        if "\n" in text:
            raise ReadError(f"{where} line {e.lineno}, column {e.colno}: not valid JSON ({e.msg})") from None
        raise ReadError(f"{where}: not valid JSON ({e.msg} at column {e.colno})") from None
    except RecursionError:  # deeper than the parser's stack: far above MAX_JSON_DEPTH
        raise ReadError(_too_deep(where)) from None
    except ValueError as e:
        raise ReadError(f"{where}: {_json_problem(e)}") from None


def json_record(text: str, where: str, what: str = "a JSON line") -> dict[str, Any]:
    """One record: ``text`` must hold a JSON object nested at most
    :data:`~rouge_core.io.readers.model.MAX_JSON_DEPTH` levels deep (see :func:`parse_json`).

    >>> json_record("[1]", "j.jsonl line 2")
    Traceback (most recent call last):
    ...
    rouge_core.io.readers.model.ReadError: j.jsonl line 2: a JSON line must be an object ({...}), found a list
    """
    return _checked(parse_json(text, where), where, what)


def records(text: str, name: str, blank: list[Skipped]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(where, origin, record) of each record; blank lines are appended to ``blank``."""
    lines_only = name.lower().endswith((".jsonl", ".ndjson"))
    whole: Any = None
    if text.lstrip().startswith("[") and not lines_only:
        whole = parse_json(text, label(name))
        if not isinstance(whole, list):
            raise ReadError(f"{label(name)}: expected a JSON array of records, found {kind(whole)}")
        if not whole:
            raise ReadError(f"{label(name)}: the JSON array holds no records")
        for i, item in enumerate(whole, start=1):
            where = f"{label(name)} item {i}"
            yield where, f"{name}:item {i}", _checked(item, where, "an item of the array")
        return
    if "\n" in text.strip() and not lines_only:
        try:
            whole = parse_json(text, label(name))
        except ReadError:
            whole = None  # JSON Lines (or broken): read line by line, which says where
        if isinstance(whole, dict):
            yield label(name), f"{name}:1", _checked(whole, label(name), "the JSON object")
            return
    shown_name = label(name)  # once, not twice a line: escaping the name was a quarter of the reading
    for n, line in enumerate(lines_of(text), start=1):
        if not line.strip():
            blank.append(Skipped(f"{name}:{n}", "blank line"))
            continue
        where = f"{shown_name} line {n}"
        yield where, f"{name}:{n}", json_record(line, where)


def _too_deep(where: str) -> str:
    return f"{where}: the record nests lists and objects deeper than {model.MAX_JSON_DEPTH} levels"


def _json_problem(e: ValueError) -> str:
    """A ``json.loads`` ValueError in the user's words (Python's own text names its function to call)."""
    if "integer string conversion" in str(e):
        return f"cannot read a number with more than {sys.get_int_max_str_digits():,} digits"
    return f"not valid JSON ({shown(str(e).split(';')[0], 200)})"


def _checked(record: Any, where: str, what: str) -> dict[str, Any]:
    """``record`` if it is an object nested at most :data:`~rouge_core.io.readers.model.MAX_JSON_DEPTH` deep."""
    if not isinstance(record, dict):
        raise ReadError(f"{where}: {what} must be an object ({{...}}), found {kind(record)}")
    if too_deep(record, model.MAX_JSON_DEPTH):
        raise ReadError(_too_deep(where))
    return record
