"""Undo: the log of judgment changes made with ``record()`` and the step that reverts the latest.

Every change ``record()`` makes (a first value, or a value or source that differs from the stored one)
writes a row of ``judgment_log`` in the same transaction, holding what it replaced. :meth:`undo_last`
puts that back (or removes a first value) and marks the row undone, so the next undo walks one change
further back. A change an import has replaced since is passed over (undoing it would overwrite the
imported value). Imports (:mod:`.importing`, :mod:`.published`) are not logged: undo is for a person's
own keys, and the exports and imports of judgments do not change.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional, Union

from .connection import StoreConnection
from .db import Db
from .model import Annotator, StoreError, clean_name, now


@dataclass(frozen=True)
class Undone:
    """What an undo changed: the item, the criterion's name, and the value the store now holds for
    this annotator there (None: no value any more)."""

    item_id: int
    criterion: str
    value: Optional[float]


def log_change(
    conn: Db,
    ids: tuple[int, int, int],
    corpus_id: int,
    old: Optional[tuple[float, str, str]],
    new_value: float,
) -> None:
    """Log that ``ids`` = (item, criterion, annotator) changed from ``old`` = (value, source,
    updated_at), None for no value before, to ``new_value``; call inside record()'s transaction."""
    conn.execute(
        "INSERT INTO judgment_log (corpus_id, item_id, criterion_id, annotator_id, old_value, old_source, "
        "old_updated_at, new_value, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (corpus_id, *ids, *(old if old is not None else (None, None, None)), new_value, now()),
    )


class HistoryMixin(StoreConnection):
    """undo_last."""

    def undo_last(self, corpus_id: int, annotator: Union[Annotator, str]) -> Optional[Undone]:
        """Revert this annotator's most recent judgment change in the corpus: a changed value gets its
        previous value back (and source), a first value is removed. None when there is nothing left
        to undo; each call walks one change further back. An unknown corpus raises :class:`StoreError`.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl"))
        >>> item, fluency = s.items(cid)[0], s.summeval_rubric().criterion("fluency")
        >>> _ = s.record(item.id, fluency, "ann", 2), s.record(item.id, fluency, "ann", 4)
        >>> s.undo_last(cid, "ann")
        Undone(item_id=1, criterion='fluency', value=2)
        >>> s.undo_last(cid, "ann"), s.judgments(), s.undo_last(cid, "ann")
        (Undone(item_id=1, criterion='fluency', value=None), (), None)
        """
        name = annotator.name if isinstance(annotator, Annotator) else clean_name(annotator, "annotator name")
        with self.snapshot() as conn:  # nothing to undo (the usual first press): no write lock taken
            if conn.execute("SELECT 1 FROM corpora WHERE id = ?", (corpus_id,)).fetchone() is None:
                raise StoreError(f"no corpus {corpus_id!r} in the annotation store")
            if _latest(conn, corpus_id, name) is None:
                return None
        with self.transaction() as conn:
            while True:
                row = _latest(conn, corpus_id, name)
                if row is None:  # another session of this annotator undid it meanwhile, or all are stale
                    return None
                log_id, item_id, criterion_id, annotator_id, old_value, old_source, old_updated_at, new_value = row
                key = (item_id, criterion_id, annotator_id)
                conn.execute("UPDATE judgment_log SET undone = 1 WHERE id = ?", (log_id,))
                current = conn.execute(
                    "SELECT value FROM judgments WHERE item_id = ? AND criterion_id = ? AND annotator_id = ?", key
                ).fetchone()
                if current is not None and current[0] == new_value:
                    break
                # An import replaced this change since (imports are not logged): undoing it would
                # overwrite the imported value, so the change is passed over as already gone.
            crit = conn.execute("SELECT name, integer_scale FROM criteria WHERE id = ?", (criterion_id,)).fetchone()
            if crit is None:
                raise StoreError(f"judgment log row {log_id}: no criterion {criterion_id}")
            value: Optional[float] = None
            if old_value is None:
                conn.execute("DELETE FROM judgments WHERE item_id = ? AND criterion_id = ? AND annotator_id = ?", key)
            else:
                value = int(old_value) if crit[1] else float(old_value)
                conn.execute(
                    "UPDATE judgments SET value = ?, source = ?, updated_at = ? "
                    "WHERE item_id = ? AND criterion_id = ? AND annotator_id = ?",
                    (value, old_source, old_updated_at, *key),
                )
            return Undone(int(item_id), str(crit[0]), value)


def _latest(conn: Db, corpus_id: int, name: str) -> Optional[tuple[Any, ...]]:
    """The newest change of annotator ``name`` in the corpus not yet undone."""
    row = conn.execute(
        "SELECT l.id, l.item_id, l.criterion_id, l.annotator_id, l.old_value, l.old_source, l.old_updated_at, "
        "l.new_value "
        "FROM judgment_log l JOIN annotators a ON a.id = l.annotator_id "
        "WHERE a.name = ? AND l.corpus_id = ? AND l.undone = 0 ORDER BY l.id DESC LIMIT 1",
        (name, corpus_id),
    ).fetchone()
    return None if row is None else tuple(row)
