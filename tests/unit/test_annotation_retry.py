"""Writes survive contention: a write that finds the store locked by another writer is retried with
backoff (WRITE_ATTEMPTS attempts sharing schema.BUSY_TIMEOUT_MS) and succeeds when the lock is
released within the budget; past the budget it raises StoreError "another writer held the store ...";
an error that waiting cannot cure is not retried."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Iterator

import pytest

from annotation import AnnotationStore, StoreError, schema
from annotation import connection as connection_module
from rouge_core.io.readers import read_corpus

HOLDER = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(float(sys.argv[2]))
conn.execute("ROLLBACK")
conn.close()
"""


@pytest.fixture
def pauses(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[float]]:
    """The backoff pauses the store takes (still slept, so another writer can finish meanwhile)."""
    taken: list[float] = []
    real = time.sleep

    def sleep(seconds: float) -> None:
        taken.append(seconds)
        real(seconds)

    # the connection module's own view of `time`: other waits (subprocess, threads) are not counted
    monkeypatch.setattr(connection_module, "time", SimpleNamespace(sleep=sleep))
    yield taken


def new_store(path: Path) -> tuple[int, int]:
    """A store file with one corpus; its item's id and the fluency criterion's id."""
    with AnnotationStore(path) as s:
        cid = s.add_corpus(read_corpus(b'{"id": "d1", "candidate": "a b", "reference": "a c"}', "x.jsonl"))
        return s.items(cid)[0].id, s.summeval_rubric().criterion("fluency").id


HOLDER_UNTIL_TOLD = """
import sqlite3, sys
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
sys.stdin.readline()
conn.execute("ROLLBACK")
conn.close()
"""


def test_a_lock_held_by_another_process_for_less_than_the_budget_is_waited_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another process holds the write lock through the whole first attempt and lets it go during the
    backoff pause that follows (told to, so a busy machine cannot reorder it): the retry writes."""
    monkeypatch.setattr(schema, "BUSY_TIMEOUT_MS", 2000)  # 4 attempts of 0.5 s
    path = tmp_path / "annotations.sqlite3"
    item, fluency = new_store(path)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER_UNTIL_TOLD, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert holder.stdin is not None and holder.stdout is not None
    pauses: list[float] = []

    def sleep(seconds: float) -> None:  # the store's backoff pause: the first one releases the lock
        pauses.append(seconds)
        if len(pauses) == 1:
            holder.stdin.write("release\n")
            holder.stdin.flush()
            assert holder.wait(timeout=30) == 0
        time.sleep(seconds)

    monkeypatch.setattr(connection_module, "time", SimpleNamespace(sleep=sleep))
    try:
        assert holder.stdout.readline() == "locked\n"
        with AnnotationStore(path) as s:
            start = time.monotonic()
            stored = s.record(item, fluency, "ann", 4)  # the first attempt gives up after 0.5 s; a retry writes
            waited = time.monotonic() - start
            assert (stored.value, [j.value for j in s.judgments()]) == (4, [4])
    finally:
        if holder.poll() is None:
            holder.kill()
    assert len(pauses) == 1 and waited > 0.4  # the first attempt's 0.5 s, one pause, then the retry


def test_a_lock_held_longer_than_the_budget_says_another_writer_held_the_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pauses: list[float]
) -> None:
    monkeypatch.setattr(schema, "BUSY_TIMEOUT_MS", 400)  # 4 attempts of 0.1 s
    path = tmp_path / "annotations.sqlite3"
    item, fluency = new_store(path)
    other = sqlite3.connect(path, isolation_level=None)
    try:
        with AnnotationStore(path) as s:
            other.execute("BEGIN IMMEDIATE")
            start = time.monotonic()
            with pytest.raises(StoreError) as failed:
                s.record(item, fluency, "ann", 4)
            waited = time.monotonic() - start
            other.execute("ROLLBACK")
            assert str(failed.value) == (
                "cannot write the annotation store: another writer held the store for more than 0.4 s; "
                "try again (database is locked)"
            )
            assert len(pauses) == connection_module.WRITE_ATTEMPTS - 1 == 3
            assert all(0.5 * 0.05 * 2**k <= p <= 1.5 * 0.05 * 2**k for k, p in enumerate(pauses))
            assert waited > 0.35  # the attempts waited for the lock (a lower bound: a busy machine only adds)
            assert s.judgments() == ()  # nothing half-written
            assert s.record(item, fluency, "ann", 4).value == 4  # the lock is free: it writes
    finally:
        other.close()


def test_a_lock_released_by_another_connection_meanwhile_lets_the_write_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, pauses: list[float]
) -> None:
    monkeypatch.setattr(schema, "BUSY_TIMEOUT_MS", 1200)  # 4 attempts of 0.3 s
    path = tmp_path / "annotations.sqlite3"
    item, fluency = new_store(path)
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    release = threading.Timer(0.45, lambda: other.execute("ROLLBACK"))
    try:
        with AnnotationStore(path) as s:
            release.start()
            s.set_note(item, "ann", "kept")  # every write of the store retries, not only record()
            assert s.status(item, "ann").note == "kept" and len(pauses) >= 1
    finally:
        release.join()
        other.close()


class FakeConnection:
    """Raises the given errors from execute(), one a call, then succeeds."""

    def __init__(self, *errors: sqlite3.Error) -> None:
        self.errors = list(errors)
        self.calls = 0

    def execute(self, sql: str) -> None:
        assert sql == "BEGIN IMMEDIATE"
        self.calls += 1
        if self.errors:
            raise self.errors.pop(0)


def test_begin_retries_transient_errors_only(pauses: list[float]) -> None:
    busy = FakeConnection(sqlite3.OperationalError("database is locked"), sqlite3.OperationalError("database is busy"))
    connection_module._begin(busy)  # type: ignore[arg-type]
    assert busy.calls == 3 and len(pauses) == 2
    pauses.clear()
    broken = FakeConnection(sqlite3.OperationalError("disk I/O error"))
    with pytest.raises(sqlite3.OperationalError, match="disk I/O error"):
        connection_module._begin(broken)  # type: ignore[arg-type]
    assert broken.calls == 1 and pauses == []  # waiting cannot cure it: no retry
