"""CSV and TSV tables: a header row, one document a row, the columns chosen by name.

Rows are numbered as a spreadsheet shows them: the header is row 1. A cell may hold line breaks
(quoted); ``\\r\\n`` inside a cell counts as one line break.
"""

from __future__ import annotations

import csv
import io
from types import MappingProxyType
from typing import Iterator, Optional, Sequence

from ..perl_inputs import shown
from .common import Collector, check_mode, check_size, decode, describe, label, sentences_of
from .model import Corpus, Document, ReadError

_DELIMITERS = {".csv": ",", ".tsv": "\t", ".tab": "\t"}


def _delimiter(name: str, delimiter: Optional[str]) -> str:
    if delimiter is not None:
        if not isinstance(delimiter, str) or len(delimiter) != 1 or delimiter in '\r\n"':
            raise ValueError(f"invalid delimiter={delimiter!r}: one character, not a quote or a line break")
        return delimiter
    ext = "." + name.rpartition(".")[2].lower() if "." in name else ""
    if ext not in _DELIMITERS:
        raise ReadError(f"{label(name)}: cannot tell the delimiter: name the file .csv or .tsv, or give the delimiter")
    return _DELIMITERS[ext]


def _rows(data: bytes, name: str, delimiter: Optional[str]) -> Iterator[tuple[int, list[str]]]:
    """(row number, cells) of every row, the header first (row 1)."""
    check_size(data, name)
    text = decode(data, name)
    if not text.strip():
        raise ReadError(f"{label(name)}: the file is empty")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=_delimiter(name, delimiter))
    row = 0
    while True:
        try:
            cells = next(reader)
        except StopIteration:
            return
        except csv.Error as e:
            why = shown(str(e), 200)
            if "field larger than field limit" in why:
                why = f"a cell longer than {csv.field_size_limit():,} characters, the csv module's limit"
            raise ReadError(f"{label(name)} row {row + 1} (line {reader.line_num}): {why}") from None
        row += 1
        yield row, [c.replace("\r\n", "\n") for c in cells]


def _header(rows: Iterator[tuple[int, list[str]]], name: str) -> list[str]:
    first = next(rows, None)
    if first is None or not any(c.strip() for c in first[1]):
        raise ReadError(f"{label(name)} row 1: the header row is empty (the first row must name the columns)")
    header = first[1]
    seen: set[str] = set()
    for col in header:
        if col in seen and col:
            raise ReadError(f"{label(name)} row 1: the column name {shown(col, 80)!r} appears twice")
        seen.add(col)
    return header


def table_columns(data: bytes, name: str, delimiter: Optional[str] = None) -> list[str]:
    """The column names of a CSV/TSV table (its header row), for a page to offer the choice.

    >>> table_columns(b"id,summary,ref1,ref2\\n1,a,b,c\\n", "t.csv")
    ['id', 'summary', 'ref1', 'ref2']
    """
    return _header(_rows(data, name, delimiter), name)


def read_table(
    data: bytes,
    name: str,
    candidate_column: str,
    reference_columns: Sequence[str],
    id_column: Optional[str] = None,
    system_column: Optional[str] = None,
    delimiter: Optional[str] = None,
    sentences: str = "lines",
    source_column: Optional[str] = None,
) -> Corpus:
    """Read a CSV/TSV table with a header row; each row is one document.

    Several reference columns give several references. An empty (or blank) reference cell is
    dropped and listed in :attr:`Corpus.skipped`; a row whose reference cells are all empty is
    skipped (listed too); a blank row is skipped. An empty candidate is kept (it scores 0).
    Without ``id_column`` a system's k-th row gets ID ``"k"``. Other columns go to ``meta``.
    The delimiter follows the extension (``.csv``: comma, ``.tsv``: tab) unless given.

    >>> c = read_table(b"doc\\tsummary\\tref1\\tref2\\nd1\\tA b. C.\\tA c.\\t\\n", "t.tsv", "summary",
    ...                ["ref1", "ref2"], id_column="doc", sentences="split")
    >>> c.documents[0].candidate, c.documents[0].references, c.skipped[0].reason
    (('A b.', 'C.'), (('A c.',),), "empty cell in reference column 'ref2' dropped")
    """
    check_mode(sentences)
    if isinstance(reference_columns, str):
        reference_columns = [reference_columns]
    fmt = "tsv" if _delimiter(name, delimiter) == "\t" else "csv"
    rows = _rows(data, name, delimiter)
    header = _header(rows, name)
    chosen = [candidate_column, *reference_columns] + [c for c in (id_column, system_column, source_column) if c]
    for col in chosen:
        if col not in header:
            cols = ", ".join(repr(shown(h, 40)) for h in header[:20]) + (" ..." if len(header) > 20 else "")
            raise ReadError(f"{label(name)} row 1: no column {shown(col, 80)!r} (the columns are {cols})")
    if not reference_columns:
        raise ValueError("reference_columns: name at least one reference column")
    if len(set(chosen)) != len(chosen):
        twice = next(c for c in chosen if chosen.count(c) > 1)
        raise ValueError(f"each column can have one role only: {shown(twice, 80)!r} is named twice")
    index: dict[str, int] = {}
    for i, col in enumerate(header):
        index.setdefault(col, i)
    collector = Collector(name, fmt, describe(sentences))
    for row, cells in rows:
        origin, where = f"{name}:row {row}", f"{label(name)} row {row}"
        if not any(c.strip() for c in cells):
            collector.skip(origin, "blank row")
            continue
        if len(cells) != len(header):
            raise ReadError(f"{where}: {len(cells)} cells, but the header has {len(header)} columns")
        refs = []
        for col in reference_columns:
            cell = cells[index[col]]
            if cell.strip():
                refs.append(sentences_of(cell, sentences))
            elif len(reference_columns) > 1:
                collector.skip(origin, f"empty cell in reference column {shown(col, 80)!r} dropped")
        if not refs:
            cols = ", ".join(repr(shown(c, 80)) for c in reference_columns)
            plural = "s" if len(reference_columns) > 1 else ""
            collector.skip(origin, f"no reference: column{plural} {cols} empty; row skipped")
            continue
        system = cells[index[system_column]].strip() if system_column else ""
        if system_column and not system:
            raise ReadError(f"{where}: column {shown(system_column, 80)!r} (the system) is empty")
        doc_id = cells[index[id_column]].strip() if id_column else collector.position(system)
        if not doc_id:
            raise ReadError(f"{where}: column {shown(str(id_column), 80)!r} (the document ID) is empty")
        meta = MappingProxyType({h: c for h, c in zip(header, cells) if h not in chosen})
        source = cells[index[source_column]] if source_column else None
        doc = Document(
            doc_id, system, sentences_of(cells[index[candidate_column]], sentences), tuple(refs), source, meta, origin
        )
        collector.add(doc, where, f"column {shown(id_column, 80)!r}" if id_column else "position")
    return collector.corpus()
