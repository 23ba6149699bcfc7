"""AnnotationStore.undo_last: each call reverts this annotator's latest judgment change in a corpus
(a changed value gets its previous value back, a first value is removed), walking back one change a
call; other annotators, other corpora and imports are not touched; a v3 file migrates and undoes."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from annotation import AnnotationStore, StoreError, Undone, export_judgments, import_judgments
from annotation.schema import CURRENT_VERSION, user_version
from rouge_core.io.readers import read_corpus

from .test_annotation_migrations import build, check_v1_rows

DOCS = b"".join(b'{"id": "d%d", "candidate": "a b", "reference": "a c"}\n' % k for k in range(3))


def store_with_corpus(path: str | Path, name: str = "x.jsonl", docs: bytes = DOCS) -> tuple[AnnotationStore, int]:
    s = AnnotationStore(path)
    return s, s.add_corpus(read_corpus(docs, name))


def values(s: AnnotationStore, annotator: str) -> list[tuple[int, str, float]]:
    return [(j.item_id, j.criterion, j.value) for j in s.judgments(annotator=annotator)]


def test_undo_walks_back_changes_one_at_a_time(database: str) -> None:
    s, cid = store_with_corpus(database)
    with s:
        rubric = s.summeval_rubric()
        fluency, coherence = rubric.criterion("fluency"), rubric.criterion("coherence")
        first, second = s.items(cid)[:2]
        s.record(first.id, fluency, "ann", 2)
        s.record(first.id, fluency, "ann", 4)  # changed 2 -> 4
        s.record(second.id, coherence, "ann", 5)
        s.record(second.id, coherence, "ann", 5)  # the same value again: nothing to undo
        assert s.undo_last(cid, "ann") == Undone(second.id, "coherence", None)
        assert values(s, "ann") == [(first.id, "fluency", 4)]
        assert s.undo_last(cid, "ann") == Undone(first.id, "fluency", 2)
        assert values(s, "ann") == [(first.id, "fluency", 2)]
        assert s.undo_last(cid, "ann") == Undone(first.id, "fluency", None)
        assert values(s, "ann") == []
        assert s.undo_last(cid, "ann") is None
        # after undoing, a new judgment is the next one undone
        s.record(first.id, fluency, "ann", 3)
        assert s.undo_last(cid, "ann") == Undone(first.id, "fluency", None)
        assert s.undo_last(cid, "ann") is None


def test_undo_restores_the_replaced_value_source_and_time(database: str) -> None:
    s, cid = store_with_corpus(database)
    with s:
        item = s.items(cid)[0]
        fluency = s.summeval_rubric().criterion("fluency")
        before = s.record(item.id, fluency, "ann", 2, source="pilot-import")
        s.record(item.id, fluency, "ann", 2)  # same value, another source: a change
        assert s.undo_last(cid, "ann") == Undone(item.id, "fluency", 2)
        (now,) = s.judgments(annotator="ann")
        assert (now.source, now.updated_at, now.created_at) == ("pilot-import", before.updated_at, before.created_at)


def test_undo_touches_only_this_annotator_and_corpus(database: str) -> None:
    s, cid = store_with_corpus(database)
    with s:
        other = s.add_corpus(read_corpus(b'{"id": "z", "candidate": "q", "reference": "r"}', "other.jsonl"))
        fluency = s.summeval_rubric().criterion("fluency")
        item, elsewhere = s.items(cid)[0], s.items(other)[0]
        s.record(item.id, fluency, "ann", 1)
        s.record(item.id, fluency, "bob", 3)
        s.record(elsewhere.id, fluency, "ann", 5)  # ann's latest, but in the other corpus
        assert s.undo_last(cid, "ann") == Undone(item.id, "fluency", None)
        assert values(s, "bob") == [(item.id, "fluency", 3)]
        assert values(s, "ann") == [(elsewhere.id, "fluency", 5)]
        assert s.undo_last(cid, "ann") is None
        assert s.undo_last(cid, "nobody") is None  # an unknown annotator has nothing to undo
        assert [a.name for a in s.annotators()] == ["ann", "bob"]  # and is not added
        with pytest.raises(StoreError, match="^no corpus 999 in the annotation store$"):
            s.undo_last(999, "ann")
        with pytest.raises(StoreError, match="^annotator name: empty$"):
            s.undo_last(cid, "  ")


def test_imported_judgments_are_not_undone(tmp_path: Path) -> None:
    source, cid = store_with_corpus(tmp_path / "a.sqlite3")
    with source:
        source.record(source.items(cid)[0].id, source.summeval_rubric().criterion("fluency"), "ann", 4)
        exported = export_judgments(source, "csv")
    s, cid = store_with_corpus(tmp_path / "b.sqlite3")
    with s:
        s.summeval_rubric()
        import_judgments(s, exported.encode(), "judgments.csv")
        assert values(s, "ann") == [(s.items(cid)[0].id, "fluency", 4)]
        assert s.undo_last(cid, "ann") is None
        assert values(s, "ann") == [(s.items(cid)[0].id, "fluency", 4)]


def test_a_change_an_import_replaced_since_is_passed_over(tmp_path: Path) -> None:
    s, cid = store_with_corpus(tmp_path / "a.sqlite3")
    later, later_cid = store_with_corpus(tmp_path / "b.sqlite3")
    with s, later:
        first, second = s.items(cid)[:2]
        fluency = s.summeval_rubric().criterion("fluency")
        s.record(second.id, fluency, "ann", 1)
        s.record(first.id, fluency, "ann", 2)
        s.record(first.id, fluency, "ann", 4)
        later.record(later.items(later_cid)[0].id, later.summeval_rubric().criterion("fluency"), "ann", 5)
        import_judgments(s, export_judgments(later, "csv").encode(), "newer.csv")  # newer: replaces the 4
        assert values(s, "ann") == [(first.id, "fluency", 5), (second.id, "fluency", 1)]
        assert s.undo_last(cid, "ann") == Undone(second.id, "fluency", None)  # ann's changes of item 1 are gone
        assert values(s, "ann") == [(first.id, "fluency", 5)]
        assert s.undo_last(cid, "ann") is None


def test_a_v3_file_migrates_and_undoes(tmp_path: Path) -> None:
    path = tmp_path / "v3.sqlite3"
    build(path, 3)
    with AnnotationStore(path) as s:
        check_v1_rows(s)
        clear = s.rubric("mine").criterion("clear")
        assert s.undo_last(1, "ann") is None  # judgments made before v4 have no log
        s.record(1, clear, "ann", 3)  # was 2 (from the v3 file)
        s.record(3, clear, "ann", 1)
        assert s.undo_last(1, "ann") == Undone(3, "clear", None)
        assert s.undo_last(1, "ann") == Undone(1, "clear", 2)
        check_v1_rows(s)  # back to exactly the v3 file's judgments
    conn = sqlite3.connect(path)
    assert user_version(conn) == CURRENT_VERSION == 5
    assert conn.execute("SELECT COUNT(*), SUM(undone) FROM judgment_log").fetchone() == (2, 2)
    conn.close()
