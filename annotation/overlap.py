"""Overlap for agreement: how many items of a corpus every annotator judges (the first ones they are
shown, in blind mode in one shuffled order for all), and how many judged items two annotators share.

Agreement (Krippendorff's alpha) needs items judged by two people or more. Blind mode shuffles the
items per annotator, so without an overlap two people judging their first 10 of 120 items rarely share
one. The overlap is a setting per corpus; until someone sets it, a small pilot (at most
:data:`PILOT_ITEMS` items) is overlapped whole, and a larger corpus in its first :data:`DEFAULT_OVERLAP`
items: enough pairable units for a first alpha without costing each annotator much.
"""

from __future__ import annotations

from typing import Optional, Union

from .connection import StoreConnection
from .model import Annotator, Rubric, StoreError, clean_name, now

#: A corpus of at most this many items is a pilot: by default everyone judges all of it.
PILOT_ITEMS = 20
#: The default overlap of a larger corpus.
DEFAULT_OVERLAP = 10


def default_overlap(n_items: int) -> int:
    """The overlap of a corpus of ``n_items`` items whose overlap was never set.

    >>> default_overlap(12), default_overlap(20), default_overlap(120), default_overlap(0)
    (12, 20, 10, 0)
    """
    return n_items if n_items <= PILOT_ITEMS else DEFAULT_OVERLAP


class OverlapMixin(StoreConnection):
    """set_overlap, overlap, shared_counts."""

    def set_overlap(self, corpus_id: int, k: Optional[int]) -> None:
        """Keep ``k``, the number of items every annotator of the corpus is shown first (in one shuffled
        order for all in blind mode); None goes back to the default (:func:`default_overlap`). A
        negative or non-whole ``k``, or an unknown corpus, raise :class:`StoreError`.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}\\n' * 30, "x.jsonl"))
        >>> s.overlap(cid), s.set_overlap(cid, 5), s.overlap(cid), s.set_overlap(cid, 99), s.overlap(cid)
        (10, None, 5, None, 30)
        >>> s.set_overlap(cid, -1)
        Traceback (most recent call last):
        ...
        annotation.model.StoreError: overlap: -1 is not a whole number of items, 0 or more
        """
        if k is not None and (isinstance(k, bool) or not isinstance(k, int) or k < 0):
            raise StoreError(f"overlap: {k!r} is not a whole number of items, 0 or more")
        with self.transaction() as conn:
            if conn.execute("SELECT 1 FROM corpora WHERE id = ?", (corpus_id,)).fetchone() is None:
                raise StoreError(f"no corpus {corpus_id!r} in the annotation store")
            conn.execute(
                "INSERT INTO corpus_settings (corpus_id, overlap, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (corpus_id) DO UPDATE SET overlap = excluded.overlap, updated_at = excluded.updated_at",
                (corpus_id, k, now()),
            )

    def overlap(self, corpus_id: int) -> int:
        """How many items every annotator of the corpus is shown first: the value set (at most the
        corpus's size), else :func:`default_overlap`. An unknown corpus raises :class:`StoreError`."""
        with self.snapshot() as conn:
            row = conn.execute(
                "SELECT (SELECT COUNT(*) FROM items WHERE corpus_id = c.id), s.overlap "
                "FROM corpora c LEFT JOIN corpus_settings s ON s.corpus_id = c.id WHERE c.id = ?",
                (corpus_id,),
            ).fetchone()
        if row is None:
            raise StoreError(f"no corpus {corpus_id!r} in the annotation store")
        n_items, chosen = int(row[0]), row[1]
        return default_overlap(n_items) if chosen is None else min(int(chosen), n_items)

    def shared_counts(self, corpus_id: int, annotator: Union[Annotator, str], rubric: Rubric) -> dict[str, int]:
        """For each other annotator who has judged an item of the corpus on every criterion of
        ``rubric`` (this version): how many of the items this annotator judged so they also judged,
        by name (0: none shared yet). These items are the units agreement can pair.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}\\n' * 3, "x.jsonl"))
        >>> r = s.summeval_rubric()
        >>> first, second = s.items(cid)[:2]
        >>> for who, items in (("al", [first, second]), ("bo", [first]), ("cy", [second])):
        ...     for item in items:
        ...         _ = [s.record(item.id, c, who, 3) for c in r.criteria]
        >>> s.shared_counts(cid, "bo", r), s.shared_counts(cid, "al", r)
        ({'al': 1, 'cy': 0}, {'bo': 1, 'cy': 1})
        """
        name = annotator.name if isinstance(annotator, Annotator) else clean_name(annotator, "annotator name")
        # Read per annotator and per item, never the whole corpus: the page recounts this each time an
        # item is completed, so its cost must not grow with the judgments stored (issue 17, point 7).
        # An annotator's "complete" items come from the (annotator, item) index; whether another one has
        # any stops at their first complete item; the shared counts read only this annotator's items.
        complete = (
            "SELECT j.item_id FROM judgments j JOIN items i ON i.id = j.item_id "
            "JOIN criteria cr ON cr.id = j.criterion_id "
            "WHERE j.annotator_id = {who} AND i.corpus_id = :corpus AND cr.rubric_id = :rubric "
            "GROUP BY j.item_id HAVING COUNT(*) = :k"
        )
        args = {"corpus": corpus_id, "rubric": rubric.id, "k": len(rubric.criteria), "name": name}
        with self.snapshot() as conn:
            others = conn.execute(
                f"SELECT a.id, a.name FROM annotators a WHERE a.name != :name "
                f"AND EXISTS ({complete.format(who='a.id')}) ORDER BY a.name",
                args,
            ).fetchall()
            shared = dict(
                conn.execute(
                    f"WITH mine AS ({complete.format(who='(SELECT id FROM annotators WHERE name = :name)')}) "
                    "SELECT j.annotator_id, COUNT(*) FROM (SELECT j.annotator_id, j.item_id FROM judgments j "
                    "JOIN criteria cr ON cr.id = j.criterion_id "
                    "WHERE j.item_id IN (SELECT item_id FROM mine) AND cr.rubric_id = :rubric "
                    "GROUP BY j.annotator_id, j.item_id HAVING COUNT(*) = :k) j GROUP BY j.annotator_id",
                    args,
                ).fetchall()
            )
        rows = [(who_name, shared.get(who_id, 0)) for who_id, who_name in others]
        return {str(r[0]): int(r[1]) for r in rows}
