"""The annotation database's schema: its versions, the steps between them, and opening a file.

``PRAGMA user_version`` holds the schema version. :data:`MIGRATIONS` lists the steps: step *k* takes
a database from version *k - 1* to *k*, in one transaction, keeping every row. Opening a database of
an earlier version runs the steps it lacks; one of a newer version (written by a later release) is
refused before anything is written to it.

* v1: corpora, items, rubrics, criteria, annotators, judgments.
* v2: a ``source`` on each judgment (``'annotated'``, or the published set it was imported from),
  notes / flags / skips per item and annotator, and the last position of each annotator in a corpus.
* v3: content units (per reference or per document) and their present / absent judgments.
* v4: a log of each judgment change made in the app (what it replaced: for undo) and corpus settings
  (the overlap of items every annotator sees first, for agreement).
* v5: campaigns (a corpus, a rubric version, judgments per item, overlap, instructions, lease time),
  their members (role, the SHA-256 of their invite token, expiry, revocation), gold cells, leases
  (the item each annotator is judging) and adjudicated values (kept beside the judgments).

The statements are plain SQL a PostgreSQL backend can run too: timestamps are ISO 8601 text in UTC
(so text order is time order), ids are ``INTEGER PRIMARY KEY``.

>>> conn = connect(":memory:")
>>> user_version(conn) == CURRENT_VERSION == 5
True
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass

from .model import SchemaError

#: ``PRAGMA application_id`` of an annotation store ("RLNS"): tells its files from other SQLite files.
APPLICATION_ID = 0x524C4E53
#: How long a write waits, over all its attempts, for other writers before giving up, in milliseconds
#: (the connection's own busy timeout: opening and migrating wait this long in one go). Long enough
#: for a burst of other annotators' writes and an import, short enough that a stuck writer is reported.
BUSY_TIMEOUT_MS = 10_000


@dataclass(frozen=True)
class Migration:
    """The statements that take a database from ``version - 1`` to ``version``."""

    version: int
    summary: str
    statements: tuple[str, ...]


_V1 = (
    f"PRAGMA application_id = {APPLICATION_ID}",
    """CREATE TABLE corpora (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        content_hash TEXT NOT NULL UNIQUE,
        format TEXT NOT NULL,
        sentences TEXT NOT NULL,
        created_at TEXT NOT NULL)""",
    """CREATE TABLE items (
        id INTEGER PRIMARY KEY,
        corpus_id INTEGER NOT NULL REFERENCES corpora (id),
        position INTEGER NOT NULL CHECK (position >= 0),
        doc_id TEXT NOT NULL,
        system TEXT NOT NULL,
        candidate_json TEXT NOT NULL,
        references_json TEXT NOT NULL,
        source_text TEXT,
        meta_json TEXT NOT NULL,
        origin TEXT NOT NULL,
        UNIQUE (corpus_id, position))""",
    "CREATE INDEX items_by_doc ON items (corpus_id, doc_id, system)",
    """CREATE TABLE rubrics (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        version INTEGER NOT NULL CHECK (version >= 1),
        created_at TEXT NOT NULL,
        UNIQUE (name, version))""",
    """CREATE TABLE criteria (
        id INTEGER PRIMARY KEY,
        rubric_id INTEGER NOT NULL REFERENCES rubrics (id),
        name TEXT NOT NULL,
        description TEXT NOT NULL,
        scale_min REAL NOT NULL,
        scale_max REAL NOT NULL,
        integer_scale INTEGER NOT NULL CHECK (integer_scale IN (0, 1)),
        position INTEGER NOT NULL,
        CHECK (scale_min < scale_max),
        UNIQUE (rubric_id, name),
        UNIQUE (rubric_id, position))""",
    """CREATE TABLE annotators (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL)""",
    """CREATE TABLE judgments (
        id INTEGER PRIMARY KEY,
        item_id INTEGER NOT NULL REFERENCES items (id),
        criterion_id INTEGER NOT NULL REFERENCES criteria (id),
        annotator_id INTEGER NOT NULL REFERENCES annotators (id),
        value REAL NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (item_id, criterion_id, annotator_id))""",
    "CREATE INDEX judgments_by_annotator ON judgments (annotator_id, item_id)",
)

_V2 = (
    # Every judgment stored before v2 was made in the app.
    "ALTER TABLE judgments ADD COLUMN source TEXT NOT NULL DEFAULT 'annotated'",
    "CREATE INDEX judgments_by_source ON judgments (source)",
    """CREATE TABLE item_status (
        item_id INTEGER NOT NULL REFERENCES items (id),
        annotator_id INTEGER NOT NULL REFERENCES annotators (id),
        note TEXT NOT NULL DEFAULT '',
        flagged INTEGER NOT NULL DEFAULT 0 CHECK (flagged IN (0, 1)),
        skipped INTEGER NOT NULL DEFAULT 0 CHECK (skipped IN (0, 1)),
        updated_at TEXT NOT NULL,
        PRIMARY KEY (item_id, annotator_id))""",
    """CREATE TABLE positions (
        corpus_id INTEGER NOT NULL REFERENCES corpora (id),
        annotator_id INTEGER NOT NULL REFERENCES annotators (id),
        item_id INTEGER NOT NULL REFERENCES items (id),
        updated_at TEXT NOT NULL,
        PRIMARY KEY (corpus_id, annotator_id))""",
)

_V3 = (
    """CREATE TABLE content_units (
        id INTEGER PRIMARY KEY,
        corpus_id INTEGER NOT NULL REFERENCES corpora (id),
        doc_id TEXT NOT NULL,
        reference INTEGER CHECK (reference IS NULL OR reference >= 0),
        position INTEGER NOT NULL CHECK (position >= 0),
        text TEXT NOT NULL,
        origin TEXT NOT NULL CHECK (origin IN ('written', 'imported')),
        created_at TEXT NOT NULL,
        UNIQUE (corpus_id, doc_id, position))""",
    """CREATE TABLE unit_judgments (
        id INTEGER PRIMARY KEY,
        unit_id INTEGER NOT NULL REFERENCES content_units (id),
        item_id INTEGER NOT NULL REFERENCES items (id),
        annotator_id INTEGER NOT NULL REFERENCES annotators (id),
        present INTEGER NOT NULL CHECK (present IN (0, 1)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        UNIQUE (unit_id, item_id, annotator_id))""",
    "CREATE INDEX unit_judgments_by_item ON unit_judgments (item_id, annotator_id)",
)

_V4 = (
    # One row per change record() made: the value it replaced (NULL: there was none) so undo can put
    # it back. ``undone`` marks a change already reverted, so a second undo walks further back.
    """CREATE TABLE judgment_log (
        id INTEGER PRIMARY KEY,
        corpus_id INTEGER NOT NULL REFERENCES corpora (id),
        item_id INTEGER NOT NULL REFERENCES items (id),
        criterion_id INTEGER NOT NULL REFERENCES criteria (id),
        annotator_id INTEGER NOT NULL REFERENCES annotators (id),
        old_value REAL,
        old_source TEXT,
        old_updated_at TEXT,
        new_value REAL NOT NULL,
        undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
        created_at TEXT NOT NULL)""",
    "CREATE INDEX judgment_log_by_annotator ON judgment_log (annotator_id, corpus_id, undone, id)",
    """CREATE TABLE corpus_settings (
        corpus_id INTEGER PRIMARY KEY REFERENCES corpora (id),
        overlap INTEGER CHECK (overlap IS NULL OR overlap >= 0),
        updated_at TEXT NOT NULL)""",
)

_V5 = (
    """CREATE TABLE campaigns (
        id INTEGER PRIMARY KEY,
        corpus_id INTEGER NOT NULL REFERENCES corpora (id),
        rubric_id INTEGER NOT NULL REFERENCES rubrics (id),
        name TEXT NOT NULL UNIQUE,
        judgments_per_item INTEGER NOT NULL CHECK (judgments_per_item >= 1),
        overlap INTEGER NOT NULL CHECK (overlap >= 0),
        instructions TEXT NOT NULL,
        lease_minutes INTEGER NOT NULL CHECK (lease_minutes >= 1),
        created_at TEXT NOT NULL)""",
    # Only the SHA-256 of an invite token is kept: a copy of the file lets no one in.
    """CREATE TABLE campaign_members (
        campaign_id INTEGER NOT NULL REFERENCES campaigns (id),
        annotator_id INTEGER NOT NULL REFERENCES annotators (id),
        role TEXT NOT NULL CHECK (role IN ('organiser', 'annotator')),
        token_hash TEXT NOT NULL UNIQUE,
        invited_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        revoked_at TEXT,
        redeemed_at TEXT,
        PRIMARY KEY (campaign_id, annotator_id))""",
    """CREATE TABLE campaign_gold (
        campaign_id INTEGER NOT NULL REFERENCES campaigns (id),
        item_id INTEGER NOT NULL REFERENCES items (id),
        criterion_id INTEGER NOT NULL REFERENCES criteria (id),
        expected REAL NOT NULL,
        tolerance REAL NOT NULL CHECK (tolerance >= 0),
        updated_at TEXT NOT NULL,
        PRIMARY KEY (campaign_id, item_id, criterion_id))""",
    # One lease per annotator and campaign: the item they were handed and not yet judged.
    """CREATE TABLE assignments (
        campaign_id INTEGER NOT NULL REFERENCES campaigns (id),
        annotator_id INTEGER NOT NULL REFERENCES annotators (id),
        item_id INTEGER NOT NULL REFERENCES items (id),
        leased_at TEXT NOT NULL,
        PRIMARY KEY (campaign_id, annotator_id))""",
    "CREATE INDEX assignments_by_item ON assignments (campaign_id, item_id)",
    """CREATE TABLE adjudications (
        campaign_id INTEGER NOT NULL REFERENCES campaigns (id),
        item_id INTEGER NOT NULL REFERENCES items (id),
        criterion_id INTEGER NOT NULL REFERENCES criteria (id),
        value REAL NOT NULL,
        organiser_id INTEGER NOT NULL REFERENCES annotators (id),
        note TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (campaign_id, item_id, criterion_id))""",
)

#: The steps, in order: ``MIGRATIONS[k - 1]`` makes version ``k``.
MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "corpora, items, rubrics, criteria, annotators, judgments", _V1),
    Migration(2, "judgment sources, item notes/flags/skips, resume positions", _V2),
    Migration(3, "content units and content-unit judgments", _V3),
    Migration(4, "judgment change log (undo), corpus settings (overlap)", _V4),
    Migration(5, "campaigns, members and invites, gold, leases, adjudications", _V5),
)
#: The version this code writes.
CURRENT_VERSION = MIGRATIONS[-1].version


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
