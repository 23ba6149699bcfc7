"""rouge_core.batch.distributed.local_cluster (issue 22, point 5): its workers keep the C allocator's
defaults (Dask's MALLOC_TRIM_THRESHOLD_ makes every large array a fresh mapping, about 5 % more CPU),
and score the same numbers."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Optional

import pytest

from benchmarks.shapes import generate
from rouge_core import RougeConfig
from rouge_core.batch.distributed import local_cluster, score_files
from rouge_core.batch.files import join_files, score_file
from tests.unit.test_distributed import _same_columns


def _trim() -> Optional[str]:
    return os.environ.get("MALLOC_TRIM_THRESHOLD_")


def _profiling(dask_worker: Any) -> bool:
    return "profile" in dask_worker.periodic_callbacks


def _tick(dask_worker: Any) -> float:
    return float(dask_worker._tick_interval)


def test_local_cluster_workers_start_without_dasks_trim_threshold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a Dask LocalCluster started earlier in this process leaves its nannies' setting in os.environ
    monkeypatch.delenv("MALLOC_TRIM_THRESHOLD_", raising=False)
    paths = []
    for k in range(2):
        records = [dict(r, id=f"{k}-{i}") for i, r in enumerate(generate("news", 30, seed=k))]
        paths.append(str(tmp_path / f"part-{k}.jsonl"))
        Path(paths[-1]).write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    config = RougeConfig()
    with local_cluster(2) as client:
        assert list(client.run(_trim).values()) == [None, None]  # before: ['65536', '65536']
        # no stack sampling for a dashboard there is none of (before: True, True)
        assert list(client.run(_profiling).values()) == [False, False]
        assert list(client.run(_tick).values()) == [0.2, 0.2]  # seconds; before: 0.02
        got = score_files(paths, config, client=client)
    assert _trim() is None  # nor is it left in this process for the next processes it starts
    here = join_files([score_file(p, config) for p in paths], paths, config)
    assert got.ids.tolist() == here.ids.tolist() == [f"{k}-{i}" for k in range(2) for i in range(30)]
    _same_columns(got, here)


def test_a_trim_threshold_set_here_still_reaches_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MALLOC_TRIM_THRESHOLD_", "131072")
    with local_cluster(1) as client:
        assert list(client.run(_trim).values()) == ["131072"]
