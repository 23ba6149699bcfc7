"""rouge_core.batch.compact (issue 22, point 5): what a Dask worker sends back for a file, in fewer bytes,
gives back every column in its own dtype with the same bits."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import numpy as np
import pytest

from benchmarks.shapes import generate
from rouge_core import RougeConfig, score_batch
from rouge_core.batch.compact import Narrowed, Same, pack, unpack
from rouge_core.batch.files import score_file
from rouge_core.batch.score import COLUMN_FIELDS, BatchResult, MeasureColumns


def _bytes(obj: object) -> int:
    """Bytes pickled as Dask sends them (protocol 5, arrays as out-of-band buffers)."""
    buffers: list[pickle.PickleBuffer] = []
    data = pickle.dumps(obj, protocol=5, buffer_callback=buffers.append)
    return len(data) + sum(b.raw().nbytes for b in buffers)


def _same_bits(a: BatchResult, b: BatchResult) -> None:
    assert list(a.measures) == list(b.measures) and a.ids.tolist() == b.ids.tolist()
    assert a.ids.dtype == b.ids.dtype == object
    for label, m in a.measures.items():
        o = b.measures[label]
        assert (m.label, m.family, m.note_sets) == (o.label, o.family, o.note_sets)
        for f in COLUMN_FIELDS:
            x, y = getattr(m, f), getattr(o, f)
            assert x.dtype == y.dtype and x.shape == y.shape and x.tobytes() == y.tobytes(), (label, f)


def test_a_news_shard_travels_in_under_60_percent_of_its_bytes(tmp_path: Path) -> None:
    path = tmp_path / "news.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in generate("news", 300, seed=2)), encoding="utf-8")
    result = score_file(str(path), RougeConfig())
    packed = pack(result)
    r1 = packed.measures["ROUGE-1"].columns
    assert isinstance(r1["hit"], Narrowed) and r1["hit"].values.dtype == np.uint8
    assert r1["has_counts"] == Same("bool", True, 300) and r1["note_index"] == Same("int32", 0, 300)
    assert _bytes(packed) < 0.6 * _bytes(result)  # 424 bytes a pair as columns
    _same_bits(unpack(pickle.loads(pickle.dumps(packed, protocol=5))), result)


def _columns(n: int, rng: np.random.Generator, **arrays: np.ndarray) -> MeasureColumns:
    base = {
        "precision": rng.random(n),
        "recall": rng.random(n),
        "fmeasure": rng.random(n),
        "hit": rng.integers(0, 5, n),
        "model": rng.integers(0, 5, n),
        "peer": rng.integers(0, 5, n),
        "has_counts": rng.random(n) < 0.5,
        "note_index": rng.integers(0, 2, n).astype(np.int32),
    }
    base.update(arrays)
    return MeasureColumns("ROUGE-X", "n", note_sets=((), ("a note",)), **base)


@pytest.mark.parametrize(
    "arrays",
    [
        {},
        {"hit": np.array([-(2**40), 0, 2**40]), "model": np.array([-1, 0, 300]), "peer": np.array([7, 7, 7])},
        {"hit": np.array([0.0, -0.0, np.nan]), "model": np.array([1.5, 2.0, np.inf]), "peer": np.array([-0.0] * 3)},
        {
            "precision": np.array([-0.0, 0.0, np.nan]),
            "has_counts": np.zeros(3, bool),
            "note_index": np.ones(3, np.int32),
        },
        {"hit": np.array([2**63 - 1, 0, -(2**63)]), "model": np.array([255, 0, 256]), "peer": np.array([-128, 127, 0])},
    ],
    ids=["random", "wide-and-same-ints", "float-counts", "signed-zero-nan", "extremes"],
)
def test_every_column_comes_back_with_its_dtype_and_bits(arrays: dict[str, np.ndarray]) -> None:
    n = len(next(iter(arrays.values()))) if arrays else 50
    rng = np.random.default_rng(1)
    result = BatchResult(
        RougeConfig(), np.array([f"d{i}" for i in range(n)], dtype=object), {"X": _columns(n, rng, **arrays)}
    )
    _same_bits(unpack(pickle.loads(pickle.dumps(pack(result), protocol=5))), result)


def test_an_empty_batch_comes_back_empty() -> None:
    result = score_batch([], RougeConfig(max_n=1))
    back = unpack(pack(result))
    assert len(back) == 0 and list(back.measures) == list(result.measures)
    _same_bits(back, result)


def test_score_files_workers_send_packed_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rouge_core.batch.compact import Packed
    from rouge_core.batch.distributed import local_cluster, score_files
    from rouge_core.batch.files import join_files

    paths = []
    for k in range(2):
        paths.append(str(tmp_path / f"part-{k}.jsonl"))
        records = [dict(r, id=f"{k}-{i}") for i, r in enumerate(generate("news", 20, seed=k))]
        Path(paths[-1]).write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    config = RougeConfig()
    received: list[object] = []
    with local_cluster(2) as client:
        gather = client.gather

        def recording_gather(futures: object) -> object:
            got = gather(futures)
            received.extend(got)
            return got

        monkeypatch.setattr(client, "gather", recording_gather)
        result = score_files(paths, config, client=client)
    assert [type(p) for p in received] == [Packed, Packed]  # before: BatchResult, 424 bytes a pair
    _same_bits(result, join_files([score_file(p, config) for p in paths], paths, config))
