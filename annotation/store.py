"""The annotation store: corpora, rubrics, annotators and their judgments, in one SQLite file (the
embedded default) or in a PostgreSQL database that several app servers share (``ROUGE_LENS_DATABASE_URL``).

It is the only place that writes user data, and it commits each judgment when it is made: every
public method that writes has committed (SQLite: ``synchronous=FULL``, durable on disk; PostgreSQL: its
commit) before it returns. SQLite runs in WAL mode, so readers never wait for the writer and a crash
(even ``kill -9``) loses nothing that was committed.

Connections: one :class:`AnnotationStore` holds one connection. It may be shared between threads
(a lock runs its calls one at a time), but the usual pattern is one store per user session or one per
request (``with AnnotationStore() as store: ...``; opening is cheap: a PostgreSQL connection is kept
for the next store, :mod:`.postgres`). Different stores, in one process or several, may write at the
same time: each write takes the store's one write lock first (SQLite's ``BEGIN IMMEDIATE``,
PostgreSQL's advisory lock) and waits (up to 10 s, ``schema.BUSY_TIMEOUT_MS``) for the other writer
instead of failing.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Union

from .assignment import AssignmentMixin
from .campaigns import CampaignsMixin
from .corpora import CorporaMixin
from .database import where
from .history import HistoryMixin
from .judgments import JudgmentsMixin
from .overlap import OverlapMixin
from .rubrics import RubricsMixin
from .status import StatusMixin
from .units import UnitsMixin

#: Environment variable naming the data directory (default ``~/.rouge_lens``).
DATA_ENV = "ROUGE_LENS_DATA"
#: The store's file name inside the data directory.
FILE_NAME = "annotations.sqlite3"


def data_dir(create: bool = True) -> Path:
    """The directory of user data: ``$ROUGE_LENS_DATA`` if set (and not empty), else ``~/.rouge_lens``;
    created (readable by the user only) if missing, unless ``create`` is false (to name it in a message:
    a file in its place then raises no :class:`OSError`).

    >>> import tempfile
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"ROUGE_LENS_DATA": tempfile.mkdtemp()}):
    ...     data_dir() == Path(os.environ["ROUGE_LENS_DATA"]), default_path().name
    (True, 'annotations.sqlite3')
    """
    configured = os.environ.get(DATA_ENV, "").strip()
    path = Path(configured).expanduser() if configured else Path.home() / ".rouge_lens"
    if create:
        path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def default_path() -> Path:
    """The store's file: ``annotations.sqlite3`` in :func:`data_dir`."""
    return data_dir() / FILE_NAME


def configured() -> str:
    """Where the store lives when no path is given: ``$ROUGE_LENS_DATABASE_URL`` (a ``postgresql://`` URL
    or ``sqlite:///FILE``, :mod:`.database`) if set, else :func:`default_path`.

    >>> import tempfile
    >>> from unittest import mock
    >>> with mock.patch.dict(os.environ, {"ROUGE_LENS_DATABASE_URL": "sqlite:////srv/lens/a.sqlite3"}):
    ...     configured()
    '/srv/lens/a.sqlite3'
    """
    target = where()
    if target.kind == "postgresql":
        return target.url
    return target.path or str(default_path())


class AnnotationStore(
    CorporaMixin,
    RubricsMixin,
    JudgmentsMixin,
    StatusMixin,
    UnitsMixin,
    HistoryMixin,
    OverlapMixin,
    CampaignsMixin,
    AssignmentMixin,
):
    """The annotation store in the SQLite file ``path`` (default: :func:`default_path`; ``":memory:"``
    for a private store that vanishes on close). Opening migrates an older schema; a newer one is
    refused with :class:`~annotation.model.SchemaError`. Use it as a context manager, or
    call :meth:`close`.

    >>> from rouge_core.io.readers import read_corpus
    >>> with AnnotationStore(":memory:") as store:
    ...     corpus_id = store.add_corpus(read_corpus(b'{"id": "d1", "system": "A", "candidate": "a b", '
    ...                                              b'"reference": "a c"}', "news.jsonl"))
    ...     rubric = store.summeval_rubric()
    ...     item = store.next_item(corpus_id, "ann", rubric)
    ...     for criterion in rubric.criteria:
    ...         _ = store.record(item.id, criterion, "ann", 4)
    ...     store.progress(corpus_id, "ann", rubric), store.next_item(corpus_id, "ann", rubric)
    (Progress(done=1, skipped=0, total=1), None)
    """

    def __init__(self, path: Union[str, os.PathLike[str], None] = None) -> None:
        super().__init__(os.fspath(path) if path is not None else configured())

    def __enter__(self) -> AnnotationStore:
        return self

    def __repr__(self) -> str:
        state = "closed" if self.closed else "open"
        return f"AnnotationStore({self.path!r}, {state})"
