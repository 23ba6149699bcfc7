"""The annotation database's schema versions and the steps between them, in the SQL both databases
run (:mod:`.schema` applies them to SQLite, :mod:`.postgres_schema` to PostgreSQL).

A step *k* takes a database from version *k - 1* to *k*, in one transaction, keeping every row.

* v1: corpora, items, rubrics, criteria, annotators, judgments.
* v2: a ``source`` on each judgment (``'annotated'``, or the published set it was imported from),
  notes / flags / skips per item and annotator, and the last position of each annotator in a corpus.
* v3: content units (per reference or per document) and their present / absent judgments.
* v4: a log of each judgment change made in the app (what it replaced: for undo) and corpus settings
  (the overlap of items every annotator sees first, for agreement).
* v5: campaigns (a corpus, a rubric version, judgments per item, overlap, instructions, lease time),
  their members (role, the SHA-256 of their invite token, expiry, revocation), gold cells, leases
  (the item each annotator is judging) and adjudicated values (kept beside the judgments).

The statements are written for SQLite in the subset PostgreSQL runs once
:func:`~annotation.postgres_schema.pg_statement` has named its types: timestamps are ISO 8601 text in
UTC (so text order is time order), a table's key is ``id INTEGER PRIMARY KEY``, a ``PRAGMA`` is SQLite's
alone.

>>> [step.version for step in MIGRATIONS] == list(range(1, CURRENT_VERSION + 1))
True
"""

from __future__ import annotations

from dataclasses import dataclass

#: ``PRAGMA application_id`` of an annotation store ("RLNS"): tells its files from other SQLite files.
APPLICATION_ID = 0x524C4E53


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
