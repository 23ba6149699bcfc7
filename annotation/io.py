"""Judgments to and from files: CSV and JSON Lines with stable columns.

Export writes one row per judgment (:data:`JUDGMENT_COLUMNS`) or content-unit judgment
(:data:`UNIT_COLUMNS`), in a fixed order, so exporting, importing into a fresh store (holding the
same corpora and rubric versions) and exporting again gives the same text. Import is all or nothing:
the first bad row (a missing column, an unknown corpus, document, rubric or criterion, a value that
is not a number or lies outside the scale) raises :class:`ImportFileError` naming the file, the line
and the field, and nothing of the file is stored. A stored judgment is replaced only by a newer one
(by ``updated_at``), so importing the same file twice changes nothing.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any, Iterator, Optional, Union

from rouge_core.io.csv_writer import restore_cell, write_csv
from rouge_core.io.readers.json_records import json_record
from rouge_core.io.readers.model import ReadError

from .importing import ImportContext, check_size, decode
from .model import UNIT_ORIGINS, ImportFileError, StoreError
from .store import AnnotationStore

#: Columns of exported judgments, in order.
JUDGMENT_COLUMNS = (
    "corpus", "doc_id", "system", "criterion", "annotator", "value",
    "rubric", "rubric_version", "source", "created_at", "updated_at",
)  # fmt: skip
#: Columns of exported content-unit judgments, in order (``reference`` empty for a unit of the whole document).
UNIT_COLUMNS = (
    "corpus", "doc_id", "system", "reference", "unit_position", "unit_text", "unit_origin",
    "annotator", "present", "created_at", "updated_at",
)  # fmt: skip
#: The file formats, by name.
FORMATS = ("csv", "jsonl")

__all__ = [
    "FORMATS",
    "JUDGMENT_COLUMNS",
    "UNIT_COLUMNS",
    "ImportFileError",
    "export_judgments",
    "export_unit_judgments",
    "import_judgments",
    "import_unit_judgments",
]


def export_judgments(
    store: AnnotationStore, fmt: str = "csv", corpus_id: Optional[int] = None, source: Optional[str] = None
) -> str:
    """The store's judgments (of one corpus and/or source, if given) as CSV or JSON Lines text.

    >>> from rouge_core.io.readers import read_corpus
    >>> s = AnnotationStore(":memory:")
    >>> item = s.items(s.add_corpus(read_corpus(b'{"id": "d1", "candidate": "a", "reference": "b"}', "x.jsonl")))[0]
    >>> _ = s.record(item.id, s.summeval_rubric().criterion("fluency"), "ann", 4)
    >>> print(export_judgments(s).splitlines()[1][:40])
    x.jsonl,d1,,fluency,ann,4,summeval,1,ann
    """
    rows = (
        (j.corpus, j.doc_id, j.system, j.criterion, j.annotator, j.value)
        + (j.rubric, j.rubric_version, j.source, j.created_at, j.updated_at)
        for j in store.judgments(corpus_id, source=source)
    )
    return _write(rows, JUDGMENT_COLUMNS, _format(fmt, "export"))


def export_unit_judgments(store: AnnotationStore, fmt: str = "csv", corpus_id: Optional[int] = None) -> str:
    """The store's content-unit judgments (of one corpus, if given) as CSV or JSON Lines text.

    >>> export_unit_judgments(AnnotationStore(":memory:"), "csv")
    'corpus,doc_id,system,reference,unit_position,unit_text,unit_origin,annotator,present,created_at,updated_at\\n'
    """
    rows = (
        (u.corpus, u.doc_id, u.system, u.reference, u.unit_position, u.unit_text, u.unit_origin)
        + (u.annotator, u.present, u.created_at, u.updated_at)
        for u in store.unit_judgments(corpus_id)
    )
    return _write(rows, UNIT_COLUMNS, _format(fmt, "export"))


def import_judgments(store: AnnotationStore, data: Union[bytes, str], name: str, fmt: Optional[str] = None) -> int:
    """Import judgments exported by :func:`export_judgments` (format from ``fmt`` or the file name's
    extension); the number of rows read. The corpora and rubric versions they name must be in the
    store; annotators are added. ``source`` defaults to ``annotated``, the times to now.

    >>> from rouge_core.io.readers import read_corpus
    >>> s = AnnotationStore(":memory:")
    >>> _ = s.add_corpus(read_corpus(b'{"id": "d1", "candidate": "a", "reference": "b"}', "x.jsonl"))
    >>> _ = s.summeval_rubric()
    >>> header = "corpus,doc_id,system,criterion,annotator,value,rubric,rubric_version\\n"
    >>> import_judgments(s, header + "x.jsonl,d1,,fluency,ann,4,summeval,1\\n", "j.csv")
    1
    >>> bad = header + "x.jsonl,d1,,fluency,bo,4,summeval,1\\nx.jsonl,d1,,fluency,bo,9,summeval,1\\n"
    >>> try:
    ...     import_judgments(s, bad, "b.csv")
    ... except ImportFileError as e:
    ...     print(e)  # doctest: +NORMALIZE_WHITESPACE
    b.csv, line 3, field 'value': 9 is outside the scale
    (criterion 'fluency' takes 1 to 5)
    >>> [j.annotator for j in s.judgments()]  # nothing of b.csv was stored
    ['ann']
    """
    rows = _read(data, name, fmt, JUDGMENT_COLUMNS, 8)
    count = 0
    with store.transaction() as conn:
        ctx = ImportContext(conn, name)
        for line, rec in rows:
            ctx.line = line
            item = ctx.item(rec)
            criterion = ctx.criterion(rec)
            ctx.upsert(item, criterion, ctx.annotator(rec), ctx.value(rec, criterion), rec)
            count += 1
    return count


def import_unit_judgments(store: AnnotationStore, data: Union[bytes, str], name: str, fmt: Optional[str] = None) -> int:
    """Import content-unit judgments exported by :func:`export_unit_judgments`; the number of rows
    read. A unit missing from the store is added (at its position, with its text); one present with
    another text is an error.

    >>> header = ",".join(UNIT_COLUMNS[:8])  # no "present"
    >>> import_unit_judgments(AnnotationStore(":memory:"), header, "u.csv")
    Traceback (most recent call last):
    ...
    annotation.model.ImportFileError: u.csv, line 1: missing column(s) 'present'
    """
    rows = _read(data, name, fmt, UNIT_COLUMNS, 9)
    count = 0
    with store.transaction() as conn:
        ctx = ImportContext(conn, name)
        for line, rec in rows:
            ctx.line = line
            item = ctx.item(rec)
            origin = ctx.text(rec, "unit_origin")
            if origin not in UNIT_ORIGINS:
                ctx.fail("unit_origin", f"{origin!r} is not one of {', '.join(UNIT_ORIGINS)}")
            unit_id = ctx.unit(item, rec, origin)
            ctx.tick(unit_id, item, ctx.annotator(rec), ctx.flag(rec, "present"), rec)
            count += 1
    return count


def _format(fmt: Optional[str], what: str, name: str = "") -> str:
    if fmt is None:
        ext = name.rpartition(".")[2].lower()
        fmt = {"csv": "csv", "jsonl": "jsonl", "ndjson": "jsonl", "json": "jsonl"}.get(ext)
        if fmt is None:
            raise ImportFileError(f"{name}: unknown format: name the file .csv or .jsonl, or pass fmt")
    if fmt not in FORMATS:
        raise StoreError(f"{what} format {fmt!r}: expected one of {', '.join(FORMATS)}")
    return fmt


def _write(rows: Iterator[tuple[Any, ...]], columns: tuple[str, ...], fmt: str) -> str:
    out = io.StringIO()
    if fmt == "jsonl":
        for row in rows:
            out.write(json.dumps(dict(zip(columns, row)), ensure_ascii=False) + "\n")
        return out.getvalue()
    # The project's one CSV writer: a name that starts like a formula (=, +, -, @) gets a ' in front,
    # which _csv_rows takes off again on import; booleans as 1 / 0, floats with every digit.
    return write_csv(columns, ([int(v) if isinstance(v, bool) else v for v in row] for row in rows))


def _read(
    data: Union[bytes, str], name: str, fmt: Optional[str], columns: tuple[str, ...], n_required: int
) -> list[tuple[int, dict[str, Any]]]:
    """(line, record) of every non-blank row, after checking the columns; the whole file is read
    (and its structure checked) before anything is written."""
    kind = _format(fmt, "import", name)
    check_size(data, name)
    text = decode(data, name)
    required = columns[:n_required]
    if kind == "jsonl":
        return list(_jsonl_rows(text, name, columns, required))
    return list(_csv_rows(text, name, columns, required))


def _jsonl_rows(
    text: str, name: str, columns: tuple[str, ...], required: tuple[str, ...]
) -> Iterator[tuple[int, dict[str, Any]]]:
    # split on "\n" only: str.splitlines would also cut at U+2028 and other breaks JSON text may hold
    for n, raw in enumerate(text.split("\n"), 1):
        if not raw.strip():
            continue
        try:  # the corpus readers' JSON reader: the same limits (nesting, long numbers) and messages
            rec = json_record(raw, f"{name}, line {n}")
        except ReadError as e:
            raise ImportFileError(str(e)) from None
        missing = [c for c in required if c not in rec]
        if missing:
            raise ImportFileError(f"{name}, line {n}: missing field(s) {', '.join(map(repr, missing))}")
        yield n, {c: rec[c] for c in columns if c in rec}


def _csv_rows(
    text: str, name: str, columns: tuple[str, ...], required: tuple[str, ...]
) -> Iterator[tuple[int, dict[str, Any]]]:
    reader = csv.reader(io.StringIO(text, newline=""))
    line = 1
    try:
        header = next(reader, None)
        if header is None:
            raise ImportFileError(f"{name}: empty file; expected a header line: {','.join(columns)}")
        missing = [c for c in required if c not in header]
        if missing:
            raise ImportFileError(f"{name}, line 1: missing column(s) {', '.join(map(repr, missing))}")
        index = {c: header.index(c) for c in columns if c in header}
        for row in reader:
            start, line = line + 1, reader.line_num
            if not any(cell.strip() for cell in row):
                continue
            if len(row) != len(header):
                raise ImportFileError(f"{name}, line {start}: {len(row)} fields, the header has {len(header)}")
            yield start, {c: restore_cell(row[i]) for c, i in index.items()}  # undo the export's ' mark
    except csv.Error as e:
        raise ImportFileError(f"{name}, line {line + 1}: not CSV ({e})") from None
