"""The annotation store on PostgreSQL (issue 19, point 5): what only a server database does. A writer
holding the lock past the busy timeout, a connection the server ends, a database that is not an
annotation store or has a newer schema, a server that cannot be reached, two stores in two processes.
The behaviour shared with SQLite is tested on both by the ``database`` fixture (tests/conftest.py)."""

from __future__ import annotations

import multiprocessing
from pathlib import Path

import psycopg
import pytest

from annotation import AnnotationStore, SchemaError, StoreError, postgres, postgres_schema, schema
from annotation.postgres import translate
from rouge_core.io.readers import read_corpus
from ui.compute.annotate import CANNOT_OPEN, store_or_message

DOCS = b"".join(b'{"id": "d%d", "candidate": "a b", "reference": "a c"}\n' % k for k in range(4))


def filled(url: str) -> tuple[AnnotationStore, int]:
    s = AnnotationStore(url)
    return s, s.add_corpus(read_corpus(DOCS, "x.jsonl"))


def raw(url: str) -> psycopg.Connection:
    return psycopg.connect(url, autocommit=True)


def test_placeholders_are_translated_outside_quotes_only() -> None:
    assert translate("SELECT ':x', \"?\" FROM t WHERE a = ? AND b = :k AND c::text LIKE 'a%'") == (
        "SELECT ':x', \"?\" FROM t WHERE a = %s AND b = %(k)s AND c::text LIKE 'a%%'"
    )
    assert translate("SELECT 'it''s ?', ?") == "SELECT 'it''s ?', %s"


def test_the_schema_is_the_sqlite_one_with_postgresql_types(pg_url: str) -> None:
    with AnnotationStore(pg_url) as s, s.snapshot() as conn:
        version = conn.execute(f"SELECT version FROM {postgres_schema.VERSION_TABLE}").fetchone()
        columns = dict(
            conn.execute(
                "SELECT column_name, data_type FROM information_schema.columns "
                "WHERE table_schema = current_schema() AND table_name = 'judgments'"
            ).fetchall()
        )
        collation = conn.execute(
            "SELECT collation_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND table_name = 'annotators' AND column_name = 'name'"
        ).fetchone()
    assert version == (schema.CURRENT_VERSION,)
    assert columns["id"] == "bigint" and columns["value"] == "double precision" and columns["source"] == "text"
    assert collation == ("C",)  # names sort byte by byte, as in SQLite, whatever the server's locale


def test_names_sort_as_in_sqlite(database: str) -> None:
    with AnnotationStore(database) as s:
        for name in ("bob", "Zoë", "alice", "Émile", "Bob"):
            s.annotator(name)
        assert [a.name for a in s.annotators()] == ["Bob", "Zoë", "alice", "bob", "Émile"]  # code point order


def test_a_writer_holding_the_lock_past_the_busy_timeout_is_one_message_and_nothing_half_written(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(schema, "BUSY_TIMEOUT_MS", 300)
    s, cid = filled(pg_url)
    item = s.items(cid)[0]
    fluency = s.summeval_rubric().criterion("fluency")
    with raw(pg_url) as other:
        other.execute("BEGIN")
        other.execute("SELECT pg_advisory_xact_lock(%s)", (postgres_schema.WRITE_LOCK_KEY,))
        with pytest.raises(StoreError) as caught:
            s.record(item.id, fluency, "ann", 4)
        assert str(caught.value).startswith(
            "cannot write the annotation store: another writer held the store for more than 0.3 s; try again"
        )
        assert s.judgments() == ()  # reads go on while another writer holds the lock
        other.execute("ROLLBACK")
    assert s.record(item.id, fluency, "ann", 4).value == 4  # the same store writes once the lock is free
    s.close()


def test_a_connection_the_server_ends_is_replaced_on_the_next_call(pg_url: str) -> None:
    s, cid = filled(pg_url)
    item = s.items(cid)[0]
    fluency = s.summeval_rubric().criterion("fluency")
    with raw(pg_url) as admin:

        def end(pid: int) -> None:  # only this store's connection: other tests share the server
            assert admin.execute("SELECT pg_terminate_backend(%s)", (pid,)).fetchone() == (True,)

        def pid() -> int:
            with s.snapshot() as conn:
                return int(conn.execute("SELECT pg_backend_pid()").fetchone()[0])

        end(pid())
        assert s.record(item.id, fluency, "ann", 2).value == 2  # BEGIN met a dead connection: begun again
        end(pid())
        assert [j.value for j in s.judgments()] == [2]  # a read too
        with pytest.raises(StoreError, match="the connection to PostgreSQL was lost or refused; try again"):
            with s.transaction() as conn:  # lost in the middle of a write: said, not retried
                conn.execute("UPDATE judgments SET value = 5")
                end(int(conn.execute("SELECT pg_backend_pid()").fetchone()[0]))
                conn.execute("UPDATE judgments SET value = 1")
        assert [j.value for j in s.judgments()] == [2]  # nothing of the failed write is kept
    s.close()


def test_a_database_that_is_not_an_annotation_store_is_refused_unchanged(pg_url: str) -> None:
    with raw(pg_url) as conn:
        conn.execute("CREATE TABLE corpora (id INTEGER, what TEXT)")
        with pytest.raises(SchemaError, match="a corpora table but no rouge_lens_schema: not an annotation store"):
            AnnotationStore(pg_url)
        tables = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()").fetchall()
        assert tables == [("corpora",)]


def test_a_newer_schema_is_refused_unchanged(pg_url: str) -> None:
    AnnotationStore(pg_url).close()
    postgres.close_idle()
    postgres._migrated.clear()  # as a new process would: it checks the version when it first connects
    with raw(pg_url) as conn:
        conn.execute(f"UPDATE {postgres_schema.VERSION_TABLE} SET version = 99")
        with pytest.raises(SchemaError, match="schema version 99, newer than the 5 this version"):
            AnnotationStore(pg_url)
        assert conn.execute(f"SELECT version FROM {postgres_schema.VERSION_TABLE}").fetchone() == (99,)


def test_a_server_that_cannot_be_reached_is_one_message_on_the_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"postgresql://lens:hunter2@/lens?host={tmp_path}&connect_timeout=2"
    with pytest.raises(StoreError, match="cannot reach PostgreSQL at postgresql://lens:\\*\\*\\*@/lens"):
        AnnotationStore(url)
    monkeypatch.setenv("ROUGE_LENS_DATABASE_URL", url)
    message = store_or_message()
    assert isinstance(message, str) and message.startswith(f"{CANNOT_OPEN}cannot reach PostgreSQL at ")
    assert "hunter2" not in message
    monkeypatch.setenv("ROUGE_LENS_DATABASE_URL", "mysql://db/x")
    assert store_or_message() == (
        f"{CANNOT_OPEN}ROUGE_LENS_DATABASE_URL: 'mysql' is not a database the store supports "
        "(sqlite:///FILE or postgresql://...)"
    )


def test_the_page_opens_the_configured_database(pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ROUGE_LENS_DATABASE_URL", pg_url)
    opened = store_or_message()
    assert isinstance(opened, AnnotationStore) and opened.path == pg_url
    with opened:
        opened.annotator("ann")
    with AnnotationStore() as s:  # no path: the configured database
        assert [a.name for a in s.annotators()] == ["ann"]


def _judge_in_a_process(url: str, who: str, queue: multiprocessing.Queue[object]) -> None:
    try:
        with AnnotationStore(url) as s:
            corpus = s.corpus("x.jsonl")
            assert corpus is not None
            camp = s.campaigns()[0]
            rubric = s.summeval_rubric()
            n = 0
            while (item := s.next_assignment(camp.id, who)) is not None:
                for criterion in rubric.criteria:
                    s.record(item.id, criterion, who, 3)
                n += 1
            queue.put((who, n))
    except BaseException as e:  # noqa: BLE001 - reported to the test, which fails with it
        queue.put((who, repr(e)))


def test_two_processes_on_one_database_never_pass_r(pg_url: str) -> None:
    """Two app servers are two processes: the advisory lock keeps each item at exactly r."""
    with AnnotationStore(pg_url) as s:
        cid = s.add_corpus(read_corpus(DOCS, "x.jsonl"))
        camp = s.create_campaign(cid, "two servers", s.summeval_rubric(), judgments_per_item=2, overlap=0)
        for who in ("al", "bo", "cy", "di"):
            s.invite(camp.id, who)
    postgres.close_idle()  # no connection crosses the fork
    context = multiprocessing.get_context("fork")
    queue: multiprocessing.Queue[object] = context.Queue()
    workers = [
        context.Process(target=_judge_in_a_process, args=(pg_url, who, queue)) for who in ("al", "bo", "cy", "di")
    ]
    for w in workers:
        w.start()
    results = dict(queue.get(timeout=120) for _ in workers)  # type: ignore[misc]
    for w in workers:
        w.join(timeout=60)
    assert all(isinstance(n, int) for n in results.values()), results
    assert sum(results.values()) == 8  # 4 items x r = 2, each (item, annotator) once
    with AnnotationStore(pg_url) as s:
        per_item: dict[int, set[str]] = {}
        for j in s.judgments():
            per_item.setdefault(j.item_id, set()).add(j.annotator)
        assert sorted(len(v) for v in per_item.values()) == [2, 2, 2, 2]
        assert len(s.judgments()) == 8 * 4
