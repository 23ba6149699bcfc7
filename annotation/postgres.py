"""PostgreSQL behind the annotation store, for several app servers sharing one database (issue 19).

The store's modules write their SQL once, for SQLite's :class:`sqlite3.Connection`
(:class:`~annotation.db.Db`); :class:`PgConnection` runs it on psycopg 3: :func:`translate` turns ``?`` and
``:name`` placeholders outside quoted strings into psycopg's ``%s`` / ``%(name)s``, and every literal ``%``
into ``%%``; a ``bool`` parameter is sent as 0 / 1, as SQLite stores it.

:class:`PgEngine` gives :class:`~annotation.connection.StoreConnection` its transactions:

* a write is ``BEGIN`` then ``pg_advisory_xact_lock``: one writer at a time across every app server, as
  SQLite's ``BEGIN IMMEDIATE`` on one file, so a write that reads before it writes (the next assignment,
  a lease, r judgments per item) sees no other writer's half-done work; it waits for the lock at most
  ``schema.BUSY_TIMEOUT_MS`` (``lock_timeout``), then fails with "another writer held the store";
* a read is one ``REPEATABLE READ, READ ONLY`` transaction: one snapshot, as SQLite's deferred read;
* connections are kept for reuse per database, a few per process (:func:`acquire` / :func:`release`),
  and the schema is checked and migrated once per process and database (:mod:`.postgres_schema`);
* an error becomes a :class:`~annotation.model.StoreError` in plain words (:func:`pg_error`); a lost
  connection is replaced on the next call, and a transaction whose ``BEGIN`` met a dead connection is
  begun again on a new one (nothing of it had run).

>>> translate("SELECT a FROM t WHERE b = ? AND c LIKE '50%?' AND d = :k")
"SELECT a FROM t WHERE b = %s AND c LIKE '50%%?' AND d = %(k)s"
"""

from __future__ import annotations

import functools
import re
import threading
from typing import Any, Iterable, Mapping

from . import postgres_schema, schema
from .database import Where, connect_postgres
from .db import Params
from .model import StoreError

#: Idle connections kept per database and process for the next store to take.
IDLE_KEPT = 8

_TOKEN = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|::|\?|:[A-Za-z_]\w*|%")
_idle: dict[str, list[Any]] = {}
_migrated: set[str] = set()
_pool_lock = threading.Lock()


@functools.lru_cache(maxsize=512)
def translate(sql: str) -> str:
    """``sql`` with SQLite's placeholders written as psycopg's; ``?`` and ``:name`` inside quoted strings
    and ``::`` casts are kept."""

    def one(match: re.Match[str]) -> str:
        token = match.group(0)
        if token == "?":
            return "%s"
        if token == "%":
            return "%%"
        if token.startswith(":") and token != "::":
            return f"%({token[1:]})s"
        return token.replace("%", "%%")  # psycopg reads every %, quoted or not

    return _TOKEN.sub(one, sql)


def _value(value: Any) -> Any:
    return int(value) if isinstance(value, bool) else value


def _params(params: Params) -> Any:
    if isinstance(params, Mapping):
        return {key: _value(v) for key, v in params.items()}
    return tuple(_value(v) for v in params)


class PgConnection:
    """A psycopg connection (autocommit: the store sends ``BEGIN`` and ``COMMIT`` itself) that runs the
    store's SQLite-style SQL; ``raw`` is the psycopg connection."""

    def __init__(self, raw: Any) -> None:
        self.raw = raw

    def execute(self, sql: str, parameters: Params = (), /) -> Any:
        """Run one statement; its cursor (rows buffered, ``rowcount``)."""
        cursor = self.raw.cursor()
        cursor.execute(translate(sql), _params(parameters))
        return cursor

    def executemany(self, sql: str, seq_of_parameters: Iterable[Params], /) -> Any:
        """Run one statement once per parameter set."""
        cursor = self.raw.cursor()
        cursor.executemany(translate(sql), [_params(p) for p in seq_of_parameters])
        return cursor

    @property
    def in_transaction(self) -> bool:
        """True between ``BEGIN`` and its ``COMMIT`` / ``ROLLBACK`` (or a failed statement's end)."""
        from psycopg.pq import TransactionStatus

        return bool(self.raw.info.transaction_status != TransactionStatus.IDLE)

    @property
    def usable(self) -> bool:
        """False once the connection is closed or lost (the server went away or ended it)."""
        return not (self.raw.closed or self.raw.broken)


def acquire(target: Where) -> PgConnection:
    """A connection to ``target``: an idle one kept from an earlier store, else a new one (the schema
    checked and migrated the first time this process connects to the database)."""
    with _pool_lock:
        kept = _idle.get(target.url, [])
        while kept:
            conn = PgConnection(kept.pop())
            if conn.usable and not conn.in_transaction:
                return conn
            conn.raw.close()
    raw = connect_postgres(target)
    raw.autocommit = True
    if target.url not in _migrated:
        import psycopg

        try:
            postgres_schema.migrate(raw, target.shown)
        except psycopg.Error as error:
            raw.close()
            raise pg_error(error, writing=True) from None
        except BaseException:
            raw.close()
            raise
        with _pool_lock:
            _migrated.add(target.url)
    return PgConnection(raw)


def release(target: Where, conn: PgConnection) -> None:
    """Give ``conn`` back for reuse (closed instead when it is lost, in a transaction, or enough are kept)."""
    with _pool_lock:
        kept = _idle.setdefault(target.url, [])
        if conn.usable and not conn.in_transaction and len(kept) < IDLE_KEPT:
            kept.append(conn.raw)
            return
    if not conn.raw.closed:
        conn.raw.close()


def close_idle() -> None:
    """Close every kept connection (tests drop their databases after; a server at exit)."""
    with _pool_lock:
        for kept in _idle.values():
            for raw in kept:
                raw.close()
        _idle.clear()


def pg_error(error: Exception, writing: bool) -> StoreError:
    """The :class:`StoreError` for a psycopg ``error``: "cannot write (read) the annotation store: <cause>
    (<PostgreSQL's first line>)".

    >>> import psycopg
    >>> print(pg_error(psycopg.errors.LockNotAvailable("canceling statement due to lock timeout"), True))
    ... # doctest: +ELLIPSIS
    cannot write the annotation store: another writer held the store for more than 10 s; try again (canceling ...)
    """
    import psycopg
    from psycopg import errors

    text = (str(error).strip().splitlines() or [type(error).__name__])[0]
    if isinstance(error, errors.LockNotAvailable):
        why = f"another writer held the store for more than {schema.BUSY_TIMEOUT_MS / 1000:g} s; try again"
    elif isinstance(error, errors.DiskFull):
        why = "the database server's disk is full"
    elif isinstance(error, (errors.ReadOnlySqlTransaction, errors.InsufficientPrivilege)):
        why = "the database does not let this user write"
    elif isinstance(error, psycopg.OperationalError):
        why = "the connection to PostgreSQL was lost or refused; try again"
    else:
        why = "PostgreSQL failed"
    return StoreError(f"cannot {'write' if writing else 'read'} the annotation store: {why} ({text})")


class PgEngine:
    """The store's transactions on PostgreSQL (see the module's docstring)."""

    def __init__(self, target: Where) -> None:
        import psycopg

        self.target = target
        self.shown = target.shown
        self.errors: tuple[type[BaseException], ...] = (psycopg.Error,)

    def open(self) -> PgConnection:
        """A connection (kept or new)."""
        return acquire(self.target)

    def usable(self, conn: Any) -> bool:
        """False when ``conn`` was lost: the store takes another."""
        return bool(conn.usable)

    def begin(self, conn: Any, write: bool) -> None:
        """Start a write (the store's lock, waited for at most the busy timeout) or a snapshot read."""
        if write:
            conn.raw.execute(
                f"BEGIN; SET LOCAL lock_timeout = {int(schema.BUSY_TIMEOUT_MS)}; "
                f"SELECT pg_advisory_xact_lock({postgres_schema.WRITE_LOCK_KEY})"
            )
        else:
            conn.raw.execute("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")

    def end(self, conn: Any, commit: bool) -> None:
        """``COMMIT`` (or ``ROLLBACK``) the transaction; a rollback on a lost connection is skipped."""
        if commit:
            conn.raw.execute("COMMIT")
        elif conn.usable and conn.in_transaction:
            conn.raw.execute("ROLLBACK")

    def in_transaction(self, conn: Any) -> bool:
        """True inside a transaction."""
        return bool(conn.in_transaction)

    def misuse(self, error: BaseException) -> bool:
        """A programming error on this side (wrong parameters, a closed connection): a bug to see."""
        import psycopg

        client_side = isinstance(error, psycopg.ProgrammingError) and getattr(error, "sqlstate", None) is None
        return isinstance(error, psycopg.InterfaceError) or client_side

    def store_error(self, error: BaseException, writing: bool) -> StoreError:
        """The error in plain words."""
        return pg_error(error if isinstance(error, Exception) else RuntimeError(str(error)), writing)

    def close(self, conn: Any) -> None:
        """Give the connection back for reuse."""
        release(self.target, conn)
