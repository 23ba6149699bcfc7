"""The one SQLite connection behind an :class:`~rouge_core.annotation.store.AnnotationStore`, and its
transactions.

Writes run in ``BEGIN IMMEDIATE`` transactions: a writer takes SQLite's write lock when it starts,
so concurrent writers (other sessions, other processes) wait for each other, up to the busy timeout,
instead of failing half-way with "database is locked". Reads run in a deferred transaction, so a read
of several tables sees one snapshot. A lock makes the store safe to share between threads; its calls
run one at a time.
"""

from __future__ import annotations

import sqlite3
import threading
from contextlib import contextmanager
from types import TracebackType
from typing import Iterator, Optional

from . import schema
from .model import StoreError


class StoreConnection:
    """Opens the database (migrating it), hands out transactions, closes it."""

    def __init__(self, path: str) -> None:
        self.path = path
        self._lock = threading.RLock()
        self._depth = 0
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
            conn.execute("BEGIN IMMEDIATE")
            self._depth = 1
            try:
                yield conn
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    conn.execute("ROLLBACK")
                raise
            finally:
                self._depth = 0

    @contextmanager
    def snapshot(self) -> Iterator[sqlite3.Connection]:
        """A read transaction: the reads inside see one state of the database (the current write
        transaction's, when inside one). Writers in other connections are not blocked.

        >>> from rouge_core.annotation import AnnotationStore
        >>> with AnnotationStore(":memory:") as s, s.snapshot() as conn:
        ...     conn.execute("SELECT COUNT(*) FROM judgments").fetchone()
        (0,)
        """
        with self._lock:
            conn = self._open()
            if self._depth:
                yield conn
                return
            conn.execute("BEGIN")
            try:
                yield conn
            finally:
                if conn.in_transaction:
                    conn.execute("COMMIT")

    def _open(self) -> sqlite3.Connection:
        if self._conn is None:
            raise StoreError(f"{self.path}: the annotation store is closed")
        return self._conn
