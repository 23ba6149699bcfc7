"""annotation: every store call with its stored rows, the validation errors (nothing
stored: rows counted after), upserts, rubric versions, progress and resume, content units and recall
as exact fractions, SummEval's and REALSumm's published judgments from sample_data/, and the CSV and
JSON Lines export / import round trip with its bad files."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from annotation import (
    JUDGMENT_COLUMNS,
    SUMMEVAL_CRITERIA,
    AnnotationStore,
    CriterionSpec,
    ImportFileError,
    ItemStatus,
    Progress,
    StoreError,
    data_dir,
    default_path,
    export_judgments,
    export_unit_judgments,
    human_scores,
    import_judgments,
    import_published,
    import_realsumm,
    import_summeval,
    import_unit_judgments,
)
from annotation.published import LITEPYRAMID
from rouge_core.io.readers import Corpus, Document, read_corpus_file

SAMPLES = Path(__file__).resolve().parents[2] / "sample_data"
SUMMEVAL = SAMPLES / "summeval_subset.jsonl"
REALSUMM = SAMPLES / "realsumm_subset.jsonl"
CRITERIA = ("coherence", "consistency", "fluency", "relevance")


def small_corpus(name: str = "small.jsonl", n_docs: int = 3, systems: tuple[str, ...] = ("A", "B")) -> Corpus:
    docs = tuple(
        Document(f"d{d}", s, (f"{s} says {d}.", "Second line."), ((f"ref {d} one.",), (f"ref {d} two.",)),
                 source=f"article {d}", meta={"n": d, "tags": ["x"]}, origin=f"{name}:{d}")
        for d in range(n_docs)
        for s in systems
    )  # fmt: skip
    return Corpus(docs, (), "jsonl", "lines", name)


def rows(store: AnnotationStore, table: str) -> int:
    with store.snapshot() as conn:
        return int(conn.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0])


@pytest.fixture
def store(database: str) -> Any:
    with AnnotationStore(database) as s:
        yield s


@pytest.fixture
def corpus_id(store: AnnotationStore) -> int:
    return store.add_corpus(small_corpus())


# --- the file and the connection ------------------------------------------------------------------


def test_file_lives_in_rouge_lens_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROUGE_LENS_DATA", str(tmp_path / "nested" / "dir"))
    assert data_dir() == tmp_path / "nested" / "dir"
    with AnnotationStore() as s:
        assert Path(s.path) == tmp_path / "nested" / "dir" / "annotations.sqlite3" == default_path()
        with s.snapshot() as conn:
            assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
            assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
            assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
            assert conn.execute("PRAGMA busy_timeout").fetchone()[0] == 2500  # each of 4 attempts of 10 s
            assert conn.execute("PRAGMA user_version").fetchone()[0] == 5
    assert (tmp_path / "nested" / "dir" / "annotations.sqlite3").is_file()


def test_default_data_dir_is_in_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ROUGE_LENS_DATA", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert data_dir() == tmp_path / ".rouge_lens"
    assert (tmp_path / ".rouge_lens").is_dir()


def test_closed_store_refuses_calls(tmp_path: Path, database: str) -> None:
    s = AnnotationStore(database)
    s.close()
    s.close()  # twice is fine
    with pytest.raises(StoreError, match="closed"):
        s.corpora()


def test_no_writes_inside_a_snapshot(store: AnnotationStore) -> None:
    with store.snapshot():
        with pytest.raises(StoreError, match="cannot write inside snapshot"):
            store.annotator("ann")
    assert store.annotator("ann").name == "ann" and rows(store, "annotators") == 1


def test_store_is_shared_safely_between_threads(store: AnnotationStore, corpus_id: int) -> None:
    import threading

    crit = store.summeval_rubric().criterion("fluency")
    items = store.items(corpus_id)
    errors: list[BaseException] = []

    def judge(name: str) -> None:
        try:
            for n in range(25):
                store.record(items[n % 6].id, crit, f"{name}-{n // 6}", 1 + n % 5)
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=judge, args=(f"t{k}",)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and rows(store, "judgments") == 4 * 25


def test_data_survives_reopening(tmp_path: Path, database: str) -> None:
    path = database
    with AnnotationStore(path) as s:
        item = s.items(s.add_corpus(small_corpus()))[0]
        s.record(item.id, s.summeval_rubric().criterion("fluency"), "ann", 5)
    with AnnotationStore(path) as s:
        (j,) = s.judgments()
        assert (j.doc_id, j.system, j.criterion, j.annotator, j.value) == ("d0", "A", "fluency", "ann", 5)


# --- corpora and items -----------------------------------------------------------------------------


def test_add_corpus_stores_every_document(store: AnnotationStore) -> None:
    corpus = small_corpus()
    cid = store.add_corpus(corpus, "mine")
    info = store.corpus(cid)
    assert (info.name, info.fmt, info.sentences, info.n_items) == ("mine", "jsonl", "lines", 6)
    assert store.corpus("mine") == info and store.corpora() == (info,)
    items = store.items(cid)
    assert [i.position for i in items] == list(range(6))
    for item, doc in zip(items, corpus.documents):
        assert (item.doc_id, item.system, item.candidate, item.references) == (
            doc.doc_id, doc.system, doc.candidate, doc.references,
        )  # fmt: skip
        assert (item.source, dict(item.meta), item.origin) == (
            doc.source,
            {"n": doc.meta["n"], "tags": ["x"]},
            doc.origin,
        )
    assert items[3].candidate_text == "B says 1.\nSecond line."
    assert [i.system for i in store.items(cid, system="B")] == ["B"] * 3
    assert [(i.doc_id, i.system) for i in store.items(cid, doc_id="d2")] == [("d2", "A"), ("d2", "B")]
    assert store.item(items[4].id) == items[4]


def test_add_corpus_is_idempotent_on_content(store: AnnotationStore) -> None:
    first = store.add_corpus(small_corpus("one.jsonl"))
    assert store.add_corpus(small_corpus("renamed.csv")) == first
    assert (rows(store, "corpora"), rows(store, "items")) == (1, 6)
    assert store.corpus(first).name == "one.jsonl"
    other = store.add_corpus(small_corpus("one-bigger.jsonl", n_docs=4))
    assert other != first and rows(store, "items") == 6 + 8


def test_add_corpus_refusals_store_nothing(store: AnnotationStore) -> None:
    store.add_corpus(small_corpus("taken.jsonl"))
    with pytest.raises(StoreError, match="'taken.jsonl': a corpus with other documents has it"):
        store.add_corpus(small_corpus(n_docs=2), "taken.jsonl")
    with pytest.raises(StoreError, match="no documents"):
        store.add_corpus(Corpus((), (), "jsonl", "lines", "empty.jsonl"))
    with pytest.raises(StoreError, match="corpus name: empty"):
        store.add_corpus(small_corpus(n_docs=5), "  ")
    assert (rows(store, "corpora"), rows(store, "items")) == (1, 6)


def test_unknown_corpus_and_item(store: AnnotationStore, corpus_id: int) -> None:
    with pytest.raises(StoreError, match="no corpus 'nope'"):
        store.corpus("nope")
    with pytest.raises(StoreError, match="no corpus 99"):
        store.corpus(99)
    with pytest.raises(StoreError, match="no item 999"):
        store.item(999)
    assert store.items(corpus_id, system="Z") == ()


# --- rubrics ---------------------------------------------------------------------------------------


def test_summeval_rubric(store: AnnotationStore) -> None:
    r = store.summeval_rubric()
    assert (r.name, r.version) == ("summeval", 1)
    assert tuple(c.name for c in r.criteria) == CRITERIA
    assert all((c.scale_min, c.scale_max, c.integer) == (1, 5, True) for c in r.criteria)
    assert all(len(c.description) > 60 for c in r.criteria)
    assert store.summeval_rubric() == r and rows(store, "rubrics") == 1
    # an edited "summeval" rubric does not hide the default one, which keeps its version
    store.save_rubric("summeval", SUMMEVAL_CRITERIA[:2])
    assert store.summeval_rubric() == r and store.rubric("summeval").version == 2


def test_rubric_versions(store: AnnotationStore, corpus_id: int) -> None:
    v1 = store.save_rubric("clarity", [CriterionSpec("clear", "Clear?", 1, 3), CriterionSpec("short", "", 0, 1, False)])
    assert (v1.version, [c.name for c in v1.criteria], v1.criteria[1].integer) == (1, ["clear", "short"], False)
    same = store.save_rubric(
        "clarity", [CriterionSpec("clear", "Clear?", 1, 3), CriterionSpec("short", "", 0, 1, False)]
    )
    assert same == v1 and rows(store, "rubrics") == 1
    v2 = store.save_rubric("clarity", [CriterionSpec("clear", "Clear to a child?", 1, 5)])
    assert (v2.version, v2.criteria[0].scale_max) == (2, 5)
    assert store.rubric("clarity") == v2 and store.rubric("clarity", 1) == v1
    assert [(r.name, r.version) for r in store.rubrics()] == [("clarity", 1), ("clarity", 2)]
    item = store.items(corpus_id)[0]
    store.record(item.id, v1.criterion("clear"), "ann", 3)
    store.record(item.id, v2.criterion("clear"), "ann", 5)
    assert [(j.rubric_version, j.value) for j in store.judgments()] == [(1, 3), (2, 5)]
    with pytest.raises(StoreError, match="no rubric 'clarity' version 3"):
        store.rubric("clarity", 3)
    with pytest.raises(StoreError, match="has no criterion 'short'"):
        v2.criterion("short")


@pytest.mark.parametrize(
    "criteria, message",
    [
        ([], "no criteria"),
        (
            [CriterionSpec("a", "", 1, 5), CriterionSpec("A", "", 1, 3)],
            r"criterion 2 \('A'\) repeats the name of criterion 1",
        ),
        ([CriterionSpec("a", "", 5, 5)], "minimum 5 is not below maximum 5"),
        ([CriterionSpec("a", "", 5, 1)], "minimum 5 is not below maximum 1"),
        ([CriterionSpec("a", "", 0, math.inf, False)], "inf is not a finite number"),
        ([CriterionSpec("a", "", 0.5, 5)], "0.5 of a whole-number scale"),
        ([CriterionSpec(" ", "", 1, 5)], "criterion 1 name: empty"),
    ],
)
def test_bad_rubrics_store_nothing(store: AnnotationStore, criteria: list[CriterionSpec], message: str) -> None:
    with pytest.raises(StoreError, match=message):
        store.save_rubric("bad", criteria)
    assert (rows(store, "rubrics"), rows(store, "criteria")) == (0, 0)


def test_empty_rubric_name(store: AnnotationStore) -> None:
    with pytest.raises(StoreError, match="rubric name: empty"):
        store.save_rubric("", [CriterionSpec("a", "", 1, 5)])
    assert rows(store, "rubrics") == 0


# --- annotators and judgments ----------------------------------------------------------------------


def test_annotators(store: AnnotationStore) -> None:
    a = store.annotator("  Ann ")
    assert a.name == "Ann" and store.annotator("Ann") == a
    store.annotator("bob")
    assert [x.name for x in store.annotators()] == ["Ann", "bob"]
    for bad, message in (
        ("", "empty"),
        ("   ", "empty"),
        ("a\x00b", "control character"),
        ("x" * 201, "201 characters"),
    ):
        with pytest.raises(StoreError, match=message):
            store.annotator(bad)
    assert rows(store, "annotators") == 2


def test_record_and_read_back(store: AnnotationStore, corpus_id: int) -> None:
    rubric = store.summeval_rubric()
    item = store.items(corpus_id)[3]
    j = store.record(item.id, rubric.criterion("relevance"), "ann", 4)
    assert (j.corpus, j.doc_id, j.system, j.criterion, j.annotator, j.value) == (
        "small.jsonl",
        "d1",
        "B",
        "relevance",
        "ann",
        4,
    )
    assert (j.rubric, j.rubric_version, j.source, j.created_at == j.updated_at) == ("summeval", 1, "annotated", True)
    assert store.record(item.id, rubric.criterion("fluency").id, store.annotator("ann"), 4.0).value == 4
    assert store.judgments(corpus_id, annotator="ann", item_id=item.id) == store.judgments()
    assert store.judgments(annotator="nobody") == () and store.judgments(source="summeval-expert") == ()
    assert [x.criterion for x in store.judgments()] == ["fluency", "relevance"]  # criterion order


def test_record_upsert_keeps_first_creation(store: AnnotationStore, corpus_id: int) -> None:
    crit = store.summeval_rubric().criterion("coherence")
    item = store.items(corpus_id)[0]
    first = store.record(item.id, crit, "ann", 2)
    second = store.record(item.id, crit, "ann", 5)
    assert rows(store, "judgments") == 1
    assert (second.id, second.value, second.created_at) == (first.id, 5, first.created_at)
    assert second.updated_at >= first.updated_at


def test_two_annotators_keep_both(store: AnnotationStore, corpus_id: int) -> None:
    crit = store.summeval_rubric().criterion("coherence")
    item = store.items(corpus_id)[0]
    store.record(item.id, crit, "ann", 2)
    store.record(item.id, crit, "bob", 5)
    store.record(item.id, crit, "ann", 3)
    assert [(j.annotator, j.value) for j in store.judgments()] == [("ann", 3), ("bob", 5)]


@pytest.mark.parametrize(
    "value, message",
    [
        (0, "0 is outside the scale"),
        (6, "6 is outside the scale"),
        (2.5, "2.5 is not a whole number"),
        ("3", "'3' is not a number"),
        (True, "True is not a number"),
        (None, "None is not a number"),
        (math.nan, "nan is not a finite number"),
        (math.inf, "inf is not a finite number"),
    ],
)
def test_bad_values_store_nothing(store: AnnotationStore, corpus_id: int, value: Any, message: str) -> None:
    crit = store.summeval_rubric().criterion("fluency")
    with pytest.raises(StoreError, match=message):
        store.record(store.items(corpus_id)[0].id, crit, "new annotator", value)
    assert (rows(store, "judgments"), rows(store, "annotators")) == (0, 0)


def test_real_scale(store: AnnotationStore, corpus_id: int) -> None:
    crit = store.save_rubric("pyr", [LITEPYRAMID]).criteria[0]
    item = store.items(corpus_id)[0]
    assert store.record(item.id, crit, "ann", 0.25).value == 0.25
    assert store.record(item.id, crit, "ann", 1).value == 1.0
    with pytest.raises(StoreError, match="1.5 is outside the scale"):
        store.record(item.id, crit, "ann", 1.5)
    assert [j.value for j in store.judgments()] == [1.0]


def test_record_refuses_unknown_references(store: AnnotationStore, corpus_id: int) -> None:
    crit = store.summeval_rubric().criterion("fluency")
    item = store.items(corpus_id)[0]
    with pytest.raises(StoreError, match="no item 12345"):
        store.record(12345, crit, "ann", 3)
    with pytest.raises(StoreError, match="no criterion 999"):
        store.record(item.id, 999, "ann", 3)
    with pytest.raises(StoreError, match="annotator name: empty"):
        store.record(item.id, crit, "", 3)
    with pytest.raises(StoreError, match="source"):
        store.record(item.id, crit, "ann", 3, source="Bad Source")
    assert (rows(store, "judgments"), rows(store, "annotators")) == (0, 0)


# --- notes, flags, skips, progress, resume ---------------------------------------------------------


def test_notes_flags_skips(store: AnnotationStore, corpus_id: int) -> None:
    a, b = store.items(corpus_id)[:2]
    assert store.status(a.id, "ann") == ItemStatus()
    store.set_note(a.id, "ann", "typo in reference")
    store.set_flag(a.id, "ann")
    store.set_skip(b.id, "ann")
    store.set_note(a.id, "bob", "fine")
    assert store.status(a.id, "ann") == ItemStatus("typo in reference", True, False)
    assert store.status(b.id, "ann") == ItemStatus("", False, True)
    assert store.status(a.id, "bob") == ItemStatus("fine", False, False)
    store.set_flag(a.id, "ann", False)
    store.set_note(a.id, "ann", "")
    store.set_skip(b.id, "ann", False)
    assert store.status(a.id, "ann") == store.status(b.id, "ann") == ItemStatus()
    assert rows(store, "item_status") == 3
    with pytest.raises(StoreError, match="no item 999"):
        store.set_note(999, "ann", "x")
    with pytest.raises(StoreError, match="10,001 characters"):
        store.set_note(a.id, "ann", "x" * 10_001)
    assert store.status(a.id, "ann").note == ""


def test_progress_and_resume(store: AnnotationStore, corpus_id: int) -> None:
    rubric = store.summeval_rubric()
    items = store.items(corpus_id)

    def judge(position: int, criteria: tuple[str, ...] = CRITERIA, who: str = "ann") -> None:
        for name in criteria:
            store.record(items[position].id, rubric.criterion(name), who, 3)

    def next_position() -> Any:
        item = store.next_item(corpus_id, "ann", rubric)
        return None if item is None else item.position

    assert store.progress(corpus_id, "ann", rubric) == Progress(0, 0, 6) and next_position() == 0
    judge(0)
    judge(1, ("coherence", "fluency"))
    assert store.progress(corpus_id, "ann", rubric) == Progress(1, 0, 6)
    assert next_position() == 1  # partly judged: not done
    store.set_position(items[3].id, "ann")
    assert next_position() == 3
    store.set_skip(items[3].id, "ann")
    assert next_position() == 4
    assert store.progress(corpus_id, "ann", rubric) == Progress(1, 1, 6)
    judge(4)
    judge(5)
    assert next_position() == 1  # wraps to the start
    judge(1, ("consistency", "relevance"))
    judge(2)
    assert next_position() is None
    assert store.progress(corpus_id, "ann", rubric) == Progress(5, 1, 6)
    assert store.progress(corpus_id, "ann", rubric).fraction == Fraction(5, 6)
    # another annotator and another rubric version start from nothing
    assert store.progress(corpus_id, "bob", rubric) == Progress(0, 0, 6)
    v2 = store.save_rubric("summeval", SUMMEVAL_CRITERIA[:3])
    assert store.progress(corpus_id, "ann", v2) == Progress(0, 1, 6)
    with pytest.raises(StoreError, match="no corpus 77"):
        store.progress(77, "ann", rubric)


# --- content units ---------------------------------------------------------------------------------


def test_content_units_and_recall(store: AnnotationStore, corpus_id: int) -> None:
    written = store.add_units(corpus_id, "d1", ["Unit one.", " Unit two. "], reference=0)
    more = store.add_units(corpus_id, "d1", ["Whole-document unit.", "Four.", "Five."])
    assert [(u.position, u.reference, u.text, u.origin) for u in written + more] == [
        (0, 0, "Unit one.", "written"), (1, 0, "Unit two.", "written"), (2, None, "Whole-document unit.", "written"),
        (3, None, "Four.", "written"), (4, None, "Five.", "written"),
    ]  # fmt: skip
    assert store.units(corpus_id, "d1") == written + more and store.units(corpus_id, "d0") == ()
    item_a, item_b = store.items(corpus_id, doc_id="d1")
    assert store.unit_recall(item_a.id, "ann") == Fraction(0, 5)
    for unit, present in zip(written + more, (True, False, True, False, False)):
        store.tick(unit.id, item_a.id, "ann", present)
    assert store.unit_recall(item_a.id, "ann") == Fraction(2, 5)
    store.tick(more[1].id, item_a.id, "ann", True)  # changed mind: replaces the answer
    assert store.unit_recall(item_a.id, "ann") == Fraction(3, 5)
    store.tick(written[0].id, item_b.id, "ann", True)
    assert store.unit_recall(item_b.id, "ann") == Fraction(1, 5)
    assert store.unit_recall(item_a.id, "bob") == Fraction(0, 5)
    assert store.unit_recall(store.items(corpus_id, doc_id="d0")[0].id, "ann") is None
    assert rows(store, "unit_judgments") == 6
    ticks = store.unit_judgments(corpus_id)
    assert [(t.system, t.unit_position, t.present) for t in ticks] == [
        ("A", 0, True), ("A", 1, False), ("A", 2, True), ("A", 3, True), ("A", 4, False), ("B", 0, True),
    ]  # fmt: skip


def test_content_unit_refusals(store: AnnotationStore, corpus_id: int) -> None:
    with pytest.raises(StoreError, match="no reference 2"):
        store.add_units(corpus_id, "d1", ["x"], reference=2)
    with pytest.raises(StoreError, match="content unit 2: '  ' is not a non-empty text"):
        store.add_units(corpus_id, "d1", ["x", "  "])
    with pytest.raises(StoreError, match="no document 'd9'"):
        store.add_units(corpus_id, "d9", ["x"])
    with pytest.raises(StoreError, match="origin 'typed'"):
        store.add_units(corpus_id, "d1", ["x"], origin="typed")
    with pytest.raises(StoreError, match="a list of texts"):
        store.add_units(corpus_id, "d1", "one text")
    assert rows(store, "content_units") == 0
    (unit,) = store.add_units(corpus_id, "d1", ["x"])
    other_doc = store.items(corpus_id, doc_id="d2")[0]
    with pytest.raises(StoreError, match="belongs to document 'd1', item .* to 'd2'"):
        store.tick(unit.id, other_doc.id, "ann", True)
    with pytest.raises(StoreError, match="expected True or False"):
        store.tick(unit.id, store.items(corpus_id, doc_id="d1")[0].id, "ann", 1)  # type: ignore[arg-type]
    with pytest.raises(StoreError, match="no content unit 99"):
        store.tick(99, other_doc.id, "ann", True)
    assert rows(store, "unit_judgments") == 0


# --- published judgments ---------------------------------------------------------------------------


def test_summeval_import(store: AnnotationStore) -> None:
    corpus = read_corpus_file(str(SUMMEVAL))
    assert import_summeval(store, corpus) == {"summeval-expert": 1440, "summeval-turker": 2400}
    assert rows(store, "judgments") == 3840 and rows(store, "items") == 120
    assert len(store.judgments(source="summeval-expert")) == 120 * 4 * 3
    assert len(store.judgments(source="summeval-turker")) == 120 * 4 * 5
    names = [a.name for a in store.annotators()]
    assert names == [f"summeval-expert-{n}" for n in (1, 2, 3)] + [f"summeval-turker-{n}" for n in range(1, 6)]
    # every value of the file's 7th record, against the stored judgments
    record = json.loads(SUMMEVAL.read_text(encoding="utf-8").splitlines()[6])
    cid = store.corpus(str(SUMMEVAL)).id
    (item,) = store.items(cid, system=record["model_id"], doc_id=record["id"])
    stored = {(j.annotator, j.criterion): j.value for j in store.judgments(item_id=item.id)}
    expected = {
        (f"summeval-{kind}-{n}", c): v
        for kind in ("expert", "turker")
        for n, judged in enumerate(record[f"{kind}_annotations"], 1)
        for c, v in judged.items()
    }
    assert stored == expected and len(stored) == 32


def test_summeval_import_is_idempotent(store: AnnotationStore) -> None:
    corpus = read_corpus_file(str(SUMMEVAL))
    import_summeval(store, corpus)
    before = store.judgments()
    assert import_published(store, corpus) == {"summeval-expert": 1440, "summeval-turker": 2400}
    assert store.judgments() == before  # same rows, same times
    assert (rows(store, "judgments"), rows(store, "corpora"), rows(store, "rubrics")) == (3840, 1, 1)


def test_realsumm_import(store: AnnotationStore) -> None:
    corpus = read_corpus_file(str(REALSUMM))
    assert import_published(store, corpus) == {"realsumm": 100}
    assert import_realsumm(store, corpus) == 100 and rows(store, "judgments") == 100
    records = [json.loads(line) for line in REALSUMM.read_text(encoding="utf-8").splitlines()]
    values = [(j.system, j.doc_id, j.value) for j in store.judgments()]
    assert values == [(r["system"], str(r["doc_id"]), r["scores"]["litepyramid_recall"]) for r in records]
    (j,) = store.judgments(item_id=store.items(store.corpus(str(REALSUMM)).id)[0].id)
    assert (j.criterion, j.rubric, j.annotator, j.source, j.value) == (
        "litepyramid_recall",
        "realsumm",
        "realsumm",
        "realsumm",
        0.6,
    )


def test_bad_published_data_stores_nothing(store: AnnotationStore) -> None:
    good = {"coherence": 1, "consistency": 2, "fluency": 3, "relevance": 4}
    first = {"expert_annotations": [good], "turker_annotations": []}
    second = {"expert_annotations": [good, {**good, "fluency": 7}]}
    docs = (
        Document("d1", "M1", ("a",), (("b",),), meta=first, origin="se.jsonl:1"),
        Document("d1", "M2", ("c",), (("b",),), meta=second, origin="se.jsonl:2"),
    )
    with pytest.raises(
        StoreError, match=r"se.jsonl:2: field 'expert_annotations'\[1\].fluency: 7 is outside the scale"
    ):
        import_summeval(store, Corpus(docs, (), "summeval", "lines", "se.jsonl"))
    assert (rows(store, "judgments"), rows(store, "corpora"), rows(store, "annotators")) == (0, 0, 0)
    with pytest.raises(StoreError, match="no record has expert_annotations"):
        import_summeval(store, small_corpus())
    assert import_published(store, small_corpus()) == {}
    assert rows(store, "corpora") == 0


def test_human_scores(store: AnnotationStore) -> None:
    corpus = read_corpus_file(str(SUMMEVAL))
    import_summeval(store, corpus)
    cid = store.corpus(str(SUMMEVAL)).id
    record = json.loads(SUMMEVAL.read_text(encoding="utf-8").splitlines()[0])
    experts = human_scores(store, cid, "coherence", sources=["summeval-expert"])
    assert len(experts) == 120
    assert [(h.system, h.doc_id) for h in experts] == [(d.system, d.doc_id) for d in corpus.documents]
    first = experts[0]
    assert (first.system, first.doc_id, first.n) == (record["model_id"], record["id"], 3)
    assert first.value == pytest.approx(sum(e["coherence"] for e in record["expert_annotations"]) / 3)
    turkers = human_scores(store, cid, "coherence", sources=["summeval-turker"])[0]
    assert (turkers.value, turkers.n) == (sum(t["coherence"] for t in record["turker_annotations"]) / 5, 5)
    one = human_scores(store, cid, "relevance", annotators=["summeval-expert-1"])[0]
    assert (one.value, one.n) == (record["expert_annotations"][0]["relevance"], 1)
    assert human_scores(store, cid, "coherence", sources=[]) == ()
    assert human_scores(store, cid, "coherence", rubric="other") == ()
    assert len(human_scores(store, cid, "fluency")) == 120 and human_scores(store, cid, "fluency")[0].n == 8


# --- export / import -------------------------------------------------------------------------------


def _filled(path: Path) -> AnnotationStore:
    s = AnnotationStore(path)
    import_summeval(s, read_corpus_file(str(SUMMEVAL)))
    import_realsumm(s, read_corpus_file(str(REALSUMM)))
    cid = s.add_corpus(small_corpus('My corpus, "quoted".jsonl'))
    items = s.items(cid)
    rubric = s.summeval_rubric()
    s.record(items[0].id, rubric.criterion("fluency"), "Ann, the first", 4)
    s.record(items[1].id, rubric.criterion("relevance"), "Zoë\u2028", 2)
    units = s.add_units(cid, "d0", ["Ünit, one", 'Unit "two"'], reference=1) + s.add_units(cid, "d0", ["three"])
    s.tick(units[0].id, items[0].id, "Ann, the first", True)
    s.tick(units[2].id, items[1].id, "bob", False)
    return s


def _fresh(path: Path) -> AnnotationStore:
    s = AnnotationStore(path)
    s.add_corpus(read_corpus_file(str(SUMMEVAL)))
    s.add_corpus(read_corpus_file(str(REALSUMM)))
    s.add_corpus(small_corpus('My corpus, "quoted".jsonl'))
    s.summeval_rubric()
    s.save_rubric("realsumm", [LITEPYRAMID])
    return s


@pytest.mark.parametrize("fmt", ["csv", "jsonl"])
def test_export_import_round_trip(tmp_path: Path, fmt: str) -> None:
    with _filled(tmp_path / "a.sqlite3") as a, _fresh(tmp_path / "b.sqlite3") as b:
        text = export_judgments(a, fmt)
        units = export_unit_judgments(a, fmt)
        assert len(text.splitlines()) == 3840 + 100 + 2 + (fmt == "csv")
        assert import_judgments(b, text, f"j.{fmt}") == 3942
        assert import_unit_judgments(b, units.encode("utf-8"), f"u.{fmt}") == 2
        assert export_judgments(b, fmt) == text
        assert export_unit_judgments(b, fmt) == units
        assert rows(b, "judgments") == 3942 and rows(b, "content_units") == 2
        # importing again changes nothing
        assert import_judgments(b, text, f"j.{fmt}") == 3942
        assert export_judgments(b, fmt) == text and rows(b, "judgments") == 3942


def test_export_columns_and_filters(tmp_path: Path) -> None:
    with _filled(tmp_path / "a.sqlite3") as s:
        lines = export_judgments(s, "csv", source="annotated").splitlines()
        assert lines[0] == ",".join(JUDGMENT_COLUMNS)
        assert lines[1].startswith(
            '"My corpus, ""quoted"".jsonl",d0,A,fluency,"Ann, the first",4,summeval,1,annotated,'
        )
        first = json.loads(export_judgments(s, "jsonl", corpus_id=s.corpus(str(REALSUMM)).id).splitlines()[0])
        assert list(first) == list(JUDGMENT_COLUMNS)
        assert (first["value"], first["rubric_version"], first["source"]) == (0.6, 1, "realsumm")
        with pytest.raises(StoreError, match="export format 'xml'"):
            export_judgments(s, "xml")


def test_import_keeps_newer_judgments(store: AnnotationStore, corpus_id: int) -> None:
    crit = store.summeval_rubric().criterion("fluency")
    item = store.items(corpus_id)[0]
    store.record(item.id, crit, "ann", 5)
    header = ",".join(JUDGMENT_COLUMNS) + "\n"
    old = header + "small.jsonl,d0,A,fluency,ann,1,summeval,1,annotated,2001-01-01T00:00:00,2001-01-01T00:00:00\n"
    assert import_judgments(store, old, "old.csv") == 1
    assert [j.value for j in store.judgments()] == [5]
    new = header + "small.jsonl,d0,A,fluency,ann,2,summeval,1,annotated,2001-01-01T00:00:00,2999-01-01T00:00:00Z\n"
    import_judgments(store, new, "new.csv")
    (j,) = store.judgments()
    assert (j.value, j.updated_at) == (2, "2999-01-01T00:00:00.000000+00:00")


HEADER = ",".join(JUDGMENT_COLUMNS)
GOOD = "small.jsonl,d0,A,fluency,ann,4,summeval,1,annotated,,"


@pytest.mark.parametrize(
    "text, message",
    [
        (
            "corpus,doc_id,system,criterion,annotator,rubric,rubric_version\n" + GOOD,
            r"b\.csv, line 1: missing column\(s\) 'value'",
        ),
        (
            f"{HEADER}\n{GOOD}\nsmall.jsonl,d0,A,fluency,bob,6,summeval,1,,,",
            r"line 3, field 'value': 6 is outside the scale",
        ),
        (
            f"{HEADER}\n{GOOD}\nsmall.jsonl,d0,A,fluency,bob,four,summeval,1,,,",
            r"line 3, field 'value': 'four' is not a number",
        ),
        (
            f"{HEADER}\n{GOOD}\nsmall.jsonl,d0,A,fluency,bob,3.5,summeval,1,,,",
            r"line 3, field 'value': 3.5 is not a whole",
        ),
        (
            f"{HEADER}\n{GOOD}\nsmall.jsonl,d0,A,clarity,bob,3,summeval,1,,,",
            r"line 3, field 'criterion': .*no criterion 'clarity'",
        ),
        (
            f"{HEADER}\n{GOOD}\nsmall.jsonl,d0,A,fluency,bob,3,summeval,2,,,",
            r"line 3, field 'rubric_version': no rubric 'summeval' version 2",
        ),
        (
            f"{HEADER}\n{GOOD}\nsmall.jsonl,d0,A,fluency,bob,3,summeval,v1,,,",
            r"line 3, field 'rubric_version': 'v1' is not a whole",
        ),
        (
            f"{HEADER}\n{GOOD}\nother.jsonl,d0,A,fluency,bob,3,summeval,1,,,",
            r"line 3, field 'corpus': no corpus 'other.jsonl'",
        ),
        (
            f"{HEADER}\n{GOOD}\nsmall.jsonl,d7,A,fluency,bob,3,summeval,1,,,",
            r"line 3, field 'doc_id': .* no document 'd7' of system 'A'",
        ),
        (f"{HEADER}\n{GOOD}\nsmall.jsonl,d0,A,fluency, ,3,summeval,1,,,", r"line 3, field 'annotator': empty"),
        (f"{HEADER}\n{GOOD}\nsmall.jsonl,d0,A,fluency,bob,3,summeval,1,BAD,,", r"line 3, field 'source'"),
        (
            f"{HEADER}\n{GOOD}\nsmall.jsonl,d0,A,fluency,bob,3,summeval,1,,yesterday,",
            r"line 3, field 'created_at': 'yesterday'",
        ),
        (f"{HEADER}\n{GOOD}\n\nsmall.jsonl,d0,A,fluency,bob,3", r"b\.csv, line 4: 6 fields, the header has 11"),
        (  # a quoted line break: the next row starts two lines on; extra columns are ignored
            f'{HEADER},comment\n{GOOD},\n{GOOD},"two\nlines"\nsmall.jsonl,d0,A,fluency,bob,9,summeval,1,,,,x',
            r"b\.csv, line 5, field 'value': 9 is outside",
        ),
        ("", r"b\.csv: empty file"),
    ],
)
def test_bad_csv_imports_store_nothing(store: AnnotationStore, corpus_id: int, text: str, message: str) -> None:
    store.summeval_rubric()
    with pytest.raises(ImportFileError, match=message):
        import_judgments(store, text, "b.csv")
    assert (rows(store, "judgments"), rows(store, "annotators")) == (0, 0)


@pytest.mark.parametrize(
    "line, message",
    [
        ('{"corpus": "small.jsonl"', r"b\.jsonl, line 2: not valid JSON \(Expecting ',' delimiter at column 25\)"),
        ('["small.jsonl"]', r"line 2: a JSON line must be an object \(\{\.\.\.\}\), found a list"),
        # the corpus readers' limits (issue 16 point 6): RecursionError and Python's digit-limit text before
        ("[" * 100_000, r"^b\.jsonl, line 2: the record nests lists and objects deeper than 64 levels$"),
        ('{"value": ' + "9" * 5000 + "}", r"^b\.jsonl, line 2: cannot read a number with more than 4,300 digits$"),
        (
            '{"corpus": "small.jsonl", "doc_id": "d0", "system": "A"}',
            r"line 2: missing field\(s\) 'criterion', 'annotator'",
        ),
        ("VALUE=true", r"line 2, field 'value': True is not a number"),
        ('VALUE="3"', None),  # a numeric string is read as in CSV
        ("VALUE=6", r"line 2, field 'value': 6 is outside the scale"),
        ("DOC=3", r"line 2, field 'doc_id': expected text, got 3"),
    ],
    ids=lambda v: str(v)[:40],
)
def test_bad_jsonl_imports_store_nothing(store: AnnotationStore, corpus_id: int, line: str, message: Any) -> None:
    store.summeval_rubric()
    rec = {"corpus": "small.jsonl", "doc_id": "d0", "system": "A", "criterion": "fluency", "annotator": "ann",
           "value": 4, "rubric": "summeval", "rubric_version": 1}  # fmt: skip
    if line.startswith("VALUE="):
        line = json.dumps({**rec, "value": json.loads(line[6:])})
    elif line.startswith("DOC="):
        line = json.dumps({**rec, "doc_id": json.loads(line[4:])})
    data = json.dumps(rec) + "\n" + line + "\n"
    if message is None:
        assert import_judgments(store, data, "b.jsonl") == 2 and rows(store, "judgments") == 1
        return
    with pytest.raises(ImportFileError, match=message):
        import_judgments(store, data, "b.jsonl")
    assert (rows(store, "judgments"), rows(store, "annotators")) == (0, 0)


@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16", "utf-16-be", "utf-32"])
def test_import_reads_files_with_a_byte_order_mark(store: AnnotationStore, corpus_id: int, encoding: str) -> None:
    """Issue 16 point 14: a UTF-16 (or UTF-32, or UTF-8) file with a byte order mark is read; "utf-16-be"
    has no mark and is refused with a message naming UTF-16."""
    store.summeval_rubric()
    data = f"{HEADER}\n{GOOD}\n".encode(encoding)
    if encoding == "utf-16-be":
        with pytest.raises(
            ImportFileError, match=r"^u\.csv: not UTF-8 text: it looks like UTF-16 without a byte order"
        ):
            import_judgments(store, data, "u.csv")
        assert rows(store, "judgments") == 0
        return
    assert import_judgments(store, data, "u.csv") == 1
    (j,) = store.judgments()
    assert (j.corpus, j.doc_id, j.system, j.criterion, j.annotator, j.value) == (
        "small.jsonl",
        "d0",
        "A",
        "fluency",
        "ann",
        4,
    )


def test_bad_import_files(store: AnnotationStore, corpus_id: int) -> None:
    with pytest.raises(
        ImportFileError, match=r"^x\.csv line 2, byte 1: not valid UTF-8 \(byte 0xff\); save the file as UTF-8$"
    ):
        import_judgments(store, HEADER.encode() + b"\n\xff", "x.csv")
    with pytest.raises(ImportFileError, match=r"x\.txt: unknown format"):
        import_judgments(store, HEADER, "x.txt")
    units_header = "corpus,doc_id,system,reference,unit_position,unit_text,unit_origin,annotator,present"
    with pytest.raises(ImportFileError, match=r"line 2, field 'present': 'maybe' is not true or false"):
        import_unit_judgments(store, f"{units_header}\nsmall.jsonl,d0,A,,0,x,written,ann,maybe\n", "u.csv")
    with pytest.raises(ImportFileError, match=r"line 2, field 'reference': document 'd0' has no reference 5"):
        import_unit_judgments(store, f"{units_header}\nsmall.jsonl,d0,A,5,0,x,written,ann,1\n", "u.csv")
    with pytest.raises(ImportFileError, match=r"line 2, field 'unit_origin': 'typed'"):
        import_unit_judgments(store, f"{units_header}\nsmall.jsonl,d0,A,,0,x,typed,ann,1\n", "u.csv")
    store.add_units(corpus_id, "d0", ["stored text"])
    with pytest.raises(
        ImportFileError, match=r"line 3, field 'unit_text': unit 0 of document 'd0' is stored as 'stored text'"
    ):
        import_unit_judgments(
            store,
            f"{units_header}\nsmall.jsonl,d0,A,,1,new,written,ann,1\nsmall.jsonl,d0,A,,0,other,written,ann,1\n",
            "u.csv",
        )
    assert (rows(store, "judgments"), rows(store, "unit_judgments"), rows(store, "content_units")) == (0, 0, 1)
    assert rows(store, "annotators") == 0


def test_import_inside_an_outer_transaction_rolls_back_with_it(store: AnnotationStore, corpus_id: int) -> None:
    store.summeval_rubric()
    with pytest.raises(RuntimeError, match="abort"):
        with store.transaction():
            assert import_judgments(store, f"{HEADER}\n{GOOD}\n", "a.csv") == 1
            assert rows(store, "judgments") == 1  # visible inside, not yet committed
            raise RuntimeError("abort")
    assert (rows(store, "judgments"), rows(store, "annotators")) == (0, 0)
