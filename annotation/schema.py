"""The SQLite annotation database: its schema version, migrating it, and opening a file.

``PRAGMA user_version`` holds the schema version; :data:`MIGRATIONS` (from :mod:`.schema_steps`, which
lists what each version adds) are the steps. Opening a database of an earlier version runs the steps it
lacks, each in its own transaction; one of a newer version (written by a later release) is refused
before anything is written to it.

>>> conn = connect(":memory:")
>>> user_version(conn) == CURRENT_VERSION == 5
True
"""

from __future__ import annotations

import os
import sqlite3

from .model import SchemaError
from .schema_steps import APPLICATION_ID as APPLICATION_ID
from .schema_steps import CURRENT_VERSION as CURRENT_VERSION
from .schema_steps import MIGRATIONS as MIGRATIONS
from .schema_steps import Migration as Migration

#: How long a write waits, over all its attempts, for other writers before giving up, in milliseconds
#: (the connection's own busy timeout: opening and migrating wait this long in one go). Long enough
#: for a burst of other annotators' writes and an import, short enough that a stuck writer is reported.
BUSY_TIMEOUT_MS = 10_000


def user_version(conn: sqlite3.Connection) -> int:
    """The schema version stored in the database (0 for a new, empty file)."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, target: int = CURRENT_VERSION) -> int:
    """Run the steps from the database's version up to ``target``, each in its own ``BEGIN
    IMMEDIATE`` transaction (a step another process ran meanwhile is not run again); the version reached.

    ``conn`` must be in autocommit mode (``isolation_level=None``). A ``target`` below the current
    version does nothing: there are no downgrades.

    >>> conn = sqlite3.connect(":memory:", isolation_level=None)
    >>> migrate(conn, 2), migrate(conn), user_version(conn)
    (2, 5, 5)
    """
    if not 0 <= target <= CURRENT_VERSION:
        raise ValueError(f"target version {target}: this code knows versions 0 to {CURRENT_VERSION}")
    for step in MIGRATIONS[:target]:
        if user_version(conn) >= step.version:
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            if user_version(conn) < step.version:  # re-read under the write lock
                for statement in step.statements:
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {step.version}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return user_version(conn)


def connect(path: str) -> sqlite3.Connection:
    """Open (creating it if needed) the annotation database at ``path`` and bring it to
    :data:`CURRENT_VERSION`: WAL journal, ``synchronous=FULL``, foreign keys on, a busy timeout.

    Raises :class:`SchemaError` for a newer schema, a file that is not an annotation store, or one
    that cannot be opened; such a file is not written to. ``":memory:"`` gives a private in-memory store.
    """
    if os.path.isdir(path):  # SQLite would only say "unable to open database file"
        raise SchemaError(f"{path}: a folder is where the store's file should be")
    try:
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None, check_same_thread=False)
    except sqlite3.Error as e:
        raise SchemaError(f"{path}: cannot open the annotation store: {e}") from None
    try:
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        _check_file(conn, path)
        mode = str(conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]).lower()
        if mode not in ("wal", "memory"):
            raise SchemaError(f"{path}: cannot use write-ahead logging (journal mode stays {mode!r})")
        # FULL: in WAL mode NORMAL may lose the last commits on a power cut or OS crash (never on an
        # application crash); a judgment reported as saved should survive both, and people judge
        # at human speed, so the fsync per commit costs nothing that anyone notices.
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        migrate(conn)
    except sqlite3.DatabaseError as e:
        conn.close()
        raise SchemaError(f"{path}: not a usable SQLite database: {e}") from None
    except BaseException:
        conn.close()
        raise
    return conn


def _check_file(conn: sqlite3.Connection, path: str) -> None:
    """Refuse, before any write, a database of a newer schema or one that is not an annotation store."""
    version = user_version(conn)
    app_id = int(conn.execute("PRAGMA application_id").fetchone()[0])
    if app_id not in (0, APPLICATION_ID):
        raise SchemaError(f"{path}: not an annotation store (application_id {app_id:#x})")
    if version > CURRENT_VERSION:
        raise SchemaError(
            f"{path}: the annotation store has schema version {version}, newer than the {CURRENT_VERSION} "
            "this version of rouge_core knows; open it with a newer release (the file was not changed)"
        )
    if version == 0 and conn.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()[0]:
        raise SchemaError(f"{path}: an SQLite database with tables but no annotation schema: not an annotation store")
