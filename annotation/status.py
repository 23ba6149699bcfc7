"""An annotator's way through a corpus: notes, flags and skips on items, the last item shown (to
resume there), progress, and the next item to judge."""

from __future__ import annotations

from typing import Optional, Union

from .connection import StoreConnection
from .corpora import corpus_item_ids, fetch_item
from .db import Db
from .judgments import annotator_id
from .model import Annotator, Item, ItemStatus, Progress, Rubric, StoreError, clean_name, now

#: Longest note kept on an item, in characters.
MAX_NOTE = 10_000


class StatusMixin(StoreConnection):
    """set_note, set_flag, set_skip, status, set_position, progress, next_item."""

    def set_note(self, item_id: int, annotator: Union[Annotator, str], note: str) -> None:
        """Keep ``note`` on an item for an annotator (``""`` clears it).

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> item = s.items(s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl")))[0]
        >>> s.set_note(item.id, "ann", "reference looks truncated")
        >>> s.status(item.id, "ann").note
        'reference looks truncated'
        """
        if not isinstance(note, str):
            raise StoreError(f"note: expected text, got {type(note).__name__}")
        if len(note) > MAX_NOTE:
            raise StoreError(f"note: {len(note):,} characters, the limit is {MAX_NOTE:,}")
        self._set_status(item_id, annotator, "note", note)

    def set_flag(self, item_id: int, annotator: Union[Annotator, str], flagged: bool = True) -> None:
        """Flag an item for an annotator (``flagged=False`` clears the flag).

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> item = s.items(s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl")))[0]
        >>> s.set_flag(item.id, "ann")
        >>> s.status(item.id, "ann")
        ItemStatus(note='', flagged=True, skipped=False)
        """
        self._set_status(item_id, annotator, "flagged", int(bool(flagged)))

    def set_skip(self, item_id: int, annotator: Union[Annotator, str], skipped: bool = True) -> None:
        """Mark an item skipped for an annotator: :meth:`next_item` passes it by (``skipped=False`` undoes it).

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> item = s.items(s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl")))[0]
        >>> s.set_skip(item.id, "ann")
        >>> s.status(item.id, "ann").skipped, s.next_item(item.corpus_id, "ann", s.summeval_rubric())
        (True, None)
        """
        self._set_status(item_id, annotator, "skipped", int(bool(skipped)))

    def status(self, item_id: int, annotator: Union[Annotator, str]) -> ItemStatus:
        """An annotator's note, flag and skip mark on an item (all unset if never set).

        >>> from annotation import AnnotationStore
        >>> AnnotationStore(":memory:").status(1, "nobody")
        ItemStatus(note='', flagged=False, skipped=False)
        """
        name = _name(annotator)
        with self.snapshot() as conn:
            row = conn.execute(
                "SELECT s.note, s.flagged, s.skipped FROM item_status s JOIN annotators a ON a.id = s.annotator_id "
                "WHERE s.item_id = ? AND a.name = ?",
                (item_id, name),
            ).fetchone()
        return ItemStatus() if row is None else ItemStatus(str(row[0]), bool(row[1]), bool(row[2]))

    def set_position(self, item_id: int, annotator: Union[Annotator, str]) -> None:
        """Remember ``item_id`` as the item an annotator is at in its corpus (where :meth:`next_item`
        resumes). The Annotate page calls it whenever it shows an item.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}\\n' * 3, "x.jsonl"))
        >>> s.set_position(s.items(cid)[2].id, "ann")
        >>> s.next_item(cid, "ann", s.summeval_rubric()).position
        2
        """
        name = _name(annotator)
        with self.snapshot() as conn:  # the page shows the same item again and again: write only a change
            row = conn.execute(
                "SELECT p.item_id FROM positions p JOIN items i ON i.corpus_id = p.corpus_id "
                "JOIN annotators a ON a.id = p.annotator_id WHERE i.id = ? AND a.name = ?",
                (item_id, name),
            ).fetchone()
        if row is not None and int(row[0]) == item_id:
            return
        with self.transaction() as conn:
            item = fetch_item(conn, item_id)
            conn.execute(
                "INSERT INTO positions (corpus_id, annotator_id, item_id, updated_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (corpus_id, annotator_id) DO UPDATE SET item_id = excluded.item_id, "
                "updated_at = excluded.updated_at",
                (item.corpus_id, annotator_id(conn, name), item.id, now()),
            )

    def progress(self, corpus_id: int, annotator: Union[Annotator, str], rubric: Rubric) -> Progress:
        """How many of the corpus's items the annotator has judged on every criterion of ``rubric``
        (this version), how many others are skipped, and how many there are.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}\\n' * 4, "x.jsonl"))
        >>> r = s.summeval_rubric()
        >>> first = s.items(cid)[0].id
        >>> for c in r.criteria:
        ...     _ = s.record(first, c, "ann", 3)
        >>> s.progress(cid, "ann", r)
        Progress(done=1, skipped=0, total=4)
        """
        name = _name(annotator)
        with self.snapshot() as conn:
            order = corpus_item_ids(conn, corpus_id)
            done = _done(conn, corpus_id, name, rubric)
            skipped = _skipped(conn, corpus_id, name) - done
        return Progress(len(done), len(skipped), len(order))

    def next_item(self, corpus_id: int, annotator: Union[Annotator, str], rubric: Rubric) -> Optional[Item]:
        """The item to show an annotator: the first one, from their last position (see
        :meth:`set_position`) on and then from the start, not yet judged on every criterion of
        ``rubric`` and not skipped; None when every item is judged or skipped.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}\\n' * 2, "x.jsonl"))
        >>> s.next_item(cid, "new annotator", s.summeval_rubric()).position
        0
        """
        name = _name(annotator)
        with self.snapshot() as conn:
            order = corpus_item_ids(conn, corpus_id)
            passed = _done(conn, corpus_id, name, rubric) | _skipped(conn, corpus_id, name)
            row = conn.execute(
                "SELECT p.item_id FROM positions p JOIN annotators a ON a.id = p.annotator_id "
                "WHERE p.corpus_id = ? AND a.name = ?",
                (corpus_id, name),
            ).fetchone()
            start = order.index(int(row[0])) if row is not None and int(row[0]) in order else 0
            for item_id in order[start:] + order[:start]:
                if item_id not in passed:
                    return fetch_item(conn, item_id)
        return None

    def _set_status(self, item_id: int, annotator: Union[Annotator, str], column: str, value: object) -> None:
        name = _name(annotator)
        with self.transaction() as conn:
            fetch_item(conn, item_id)
            conn.execute(
                f"INSERT INTO item_status (item_id, annotator_id, {column}, updated_at) VALUES (?, ?, ?, ?) "
                f"ON CONFLICT (item_id, annotator_id) DO UPDATE SET {column} = excluded.{column}, "
                "updated_at = excluded.updated_at",
                (item_id, annotator_id(conn, name), value, now()),
            )


def _name(annotator: Union[Annotator, str]) -> str:
    return annotator.name if isinstance(annotator, Annotator) else clean_name(annotator, "annotator name")


def _done(conn: Db, corpus_id: int, name: str, rubric: Rubric) -> set[int]:
    """Items of the corpus the annotator has judged on every criterion of the rubric version."""
    rows = conn.execute(
        "SELECT j.item_id FROM judgments j JOIN items i ON i.id = j.item_id JOIN annotators a ON a.id = j.annotator_id "
        "JOIN criteria cr ON cr.id = j.criterion_id "
        "WHERE i.corpus_id = ? AND a.name = ? AND cr.rubric_id = ? GROUP BY j.item_id HAVING COUNT(*) = ?",
        (corpus_id, name, rubric.id, len(rubric.criteria)),
    )
    return {int(r[0]) for r in rows}


def _skipped(conn: Db, corpus_id: int, name: str) -> set[int]:
    rows = conn.execute(
        "SELECT s.item_id FROM item_status s JOIN items i ON i.id = s.item_id "
        "JOIN annotators a ON a.id = s.annotator_id WHERE i.corpus_id = ? AND a.name = ? AND s.skipped = 1",
        (corpus_id, name),
    )
    return {int(r[0]) for r in rows}
