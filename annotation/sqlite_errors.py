"""Plain words for what SQLite says when an open annotation store cannot be read or written.

:class:`~annotation.connection.StoreConnection` turns every :class:`sqlite3.Error` of a
read or a write into a :class:`~annotation.model.StoreError` here, so a caller (the
Annotate page, a script) handles one exception and a person reads the cause ("the disk is full", "the
file is read-only") followed by SQLite's own text. A failed write was rolled back: what was committed
before stays.
"""

from __future__ import annotations

import sqlite3

from .model import StoreError

# SQLite's primary result codes (the low byte of an extended code such as SQLITE_IOERR_WRITE = 778).
_BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN, _NOTADB = 5, 6, 8, 10, 11, 13, 14, 26

# (primary code, SQLite's message for it, the cause in plain words); the message is the fallback
# for Pythons before 3.11, whose exceptions carry no ``sqlite_errorcode``.
_CAUSES: tuple[tuple[int, str, str], ...] = (
    (_READONLY, "readonly database", "the file is read-only"),
    (_FULL, "database or disk is full", "the disk is full"),
    (_IOERR, "disk I/O error", "the disk is full or cannot be written"),
    (_CORRUPT, "malformed", "the file is damaged"),
    (_NOTADB, "file is not a database", "the file is damaged"),
    (_CANTOPEN, "unable to open database file", "the file (or its folder) cannot be opened"),
    (_LOCKED, "database table is locked", "another part of this program holds the store; try again"),
)


def cause(error: sqlite3.Error, busy_seconds: float) -> str:
    """What went wrong, in plain words, then SQLite's text in parentheses; ``busy_seconds`` is how long
    a writer waited for another before SQLite said "database is locked".

    >>> cause(sqlite3.OperationalError("attempt to write a readonly database"), 5)
    'the file is read-only (attempt to write a readonly database)'
    >>> cause(sqlite3.OperationalError("database is locked"), 5)
    'another writer held the store for more than 5 s; try again (database is locked)'
    >>> cause(sqlite3.OperationalError("no such table: x"), 5)
    'SQLite failed (no such table: x)'
    """
    text = str(error)
    code = getattr(error, "sqlite_errorcode", None)
    primary = code & 0xFF if isinstance(code, int) else None
    if primary == _BUSY or (primary is None and "database is locked" in text):
        return f"another writer held the store for more than {busy_seconds:g} s; try again ({text})"
    for number, message, words in _CAUSES:
        if primary == number or (primary is None and message in text):
            return f"{words} ({text})"
    return f"SQLite failed ({text})"


def transient(error: BaseException) -> bool:
    """True for an error that waiting can cure: another writer holds the store ("database is locked",
    SQLITE_BUSY and its extended codes) or a table of it (SQLITE_LOCKED). A write failing so is retried.

    >>> transient(sqlite3.OperationalError("database is locked")), transient(sqlite3.OperationalError("disk I/O error"))
    (True, False)
    """
    if not isinstance(error, sqlite3.OperationalError):
        return False
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in (_BUSY, _LOCKED)
    text = str(error)
    return any(words in text for words in ("database is locked", "database is busy", "database table is locked"))


def store_error(error: sqlite3.Error, writing: bool, busy_seconds: float) -> StoreError:
    """The :class:`StoreError` to raise for ``error``: "cannot write the annotation store: <cause>"
    (or "cannot read ..." when ``writing`` is false).

    >>> str(store_error(sqlite3.OperationalError("database or disk is full"), True, 5))
    'cannot write the annotation store: the disk is full (database or disk is full)'
    >>> str(store_error(sqlite3.DatabaseError("database disk image is malformed"), False, 5))
    'cannot read the annotation store: the file is damaged (database disk image is malformed)'
    """
    verb = "write" if writing else "read"
    return StoreError(f"cannot {verb} the annotation store: {cause(error, busy_seconds)}")
