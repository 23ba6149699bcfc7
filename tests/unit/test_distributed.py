"""rouge_core.batch.distributed: a Dask LocalCluster gives the local numbers to the last bit, bootstrap included,
and the command line's --dask-local output is byte-identical to the plain run's."""

from __future__ import annotations

import functools
import json
import os
import subprocess
import sys
import time
from dataclasses import replace
from pathlib import Path

import dask
import dask.bag as dask_bag
import distributed
import pytest

from benchmarks.bench_workers import news_pairs
from rouge_core import PairError, RougeConfig, evaluate_corpus, score_batch
from rouge_core.batch import score as batch
from rouge_core.batch.corpus import summarize_batch
from rouge_core.batch.distributed import DaskRunner, evaluate_bag, local_cluster, score_bag
from rouge_core.batch.runners import ChunkError, chunked
from rouge_core.cli.run import main
from rouge_core.text.stem import ExceptionTable

DATA = Path(__file__).parents[1] / "conformance" / "data"
CASES = [json.loads(line) for line in (DATA / "cases.jsonl").read_text(encoding="utf-8").splitlines()]
CASE_PAIRS = [(c["candidate"], c["references"]) for c in CASES]
EVAL_IDS = ["c%03d" % (i + 1) for i in range(len(CASES))]
GENERATED = news_pairs(300, seed=11)


@pytest.fixture(scope="module")
def client():
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
        ) as cluster,
        distributed.Client(cluster) as c,
    ):
        yield c


def _same_columns(a, b) -> None:
    assert list(a.measures) == list(b.measures) and a.ids.tolist() == b.ids.tolist()
    for label, m in a.measures.items():
        o = b.measures[label]
        for field in ("precision", "recall", "fmeasure", "hit", "model", "peer", "has_counts"):
            x, y = getattr(m, field), getattr(o, field)
            assert x.dtype == y.dtype and (x == y).all(), (label, field)
        assert [m.notes_of(i) for i in range(len(m))] == [o.notes_of(i) for i in range(len(o))]


def test_a_bag_of_generated_pairs_gives_the_local_columns(client):
    config = RougeConfig()
    local = score_batch(GENERATED, config)
    bag = dask_bag.from_sequence(GENERATED, npartitions=7)
    gathered = score_bag(bag, config, client=client)
    _same_columns(gathered, local)
    # and through the runner (what the command line uses), chunk by chunk
    _same_columns(score_batch(iter(GENERATED), config, runner=DaskRunner(client), chunk_size=16), local)
    totals = gathered.totals()
    assert totals == local.totals() and totals["ROUGE-1"].hit == int(local.measures["ROUGE-1"].hit.sum())


@pytest.mark.parametrize(
    "kw",
    [
        dict(max_n=4, skip_distance=4, rouge_su=True),  # -n 4 -2 4 -U: 1000 Perl resamples
        dict(max_n=2, skip_distance=4, rouge_s=False, rouge_su=True, averaging=1),  # -t 1
        dict(profile="paper", max_n=2, wlcs_weight=1.2, multi_ref="best"),  # numpy bootstrap
    ],
    ids=["rouge155-t0", "rouge155-t1", "paper"],
)
def test_the_conformance_corpus_on_the_cluster_equals_the_local_run(client, kw):
    config = RougeConfig(**kw)
    local = evaluate_corpus(CASE_PAIRS, config, ids=EVAL_IDS, peer_id="A")
    bag = dask_bag.from_sequence(CASE_PAIRS, partition_size=10)
    on_bag = evaluate_bag(bag, config, ids=EVAL_IDS, peer_id="A", client=client)
    runner = evaluate_corpus(CASE_PAIRS, config, ids=EVAL_IDS, peer_id="A", runner=DaskRunner(client))
    for other in (on_bag, runner):
        assert other.instances == local.instances and other.measures == local.measures
    # the columnar route: gathered columns, then the same averages, intervals and totals
    summary = summarize_batch(score_bag(bag, config, client=client).with_ids(EVAL_IDS), peer_id="A")
    for label, m in local.measures.items():
        s = summary[label]
        assert (s.recall, s.precision, s.fmeasure, s.totals, s.notes) == (
            m.recall,
            m.precision,
            m.fmeasure,
            m.totals,
            m.notes,
        )


def test_a_failing_pair_is_named_by_its_index_in_the_bag(client):
    pairs = list(GENERATED[:40])
    pairs[23] = ("a candidate", [None])
    bag = dask_bag.from_sequence(pairs, partition_size=6)
    with pytest.raises(PairError, match=r"pair 23 \(counting from 0\): TypeError: reference 1 must be a str") as e:
        score_bag(bag, RougeConfig(max_n=1), client=client)
    assert e.value.index == 23
    with pytest.raises(PairError, match="pair 23"):
        evaluate_corpus(pairs, RougeConfig(max_n=1), runner=DaskRunner(client))


def test_the_stem_exception_table_reaches_dask_workers(client):
    # as in test_batch: R = 2/3 with the table ("mice" is "rodent"), 1/3 with the pinned map ("mouse")
    pairs = [("the mice ran", "a rodent ran")] * 4
    config = RougeConfig(max_n=1, stem=True)
    table = replace(config, exception_table=ExceptionTable.of("test", {"mice": "rodent"}))
    runner = DaskRunner(client)
    assert score_batch(pairs, config, runner=runner).measures["ROUGE-1"].recall.tolist() == [0.33333] * 4
    spread = score_batch(pairs, table, runner=runner, chunk_size=1).measures["ROUGE-1"].recall.tolist()
    bag = score_bag(dask_bag.from_sequence(pairs, npartitions=2), table, client=client)
    assert spread == bag.measures["ROUGE-1"].recall.tolist() == [0.66667] * 4
    assert score_batch(pairs, config, runner=runner).measures["ROUGE-1"].recall.tolist() == [0.33333] * 4


def _write_corpus(tmp_path: Path) -> Path:
    path = tmp_path / "corpus.jsonl"
    with open(path, "w", encoding="utf-8") as fh:
        for eid, (cand, refs) in zip(EVAL_IDS, CASE_PAIRS):
            fh.write(json.dumps({"id": eid, "candidate": cand, "references": refs}) + "\n")
    return path


def test_cli_dask_local_is_byte_identical(tmp_path, capsysbinary):
    corpus = str(_write_corpus(tmp_path))
    args = ["-n", "2", "-2", "4", "-u", "-w", "1.2", "-d", "--input", corpus]
    assert main(args) == 0
    plain = capsysbinary.readouterr()
    assert main(args + ["--dask-local", "2"]) == 0
    spread = capsysbinary.readouterr()
    assert spread.out == plain.out and b"Average_R" in plain.out
    assert spread.err == plain.err


def test_cli_scheduler_option(client, tmp_path, capsysbinary):
    corpus = str(_write_corpus(tmp_path))
    args = ["-n", "1", "--json", "-d", "--input", corpus]
    assert main(args) == 0
    plain = capsysbinary.readouterr().out
    assert main(args + ["--scheduler", client.scheduler.address]) == 0
    assert capsysbinary.readouterr().out == plain
    assert main(args + ["--scheduler", "tcp://127.0.0.1:1", "--dask-local", "2"]) == 2
    assert b"do not go together" in capsysbinary.readouterr().err


def test_importing_rouge_core_does_not_import_dask():
    code = (
        "import sys, rouge_core, rouge_core.cli, rouge_core.cli.corpus, rouge_core.batch;"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=Path(__file__).parents[2]
    )
    assert out.stdout.strip() == "[]"


def test_local_cluster_helper():
    with pytest.raises(ValueError, match="workers"):
        with local_cluster(0):
            pass


# -- workers that die (issue 16, point 7) -----------------------------------------------------------


@pytest.fixture(scope="module")
def fragile():
    """A 2-worker cluster whose scheduler gives a task up the first time its worker dies."""
    with (
        dask.config.set({"distributed.scheduler.allowed-failures": 0}),
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
        ) as cluster,
        distributed.Client(cluster) as c,
    ):
        yield c


def _held_first_then_die(folder: str, start: int, chunk: list) -> list:
    # Chunk 0 keeps one worker busy until the test writes FOLDER/release (60 s at most), then writes
    # FOLDER/ended; the chunk at 6 kills the other worker (twice its allowed failures).
    if start == 0:
        deadline = time.monotonic() + 60
        while not os.path.exists(os.path.join(folder, "release")) and time.monotonic() < deadline:
            time.sleep(0.05)
        open(os.path.join(folder, "ended"), "w").close()
    if start == 6:
        os._exit(3)
    return chunk


def test_a_chunk_whose_workers_die_raises_promptly_whatever_its_position(fragile, tmp_path):
    held = functools.partial(_held_first_then_die, str(tmp_path))
    try:
        with pytest.raises(ChunkError) as e:
            list(DaskRunner(fragile, in_flight=4).map(held, chunked(range(12), 2)))
        chunk_0_ended = (tmp_path / "ended").exists()
    finally:
        (tmp_path / "release").touch()  # let chunk 0 end: the cluster serves the next tests
    # Order, not seconds: the error arrives while chunk 0 is still held (before: after chunk 0 ended,
    # then a raw KilledWorker).
    assert not chunk_0_ended
    # The chunk at 6, or one queued behind it on the worker that died (it fails with it): never chunk 0
    start = e.value.start
    assert start in (2, 4, 6) and e.value.size == 2
    assert str(e.value).startswith(f"pairs {start} to {start + 1} (counting from 0): KilledWorker: ")


def _dying_score_chunk(config, start, chunk):
    if start == 0:
        os._exit(3)
    return _REAL_SCORE_CHUNK(config, start, chunk)


_REAL_SCORE_CHUNK = batch.score_chunk


def _dying_columns_chunk(config, start, chunk):
    # The same for batch.columns_chunk, what the command line's workers run (it scores into columns).
    if start == 0:
        os._exit(3)
    return _REAL_COLUMNS_CHUNK(config, start, chunk)


_REAL_COLUMNS_CHUNK = batch.columns_chunk


def test_cli_names_the_chunk_whose_workers_died(fragile, tmp_path, capsys, monkeypatch):
    corpus = str(_write_corpus(tmp_path))
    monkeypatch.setattr(batch, "score_chunk", _dying_score_chunk)
    monkeypatch.setattr(batch, "columns_chunk", _dying_columns_chunk)
    code = main(["-n", "1", "--input", corpus, "--scheduler", fragile.scheduler.address])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert err.count("\n") == 1 and err.startswith("rouge_core: error: pairs 0 to ")
    assert "KilledWorker" in err and "Traceback" not in err
