"""annotation.schema: a database built at each earlier version (only the first k
migrations run, rows written with that version's tables) opens with every row intact and the current
version; a step that fails leaves its version untouched; a newer or foreign file is refused unchanged."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from annotation import AnnotationStore, ItemStatus, SchemaError
from annotation import schema as schema_module
from annotation.schema import APPLICATION_ID, CURRENT_VERSION, MIGRATIONS, Migration, migrate, user_version

T0 = "2024-01-02T03:04:05.000000+00:00"


def build(path: Path, version: int) -> None:
    """A database at ``version`` with rows in every table that version has."""
    conn = sqlite3.connect(path, isolation_level=None)
    assert migrate(conn, version) == version
    if version >= 1:
        conn.execute("INSERT INTO corpora VALUES (1, 'old.jsonl', 'hash1', 'jsonl', 'lines', ?)", (T0,))
        for pos, (doc, system) in enumerate((("d1", "A"), ("d1", "B"), ("d2", "A"))):
            conn.execute(
                "INSERT INTO items (id, corpus_id, position, doc_id, system, candidate_json, references_json, "
                'source_text, meta_json, origin) VALUES (?, 1, ?, ?, ?, ?, \'[["ref one."], ["ref two."]]\', '
                "'article', '{\"k\": 1}', ?)",
                (pos + 1, pos, doc, system, f'["{system} on {doc}."]', f"old.jsonl:{pos + 1}"),
            )
        conn.execute("INSERT INTO rubrics VALUES (1, 'mine', 1, ?)", (T0,))
        conn.execute("INSERT INTO criteria VALUES (1, 1, 'clear', 'Is it clear?', 1, 3, 1, 0)")
        conn.execute("INSERT INTO criteria VALUES (2, 1, 'share', 'How much?', 0, 1, 0, 1)")
        conn.execute("INSERT INTO annotators VALUES (1, 'ann', ?)", (T0,))
        conn.execute("INSERT INTO annotators VALUES (2, 'bob', ?)", (T0,))
        conn.execute("INSERT INTO judgments (item_id, criterion_id, annotator_id, value, created_at, updated_at) "
                     "VALUES (1, 1, 1, 2, ?, ?), (1, 2, 1, 0.75, ?, ?), (2, 1, 2, 3, ?, ?)", (T0,) * 6)  # fmt: skip
    if version >= 2:
        conn.execute(
            "INSERT INTO judgments (item_id, criterion_id, annotator_id, value, source, created_at, updated_at) "
            "VALUES (3, 1, 2, 1, 'summeval-expert', ?, ?)",
            (T0, T0),
        )
        conn.execute("INSERT INTO item_status VALUES (2, 1, 'odd reference', 1, 0, ?)", (T0,))
        conn.execute("INSERT INTO item_status VALUES (3, 1, '', 0, 1, ?)", (T0,))
        conn.execute("INSERT INTO positions VALUES (1, 2, 3, ?)", (T0,))  # bob was at item 3
    conn.close()


def next_position(s: AnnotationStore, annotator: str) -> int | None:
    item = s.next_item(1, annotator, s.rubric("mine"))
    return None if item is None else item.position


def check_v1_rows(s: AnnotationStore) -> None:
    (info,) = s.corpora()
    assert (info.id, info.name, info.content_hash, info.n_items, info.created_at) == (1, "old.jsonl", "hash1", 3, T0)
    items = s.items(1)
    assert [(i.doc_id, i.system, i.candidate, i.references) for i in items] == [
        ("d1", "A", ("A on d1.",), (("ref one.",), ("ref two.",))),
        ("d1", "B", ("B on d1.",), (("ref one.",), ("ref two.",))),
        ("d2", "A", ("A on d2.",), (("ref one.",), ("ref two.",))),
    ]
    assert (items[0].source, dict(items[0].meta), items[0].origin) == ("article", {"k": 1}, "old.jsonl:1")
    rubric = s.rubric("mine")
    assert [(c.name, c.scale_min, c.scale_max, c.integer) for c in rubric.criteria] == [
        ("clear", 1, 3, True),
        ("share", 0, 1, False),
    ]
    judged = [
        (j.doc_id, j.system, j.criterion, j.annotator, j.value, j.created_at) for j in s.judgments(source="annotated")
    ]
    assert judged == [
        ("d1", "A", "clear", "ann", 2, T0),
        ("d1", "A", "share", "ann", 0.75, T0),
        ("d1", "B", "clear", "bob", 3, T0),
    ]


def check_current_schema(path: Path) -> None:
    conn = sqlite3.connect(path)
    assert user_version(conn) == CURRENT_VERSION
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    conn.close()


def test_current_version_is_five_steps() -> None:
    assert [m.version for m in MIGRATIONS] == [1, 2, 3, 4, 5] and CURRENT_VERSION == 5


def test_migrate_from_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite3"
    sqlite3.connect(path).close()
    with AnnotationStore(path) as s:
        assert s.corpora() == ()
    check_current_schema(path)


def test_migrate_from_v1(tmp_path: Path) -> None:
    path = tmp_path / "v1.sqlite3"
    build(path, 1)
    with AnnotationStore(path) as s:
        check_v1_rows(s)
        assert {j.source for j in s.judgments()} == {"annotated"}  # v2's default for older rows
        assert s.status(1, "ann") == ItemStatus()
        # the tables of v2 and v3 work
        s.set_note(2, "ann", "noted after migration")
        (unit,) = s.add_units(1, "d1", ["a fact"], reference=1)
        s.tick(unit.id, 2, "bob", True)
        assert s.unit_recall(2, "bob") == 1
        assert next_position(s, "ann") == 1  # item 1 is fully judged by ann
    check_current_schema(path)


def test_migrate_from_v2(tmp_path: Path) -> None:
    path = tmp_path / "v2.sqlite3"
    build(path, 2)
    with AnnotationStore(path) as s:
        check_v1_rows(s)
        (expert,) = s.judgments(source="summeval-expert")
        assert (expert.doc_id, expert.annotator, expert.value) == ("d2", "bob", 1)
        assert s.status(2, "ann") == ItemStatus("odd reference", True, False)
        assert s.status(3, "ann") == ItemStatus("", False, True)
        rubric = s.rubric("mine")
        assert next_position(s, "bob") == 2  # resumes at bob's saved item, not at the first
        assert next_position(s, "ann") == 1  # item 1 done, item 3 skipped
        assert s.progress(1, "ann", rubric).skipped == 1
        assert s.units(1, "d1") == ()
    check_current_schema(path)


@pytest.mark.parametrize("version", range(1, CURRENT_VERSION))
def test_each_step_runs_once_and_keeps_the_schema_of_a_new_file(tmp_path: Path, version: int) -> None:
    old, new = tmp_path / "old.sqlite3", tmp_path / "new.sqlite3"
    build(old, version)
    AnnotationStore(old).close()
    AnnotationStore(old).close()  # opening again runs nothing
    AnnotationStore(new).close()

    def shape(path: Path) -> list[tuple[str, str]]:
        conn = sqlite3.connect(path)
        out = conn.execute("SELECT name, sql FROM sqlite_master ORDER BY name").fetchall()
        conn.close()
        return out

    assert shape(old) == shape(new)
    check_current_schema(old)


def test_a_failing_step_leaves_its_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "v1.sqlite3"
    build(path, 1)
    broken = Migration(2, "broken", ("CREATE TABLE half_done (x)", "ALTER TABLE no_such_table ADD COLUMN y"))
    monkeypatch.setattr(schema_module, "MIGRATIONS", (MIGRATIONS[0], broken))
    conn = sqlite3.connect(path, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError, match="no_such_table"):
        migrate(conn, 2)
    assert user_version(conn) == 1
    assert conn.execute("SELECT COUNT(*) FROM sqlite_master WHERE name = 'half_done'").fetchone()[0] == 0
    conn.close()
    monkeypatch.undo()
    with AnnotationStore(path) as s:
        check_v1_rows(s)


@pytest.mark.parametrize("wal", [False, True])
def test_a_newer_version_is_refused_and_untouched(tmp_path: Path, wal: bool) -> None:
    path = tmp_path / "future.sqlite3"
    build(path, CURRENT_VERSION)
    conn = sqlite3.connect(path, isolation_level=None)
    if wal:
        conn.execute("PRAGMA journal_mode = WAL")
    else:
        conn.execute("PRAGMA journal_mode = DELETE")
    conn.execute("CREATE TABLE from_the_future (x)")
    conn.execute(f"PRAGMA user_version = {CURRENT_VERSION + 1}")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(SchemaError, match=f"schema version {CURRENT_VERSION + 1}, newer than the {CURRENT_VERSION}"):
        AnnotationStore(path)
    assert path.read_bytes() == before


def test_foreign_files_are_refused_and_untouched(tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite3"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE notes (x)")
    conn.commit()
    conn.close()
    before = other.read_bytes()
    with pytest.raises(SchemaError, match="not an annotation store"):
        AnnotationStore(other)
    assert other.read_bytes() == before

    app = tmp_path / "app.sqlite3"
    conn = sqlite3.connect(app)
    conn.execute("PRAGMA application_id = 1234")
    conn.close()
    with pytest.raises(SchemaError, match=r"not an annotation store \(application_id 0x4d2\)"):
        AnnotationStore(app)

    text = tmp_path / "notes.sqlite3"
    text.write_bytes(b"these are not the tables you are looking for\n" * 40)
    with pytest.raises(SchemaError, match="not a usable SQLite database"):
        AnnotationStore(text)
    assert text.read_bytes() == b"these are not the tables you are looking for\n" * 40

    with pytest.raises(SchemaError, match="cannot open"):
        AnnotationStore(tmp_path / "no" / "such" / "dir" / "x.sqlite3")


def test_migrate_refuses_unknown_targets() -> None:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    with pytest.raises(ValueError, match=f"target version {CURRENT_VERSION + 1}"):
        migrate(conn, CURRENT_VERSION + 1)
    assert migrate(conn, 0) == 0
