"""annotation: two processes writing to one store at once lose nothing, and a writer
killed with SIGKILL leaves a sound database holding every judgment it reported as committed."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from annotation import AnnotationStore
from rouge_core.io.readers import Corpus, Document

ROOT = Path(__file__).resolve().parents[2]

# Records n judgments for one annotator, one per (item, criterion) in turn, each its own committed
# store call, printing the count after each; waits for a line on stdin before starting.
WRITER = """
import sys
from annotation import AnnotationStore

path, annotator, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
with AnnotationStore(path) as store:
    rubric = store.summeval_rubric()
    pairs = [(item, c) for item in store.items(store.corpus("durability").id) for c in rubric.criteria]
    print("ready", flush=True)
    sys.stdin.readline()
    for k in range(n):
        item, criterion = pairs[k % len(pairs)]
        store.record(item.id, criterion, annotator, 1 + k % 5)
        print(k + 1, flush=True)
"""


def make_store(path: Path, n_docs: int) -> None:
    docs = tuple(Document(f"d{i}", "S", (f"summary {i}.",), ((f"reference {i}.",),)) for i in range(n_docs))
    with AnnotationStore(path) as s:
        s.add_corpus(Corpus(docs, (), "jsonl", "lines", "durability"), "durability")
        s.summeval_rubric()


def start_writer(path: Path, annotator: str, n: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path), annotator, str(n)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first == "ready\n", first + (proc.stderr.read() if proc.stderr else "")
    return proc


def count(path: Path, annotator: str | None = None) -> int:
    conn = sqlite3.connect(path)
    sql = "SELECT COUNT(*) FROM judgments j JOIN annotators a ON a.id = j.annotator_id"
    args: tuple[str, ...] = ()
    if annotator is not None:
        sql += " WHERE a.name = ?"
        args = (annotator,)
    (n,) = conn.execute(sql, args).fetchone()
    conn.close()
    return int(n)


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path))
    return tmp_path / "annotations.sqlite3"


def test_two_processes_write_at_once_and_lose_nothing(db: Path) -> None:
    make_store(db, 50)  # 50 items x 4 criteria = 200 distinct judgments per annotator
    writers = [start_writer(db, name, 200) for name in ("proc-a", "proc-b")]
    for proc in writers:  # both are connected and waiting: start them together
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    for proc in writers:
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        assert out.split()[-1] == "200"
    assert count(db) == 400
    assert count(db, "proc-a") == count(db, "proc-b") == 200
    with AnnotationStore(db) as s:
        items = {i.id: i.position for i in s.items(s.corpus("durability").id)}
        criteria = {c.id: c.position for c in s.summeval_rubric().criteria}
        for j in s.judgments():
            k = items[j.item_id] * 4 + criteria[j.criterion_id]
            assert j.value == 1 + k % 5, (j.annotator, k)


def test_kill_9_keeps_every_committed_judgment(db: Path) -> None:
    make_store(db, 500)  # 2,000 distinct judgments: far more than are written before the kill
    proc = start_writer(db, "victim", 2000)
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write("go\n")
    proc.stdin.flush()
    reported = 0
    deadline = time.monotonic() + 30
    while reported < 50 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        assert line, proc.stderr.read() if proc.stderr else "writer ended"
        reported = int(line)
    os.kill(proc.pid, signal.SIGKILL)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == -signal.SIGKILL  # killed mid-run, not finished
    reported = max([reported] + [int(x) for x in out.split()])
    assert 50 <= reported < 2000

    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    conn.close()
    stored = count(db, "victim")
    assert reported <= stored <= reported + 1  # at most the one judgment committed but not yet printed
    with AnnotationStore(db) as s:  # the store opens it and goes on writing
        item = s.items(s.corpus("durability").id)[-1]
        s.record(item.id, s.summeval_rubric().criterion("fluency"), "victim", 5)
    assert count(db, "victim") == stored + 1
