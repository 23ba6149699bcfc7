"""Annotators and their judgments: one value per (item, criterion, annotator).

Two annotators judging the same item never touch each other's rows; the same annotator judging again
replaces the value and its ``updated_at`` (``created_at`` stays the first time).
"""

from __future__ import annotations

from typing import Any, Optional, Union

from .connection import StoreConnection
from .corpora import fetch_item
from .db import Db, new_id
from .history import log_change
from .model import ANNOTATED, Annotator, Criterion, Judgment, check_source, clean_name, now
from .rubrics import fetch_criterion

#: When an existing judgment is replaced: always (a new judgment), only when the value or source
#: differs (re-importing published data), only when the incoming one is newer (importing a file).
_REPLACE_WHEN = {
    "always": "",
    "changed": " WHERE judgments.value <> excluded.value OR judgments.source <> excluded.source",  # both NOT NULL
    "newer": " WHERE excluded.updated_at > judgments.updated_at",
}

_SELECT = """SELECT j.id, j.item_id, j.criterion_id, j.annotator_id, c.name, i.doc_id, i.system, cr.name, a.name,
        j.value, r.name, r.version, j.source, j.created_at, j.updated_at, cr.integer_scale
    FROM judgments j
    JOIN items i ON i.id = j.item_id
    JOIN corpora c ON c.id = i.corpus_id
    JOIN criteria cr ON cr.id = j.criterion_id
    JOIN rubrics r ON r.id = cr.rubric_id
    JOIN annotators a ON a.id = j.annotator_id"""
_ORDER = " ORDER BY c.name, i.position, r.name, r.version, cr.position, a.name, j.source"


def annotator_id(conn: Db, name: str) -> int:
    """The id of annotator ``name`` (already clean), added if new; call inside a write transaction."""
    row = conn.execute("SELECT id FROM annotators WHERE name = ?", (name,)).fetchone()
    if row is not None:
        return int(row[0])
    return new_id(conn.execute("INSERT INTO annotators (name, created_at) VALUES (?, ?) RETURNING id", (name, now())))


def upsert_judgment(
    conn: Db,
    ids: tuple[int, int, int],
    value: float,
    source: str,
    created_at: str,
    updated_at: str,
    replace: str = "always",
) -> None:
    """Insert the judgment of ``ids`` = (item, criterion, annotator), or update the stored one as
    ``replace`` says (``"always"``, ``"changed"``, ``"newer"``). ``value`` must have passed
    :meth:`Criterion.check`; call inside a write transaction."""
    conn.execute(
        "INSERT INTO judgments (item_id, criterion_id, annotator_id, value, source, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (item_id, criterion_id, annotator_id) DO UPDATE SET "
        "value = excluded.value, source = excluded.source, updated_at = excluded.updated_at" + _REPLACE_WHEN[replace],
        (*ids, value, source, created_at, updated_at),
    )


def select_judgments(conn: Db, where: str = "", args: tuple[Any, ...] = ()) -> tuple[Judgment, ...]:
    """Judgments matching the SQL condition ``where`` (over aliases j, i, c, cr, r, a), in export order:
    corpus name, item position, rubric, version, criterion position, annotator."""
    sql = _SELECT + (f" WHERE {where}" if where else "") + _ORDER
    return tuple(_judgment(r) for r in conn.execute(sql, args))


class JudgmentsMixin(StoreConnection):
    """annotator, annotators, record, judgments."""

    def annotator(self, name: str) -> Annotator:
        """The annotator called ``name`` (blanks around it dropped), added if new; an empty name is refused.

        >>> from annotation import AnnotationStore
        >>> s = AnnotationStore(":memory:")
        >>> s.annotator(" ann ") == s.annotator("ann"), s.annotator("ann").name
        (True, 'ann')
        """
        label = clean_name(name, "annotator name")
        with self.snapshot() as conn:  # a known name is read without the write lock
            row = conn.execute("SELECT id FROM annotators WHERE name = ?", (label,)).fetchone()
        if row is not None:
            return Annotator(int(row[0]), label)
        with self.transaction() as conn:
            return Annotator(annotator_id(conn, label), label)

    def annotators(self) -> tuple[Annotator, ...]:
        """Every annotator, by name.

        >>> from annotation import AnnotationStore
        >>> s = AnnotationStore(":memory:")
        >>> _ = s.annotator("bo"), s.annotator("al")
        >>> [a.name for a in s.annotators()]
        ['al', 'bo']
        """
        with self.snapshot() as conn:
            rows = conn.execute("SELECT id, name FROM annotators ORDER BY name").fetchall()
        return tuple(Annotator(int(r[0]), str(r[1])) for r in rows)

    def record(
        self,
        item_id: int,
        criterion: Union[Criterion, int],
        annotator: Union[Annotator, str],
        value: float,
        *,
        source: str = ANNOTATED,
    ) -> Judgment:
        """Store (and commit) one judgment; the stored row. A value outside the criterion's scale, a
        fraction on a whole-number scale, an unknown item or criterion, or an empty annotator name
        raise :class:`StoreError` and store nothing. Judging again replaces the annotator's value. A
        change (a new value, or another value or source) is logged in the same transaction, for
        :meth:`undo_last`.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> item = s.items(s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl")))[0]
        >>> fluency = s.summeval_rubric().criterion("fluency")
        >>> _ = s.record(item.id, fluency, "ann", 2)
        >>> j = s.record(item.id, fluency, "ann", 4)
        >>> j.value, j.criterion, j.rubric_version, len(s.judgments())
        (4, 'fluency', 1, 1)
        >>> s.record(item.id, fluency, "ann", 6)
        Traceback (most recent call last):
        ...
        annotation.model.StoreError: value: 6 is outside the scale (criterion 'fluency' takes 1 to 5)
        """
        name = annotator.name if isinstance(annotator, Annotator) else clean_name(annotator, "annotator name")
        label = check_source(source)
        with self.transaction() as conn:
            item = fetch_item(conn, item_id)
            crit = fetch_criterion(conn, criterion.id if isinstance(criterion, Criterion) else criterion)
            stored = crit.check(value)
            who = annotator_id(conn, name)
            stamp = now()
            old = conn.execute(
                "SELECT value, source, updated_at FROM judgments WHERE item_id = ? AND criterion_id = ? "
                "AND annotator_id = ?",
                (item.id, crit.id, who),
            ).fetchone()
            upsert_judgment(conn, (item.id, crit.id, who), stored, label, stamp, stamp)
            if old is None or old[0] != stored or old[1] != label:  # the same value again is no change to undo
                before = None if old is None else (float(old[0]), str(old[1]), str(old[2]))
                log_change(conn, (item.id, crit.id, who), item.corpus_id, before, stored)
            (row,) = select_judgments(
                conn, "j.item_id = ? AND j.criterion_id = ? AND j.annotator_id = ?", (item.id, crit.id, who)
            )
            return row

    def judgments(
        self,
        corpus_id: Optional[int] = None,
        *,
        annotator: Optional[str] = None,
        source: Optional[str] = None,
        item_id: Optional[int] = None,
    ) -> tuple[Judgment, ...]:
        """Stored judgments, optionally of one corpus, annotator, source and/or item, ordered by
        corpus, item position, rubric version, criterion and annotator.

        >>> from annotation import AnnotationStore
        >>> AnnotationStore(":memory:").judgments(source="summeval-expert")
        ()
        """
        conditions: list[str] = []
        args: list[Any] = []
        for condition, arg in (
            ("i.corpus_id = ?", corpus_id),
            ("a.name = ?", annotator),
            ("j.source = ?", source),
            ("j.item_id = ?", item_id),
        ):
            if arg is not None:
                conditions.append(condition)
                args.append(arg)
        with self.snapshot() as conn:
            return select_judgments(conn, " AND ".join(conditions), tuple(args))


def _judgment(row: Any) -> Judgment:
    value = float(row[9])
    return Judgment(
        int(row[0]),
        int(row[1]),
        int(row[2]),
        int(row[3]),
        str(row[4]),
        str(row[5]),
        str(row[6]),
        str(row[7]),
        str(row[8]),
        int(value) if row[15] else value,
        str(row[10]),
        int(row[11]),
        str(row[12]),
        str(row[13]),
        str(row[14]),
    )
