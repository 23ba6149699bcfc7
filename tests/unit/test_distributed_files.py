"""rouge_core.batch.files and distributed.score_files (issue 22, point 5): corpus files read on the workers
that score them give score_batch's columns, ids and averages to the last bit; bad files give messages
naming the file."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import dask
import distributed
import pytest

from benchmarks.shapes import generate
from rouge_core import RougeConfig, score_batch
from rouge_core.batch import files
from rouge_core.batch.corpus import summarize_batch
from rouge_core.batch.distributed import score_files
from rouge_core.batch.files import FileError, file_paths, join_files, read_file, score_file
from rouge_core.io.readers import ReadError, read_corpus_file
from tests.unit.test_distributed import _same_columns

RECORDS = list(generate("news", 90, seed=5))


@pytest.fixture(scope="module")
def client():
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1"
        ) as cluster,
        distributed.Client(cluster) as c,
    ):
        yield c


def _write(path: Path, records: list[dict], packed: bool = False) -> str:
    text = "".join(json.dumps(r) + "\n" for r in records)
    if packed:
        path.write_bytes(gzip.compress(text.encode("utf-8")))
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


def _shards(folder: Path) -> list[str]:
    # three shards of unequal size, the middle one gzip-compressed
    return [
        _write(folder / "part-0.jsonl", RECORDS[:40]),
        _write(folder / "part-1.jsonl.gz", RECORDS[40:45], packed=True),
        _write(folder / "part-2.jsonl", RECORDS[45:]),
    ]


def _local(paths: list[str], config: RougeConfig):
    """score_batch on every file's pairs in file order, read here: the result score_files must equal."""
    pairs, ids = [], []
    for p in paths:
        got = read_file(p).pairs()
        pairs += got[0]
        ids += got[1]
    return score_batch(pairs, config, ids=ids)


@pytest.mark.parametrize(
    "kw",
    [
        {},
        dict(max_n=2, skip_distance=4, rouge_su=True, averaging=1),
        dict(profile="rouge-score", max_n=2, wlcs_weight=None, skip_distance=None, flat_lcs=True),
    ],
    ids=["rouge155", "rouge155-t1", "rouge-score"],
)
def test_files_scored_on_the_cluster_give_score_batchs_columns_and_averages(client, tmp_path, kw):
    config = RougeConfig(**kw)
    paths = _shards(tmp_path)
    local = _local(paths, config)
    spread = score_files(paths, config, client=client)
    _same_columns(spread, local)
    assert spread.ids.tolist()[:2] == ["news-1", "news-2"] and len(spread) == 90
    # the averages and intervals computed afterwards, once, as for any batch
    assert summarize_batch(spread, peer_id="A") == summarize_batch(local, peer_id="A")


def test_the_files_are_read_on_the_workers_not_here(client, tmp_path, monkeypatch):
    paths = _shards(tmp_path)
    expected = _local(paths, RougeConfig())

    def refuse(*args, **kwargs):
        raise AssertionError("a file was read in the client")

    # The workers are other processes: this patch reaches the client only, which must never read.
    monkeypatch.setattr(files, "read_file", refuse)
    monkeypatch.setattr(files, "file_bytes", refuse)  # what score_file reads a file with
    _same_columns(score_files(paths, RougeConfig(), client=client), expected)


def test_without_a_client_dasks_own_scheduler_reads_the_files(tmp_path):
    paths = _shards(tmp_path)
    with dask.config.set(scheduler="sync"):
        _same_columns(score_files(paths, RougeConfig(max_n=2)), _local(paths, RougeConfig(max_n=2)))


def test_a_gzip_shard_reads_as_its_plain_text(tmp_path):
    plain = _write(tmp_path / "a.jsonl", RECORDS[:7])
    packed = _write(tmp_path / "b.jsonl.gz", RECORDS[:7], packed=True)
    a, b = read_file(plain), read_file(packed)
    assert a.pairs() == b.pairs() and b.name == packed and a.fmt == b.fmt == "jsonl"
    assert b.documents[6].origin.endswith("b.jsonl:7")  # the reader's origin: the name without .gz


def test_bad_files_give_messages_naming_the_file(client, tmp_path):
    paths = _shards(tmp_path)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(RECORDS[0]) + "\n{broken\n", encoding="utf-8")
    with pytest.raises(ReadError, match=r"bad\.jsonl line 2: not valid JSON"):
        score_files([paths[0], str(bad)], RougeConfig(), client=client)
    packed = tmp_path / "bad.jsonl.gz"
    packed.write_bytes(gzip.compress(b'{"candidate": "a"}\n'))
    with pytest.raises(ReadError, match=r"bad\.jsonl\.gz \(decompressed\): .*bad\.jsonl line 1: no references"):
        score_file(str(packed))
    rng = random.Random(1)
    noise = bytes(rng.randrange(256) for _ in range(5000))  # incompressible: cut mid-stream
    (tmp_path / "trunc.jsonl.gz").write_bytes(gzip.compress(noise)[:2000])
    with pytest.raises(ReadError, match=r"trunc\.jsonl\.gz: not a readable gzip file"):
        score_file(str(tmp_path / "trunc.jsonl.gz"))
    (tmp_path / "plain.jsonl.gz").write_bytes(b"not gzip")
    with pytest.raises(ReadError, match=r"plain\.jsonl\.gz: not a readable gzip file \(Not a gzipped file"):
        score_file(str(tmp_path / "plain.jsonl.gz"))
    with pytest.raises(ReadError, match=r"Cannot open .*missing\.jsonl: No such file"):
        score_files([paths[0], str(tmp_path / "missing.jsonl")], RougeConfig(), client=client)


def test_table_shards_take_the_readers_column_options(client, tmp_path):
    paths = []
    for k, part in enumerate((RECORDS[:30], RECORDS[30:50])):
        rows = ["doc,summ,ref"] + [f'{r["id"]},"{r["candidate"]}","{r["reference"]}"' for r in part]
        (tmp_path / f"part-{k}.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
        paths.append(str(tmp_path / f"part-{k}.csv"))
    options = dict(candidate_column="summ", reference_columns=["ref"], id_column="doc")
    spread = score_files(paths, RougeConfig(), client=client, **options)
    jsonl = _local([_write(tmp_path / "all.jsonl", RECORDS[:50])], RougeConfig())
    _same_columns(spread, jsonl)  # the same texts as JSON Lines: the same columns and ids


def test_ids_must_be_unique_across_files(tmp_path):
    # records without an id are numbered 1, 2, ... in each file, as the reader numbers them
    a = _write(tmp_path / "a.jsonl", [{"candidate": "a b", "reference": "a"}] * 2)
    b = _write(tmp_path / "b.jsonl", [{"candidate": "a", "reference": "a b"}])
    config = RougeConfig(max_n=1)
    assert score_file(a, config).ids.tolist() == ["1", "2"]
    with pytest.raises(FileError, match=r"document id '1' is in .*a\.jsonl and in .*b\.jsonl: ids must be unique"):
        join_files([score_file(a, config), score_file(b, config)], [a, b], config)


def test_systems_are_chosen_per_file(tmp_path):
    recs = [dict(r, system=s) for r in RECORDS[:3] for s in ("A", "B")]
    path = _write(tmp_path / "two.jsonl", recs)
    with pytest.raises(FileError, match=r"two\.jsonl: the corpus has 2 systems \('A', 'B'\): name one"):
        score_file(path)
    with pytest.raises(FileError, match=r"two\.jsonl: no system 'C'"):
        score_file(path, system="C")
    pairs, ids = read_corpus_file(path).pairs("B")
    _same_columns(score_file(path, system="B"), score_batch(pairs, RougeConfig(), ids=ids))


def test_paths_are_checked():
    with pytest.raises(TypeError, match="not a str"):
        file_paths("corpus.jsonl")
    with pytest.raises(ValueError, match="paths is empty"):
        file_paths([])
    assert file_paths([Path("a.jsonl")]) == ["a.jsonl"]
