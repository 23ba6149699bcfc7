"""Content units (Pyramid / LitePyramid summary content units): short facts written for a document's
references, each ticked present or absent in a candidate; recall = units present / units.

Units belong to a document of a corpus (its ``doc_id``), not to one system's item: every system's
candidate for that document is checked against the same units.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any, Optional, Sequence, Union

from .connection import StoreConnection
from .corpora import fetch_item
from .db import Db, new_id
from .judgments import annotator_id
from .model import UNIT_ORIGINS, Annotator, ContentUnit, StoreError, UnitJudgment, clean_name, now

#: Longest content unit, in characters.
MAX_UNIT = 2_000

_UNIT_COLUMNS = "id, corpus_id, doc_id, reference, position, text, origin"


class UnitsMixin(StoreConnection):
    """add_units, units, tick, unit_recall, unit_judgments."""

    def add_units(
        self,
        corpus_id: int,
        doc_id: str,
        texts: Sequence[str],
        reference: Optional[int] = None,
        origin: str = "written",
    ) -> tuple[ContentUnit, ...]:
        """Append content units to a document: for reference number ``reference`` (0-based) or, when
        None, for the document as a whole. Empty texts, an unknown document or reference, or an
        unknown origin raise :class:`StoreError` and store nothing.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"id": "d1", "candidate": "a", "reference": "b"}', "x.jsonl"))
        >>> [(u.position, u.text, u.reference) for u in s.add_units(cid, "d1", ["Kim won.", "In May."], 0)]
        [(0, 'Kim won.', 0), (1, 'In May.', 0)]
        """
        if origin not in UNIT_ORIGINS:
            raise StoreError(f"content unit origin {origin!r}: expected one of {', '.join(UNIT_ORIGINS)}")
        if isinstance(texts, str):
            raise StoreError("content units: expected a list of texts, got one text")
        cleaned = [_unit_text(t, n) for n, t in enumerate(texts, 1)]
        with self.transaction() as conn:
            refs = conn.execute(
                "SELECT references_json FROM items WHERE corpus_id = ? AND doc_id = ? LIMIT 1", (corpus_id, doc_id)
            ).fetchone()
            if refs is None:
                raise StoreError(f"no document {doc_id!r} in corpus {corpus_id!r}")
            n_refs = len(_json_list(refs[0]))
            if reference is not None and not (isinstance(reference, int) and 0 <= reference < n_refs):
                raise StoreError(f"document {doc_id!r}: no reference {reference!r} (it has {n_refs}, numbered from 0)")
            (last,) = conn.execute(
                "SELECT COALESCE(MAX(position), -1) FROM content_units WHERE corpus_id = ? AND doc_id = ?",
                (corpus_id, doc_id),
            ).fetchone()
            stamp = now()
            ids = [
                new_id(
                    conn.execute(
                        "INSERT INTO content_units (corpus_id, doc_id, reference, position, text, origin, created_at) "
                        "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                        (corpus_id, doc_id, reference, int(last) + 1 + n, text, origin, stamp),
                    )
                )
                for n, text in enumerate(cleaned)
            ]
            return tuple(fetch_unit(conn, i) for i in ids)

    def units(self, corpus_id: int, doc_id: str) -> tuple[ContentUnit, ...]:
        """A document's content units, in position order.

        >>> from annotation import AnnotationStore
        >>> AnnotationStore(":memory:").units(1, "d1")
        ()
        """
        with self.snapshot() as conn:
            rows = conn.execute(
                f"SELECT {_UNIT_COLUMNS} FROM content_units WHERE corpus_id = ? AND doc_id = ? ORDER BY position",
                (corpus_id, doc_id),
            ).fetchall()
        return tuple(_unit(r) for r in rows)

    def tick(self, unit_id: int, item_id: int, annotator: Union[Annotator, str], present: bool) -> None:
        """Record whether content unit ``unit_id`` is present in item ``item_id``'s candidate, for an
        annotator (ticking again replaces the answer). The item must be of the unit's document.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"id": "d1", "candidate": "a", "reference": "b"}', "x.jsonl"))
        >>> u1, u2, u3 = s.add_units(cid, "d1", ["one", "two", "three"])
        >>> item = s.items(cid)[0]
        >>> s.tick(u1.id, item.id, "ann", True); s.tick(u2.id, item.id, "ann", False)
        >>> s.unit_recall(item.id, "ann")
        Fraction(1, 3)
        """
        if not isinstance(present, bool):
            raise StoreError(f"present: expected True or False, got {present!r}")
        name = annotator.name if isinstance(annotator, Annotator) else clean_name(annotator, "annotator name")
        with self.transaction() as conn:
            unit = fetch_unit(conn, unit_id)
            item = fetch_item(conn, item_id)
            if (item.corpus_id, item.doc_id) != (unit.corpus_id, unit.doc_id):
                raise StoreError(
                    f"content unit {unit_id} belongs to document {unit.doc_id!r}, item {item_id} to {item.doc_id!r}"
                )
            stamp = now()
            tick_unit(conn, (unit.id, item.id, annotator_id(conn, name)), present, stamp, stamp)

    def unit_recall(self, item_id: int, annotator: Union[Annotator, str]) -> Optional[Fraction]:
        """LitePyramid-style recall of an item for an annotator: units ticked present / units of its
        document (units not ticked yet count as absent); None when the document has no units.

        >>> from annotation import AnnotationStore
        >>> from rouge_core.io.readers import read_corpus
        >>> s = AnnotationStore(":memory:")
        >>> cid = s.add_corpus(read_corpus(b'{"candidate": "a", "reference": "b"}', "x.jsonl"))
        >>> s.unit_recall(s.items(cid)[0].id, "ann") is None
        True
        """
        name = annotator.name if isinstance(annotator, Annotator) else clean_name(annotator, "annotator name")
        with self.snapshot() as conn:
            item = fetch_item(conn, item_id)
            (total,) = conn.execute(
                "SELECT COUNT(*) FROM content_units WHERE corpus_id = ? AND doc_id = ?", (item.corpus_id, item.doc_id)
            ).fetchone()
            (present,) = conn.execute(
                "SELECT COUNT(*) FROM unit_judgments u JOIN annotators a ON a.id = u.annotator_id "
                "WHERE u.item_id = ? AND a.name = ? AND u.present = 1",
                (item_id, name),
            ).fetchone()
        return Fraction(int(present), int(total)) if total else None

    def unit_judgments(self, corpus_id: Optional[int] = None) -> tuple[UnitJudgment, ...]:
        """Every content-unit judgment (of one corpus if given), by corpus, item, unit and annotator.

        >>> from annotation import AnnotationStore
        >>> AnnotationStore(":memory:").unit_judgments()
        ()
        """
        sql = (
            "SELECT u.unit_id, u.item_id, c.name, i.doc_id, i.system, cu.reference, cu.position, cu.text, cu.origin, "
            "a.name, u.present, u.created_at, u.updated_at FROM unit_judgments u "
            "JOIN content_units cu ON cu.id = u.unit_id JOIN items i ON i.id = u.item_id "
            "JOIN corpora c ON c.id = i.corpus_id JOIN annotators a ON a.id = u.annotator_id"
        )
        args: tuple[Any, ...] = ()
        if corpus_id is not None:
            sql += " WHERE i.corpus_id = ?"
            args = (corpus_id,)
        with self.snapshot() as conn:
            rows = conn.execute(sql + " ORDER BY c.name, i.position, cu.position, a.name", args).fetchall()
        return tuple(_unit_judgment(r) for r in rows)


def tick_unit(
    conn: Db,
    ids: tuple[int, int, int],
    present: bool,
    created_at: str,
    updated_at: str,
    newer_only: bool = False,
) -> None:
    """Insert or replace the content-unit judgment of ``ids`` = (unit, item, annotator); with
    ``newer_only`` an existing one is replaced only by a later ``updated_at``. Call inside a write transaction."""
    conn.execute(
        "INSERT INTO unit_judgments (unit_id, item_id, annotator_id, present, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (unit_id, item_id, annotator_id) DO UPDATE SET "
        "present = excluded.present, updated_at = excluded.updated_at"
        + (" WHERE excluded.updated_at > unit_judgments.updated_at" if newer_only else ""),
        (*ids, int(present), created_at, updated_at),
    )


def fetch_unit(conn: Db, unit_id: int) -> ContentUnit:
    """Content unit ``unit_id`` read on ``conn`` (:class:`StoreError` if there is none)."""
    row = conn.execute(f"SELECT {_UNIT_COLUMNS} FROM content_units WHERE id = ?", (unit_id,)).fetchone()
    if row is None:
        raise StoreError(f"no content unit {unit_id!r} in the annotation store")
    return _unit(row)


def _unit_text(text: object, n: int) -> str:
    if not isinstance(text, str) or not text.strip():
        raise StoreError(f"content unit {n}: {text!r} is not a non-empty text")
    if len(text) > MAX_UNIT:
        raise StoreError(f"content unit {n}: {len(text):,} characters, the limit is {MAX_UNIT:,}")
    return text.strip()


def _json_list(text: str) -> list[Any]:
    value = json.loads(text)
    return value if isinstance(value, list) else []


def _unit(row: Any) -> ContentUnit:
    ref = None if row[3] is None else int(row[3])
    return ContentUnit(int(row[0]), int(row[1]), str(row[2]), ref, int(row[4]), str(row[5]), str(row[6]))


def _unit_judgment(r: Any) -> UnitJudgment:
    ref = None if r[5] is None else int(r[5])
    return UnitJudgment(
        unit_id=int(r[0]),
        item_id=int(r[1]),
        corpus=str(r[2]),
        doc_id=str(r[3]),
        system=str(r[4]),
        reference=ref,
        unit_position=int(r[6]),
        unit_text=str(r[7]),
        unit_origin=str(r[8]),
        annotator=str(r[9]),
        present=bool(r[10]),
        created_at=str(r[11]),
        updated_at=str(r[12]),
    )
