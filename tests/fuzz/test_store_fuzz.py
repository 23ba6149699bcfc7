"""Fuzzing the annotation store: two writers in random interleavings, and a writer killed between any
two SQL statements.

* Two :class:`AnnotationStore` objects on one file take random record / note / flag / skip calls in a
  random order (with values off the scale and notes over the limit among them, which must be refused
  and change nothing); after every call, either store reads exactly what a model of last-write-wins
  holds.
* A forked writer runs random calls and is killed with SIGKILL just before its k-th SQL statement
  (sqlite3's trace callback counts them: BEGIN, each INSERT, COMMIT ...), for a random k. Reopened, the
  file passes ``PRAGMA integrity_check`` and holds exactly the calls that returned before the kill: no
  half-made judgment, annotator or status row.

Bounded for CI (``FUZZ_EXAMPLES``, default 150 interleavings and a third as many kills); a release run
sets ``FUZZ_EXAMPLES=5000`` (see the README's section on tests).
"""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator, Union

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from annotation import AnnotationStore, ItemStatus, StoreError
from annotation.status import MAX_NOTE
from rouge_core.io.readers import Corpus, Document
from tests.forked import read_all

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "150"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)
KILLS = settings(FUZZ, max_examples=max(EXAMPLES // 3, 1))

N_ITEMS = 3
CRITERIA = ("coherence", "consistency", "fluency", "relevance")
ANNOTATORS = ("ann", "bo", "Zoë")


@dataclass(frozen=True)
class Record:
    item: int
    criterion: int
    annotator: str
    value: float


@dataclass(frozen=True)
class Note:
    item: int
    annotator: str
    text: str


@dataclass(frozen=True)
class Flag:
    item: int
    annotator: str
    on: bool


@dataclass(frozen=True)
class Skip:
    item: int
    annotator: str
    on: bool


Call = Union[Record, Note, Flag, Skip]
#: Judgments by (item position, criterion, annotator), statuses set by (item position, annotator), annotators.
State = tuple[dict[tuple[int, str, str], float], dict[tuple[int, str], ItemStatus], set[str]]

items = st.integers(0, N_ITEMS - 1)
people = st.sampled_from(ANNOTATORS)
# Mostly on the 1-5 scale; 0, 6, 2.5 and 1e308 must be refused.
values = st.one_of(st.integers(1, 5), st.sampled_from([0, 6, 2.5, 1e308]))
notes = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", "n" * MAX_NOTE, "n" * (MAX_NOTE + 1), "'); DROP TABLE judgments; --", "\x00\r\n"]),
)
calls: st.SearchStrategy[Call] = st.one_of(
    st.builds(Record, items, st.integers(0, len(CRITERIA) - 1), people, values),
    st.builds(Note, items, people, notes),
    st.builds(Flag, items, people, st.booleans()),
    st.builds(Skip, items, people, st.booleans()),
)


class Model:
    """What the store must hold: the last accepted value of each (item, criterion, annotator) and
    each (item, annotator) status, and the annotators who made an accepted call."""

    def __init__(self) -> None:
        self.judgments: dict[tuple[int, str, str], float] = {}
        self.status: dict[tuple[int, str], ItemStatus] = {}
        self.annotators: set[str] = set()

    @staticmethod
    def accepts(call: Call) -> bool:
        if isinstance(call, Record):
            return call.value in (1, 2, 3, 4, 5)
        if isinstance(call, Note):
            return len(call.text) <= MAX_NOTE
        return True

    def apply(self, call: Call) -> None:
        self.annotators.add(call.annotator)
        if isinstance(call, Record):
            self.judgments[(call.item, CRITERIA[call.criterion], call.annotator)] = call.value
            return
        old = self.status.get((call.item, call.annotator), ItemStatus())
        if isinstance(call, Note):
            new = ItemStatus(call.text, old.flagged, old.skipped)
        elif isinstance(call, Flag):
            new = ItemStatus(old.note, call.on, old.skipped)
        else:
            new = ItemStatus(old.note, old.flagged, call.on)
        self.status[(call.item, call.annotator)] = new


def run(store: AnnotationStore, call: Call) -> None:
    """Make ``call`` through the store's public API."""
    item = store.items(store.corpus("fuzz").id)[call.item].id
    if isinstance(call, Record):
        store.record(item, store.summeval_rubric().criterion(CRITERIA[call.criterion]), call.annotator, call.value)
    elif isinstance(call, Note):
        store.set_note(item, call.annotator, call.text)
    elif isinstance(call, Flag):
        store.set_flag(item, call.annotator, call.on)
    else:
        store.set_skip(item, call.annotator, call.on)


def state(
    store: AnnotationStore,
) -> tuple[dict[tuple[int, str, str], float], dict[tuple[int, str], ItemStatus], set[str]]:
    """The store's judgments, statuses (those set) and annotators, keyed as the model keys them."""
    position = {i.id: i.position for i in store.items(store.corpus("fuzz").id)}
    judgments = {(position[j.item_id], j.criterion, j.annotator): j.value for j in store.judgments()}
    names = {a.name for a in store.annotators()}
    status = {}
    for item_id, pos in position.items():
        for name in names:
            got = store.status(item_id, name)
            if got != ItemStatus():
                status[(pos, name)] = got
    return judgments, status, names


def expected(model: Model) -> State:
    return model.judgments, {k: v for k, v in model.status.items() if v != ItemStatus()}, model.annotators


@pytest.fixture(scope="module")
def template() -> Iterator[Path]:
    """A closed store file with the corpus and the SummEval rubric, copied for every example."""
    folder = Path(tempfile.mkdtemp(prefix="store-fuzz-"))
    path = folder / "template.sqlite3"
    docs = tuple(Document(f"d{i}", "S", (f"summary {i}.",), ((f"reference {i}.",),)) for i in range(N_ITEMS))
    with AnnotationStore(path) as s:
        s.add_corpus(Corpus(docs, (), "jsonl", "lines", "fuzz"), "fuzz")
        s.summeval_rubric()
    yield path
    shutil.rmtree(folder)


def fresh(template: Path) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="store-fuzz-", dir=template.parent))
    shutil.copyfile(template, folder / "annotations.sqlite3")
    return folder / "annotations.sqlite3"


@FUZZ
@given(st.lists(st.tuples(st.integers(0, 1), calls), max_size=25))
def test_two_writers_in_any_order_keep_the_last_write_of_each(
    template: Path, interleaving: list[tuple[int, Call]]
) -> None:
    path = fresh(template)
    model = Model()
    try:
        with AnnotationStore(path) as first, AnnotationStore(path) as second:
            writers = (first, second)
            for who, call in interleaving:
                if model.accepts(call):
                    run(writers[who], call)
                    model.apply(call)
                else:
                    with pytest.raises(StoreError):
                        run(writers[who], call)
                assert state(writers[1 - who]) == expected(model), call  # the other writer sees it at once
        with AnnotationStore(path) as again:
            assert state(again) == expected(model)
    finally:
        shutil.rmtree(path.parent)


def killed_writer(path: Path, script: list[Call], kill_at: int) -> list[int]:
    """Fork a writer that makes the accepted calls of ``script`` in order and is killed (SIGKILL) just
    before its ``kill_at``-th SQL statement; the indexes of the calls it reported as returned."""
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest, ends by SIGKILL or os._exit
        code = 1  # an exception in the child fails the test through its exit code
        try:
            os.close(read_end)
            statements = 0

            def count(_sql: str) -> None:
                nonlocal statements
                statements += 1
                if statements == kill_at:
                    os.kill(os.getpid(), signal.SIGKILL)

            store = AnnotationStore(path)
            with store.snapshot() as conn:  # the store's own connection: every statement it runs is counted
                conn.set_trace_callback(count)
            for n, call in enumerate(script):
                run(store, call)
                os.write(write_end, f"{n}\n".encode())
            code = 0
        finally:
            os._exit(code)
    os.close(write_end)
    out = read_all(read_end, pid)
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) in (0, -signal.SIGKILL), status
    return [int(line) for line in out.decode().split()]


def statements(template: Path, script: list[Call]) -> list[str]:
    """The SQL statements the calls of ``script`` run on a fresh copy of the template, in order."""
    path = fresh(template)
    seen: list[str] = []
    try:
        with AnnotationStore(path) as store:
            with store.snapshot() as conn:
                conn.set_trace_callback(seen.append)
            for call in script:
                run(store, call)
    finally:
        shutil.rmtree(path.parent)
    return seen[1:]  # without the COMMIT of the snapshot that set the callback, as killed_writer counts


@KILLS
@given(st.lists(calls, min_size=1, max_size=12), st.data())
def test_a_writer_killed_between_any_two_statements_leaves_every_returned_call_and_nothing_half_made(
    template: Path, script: list[Call], data: st.DataObject
) -> None:
    accepted = [c for c in script if Model.accepts(c)]
    # What a kill leaves depends only on the writes run before it: kill just before a write (an
    # INSERT, an UPDATE, a COMMIT), or after the last statement.
    sql = statements(template, accepted)
    writes = [k for k, text in enumerate(sql, 2) if text.split(None, 1)[0].upper() in ("INSERT", "UPDATE", "COMMIT")]
    kill_at = data.draw(st.sampled_from([*writes, len(sql) + 2]), label="kill before statement")
    path = fresh(template)
    try:
        done = killed_writer(path, accepted, kill_at)
        assert done == list(range(len(done)))
        conn = sqlite3.connect(path)
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        conn.close()
        model = Model()
        for call in accepted[: len(done)]:
            model.apply(call)
        with AnnotationStore(path) as again:
            assert state(again) == expected(model)
            run(again, Record(0, 0, "after", 5))  # and it goes on writing
            assert again.judgments(annotator="after")[0].value == 5
    finally:
        shutil.rmtree(path.parent)
