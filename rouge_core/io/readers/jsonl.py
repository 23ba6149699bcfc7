"""JSON Lines corpora in three flavours: generic, SummEval's paired format, REALSumm's.

The flavour is told from the first record's fields (see :func:`detect_flavour`); every later record
must fit it. A file named ``.jsonl`` or ``.ndjson`` is read line by line; under any other name the
text may also be one JSON array of records, or one (pretty-printed) object.

* SummEval: ``decoded`` (candidate), ``references`` (list), ``model_id`` (system), ``id``, ``text``
  (source); ``expert_annotations``, ``turker_annotations``, ``filepath`` stay in ``meta``.
* REALSumm: ``candidate`` and ``reference`` with sentences in ``<t> ... </t>`` (always the
  sentences, whatever the mode; a last ``<t>`` left open runs to the end of the text), ``system``,
  ``doc_idx`` (or ``doc_id``) as the ID; ``scores`` and the rest stay in ``meta``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Optional

from ..perl_inputs import shown
from .common import Collector, check_mode, check_size, decode, describe, kind, label, sentences_of, sentences_of_list
from .json_records import records
from .model import Corpus, Document, ReadError, Skipped


@dataclass(frozen=True)
class _Schema:
    """Which fields of a record hold what, in order of preference."""

    candidate: tuple[str, ...]
    references: tuple[str, ...]
    ids: tuple[str, ...]
    systems: tuple[str, ...]
    sources: tuple[str, ...]
    tagged: bool = False


_SCHEMAS = {
    "jsonl": _Schema(
        ("candidate", "summary", "prediction"),
        ("reference", "references"),
        ("id", "doc_id"),
        ("system", "model_id"),
        ("source", "text", "article"),
    ),
    "summeval": _Schema(("decoded",), ("references",), ("id",), ("model_id",), ("text",)),
    "realsumm": _Schema(("candidate",), ("reference",), ("doc_idx", "doc_id"), ("system",), (), tagged=True),
}
#: The JSONL flavours, as :attr:`Corpus.fmt` names them.
FLAVOURS = tuple(_SCHEMAS)
#: The generic flavour's fields, in order of preference (:mod:`rouge_core.io.readers.jsonl_texts` reads
#: them too, so both readers take the same field for the same role).
GENERIC = _SCHEMAS["jsonl"]
REALSUMM_SENTENCES = "REALSumm's <t> ... </t> tags"
# A last <t> left open runs to the end: REALSumm's truncated outputs (e.g. bottom_up's) end that way.
_TAG = re.compile(r"<t>(.*?)(?:</t>|\Z)", re.S)


def detect_flavour(record: dict[str, Any]) -> str:
    """The flavour of a record: ``"summeval"`` (fields ``decoded`` and ``references``), ``"realsumm"``
    (``candidate`` and ``reference`` strings holding ``<t>`` tags), otherwise ``"jsonl"``.

    >>> detect_flavour({"decoded": "a", "references": ["b"], "model_id": "M8"})
    'summeval'
    >>> detect_flavour({"candidate": "<t> a . </t>", "reference": "<t> b . </t>"}), detect_flavour({"summary": "a"})
    ('realsumm', 'jsonl')
    """
    if "decoded" in record and "references" in record:
        return "summeval"
    cand, ref = record.get("candidate"), record.get("reference")
    if isinstance(cand, str) and isinstance(ref, str) and ("<t>" in cand or "<t>" in ref):
        return "realsumm"
    return "jsonl"


def sniff_flavour(data: bytes, name: str) -> str:
    """The flavour of JSON Lines (or a JSON array) given as bytes, from its first record.

    >>> sniff_flavour(b'\\n{"doc_idx": 0, "candidate": "<t> a . </t>", "reference": "<t> b . </t>"}\\n', "r.jsonl")
    'realsumm'
    """
    check_size(data, name)
    text = decode(data, name)
    if not text.strip():
        raise ReadError(f"{label(name)}: the file is empty")
    first = next((record for _, _, record in records(text, name, [])), None)
    if first is None:  # not reached: a non-blank text yields a record or raises
        raise ReadError(f"{label(name)}: no records")
    return detect_flavour(first)


def read_jsonl(
    data: bytes,
    name: str,
    sentences: str = "lines",
    flavour: Optional[str] = None,
    candidate_field: Optional[str] = None,
    reference_field: Optional[str] = None,
) -> Corpus:
    """Read JSON Lines (one object a line; blank lines skipped and listed), a JSON array of objects, or
    one object.

    Fields (generic flavour): the candidate in ``candidate``, ``summary`` or ``prediction``; references
    in ``reference`` (a string) or ``references`` (a string, or a list whose items are strings or lists
    of sentence strings); optional ``id``/``doc_id`` (without one, a system's k-th record is ``"k"``),
    ``system``/``model_id``, ``source``/``text``/``article``. Every other field goes to ``meta``.
    ``flavour`` (default: detected) and ``candidate_field``/``reference_field`` (when a record has
    two candidate fields) override the choice. Any bad record is a :class:`ReadError` (the file
    should be fixed, not partly read).

    >>> c = read_jsonl(b'{"id": "d1", "summary": "A b.\\\\nC.", "references": ["A c.", "B."], "x": 1}\\n\\n', "n.jsonl")
    >>> d = c.documents[0]
    >>> d.doc_id, d.candidate, d.references, dict(d.meta), d.origin, c.skipped[0].reason
    ('d1', ('A b.', 'C.'), (('A c.',), ('B.',)), {'x': 1}, 'n.jsonl:1', 'blank line')
    """
    check_mode(sentences)
    if flavour is not None and flavour not in _SCHEMAS:
        raise ValueError(f"invalid flavour={flavour!r}: allowed values are {', '.join(FLAVOURS)}")
    check_size(data, name)
    text = decode(data, name)
    if not text.strip():
        raise ReadError(f"{label(name)}: the file is empty")
    collector: Optional[Collector] = None
    schema = _SCHEMAS["jsonl"]
    blank: list[Skipped] = []
    for where, origin, record in records(text, name, blank):
        if collector is None:
            fmt = flavour or detect_flavour(record)
            schema = _SCHEMAS[fmt]
            collector = Collector(name, fmt, REALSUMM_SENTENCES if schema.tagged else describe(sentences))
        doc, id_field = _document(record, schema, where, origin, sentences, collector, candidate_field, reference_field)
        collector.add(doc, where, id_field)
    if collector is None:
        raise ReadError(f"{label(name)}: no records, only {len(blank):,} blank line(s)")
    collector.skipped.extend(blank)  # JSON Lines skip nothing but blank lines: the order holds
    return collector.corpus()


def _choose(record: dict[str, Any], names: tuple[str, ...], override: Optional[str], role: str, where: str) -> str:
    """The one field holding the candidate or the references."""
    if override is not None:
        if override not in record:
            raise ReadError(f"{where}: no field {shown(override, 80)!r} (named as the {role}); {_fields(record)}")
        return override
    present = [n for n in names if n in record]
    if not present:
        wanted = ", ".join(repr(n) for n in names[:-1]) + (" or " if len(names) > 1 else "") + repr(names[-1])
        raise ReadError(f"{where}: no {role}: expected a field {wanted}; {_fields(record)}")
    if len(present) > 1:
        raise ReadError(
            f"{where}: fields {present[0]!r} and {present[1]!r} could both be the {role}: keep one, or name "
            f"it ({'candidate' if role == 'candidate' else 'reference'}_field=...)"
        )
    return present[0]


def _fields(record: dict[str, Any]) -> str:
    keys = [repr(shown(str(k), 40)) for k in list(record)[:12]]
    return (
        "the record has "
        + (f"fields {', '.join(keys)}" if keys else "no fields")
        + (" ..." if len(record) > 12 else "")
    )


def _summary(value: Any, field: str, where: str, mode: str, tagged: bool) -> tuple[str, ...]:
    """A candidate (or one reference): a string, or a list of sentence strings."""
    if tagged:
        if not isinstance(value, str):
            raise ReadError(f"{where}: field {field!r} must be a string of <t> ... </t> sentences, found {kind(value)}")
        outside = _TAG.sub(" ", value).strip()
        if outside:
            raise ReadError(f"{where}: field {field!r} has text outside <t> ... </t> tags: {shown(outside, 60)!r}")
        sents = [m.strip() for m in _TAG.findall(value)]
        nested = next((s for s in sents if "<t>" in s or "</t>" in s), None)
        if nested is not None:
            raise ReadError(f"{where}: field {field!r} has a <t> inside another: {shown(nested, 60)!r}")
        return tuple(s for s in sents if s)
    if isinstance(value, str):
        return sentences_of(value, mode)
    if isinstance(value, list):
        bad = next(((i, s) for i, s in enumerate(value, start=1) if not isinstance(s, str)), None)
        if bad is None:
            return sentences_of_list(value, mode)
        raise ReadError(
            f"{where}: field {field!r} must be a string or a list of sentence strings, "
            f"found a list with {kind(bad[1])} at position {bad[0]}"
        )
    raise ReadError(f"{where}: field {field!r} must be a string or a list of sentence strings, found {kind(value)}")


def _references(value: Any, field: str, where: str, mode: str, tagged: bool) -> tuple[tuple[str, ...], ...]:
    if tagged or field == "reference":
        if not isinstance(value, str) and not tagged:
            raise ReadError(
                f"{where}: field 'reference' must be a string, found {kind(value)} "
                "(several references go in a field 'references')"
            )
        return (_summary(value, field, where, mode, tagged),)
    if isinstance(value, str):
        return (sentences_of(value, mode),)
    if not isinstance(value, list):
        raise ReadError(f"{where}: field {field!r} must be a string or a list of strings, found {kind(value)}")
    if not value:
        raise ReadError(f"{where}: field {field!r} is an empty list: a document needs at least one reference")
    out = []
    for i, ref in enumerate(value, start=1):
        if not isinstance(ref, (str, list)):
            raise ReadError(
                f"{where}: field {field!r} must be a string or a list of strings, found {kind(ref)} at position {i}"
            )
        out.append(_summary(ref, f"{field}[{i}]", where, mode, False))
    return tuple(out)


def _optional(record: dict[str, Any], names: tuple[str, ...]) -> tuple[Optional[str], Any]:
    return next(((n, record[n]) for n in names if n in record), (None, None))


def _document(
    record: dict[str, Any],
    schema: _Schema,
    where: str,
    origin: str,
    mode: str,
    collector: Collector,
    candidate_field: Optional[str],
    reference_field: Optional[str],
) -> tuple[Document, str]:
    """(document, how messages name the source of its ID) of one record."""
    cand_key = _choose(record, schema.candidate, candidate_field, "candidate", where)
    ref_key = _choose(record, schema.references, reference_field, "references", where)
    candidate = _summary(record[cand_key], cand_key, where, mode, schema.tagged)
    references = _references(record[ref_key], ref_key, where, mode, schema.tagged)
    sys_key, system = _optional(record, schema.systems)
    if system is None:
        system = ""
    elif isinstance(system, int) and not isinstance(system, bool):
        system = str(system)
    elif not isinstance(system, str):
        raise ReadError(f"{where}: field {sys_key!r} must be a string, found {kind(system)}")
    id_key, doc_id = _optional(record, schema.ids)
    if id_key is None:
        doc_id = collector.position(system)
    elif isinstance(doc_id, int) and not isinstance(doc_id, bool):
        doc_id = str(doc_id)
    elif not isinstance(doc_id, str) or not doc_id:
        found = "an empty string" if doc_id == "" else kind(doc_id)
        raise ReadError(f"{where}: field {id_key!r} must be a non-empty string or an integer, found {found}")
    src_key, source = _optional(record, schema.sources)
    if source is not None and not isinstance(source, str):
        raise ReadError(f"{where}: field {src_key!r} must be a string, found {kind(source)}")
    used = {cand_key, ref_key, sys_key, id_key, src_key}
    meta = MappingProxyType({k: v for k, v in record.items() if k not in used})
    doc = Document(doc_id, system, candidate, references, source, meta, origin)
    return doc, f"field {id_key!r}" if id_key else "position"
