"""The one SQLite connection behind an :class:`~annotation.store.AnnotationStore`, and its
transactions.

Writes run in ``BEGIN IMMEDIATE`` transactions: a writer takes SQLite's write lock when it starts,
so concurrent writers (other sessions, other processes) wait for each other instead of failing
half-way with "database is locked". The wait is retried: :data:`WRITE_ATTEMPTS` attempts, SQLite's
busy handler waiting an equal share of the budget (``schema.BUSY_TIMEOUT_MS``) in each, with an
exponential pause with jitter between them (writers that failed together do not retry together).
Retrying the ``BEGIN IMMEDIATE`` is retrying the whole transaction: nothing of it has run yet, and once
it holds the write lock no other writer can make it busy (WAL mode). A write that still cannot start
raises :class:`StoreError` ("another writer held the store for more than ... s").

Reads run in a deferred transaction, so a read of several tables sees one snapshot. A lock makes the
store safe to share between threads; its calls run one at a time.

:meth:`StoreConnection.transaction` and :meth:`StoreConnection.snapshot` are the one place where an
:class:`sqlite3.Error` of an open store (a read-only file, a full disk, a damaged page, a writer that
held the lock past the busy timeout) becomes a :class:`StoreError` in plain words
(:mod:`.sqlite_errors`); a failed write is rolled back whole.
"""

from __future__ import annotations

import random
import sqlite3
import threading
import time
from contextlib import contextmanager
from types import TracebackType
from typing import Any, Iterator, Optional, Protocol

from . import schema
from .db import Db
from .model import StoreError
from .sqlite_errors import store_error, transient

#: How many times a write tries to take the write lock before it fails.
WRITE_ATTEMPTS = 4
#: The pause after the first failed attempt, in seconds; doubled after each (times a jitter of 0.5-1.5).
BACKOFF_SECONDS = 0.05


class Engine(Protocol):
    """A database's side of the store's transactions: SQLite's (:class:`SqliteEngine`) or PostgreSQL's
    (:class:`~annotation.postgres.PgEngine`)."""

    #: The database's name for messages (a file's path; a URL without its password).
    shown: str
    #: The driver's exceptions that become a :class:`StoreError` (unless :meth:`misuse`).
    errors: tuple[type[BaseException], ...]

    def open(self) -> Any: ...
    def usable(self, conn: Any) -> bool: ...
    def begin(self, conn: Any, write: bool) -> None: ...
    def end(self, conn: Any, commit: bool) -> None: ...
    def in_transaction(self, conn: Any) -> bool: ...
    def misuse(self, error: BaseException) -> bool: ...
    def store_error(self, error: BaseException, writing: bool) -> StoreError: ...
    def close(self, conn: Any) -> None: ...


class SqliteEngine:
    """SQLite's side: a file opened (and migrated) by :func:`schema.connect`, writes in ``BEGIN IMMEDIATE``
    retried with backoff (:func:`_begin`), reads in a deferred ``BEGIN``."""

    errors: tuple[type[BaseException], ...] = (sqlite3.Error,)

    def __init__(self, path: str) -> None:
        self.shown = path
        self._busy_seconds = schema.BUSY_TIMEOUT_MS / 1000  # the budget of a write waiting for others

    def open(self) -> sqlite3.Connection:
        """The file, opened and migrated; SQLite's busy handler waits one attempt's share of the budget."""
        conn = schema.connect(self.shown)
        conn.execute(f"PRAGMA busy_timeout = {attempt_timeout_ms(schema.BUSY_TIMEOUT_MS)}")
        return conn

    def usable(self, conn: Any) -> bool:
        """Always: a file does not go away under an open connection."""
        return True

    def begin(self, conn: Any, write: bool) -> None:
        """``BEGIN IMMEDIATE`` (retried) for a write, a deferred ``BEGIN`` for a read."""
        if write:
            _begin(conn)
        else:
            conn.execute("BEGIN")

    def end(self, conn: Any, commit: bool) -> None:
        """``COMMIT``, or a rollback that keeps the first error (:func:`_roll_back`)."""
        if commit:
            conn.execute("COMMIT")
        else:
            _roll_back(conn)

    def in_transaction(self, conn: Any) -> bool:
        """True inside a transaction."""
        return bool(conn.in_transaction)

    def misuse(self, error: BaseException) -> bool:
        """A programming error (a closed connection, a bad parameter count): a bug to see."""
        return isinstance(error, sqlite3.Error) and _misuse(error)

    def store_error(self, error: BaseException, writing: bool) -> StoreError:
        """SQLite's error in plain words (:mod:`.sqlite_errors`)."""
        assert isinstance(error, sqlite3.Error)
        return store_error(error, writing, self._busy_seconds)

    def close(self, conn: Any) -> None:
        """Close the file."""
        conn.close()


def engine_for(target: str) -> Engine:
    """The engine of ``target``: a ``postgresql://`` URL, or an SQLite file's path (``":memory:"``)."""
    if target.split(":", 1)[0].lower() in ("postgresql", "postgres"):
        from .database import where
        from .postgres import PgEngine

        return PgEngine(where(target))
    return SqliteEngine(target)


class StoreConnection:
    """Opens the database (migrating it), hands out transactions, closes it. ``target`` is an SQLite
    file's path or a ``postgresql://`` URL (:func:`engine_for`)."""

    def __init__(self, target: str) -> None:
        self._engine = engine_for(target)
        self.path = self._engine.shown
        self._lock = threading.RLock()
        self._depth = 0
        self._conn: Optional[Any] = self._engine.open()

    def close(self) -> None:
        """Close the connection (every write was already committed); later calls raise :class:`StoreError`."""
        with self._lock:
            if self._conn is not None:
                self._engine.close(self._conn)
                self._conn = None

    def __enter__(self) -> StoreConnection:
        return self

    def __exit__(
        self,
        exc_type: Optional[type[BaseException]],
        exc: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> None:
        self.close()

    @property
    def closed(self) -> bool:
        """True after :meth:`close`."""
        return self._conn is None

    @contextmanager
    def transaction(self) -> Iterator[Db]:
        """One all-or-nothing write transaction: committed when the block ends, rolled back if an
        exception leaves it. Store calls made inside join it (they commit with it, not before).

        >>> from annotation import AnnotationStore
        >>> with AnnotationStore(":memory:") as s:
        ...     try:
        ...         with s.transaction():
        ...             _ = s.annotator("ann")
        ...             raise RuntimeError("changed my mind")
        ...     except RuntimeError:
        ...         pass
        ...     s.annotators()
        ()
        """
        with self._lock:
            conn = self._open()
            if self._depth:
                self._depth += 1
                try:
                    yield conn
                finally:
                    self._depth -= 1
                return
            if self._engine.in_transaction(conn):  # inside snapshot(): a read cannot safely become a write
                raise StoreError("cannot write inside snapshot(); use transaction() for reads that lead to writes")
            self._depth = 1
            try:
                conn = self._begun(conn, write=True)
                yield conn
                self._engine.end(conn, commit=True)
            except BaseException as e:
                self._engine.end(conn, commit=False)
                if isinstance(e, self._engine.errors) and not self._engine.misuse(e):
                    raise self._engine.store_error(e, writing=True) from e
                raise
            finally:
                self._depth = 0

    @contextmanager
    def snapshot(self) -> Iterator[Db]:
        """A read transaction: the reads inside see one state of the database (the current write
        transaction's or snapshot's, when inside one). Writers in other connections are not blocked.

        >>> from annotation import AnnotationStore
        >>> with AnnotationStore(":memory:") as s, s.snapshot() as conn:
        ...     conn.execute("SELECT COUNT(*) FROM judgments").fetchone()
        (0,)
        """
        with self._lock:
            conn = self._open()
            if self._depth or self._engine.in_transaction(conn):  # inside a transaction or snapshot: join it
                yield conn
                return
            try:
                conn = self._begun(conn, write=False)
                try:
                    yield conn
                finally:
                    if self._engine.in_transaction(conn):
                        self._engine.end(conn, commit=True)
            except self._engine.errors as e:
                if self._engine.misuse(e):
                    raise
                self._engine.end(conn, commit=False)
                raise self._engine.store_error(e, writing=False) from e

    def _open(self) -> Any:
        if self._conn is None:
            raise StoreError(f"{self.path}: the annotation store is closed")
        if not self._engine.usable(self._conn):  # lost (a database server restarted): take a new one
            self._engine.close(self._conn)
            self._conn = None
            self._conn = self._engine.open()
        return self._conn

    def _begun(self, conn: Any, write: bool) -> Any:
        """``conn`` with a transaction begun; a connection found lost at ``BEGIN`` (nothing of the
        transaction has run) is replaced and the transaction begun on the new one."""
        try:
            self._engine.begin(conn, write)
            return conn
        except self._engine.errors:
            if self._engine.usable(conn):
                raise
        conn = self._open()
        self._engine.begin(conn, write)
        return conn


def attempt_timeout_ms(budget_ms: int) -> int:
    """SQLite's busy timeout in each of the :data:`WRITE_ATTEMPTS` attempts of a write whose whole wait
    for other writers is ``budget_ms``.

    >>> attempt_timeout_ms(10_000), attempt_timeout_ms(2)
    (2500, 1)
    """
    return max(1, budget_ms // WRITE_ATTEMPTS)


def backoff_seconds(attempt: int, jitter: float) -> float:
    """The pause after failed attempt ``attempt`` (0 first), ``jitter`` drawn from 0.5 to 1.5.

    >>> [backoff_seconds(k, 1.0) for k in range(3)]
    [0.05, 0.1, 0.2]
    """
    return float(BACKOFF_SECONDS * 2**attempt * jitter)


def _begin(conn: sqlite3.Connection) -> None:
    """``BEGIN IMMEDIATE``, tried :data:`WRITE_ATTEMPTS` times while another writer holds the store
    (each attempt waits in SQLite's busy handler first); the last attempt's error is raised."""
    for attempt in range(WRITE_ATTEMPTS):
        try:
            conn.execute("BEGIN IMMEDIATE")
            return
        except sqlite3.OperationalError as e:
            if attempt == WRITE_ATTEMPTS - 1 or not transient(e):
                raise
        # not for security: the jitter only keeps writers that failed together from retrying together
        time.sleep(backoff_seconds(attempt, random.uniform(0.5, 1.5)))  # noqa: S311


def _misuse(error: sqlite3.Error) -> bool:
    """A programming error (a closed connection, a bad parameter count): a bug to see, not a store failure."""
    return isinstance(error, (sqlite3.ProgrammingError, sqlite3.InterfaceError))


def _roll_back(conn: sqlite3.Connection) -> None:
    """End a failed transaction. SQLite has already rolled back after some errors (a full disk, an I/O
    error); a ROLLBACK that fails itself leaves the transaction to be rolled back when the connection
    closes, and the error the caller sees stays the one that made the write fail."""
    if conn.in_transaction:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass  # see the docstring: the first error is the one to report
