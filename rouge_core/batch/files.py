"""Corpus files scored where they are read: one file is one partition (issue 22, point 5).

A cluster that is handed pairs gets every pair pickled from the client; a cluster handed *file
paths* reads each file on the worker that scores it, and only the columns travel back. This module
holds the part that needs no Dask: :func:`score_file` (what a worker runs on one file: read it with
:mod:`rouge_core.io.readers` -- plain JSON Lines in bulk, as texts, by
:mod:`~rouge_core.io.readers.jsonl_texts` -- and score its pairs with
:func:`~rouge_core.batch.score.score_batch`) and
:func:`join_files` (the files' columns one after the other, with the records' ids).
:func:`rouge_core.batch.distributed.score_files` sends the paths to a cluster.

A file is any corpus the readers read (JSON Lines and its SummEval and REALSumm flavours, CSV/TSV
with their column options, a ROUGE-1.5.5 zip), optionally gzip-compressed (``.gz``), within the
readers' limits for one corpus (:data:`~rouge_core.io.readers.MAX_PAIRS` documents,
:data:`~rouge_core.io.readers.MAX_BYTES` once decompressed): a large corpus is kept as shards. The
numbers are those of :func:`~rouge_core.batch.score.score_batch` on the same pairs in the same
order, to the last bit (the averages and the bootstrap are computed afterwards from the columns,
as for any batch: :func:`rouge_core.batch.corpus.summarize_batch`).

>>> import os, tempfile
>>> from rouge_core import RougeConfig
>>> folder = tempfile.mkdtemp()
>>> for name, text in (("a.jsonl", '{"id": "d1", "candidate": "a b", "reference": "a c"}\\n'),
...                    ("b.jsonl", '{"id": "d2", "candidate": "a", "reference": "a"}\\n')):
...     with open(os.path.join(folder, name), "w") as fh:
...         _ = fh.write(text)
>>> cfg = RougeConfig(max_n=1, rouge_l=False, wlcs_weight=None, skip_distance=None)
>>> paths = [os.path.join(folder, n) for n in ("a.jsonl", "b.jsonl")]
>>> res = join_files([score_file(p, cfg) for p in paths], paths, cfg)
>>> res.ids.tolist(), res.measures["ROUGE-1"].recall.tolist()
(['d1', 'd2'], [0.5, 1.0])
"""

from __future__ import annotations

import gzip
import io
import os
import zlib
from dataclasses import replace
from typing import Any, Optional, Sequence

import numpy as np

from ..config import RougeConfig
from ..io.perl_inputs import InputError, read_bytes
from ..io.readers import MAX_BYTES, Corpus, ReadError, read_corpus
from ..io.readers.common import label
from ..io.readers.jsonl_texts import jsonl_texts
from .score import BatchResult, PairError, concat, object_array, score_batch

#: The ending of a gzip-compressed corpus file (``news-000.jsonl.gz``); the name before it gives the format.
GZIP_ENDING = ".gz"


class FileError(ValueError):
    """A corpus file whose pairs cannot be scored as asked: the message names the file (and the document).

    >>> str(FileError("news.jsonl: no system 'B' in the corpus"))
    "news.jsonl: no system 'B' in the corpus"
    """


def read_file(path: str, sentences: str = "lines", **options: Any) -> Corpus:
    """:func:`rouge_core.io.readers.read_corpus_file` of ``path``, a ``.gz`` file decompressed first
    (at most :data:`~rouge_core.io.readers.MAX_BYTES` of it; its format told by the name without ``.gz``).

    >>> read_file("/no/such/news.jsonl.gz")
    Traceback (most recent call last):
    ...
    rouge_core.io.readers.model.ReadError: Cannot open /no/such/news.jsonl.gz: No such file or directory
    """
    return _corpus(file_bytes(path), path, sentences, options)


def file_bytes(path: str) -> bytes:
    """The bytes of the corpus file ``path`` (a regular file of at most
    :data:`~rouge_core.io.readers.MAX_BYTES`), a ``.gz`` file's once decompressed (at most as many).
    A file that cannot be read is a :class:`~rouge_core.io.readers.ReadError` naming it.

    >>> file_bytes("/no/such/news.jsonl")
    Traceback (most recent call last):
    ...
    rouge_core.io.readers.model.ReadError: Cannot open /no/such/news.jsonl: No such file or directory
    """
    try:  # read_bytes refuses a FIFO or a device, which gzip.open would wait on or read forever
        packed = read_bytes(path, MAX_BYTES, "a corpus file")
    except InputError as e:
        raise ReadError(str(e)) from None
    if not path.lower().endswith(GZIP_ENDING):
        return packed
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(packed)) as fh:
            data = fh.read(MAX_BYTES + 1)  # never more than the limit: a small file may unpack to gigabytes
    except (OSError, EOFError, zlib.error) as e:  # not gzip, truncated, or corrupt
        raise ReadError(f"{label(path)}: not a readable gzip file ({e})") from None
    if len(data) > MAX_BYTES:
        raise ReadError(
            f"{label(path)}: more than {MAX_BYTES:,} bytes once decompressed, the limit for one corpus file: "
            "split it into smaller shards"
        )
    return data


def _inner_name(path: str) -> str:
    """The name that tells the format: a ``.gz`` file's without ``.gz``."""
    return path[: -len(GZIP_ENDING)] if path.lower().endswith(GZIP_ENDING) else path


def _corpus(data: bytes, path: str, sentences: str, options: dict[str, Any]) -> Corpus:
    """The corpus of ``path`` from its bytes (:func:`file_bytes`)."""
    inner = _inner_name(path)
    if inner == path:
        return read_corpus(data, path, sentences, **options)
    try:
        corpus = read_corpus(data, inner, sentences, **options)
    except ReadError as e:  # the message names the file without .gz: say which file it is in
        raise ReadError(f"{label(path)} (decompressed): {e}") from None
    return replace(corpus, name=path)


def score_file(
    path: str,
    config: RougeConfig = RougeConfig(),
    sentences: str = "lines",
    system: Optional[str] = None,
    **options: Any,
) -> BatchResult:
    """The pairs of one corpus file scored into columns, with the records' ids (what a worker runs).

    ``system`` picks a system's documents (needed when the file holds several); ``sentences`` and
    ``options`` go to the reader (:func:`read_file`). Bad input is a
    :class:`~rouge_core.io.readers.ReadError`; a missing system or a pair that cannot be scored is a
    :class:`FileError`; both name the file.

    Plain JSON Lines (the generic flavour, one sentence a line, no reader options) is read by
    :func:`~rouge_core.io.readers.jsonl_texts.jsonl_texts`, which hands :func:`score_batch` the
    records' texts without building a document a record; any other file, and any file it does not
    take, by the reader. The pairs are the same, the numbers too, to the last bit.

    >>> score_file("/no/such/file.csv")
    Traceback (most recent call last):
    ...
    rouge_core.io.readers.model.ReadError: Cannot open /no/such/file.csv: No such file or directory
    """
    data = file_bytes(path)
    plain = jsonl_texts(data, _inner_name(path), system) if sentences == "lines" and not options else None
    if plain is not None:
        pairs, ids = plain
    else:
        corpus = _corpus(data, path, sentences, options)
        try:
            pairs, ids = corpus.pairs(system)
        except ValueError as e:  # several systems and none named, or no document of the one named
            raise FileError(f"{label(path)}: {e}") from None
    try:
        return score_batch(pairs, config, ids=ids)
    except PairError as e:
        raise FileError(
            f"{label(path)}: document {label(ids[e.index])!r} (document {e.index + 1:,} of the file): {e.cause}"
        ) from None


def join_files(parts: Sequence[BatchResult], paths: Sequence[str], config: RougeConfig) -> BatchResult:
    """The files' columns one after the other (``parts[k]`` is ``score_file(paths[k], config)``), with
    their ids, which must be unique across the files (a repeated id is a :class:`FileError` naming
    both files)."""
    # The ids stay arrays of the parts' own strings, checked once here (not again by with_ids): a
    # set of 200,000 ids and a list of them cost the client about 25 ms.
    ids = np.concatenate([part.ids for part in parts]).astype(object, copy=False) if parts else object_array([])
    if len(set(ids.tolist())) != len(ids):
        _repeated_id(parts, paths)
    return BatchResult(config, ids, concat(parts, config).measures)


def _repeated_id(parts: Sequence[BatchResult], paths: Sequence[str]) -> None:
    first: dict[str, int] = {}
    for k, part in enumerate(parts):
        for i in part.ids.tolist():
            seen = first.setdefault(i, k)
            if seen != k:  # a reader already refuses an id repeated within one file
                raise FileError(
                    f"document id {label(i)!r} is in {label(paths[seen])} and in {label(paths[k])}: ids must be "
                    "unique across the files (records without an id are numbered 1, 2, ... in each file)"
                )


def file_paths(paths: Sequence[str]) -> list[str]:
    """``paths`` checked: a non-empty list of file paths (``str`` or ``os.PathLike``), as strings.

    >>> file_paths(["a.jsonl", "b.jsonl.gz"])
    ['a.jsonl', 'b.jsonl.gz']
    >>> file_paths("a.jsonl")
    Traceback (most recent call last):
    ...
    TypeError: paths must be a list of file paths, not a str (write ['a.jsonl'] for one file)
    """
    if isinstance(paths, (str, bytes)):
        raise TypeError(f"paths must be a list of file paths, not a str (write [{str(paths)!r}] for one file)")
    if not isinstance(paths, Sequence) or not all(isinstance(p, (str, os.PathLike)) for p in paths):
        raise TypeError(f"paths must be a list of file paths, not {type(paths).__name__}")
    if not paths:
        raise ValueError("paths is empty: give at least one corpus file")
    return [os.fspath(p) for p in paths]
