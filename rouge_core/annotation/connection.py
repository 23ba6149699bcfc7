"""The one SQLite connection behind an :class:`~rouge_core.annotation.store.AnnotationStore`, and its
transactions.

Writes run in ``BEGIN IMMEDIATE`` transactions: a writer takes SQLite's write lock when it starts,
so concurrent writers (other sessions, other processes) wait for each other, up to the busy timeout,
instead of failing half-way with "database is locked". Reads run in a deferred transaction, so a read
of several tables sees one snapshot. A lock makes the store safe to share between threads; its calls
run one at a time.

:meth:`StoreConnection.transaction` and :meth:`StoreConnection.snapshot` are the one place where an
:class:`sqlite3.Error` of an open store (a read-only file, a full disk, a damaged page, a writer that
held the lock past the busy timeout) becomes a :class:`StoreError` in plain words
(:mod:`.sqlite_errors`); a failed write is rolled back whole.
"""

from __future__ import annotations

import sqlite3
import threading
from contextlib import contextmanager
from types import TracebackType
from typing import Iterator, Optional

from . import schema
from .model import StoreError
from .sqlite_errors import store_error


class StoreConnection:
    """Opens the database (migrating it), hands out transactions, closes it."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.RLock()
        self._depth = 0
        self._busy_seconds = schema.BUSY_TIMEOUT_MS / 1000  # what connect() gives this connection
        self._conn: Optional[sqlite3.Connection] = schema.connect(path)

    def close(self) -> None:
        """Close the connection (every write was already committed); later calls raise :class:`StoreError`."""
        with self._lock:
            if self._conn is not None:
                self._conn.close()
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
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One all-or-nothing write transaction: committed when the block ends, rolled back if an
        exception leaves it. Store calls made inside join it (they commit with it, not before).

        >>> from rouge_core.annotation import AnnotationStore
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
            if conn.in_transaction:  # inside snapshot(): a deferred read cannot safely become a write
                raise StoreError("cannot write inside snapshot(); use transaction() for reads that lead to writes")
            self._depth = 1
            try:
                conn.execute("BEGIN IMMEDIATE")
                yield conn
                conn.execute("COMMIT")
            except BaseException as e:
                _roll_back(conn)
                if isinstance(e, sqlite3.Error) and not _misuse(e):
                    raise self._store_error(e, writing=True) from e
                raise
            finally:
                self._depth = 0

    @contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """A read transaction: the reads inside see one state of the database (the current write
        transaction's or snapshot's, when inside one). Writers in other connections are not blocked.

        >>> from rouge_core.annotation import AnnotationStore
        >>> with AnnotationStore(":memory:") as s, s.snapshot() as conn:
        ...     conn.execute("SELECT COUNT(*) FROM judgments").fetchone()
        (0,)
        """
        with self._lock:
            conn = self._open()
            if self._depth or conn.in_transaction:  # inside a transaction or another snapshot: join it
                yield conn
                return
            try:
                conn.execute("BEGIN")
                try:
                    yield conn
                finally:
                    if conn.in_transaction:
                        conn.execute("COMMIT")
            except sqlite3.Error as e:
                if _misuse(e):
                    raise
                _roll_back(conn)
                raise self._store_error(e, writing=False) from e

    def _open(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError(f"{self.path}: the annotation store is closed")
        return self._conn

    def _store_error(self, error: sqlite3.Error, writing: bool) -> StoreError:
        return store_error(error, writing, self._busy_seconds)


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
