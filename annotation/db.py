"""What the store's modules need of a database connection, whichever database it is: SQLite's own
:class:`sqlite3.Connection`, or :class:`~annotation.postgres.PgConnection` in front of PostgreSQL.

The SQL the modules write is the subset both run alike: ``?`` placeholders (or ``:name`` with a
mapping), ``INSERT ... RETURNING id`` for a new row's id, ``ON CONFLICT ... DO UPDATE``, no SQLite-only
functions. :mod:`annotation.postgres` rewrites the placeholders for psycopg.

>>> import sqlite3
>>> conn: Db = sqlite3.connect(":memory:")
>>> conn.execute("SELECT ? + 1", (1,)).fetchone()
(2,)
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator, Mapping, Protocol, Sequence, Union

#: The parameters of one statement: a sequence for ``?`` placeholders, a mapping for ``:name`` ones.
Params = Union[Sequence[Any], Mapping[str, Any]]


class Rows(Protocol):
    """A statement's result: its rows, and how many rows it changed."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...  # a row, or None when there is none (as sqlite3's, typed Any)

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Db(Protocol):
    """A connection the store's modules run their SQL on (inside the store's transactions)."""

    def execute(self, sql: str, parameters: Params = ..., /) -> Rows: ...

    def executemany(self, sql: str, seq_of_parameters: Iterable[Params], /) -> Rows: ...


def new_id(rows: Rows) -> int:
    """The id an ``INSERT ... RETURNING id`` gave its new row (SQLite's ``lastrowid`` has no PostgreSQL
    counterpart; ``RETURNING`` works in both).

    >>> import sqlite3
    >>> conn = sqlite3.connect(":memory:")
    >>> _ = conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)")
    >>> new_id(conn.execute("INSERT INTO t (v) VALUES ('a') RETURNING id"))
    1
    """
    row = rows.fetchone()
    if row is None:
        raise ValueError("the INSERT returned no id (it needs RETURNING id)")
    return int(row[0])
