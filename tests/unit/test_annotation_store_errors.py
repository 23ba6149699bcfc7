"""annotation: an SQLite failure after the store is open (a read-only file, a full disk, a
damaged page, another writer holding the lock too long) raises StoreError naming the cause in plain
words with SQLite's text, and what was committed before stays readable.

Each case is real: the read-only file is written by a process that cannot write it (a forked child
that drops root's privileges to ``nobody``, since root ignores file modes), the full disk is an
``RLIMIT_FSIZE`` of 0 in a forked child (SIGXFSZ ignored, so the write fails with EFBIG), and the
damaged file has one of its pages overwritten with garbage.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import sqlite3
import stat
import tempfile
from pathlib import Path
from typing import Callable, Iterator

import pytest

from annotation import AnnotationStore, StoreError, schema
from rouge_core.io.readers import Corpus, Document
from tests.forked import read_all

NOBODY = 65534
READ_ONLY = "cannot write the annotation store: the file is read-only (attempt to write a readonly database)"
DISK_FULL = "cannot write the annotation store: the disk is full or cannot be written (disk I/O error)"
DAMAGED = "the annotation store: the file is damaged (database disk image is malformed)"

Row = tuple[str, str, str, float]


def corpus(n: int, name: str = "errors") -> Corpus:
    docs = tuple(Document(f"d{i}", "S", (f"summary {i}.",), ((f"reference {i}.",),)) for i in range(n))
    return Corpus(docs, (), "jsonl", "lines", name)


def make_store(path: Path) -> list[Row]:
    """A store with 5 items, two committed judgments and a note; the judgments as rows."""
    with AnnotationStore(path) as s:
        cid = s.add_corpus(corpus(5), "errors")
        items = s.items(cid)
        rubric = s.summeval_rubric()
        s.record(items[0].id, rubric.criterion("coherence"), "ann", 3)
        s.record(items[0].id, rubric.criterion("fluency"), "ann", 5)
        s.set_note(items[0].id, "ann", "kept")
        return rows(s)


def rows(store: AnnotationStore) -> list[Row]:
    return [(j.doc_id, j.criterion, j.annotator, j.value) for j in store.judgments()]


def in_child(work: Callable[[], object]) -> object:
    """Run ``work`` in a forked child and return what it returned (through JSON), so a privilege or a
    resource limit changed there does not reach the test process."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never return into pytest
        code = 0
        try:
            os.close(read_end)
            out = json.dumps(work()).encode()
            with os.fdopen(write_end, "wb") as pipe:
                pipe.write(out)
        except BaseException as e:  # reported to the parent, which fails the test with it
            os.write(write_end, json.dumps(f"child failed: {type(e).__name__}: {e}").encode())
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    data = read_all(read_end, pid)
    _, status = os.waitpid(pid, 0)
    result = json.loads(data)
    assert os.waitstatus_to_exitcode(status) == 0, result
    return result


def attempt(call: Callable[[], object]) -> str:
    """The StoreError message of ``call``, or "saved" when it did not raise."""
    try:
        call()
    except StoreError as e:
        return str(e)
    return "saved"


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder everyone may enter and write (under the system's temporary folder: pytest's own is
    root's alone), so a child that became ``nobody`` reaches the store and can make its -wal file."""
    path = Path(tempfile.mkdtemp(prefix="store-errors-"))
    path.chmod(0o777)
    yield path
    shutil.rmtree(path)


def test_a_read_only_file_refuses_writes_with_a_plain_reason_and_keeps_what_it_has(shared_dir: Path) -> None:
    path = shared_dir / "annotations.sqlite3"
    before = make_store(path)
    path.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)  # 0444, owned by this user

    def write_as_someone_who_may_only_read() -> object:
        if os.geteuid() == 0:  # root may write any file whatever its mode: become nobody
            os.setgid(NOBODY)
            os.setuid(NOBODY)
        with AnnotationStore(path) as s:
            seen = rows(s)
            item = s.items(s.corpus("errors").id)[1]
            relevance = s.summeval_rubric().criterion("relevance")
            errors = [
                attempt(lambda: s.record(item.id, relevance, "ann", 4)),
                attempt(lambda: s.set_note(item.id, "ann", "lost?")),
                attempt(lambda: s.add_corpus(corpus(3, "other"), "other")),
            ]
            return seen, errors, rows(s)

    seen, errors, after = in_child(write_as_someone_who_may_only_read)  # type: ignore[misc]
    assert [tuple(r) for r in seen] == [tuple(r) for r in after] == before
    assert errors == [READ_ONLY, READ_ONLY, READ_ONLY]
    with AnnotationStore(path) as s:
        assert rows(s) == before
        assert [c.name for c in s.corpora()] == ["errors"]


def test_a_full_disk_refuses_writes_with_a_plain_reason_and_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "annotations.sqlite3"
    before = make_store(path)

    def write_on_a_full_disk() -> object:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
        with AnnotationStore(path) as s:
            item = s.items(s.corpus("errors").id)[1]
            relevance = s.summeval_rubric().criterion("relevance")
            resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))  # after opening: no byte more may be written
            return [
                attempt(lambda: s.record(item.id, relevance, "ann", 4)),
                attempt(lambda: s.set_flag(item.id, "ann")),
                attempt(lambda: s.add_corpus(corpus(2_000, "big"), "big")),  # many pages, all or nothing
            ]

    assert in_child(write_on_a_full_disk) == [DISK_FULL] * 3
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    conn.close()
    with AnnotationStore(path) as s:
        assert rows(s) == before
        assert [c.name for c in s.corpora()] == ["errors"]  # no half-stored corpus
        item = s.items(s.corpus("errors").id)[1]
        s.record(item.id, s.summeval_rubric().criterion("relevance"), "ann", 4)  # space again: it writes
        assert len(rows(s)) == 3


def damage_page(path: Path, table: str) -> None:
    """Overwrite the root page of ``table`` (its only page when small) with garbage."""
    conn = sqlite3.connect(path)
    (page_size,) = conn.execute("PRAGMA page_size").fetchone()
    (root,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = ?", (table,)).fetchone()
    conn.close()
    with open(path, "r+b") as f:
        f.seek((root - 1) * page_size)
        f.write(bytes([0xA5]) * page_size)


def test_a_damaged_page_raises_a_plain_reason_and_the_rest_stays_readable(tmp_path: Path) -> None:
    original = tmp_path / "annotations.sqlite3"
    before = make_store(original)  # closed: the WAL is checkpointed into the file
    damaged = tmp_path / "damaged.sqlite3"
    shutil.copyfile(original, damaged)
    damage_page(damaged, "item_status")  # the notes, flags and skips
    with AnnotationStore(damaged) as s:
        item = s.items(s.corpus("errors").id)[0]
        assert attempt(lambda: s.status(item.id, "ann")) == "cannot read " + DAMAGED
        assert attempt(lambda: s.set_note(item.id, "ann", "new")) == "cannot write " + DAMAGED
        assert rows(s) == before  # the judgments live on other pages
    with AnnotationStore(original) as s:
        assert rows(s) == before and s.status(s.items(s.corpus("errors").id)[0].id, "ann").note == "kept"


def test_a_writer_that_holds_the_lock_past_the_busy_timeout_gives_try_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(schema, "BUSY_TIMEOUT_MS", 200)  # the real 5 s, shortened for the test
    path = tmp_path / "annotations.sqlite3"
    before = make_store(path)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        with AnnotationStore(path) as s:
            item = s.items(s.corpus("errors").id)[1]
            relevance = s.summeval_rubric().criterion("relevance")
            other.execute("BEGIN IMMEDIATE")  # another process's long write
            assert attempt(lambda: s.record(item.id, relevance, "ann", 4)) == (
                "cannot write the annotation store: another writer held the store for more than 0.2 s; "
                "try again (database is locked)"
            )
            other.execute("ROLLBACK")
            assert rows(s) == before
            s.record(item.id, relevance, "ann", 4)  # the lock is free: it writes
            assert len(rows(s)) == 3
    finally:
        other.close()


def test_a_failed_write_inside_a_transaction_rolls_back_every_call_of_it(tmp_path: Path) -> None:
    path = tmp_path / "annotations.sqlite3"
    before = make_store(path)
    with AnnotationStore(path) as s:
        item = s.items(s.corpus("errors").id)[2]
        rubric = s.summeval_rubric()
        with pytest.raises(StoreError, match=r"^cannot write the annotation store: SQLite failed \(no such table"):
            with s.transaction() as conn:
                s.record(item.id, rubric.criterion("relevance"), "bob", 2)
                conn.execute("INSERT INTO no_such_table VALUES (1)")
        assert rows(s) == before


def test_what_is_already_stored_is_found_without_the_write_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Annotate page asks for its corpus, rubric, annotator and place on every run: while another
    writer holds the lock (or the file cannot be written) they are read, not written, so the page
    still shows and only a new judgment reports "Not saved"."""
    monkeypatch.setattr(schema, "BUSY_TIMEOUT_MS", 200)
    path = tmp_path / "annotations.sqlite3"
    make_store(path)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        with AnnotationStore(path) as s:
            cid = s.corpus("errors").id
            item = s.items(cid)[0]
            s.set_position(item.id, "ann")
            rubric = s.summeval_rubric()
            other.execute("BEGIN IMMEDIATE")
            assert s.add_corpus(corpus(5), "errors") == cid
            assert s.summeval_rubric() == rubric
            assert s.annotator("ann").name == "ann"
            s.set_position(item.id, "ann")  # the place it already has
            assert attempt(lambda: s.set_position(s.items(cid)[1].id, "ann")).endswith("(database is locked)")
            assert attempt(lambda: s.annotator("new")).endswith("(database is locked)")
    finally:
        other.close()
