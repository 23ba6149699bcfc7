"""The pairs of a plain JSON Lines corpus as texts, read in bulk (issue 22, point 5).

A worker scoring a shard needs each record's texts and id, not the
:class:`~rouge_core.io.readers.model.Document` that :func:`~rouge_core.io.readers.read_jsonl` builds
for every record (its sentences as tuples, its ``meta``, its origin): building those was most of the
reading, and reading a third of a worker's time. :func:`jsonl_texts` reads the generic flavour of
``read_jsonl`` in ``"lines"`` mode (the same fields, :data:`~rouge_core.io.readers.jsonl.GENERIC`)
and gives each summary as the one text its sentences make: their ``"\\n".join``, which is how
:func:`rouge_core.score` reads a list of sentences, so the scores are those of the reader's pairs to
the last bit.

It refuses nothing. For any input it does not take (another name, flavour or encoding, a record
the reader would refuse or report, a value of an unusual type) it returns ``None``, and the caller
reads the input with the reader, whose :class:`~rouge_core.io.readers.ReadError` says what is wrong
and where: the messages for bad input are the reader's, whatever the path.

>>> data = (b'{"id": "d1", "candidate": "A b.\\\\n\\\\nC.", "reference": "A c."}\\n\\n'
...         b'{"id": 7, "summary": "B.", "references": ["x", ["y", "z"]]}\\n')
>>> jsonl_texts(data, "news.jsonl")
([('A b.\\nC.', 'A c.'), ('B.', ['x', 'y\\nz'])], ['d1', '7'])
>>> jsonl_texts(b'{"candidate": "a", "reference": ["b"]}\\n', "news.jsonl") is None  # the reader refuses it
True
"""

from __future__ import annotations

import json
from itertools import chain
from operator import itemgetter
from typing import Any, Optional

from ...batch.corpus import Pair
from . import model
from .common import decode, lines_of, too_deep
from .jsonl import GENERIC, detect_flavour
from .model import ReadError

#: The types of a JSON value that holds no other: a record whose values are all of them is one level deep.
_FLAT: frozenset[type] = frozenset([str, int, float, bool, type(None)])
#: The types the reader takes in a column of uniform records: texts, sources, systems, ids.
_STR: frozenset[type] = frozenset([str])
_SOURCE: frozenset[type] = frozenset([str, type(None)])
_SYSTEM: frozenset[type] = frozenset([str, int, type(None)])
_ID: frozenset[type] = frozenset([str, int])
#: json.loads of a str, without its per-call checks (a str starting with U+FEFF fails both ways).
_DECODE = json.JSONDecoder().decode
#: The names under which the reader reads a file line by line (no whole-text JSON array or object).
LINE_NAMES = (".jsonl", ".ndjson")


def jsonl_texts(data: bytes, name: str, system: Optional[str] = None) -> Optional[tuple[list[Pair], list[str]]]:
    """``read_corpus(data, name).pairs(system)`` with each summary as its text (its sentences joined by
    ``"\\n"``; one reference as a text, several as a list of texts), or ``None`` when the input is not
    the generic JSON Lines shape that this reads (see the module's docstring): then read it with
    :func:`~rouge_core.io.readers.read_corpus`, which gives the same pairs or says what is wrong."""
    if not name.lower().endswith(LINE_NAMES) or not isinstance(data, bytes) or len(data) > model.MAX_BYTES:
        return None
    try:
        text = decode(data, name)
    except ReadError:  # bad bytes: the reader names the line and the byte
        return None
    lines = list(filter(str.strip, lines_of(text)))  # the reader skips blank lines
    if not lines or len(lines) > model.MAX_PAIRS:
        return None
    try:  # one JSON value a line, as the reader's json.loads reads it, called from C (map), not a Python loop
        records = list(map(_DECODE, lines))
    except (ValueError, RecursionError):  # not JSON, a number too long, nesting too deep: the reader says where
        return None
    if type(records[0]) is not dict or detect_flavour(records[0]) != "jsonl":
        return None
    return _uniform(records, system) or _pairs(records, system)


def _uniform(records: list[Any], system: Optional[str]) -> Optional[tuple[list[Pair], list[str]]]:
    """The common shard, checked column by column in a few C calls: every record an object with the
    same fields in the same order, every value a string, a number, true/false or null, one reference a
    record. None for anything else (then :func:`_pairs` reads record by record)."""
    first = records[0]
    if {*map(type, records)} != {dict} or len({*map(tuple, records)}) != 1:
        return None
    if not _FLAT.issuperset(map(type, chain.from_iterable(map(dict.values, records)))):
        return None  # a list or an object somewhere: the depth and the references are checked record by record
    cand_keys = [n for n in GENERIC.candidate if n in first]
    ref_keys = [n for n in GENERIC.references if n in first]
    if len(cand_keys) != 1 or len(ref_keys) != 1:
        return None
    cands, refs = (_column(records, k, _STR) for k in (cand_keys[0], ref_keys[0]))
    src_key = _first(first, GENERIC.sources)
    if cands is None or refs is None or (src_key is not None and _column(records, src_key, _SOURCE) is None):
        return None
    ids = _uniform_ids(records, _first(first, GENERIC.systems), _first(first, GENERIC.ids))
    if ids is None:
        return None
    # One search of all the texts (a line break where one text ends and the next starts, or an empty
    # text, shows as an empty line too: then each text is looked at, which costs only time)
    joined = "\n".join(cands + refs)
    if "\n\n" in joined or joined.startswith("\n") or joined.endswith("\n"):
        cands, refs = _clean(cands), _clean(refs)
    # the reader's limit counts the sentences' characters (a text's less its line breaks): the texts'
    # length bounds them, so the line breaks are counted only near the limit
    if sum(map(len, cands)) + sum(map(len, refs)) > model.MAX_CHARS:
        if sum(len(t) - t.count("\n") for t in cands + refs) > model.MAX_CHARS:
            return None
    pairs: list[Pair] = list(zip(cands, refs))
    return _of_system(pairs, *ids, system)


def _uniform_ids(
    records: list[dict[str, Any]], sys_key: Optional[str], id_key: Optional[str]
) -> Optional[tuple[list[str], list[str]]]:
    """(ids, systems) of uniform records as the reader gives them; None where it refuses one (a bad
    value, a document twice) or where its positional ids are per system (several systems, no ids)."""
    n = len(records)
    systems = [""] * n
    if sys_key is not None:
        values = _column(records, sys_key, _SYSTEM)
        if values is None:
            return None
        systems = values if _STR.issuperset(map(type, values)) else [_as_system(v) for v in values]
    if id_key is None:  # the reader's positional ids: 1, 2, ... in each system
        if systems.count(systems[0]) != n:
            return None
        return [str(k) for k in range(1, n + 1)], systems
    ids = _column(records, id_key, _ID)
    if ids is None:
        return None
    if not _STR.issuperset(map(type, ids)):
        ids = [v if type(v) is str else str(v) for v in ids]  # a number's text is never empty
    if "" in ids:
        return None
    # a document twice (the same system and id): the reader names both lines
    if len(set(ids) if sys_key is None else set(zip(systems, ids))) != n:
        return None
    return ids, systems


def _as_system(value: Any) -> str:
    return "" if value is None else str(value)


def _column(records: list[dict[str, Any]], key: str, types: frozenset[type]) -> Optional[list[Any]]:
    """Every record's ``key``, or None if one is not of ``types``."""
    values = list(map(itemgetter(key), records))
    return values if types.issuperset(map(type, values)) else None


def _clean(texts: list[str]) -> list[str]:
    """Each text as the text of its non-empty lines (:func:`_text`)."""
    return [t if "\n" not in t else "\n".join(filter(None, t.split("\n"))) for t in texts]


def _pairs(records: list[Any], system: Optional[str]) -> Optional[tuple[list[Pair], list[str]]]:
    """The records' pairs and ids (those of ``system``), or None if any record is one the reader refuses."""
    pairs: list[Pair] = []
    ids: list[str] = []
    systems: list[str] = []
    seen: set[tuple[str, str]] = set()
    positions: dict[str, int] = {}
    chars = 0
    for rec in records:
        if type(rec) is not dict:
            return None
        if not _FLAT.issuperset(map(type, rec.values())) and too_deep(rec, model.MAX_JSON_DEPTH):
            return None
        cand_keys = [n for n in GENERIC.candidate if n in rec]
        ref_keys = [n for n in GENERIC.references if n in rec]
        if len(cand_keys) != 1 or len(ref_keys) != 1:
            return None
        cand = _text(rec[cand_keys[0]])
        refs = _references(rec[ref_keys[0]], ref_keys[0])
        sys_name = _system(rec)
        if cand is None or refs is None or sys_name is None or not _source_ok(rec):
            return None
        id_key = _first(rec, GENERIC.ids)
        if id_key is None:  # the reader's positional id: the k-th record of its system without one
            positions[sys_name] = positions.get(sys_name, 0) + 1
            doc_id = str(positions[sys_name])
        else:
            value = rec[id_key]
            if type(value) is int:
                doc_id = str(value)
            elif type(value) is str and value:
                doc_id = value
            else:
                return None
        key = (sys_name, doc_id)
        if key in seen:
            return None
        seen.add(key)
        # the reader's limit counts the sentences' characters: a text's less its line breaks
        chars += len(cand) - cand.count("\n") + sum(len(r) - r.count("\n") for r in refs)
        pairs.append((cand, refs[0]) if len(refs) == 1 else (cand, refs))
        ids.append(doc_id)
        systems.append(sys_name)
    if chars > model.MAX_CHARS:
        return None
    return _of_system(pairs, ids, systems, system)


def _of_system(
    pairs: list[Pair], ids: list[str], systems: list[str], system: Optional[str]
) -> Optional[tuple[list[Pair], list[str]]]:
    """``Corpus.pairs(system)``'s choice; None where it raises (several systems and none named, or none of it)."""
    if system is None:
        return (pairs, ids) if systems.count(systems[0]) == len(systems) else None
    keep = [k for k, s in enumerate(systems) if s == system]
    if not keep:
        return None
    if len(keep) == len(systems):
        return pairs, ids
    return [pairs[k] for k in keep], [ids[k] for k in keep]


def _first(rec: dict[str, Any], names: tuple[str, ...]) -> Optional[str]:
    for n in names:
        if n in rec:
            return n
    return None


def _text(value: Any) -> Optional[str]:
    """A summary (a string, or a list of sentence strings) as the text of its non-empty lines."""
    if type(value) is str:
        return value if "\n" not in value else "\n".join(filter(None, value.split("\n")))
    if type(value) is list and all(type(s) is str for s in value):
        return "\n".join(filter(None, "\n".join(value).split("\n")))
    return None


def _references(value: Any, key: str) -> Optional[list[str]]:
    """The references' texts: ``reference`` holds one string; ``references`` a string, or a non-empty
    list of strings and lists of sentence strings."""
    if type(value) is str:
        text = _text(value)
        return None if text is None else [text]
    if key == "reference" or type(value) is not list or not value:
        return None
    texts = [_text(r) for r in value]
    return None if None in texts else texts  # type: ignore[return-value]


def _system(rec: dict[str, Any]) -> Optional[str]:
    """The record's system (``""`` without one), or None where the reader refuses it."""
    key = _first(rec, GENERIC.systems)
    if key is None:
        return ""
    value = rec[key]
    if value is None:
        return ""
    if type(value) is int:
        return str(value)
    return value if type(value) is str else None


def _source_ok(rec: dict[str, Any]) -> bool:
    key = _first(rec, GENERIC.sources)
    return key is None or rec[key] is None or type(rec[key]) is str
