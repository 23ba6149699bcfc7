"""Corpus formats: read many (candidate, references) documents from a file, ready for
:func:`rouge_core.evaluate_corpus`.

Readers take the input's bytes and a display name (uploads arrive as bytes); ``*_file(s)`` wrappers
read paths for the command line. Every reader returns a :class:`Corpus`; bad input raises
:class:`ReadError` (a ``ValueError``) whose message names the file, the line (row, item or zip
member) and the field. Formats:

* JSON Lines (:func:`read_jsonl`): generic, SummEval's paired format, REALSumm's (told by fields);
* CSV/TSV tables (:func:`read_table`, columns from :func:`table_columns`);
* line-aligned files, one summary a line (:func:`read_aligned`);
* a zip with a ROUGE-1.5.5 XML config or ``-z`` list and its summaries (:func:`read_zip`).

:func:`read_corpus` picks the reader by extension and content (:func:`detect_format`).
Sentences: ``"lines"`` keeps a summary's line breaks (one sentence a line), ``"split"`` splits with
:func:`rouge_core.text.sentences.split_sentences`' rule set, ``"punkt"`` with NLTK's punkt (Hugging
Face's ``"\\n".join(nltk.sent_tokenize(text))``; needs NLTK's punkt_tab data, else a ``ValueError``
before anything is read); REALSumm's ``<t>`` tags and ROUGE-1.5.5's summary formats give their own
sentences (a zip's are then split further by ``"split"`` or ``"punkt"``). Limits: :data:`MAX_BYTES` per
input, :data:`MAX_PAIRS` documents, :data:`MAX_CHARS` characters of summary text, :data:`MAX_FILES`
files, :data:`MAX_JSON_DEPTH`.

>>> corpus = read_corpus(b'{"system": "A", "candidate": "a b", "reference": "a c"}\\n', "run.jsonl")
>>> pairs, ids = corpus.pairs("A")
>>> from rouge_core import RougeConfig, evaluate_corpus
>>> evaluate_corpus(pairs, RougeConfig(max_n=1), ids=ids).measures["ROUGE-1"].recall.average
0.5
"""

from __future__ import annotations

import io
import zipfile
from typing import Any, Sequence

from ..decoding import decode_text
from ..perl_inputs import InputError, read_bytes
from .aligned import read_aligned
from .common import MODE_SPLITTERS, SENTENCE_MODES, check_size, label
from .jsonl import FLAVOURS, read_jsonl, sniff_flavour
from .model import (
    FORMAT_NAMES,
    MAX_BYTES,
    MAX_CHARS,
    MAX_FILES,
    MAX_JSON_DEPTH,
    MAX_PAIRS,
    Corpus,
    Document,
    ReadError,
    Skipped,
    SystemCheck,
)
from .rouge_zip import read_zip
from .table import read_table, table_columns

__all__ = [
    "FORMAT_NAMES",
    "FLAVOURS",
    "MAX_BYTES",
    "MAX_CHARS",
    "MAX_FILES",
    "MAX_JSON_DEPTH",
    "MAX_PAIRS",
    "MODE_SPLITTERS",
    "SENTENCE_MODES",
    "Corpus",
    "Document",
    "ReadError",
    "Skipped",
    "SystemCheck",
    "detect_format",
    "read_aligned",
    "read_aligned_files",
    "read_corpus",
    "read_corpus_file",
    "read_jsonl",
    "read_table",
    "read_zip",
    "table_columns",
]

_TABLES = {"csv": "csv", "tsv": "tsv", "tab": "tsv"}
_JSON = ("json", "jsonl", "ndjson")


def detect_format(data: bytes, name: str) -> str:
    """Which reader fits: ``"zip"``, ``"csv"``, ``"tsv"``, or a JSONL flavour (``"jsonl"``,
    ``"summeval"``, ``"realsumm"``, from the first record). By extension first; a name without a
    known one is told by content (a zip's signature, or JSON starting with ``{`` or ``[``).

    >>> detect_format(b'{"id": "d1", "decoded": "a", "references": ["b"], "model_id": "M8"}', "x.jsonl")
    'summeval'
    >>> detect_format(b"a,b\\n", "runs.csv"), detect_format(b"PK\\x05\\x06" + bytes(18), "upload")
    ('csv', 'zip')
    >>> detect_format('{"summary": "a", "reference": "b"}'.encode("utf-16"), "upload")
    'jsonl'
    """
    check_size(data, name)
    ext = name.rpartition(".")[2].lower() if "." in name else ""
    if ext == "zip":
        return "zip"
    if ext in _TABLES:
        return _TABLES[ext]
    if ext in _JSON:
        return sniff_flavour(data, name)
    if zipfile.is_zipfile(io.BytesIO(data)):
        return "zip"
    if decode_text(data[:64], name, "surrogateescape").lstrip(" \t\r\n")[:1] in ("{", "["):  # after a BOM
        return sniff_flavour(data, name)
    raise ReadError(
        f"{label(name)}: unknown format: expected .jsonl or .json (JSON Lines, SummEval, REALSumm), .csv or "
        ".tsv (a table), or .zip (a ROUGE-1.5.5 config with its summaries); line-aligned files are read "
        "with read_aligned"
    )


def read_corpus(data: bytes, name: str, sentences: str = "lines", **options: Any) -> Corpus:
    """Read any supported format, picked by :func:`detect_format`; ``options`` go to the reader
    (a table needs ``candidate_column`` and ``reference_columns``; see :func:`read_table`).

    >>> c = read_corpus(b"id,cand,ref\\n7,a b,a c\\n", "t.csv", candidate_column="cand",
    ...                 reference_columns=["ref"], id_column="id")
    >>> c.fmt, c.documents[0].doc_id, c.documents[0].references
    ('csv', '7', (('a c',),))
    """
    fmt = detect_format(data, name)
    if fmt == "zip":
        return read_zip(data, name, sentences, **options)
    if fmt in ("csv", "tsv"):
        if "candidate_column" not in options or "reference_columns" not in options:
            cols = ", ".join(repr(c) for c in table_columns(data, name, options.get("delimiter"))[:20])
            raise ReadError(
                f"{label(name)}: a table needs candidate_column and reference_columns (its columns: {cols})"
            )
        return read_table(data, name, sentences=sentences, **options)
    options.setdefault("flavour", fmt)
    return read_jsonl(data, name, sentences, **options)


def read_corpus_file(path: str, sentences: str = "lines", **options: Any) -> Corpus:
    """:func:`read_corpus` of a file (a regular file of at most :data:`MAX_BYTES`; messages name the path)."""
    return read_corpus(_file_bytes(path), path, sentences, **options)


def read_aligned_files(
    candidate_path: str, reference_paths: Sequence[str], sentences: str = "lines", **options: Any
) -> Corpus:
    """:func:`read_aligned` of files (regular files of at most :data:`MAX_BYTES` each)."""
    if len(reference_paths) > MAX_FILES:
        raise ReadError(f"{len(reference_paths):,} reference files: the limit is {MAX_FILES:,} files")
    refs = [(p, _file_bytes(p)) for p in reference_paths]
    return read_aligned((candidate_path, _file_bytes(candidate_path)), refs, sentences, **options)


def _file_bytes(path: str) -> bytes:
    try:
        return read_bytes(path, MAX_BYTES, "a corpus file")
    except InputError as e:  # cannot open, not a regular file, too large
        raise ReadError(str(e)) from None
