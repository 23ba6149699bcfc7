"""Checking the rows of an import file against the store, inside the import's one transaction.

:class:`ImportContext` turns a row's names (corpus, document, system, rubric, criterion, annotator)
into stored ids, converts its fields, and raises :class:`ImportFileError` naming the file, the line
and the field at the first problem, so the caller's transaction rolls the whole file back.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, NoReturn, Optional, Union

from rouge_core.io.decoding import TextDecodeError, decode_text

from .corpora import fetch_item
from .db import Db, new_id
from .judgments import annotator_id, upsert_judgment
from .model import ANNOTATED, Criterion, ImportFileError, Item, StoreError, check_source, clean_name, now
from .rubrics import load_rubric
from .units import fetch_unit, tick_unit

#: Largest file imported, in bytes.
MAX_IMPORT_BYTES = 200_000_000


def check_size(data: Union[bytes, str], name: str) -> None:
    """Refuse a file over :data:`MAX_IMPORT_BYTES`."""
    if len(data) > MAX_IMPORT_BYTES:
        raise ImportFileError(f"{name}: {len(data):,} bytes, the limit is {MAX_IMPORT_BYTES:,}")


def decode(data: Union[bytes, str], name: str) -> str:
    """The text of a file's bytes by :func:`rouge_core.io.decoding.decode_text` (UTF-8, or the encoding
    its byte order mark names: UTF-8, UTF-16, UTF-32); text is returned as it is.

    >>> decode(b"\\xef\\xbb\\xbfa,b", "x.csv"), decode("a,b".encode("utf-16"), "x.csv")
    ('a,b', 'a,b')
    >>> decode(b"a\\n\\xff", "x.csv")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    annotation.model.ImportFileError: x.csv line 2, byte 1: not valid UTF-8 (byte 0xff); save ...
    """
    if isinstance(data, str):
        return data
    try:
        return decode_text(data, name)
    except TextDecodeError as e:
        raise ImportFileError(str(e)) from None


def parse_time(value: str) -> str:
    """An ISO 8601 time as stored (UTC, microseconds); a time without zone is taken as UTC.

    >>> parse_time("2024-05-01T14:00:00+02:00")
    '2024-05-01T12:00:00.000000+00:00'
    """
    stamp = datetime.fromisoformat(value.strip())
    if stamp.tzinfo is None:
        stamp = stamp.replace(tzinfo=timezone.utc)
    return stamp.astimezone(timezone.utc).isoformat(timespec="microseconds")


class ImportContext:
    """Lookups (cached) and field conversions for one import file; ``line`` is the current row's line."""

    def __init__(self, conn: Db, name: str) -> None:
        self.conn = conn
        self.name = name
        self.line = 0
        self._corpora: dict[str, int] = {}
        self._items: dict[int, dict[tuple[str, str], list[int]]] = {}
        self._criteria: dict[tuple[str, int, str], Criterion] = {}
        self._annotators: dict[str, int] = {}

    def where(self, field: str) -> str:
        """``file, line N, field 'x'`` for messages."""
        return f"{self.name}, line {self.line}, field {field!r}"

    def fail(self, field: str, message: str) -> NoReturn:
        """Raise :class:`ImportFileError` about ``field`` of the current line."""
        raise ImportFileError(f"{self.where(field)}: {message}")

    def text(self, rec: dict[str, Any], field: str) -> str:
        """A text field (JSON strings only: a number where text belongs is an error)."""
        value = rec.get(field)
        if not isinstance(value, str):
            self.fail(field, f"expected text, got {value!r}")
        return value

    def whole(self, rec: dict[str, Any], field: str) -> int:
        """A whole-number field (``"3"`` in CSV, ``3`` in JSON)."""
        value = rec.get(field)
        try:
            if isinstance(value, str):
                return int(value.strip())
            if isinstance(value, int) and not isinstance(value, bool):
                return value
        except ValueError:
            pass
        self.fail(field, f"{value!r} is not a whole number")

    def number(self, rec: dict[str, Any], field: str) -> float:
        """A numeric field (``"0.6"`` in CSV, ``0.6`` in JSON)."""
        value = rec.get(field)
        try:
            if isinstance(value, str):
                return float(value)
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                return value
        except ValueError:
            pass
        self.fail(field, f"{value!r} is not a number")

    def flag(self, rec: dict[str, Any], field: str) -> bool:
        """A true/false field (``1``/``0``/``true``/``false`` in CSV, a JSON boolean or 0/1)."""
        value = rec.get(field)
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower() if isinstance(value, (str, int)) else ""
        if text in ("1", "true", "0", "false"):
            return text in ("1", "true")
        self.fail(field, f"{value!r} is not true or false")

    def item(self, rec: dict[str, Any]) -> Item:
        """The stored item named by the row's corpus, doc_id and system."""
        corpus, doc_id, system = self.text(rec, "corpus"), self.text(rec, "doc_id"), self.text(rec, "system")
        if corpus not in self._corpora:
            row = self.conn.execute("SELECT id FROM corpora WHERE name = ?", (corpus,)).fetchone()
            if row is None:
                self.fail("corpus", f"no corpus {corpus!r} in the annotation store (add the corpus first)")
            self._corpora[corpus] = int(row[0])
        corpus_id = self._corpora[corpus]
        if corpus_id not in self._items:
            index: dict[tuple[str, str], list[int]] = {}
            for item_id, d, s in self.conn.execute(
                "SELECT id, doc_id, system FROM items WHERE corpus_id = ? ORDER BY position", (corpus_id,)
            ):
                index.setdefault((str(d), str(s)), []).append(int(item_id))
            self._items[corpus_id] = index
        found = self._items[corpus_id].get((doc_id, system), [])
        if len(found) != 1:
            what = "no" if not found else f"{len(found)} items for"
            self.fail("doc_id", f"corpus {corpus!r} has {what} document {doc_id!r} of system {system!r}")
        return fetch_item(self.conn, found[0])

    def criterion(self, rec: dict[str, Any]) -> Criterion:
        """The stored criterion named by the row's rubric, rubric_version and criterion."""
        rubric, version, name = self.text(rec, "rubric"), self.whole(rec, "rubric_version"), self.text(rec, "criterion")
        key = (rubric, version, name)
        if key not in self._criteria:
            row = self.conn.execute(
                "SELECT id FROM rubrics WHERE name = ? AND version = ?", (rubric, version)
            ).fetchone()
            if row is None:
                self.fail("rubric_version", f"no rubric {rubric!r} version {version} in the annotation store")
            try:
                self._criteria[key] = load_rubric(self.conn, int(row[0])).criterion(name)
            except StoreError as e:
                self.fail("criterion", str(e))
        return self._criteria[key]

    def value(self, rec: dict[str, Any], criterion: Criterion) -> float:
        """The row's value, checked against the criterion's scale."""
        raw = self.number(rec, "value")
        try:
            return criterion.check(raw, self.where("value"))
        except StoreError as e:
            raise ImportFileError(str(e)) from None

    def annotator(self, rec: dict[str, Any]) -> int:
        """The id of the row's annotator, added if new."""
        try:
            name = clean_name(rec.get("annotator"), self.where("annotator"))
        except StoreError as e:
            raise ImportFileError(str(e)) from None
        if name not in self._annotators:
            self._annotators[name] = annotator_id(self.conn, name)
        return self._annotators[name]

    def source(self, rec: dict[str, Any]) -> str:
        """The row's source (``annotated`` when absent or empty)."""
        value = rec.get("source")
        if value in (None, ""):
            return ANNOTATED
        try:
            return check_source(value)
        except StoreError as e:
            self.fail("source", str(e).partition(": ")[2])

    def times(self, rec: dict[str, Any]) -> tuple[str, str]:
        """The row's (created_at, updated_at), each now when absent or empty."""
        stamps = []
        for field in ("created_at", "updated_at"):
            value = rec.get(field)
            if value in (None, ""):
                stamps.append(now())
                continue
            try:
                stamps.append(parse_time(value) if isinstance(value, str) else "")
            except ValueError:
                stamps.append("")
            if not stamps[-1]:
                self.fail(field, f"{value!r} is not an ISO 8601 time")
        return stamps[0], stamps[1]

    def upsert(self, item: Item, criterion: Criterion, annotator: int, value: float, rec: dict[str, Any]) -> None:
        """Store the judgment unless a newer one is stored."""
        created, updated = self.times(rec)
        upsert_judgment(
            self.conn, (item.id, criterion.id, annotator), value, self.source(rec), created, updated, "newer"
        )

    def unit(self, item: Item, rec: dict[str, Any], origin: str) -> int:
        """The id of the row's content unit, added if missing; refuses one stored with another text."""
        reference: Optional[int] = None
        if rec.get("reference") not in ("", None):
            reference = self.whole(rec, "reference")
            if not 0 <= reference < len(item.references):
                self.fail(
                    "reference",
                    f"document {item.doc_id!r} has no reference {reference} (it has {len(item.references)})",
                )
        position = self.whole(rec, "unit_position")
        if position < 0:
            self.fail("unit_position", f"{position} is negative")
        text = self.text(rec, "unit_text").strip()
        if not text:
            self.fail("unit_text", "empty")
        row = self.conn.execute(
            "SELECT id FROM content_units WHERE corpus_id = ? AND doc_id = ? AND position = ?",
            (item.corpus_id, item.doc_id, position),
        ).fetchone()
        if row is None:
            cur = self.conn.execute(
                "INSERT INTO content_units (corpus_id, doc_id, reference, position, text, origin, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (item.corpus_id, item.doc_id, reference, position, text, origin, now()),
            )
            return new_id(cur)
        unit = fetch_unit(self.conn, int(row[0]))
        if (unit.text, unit.reference) != (text, reference):
            self.fail(
                "unit_text",
                f"unit {position} of document {item.doc_id!r} is stored as {unit.text!r} "
                f"(reference {unit.reference!r}), not {text!r} (reference {reference!r})",
            )
        return unit.id

    def tick(self, unit_id: int, item: Item, annotator: int, present: bool, rec: dict[str, Any]) -> None:
        """Store the content-unit judgment unless a newer one is stored."""
        created, updated = self.times(rec)
        tick_unit(self.conn, (unit_id, item.id, annotator), present, created, updated, newer_only=True)
