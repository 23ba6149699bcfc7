"""Dask on corpus files (issue 22, point 5): CPU of every process for ``score_files`` on a 2-worker
LocalCluster against ``score_batch(workers=1)``, and the per-worker rate for the 10 M pairs plan.

News-shaped pairs (``benchmarks.shapes``, the shape the issue states its targets in) are written as
JSON Lines shards of ``--shard`` records. Modes, interleaved, ``--rounds`` times each:

* ``score_batch(workers=1)`` on the pairs already in memory (read before, not timed): the issue's baseline;
  each summary a list of sentences, as :meth:`Corpus.pairs` gives them;
* the same, on the same pairs with each summary as its text (what ``score_file`` hands ``score_batch``
  for plain JSON Lines, :mod:`rouge_core.io.readers.jsonl_texts`): how much of the difference is the
  input's shape rather than the reading;
* the same work a worker does, in this process: every shard read and scored (``score_file``), joined;
* ``score_files`` on a LocalCluster of 2 worker processes, ``threads_per_worker=1``, started by
  :func:`rouge_core.batch.distributed.local_cluster` (what ``--dask-local`` uses: the workers keep the C
  allocator's defaults, not Dask's ``MALLOC_TRIM_THRESHOLD_``): only the paths go out;
* ``score_bag`` of ``dask.bag.from_sequence(pairs)`` on the same cluster: every pair pickled from here (before).

CPU is user + system time of this process (the client and, in a LocalCluster, the scheduler) and of
every child process (nannies and workers), read with psutil before and after each run. The per-worker
rate is the pairs divided by the CPU the worker processes spent in the ``score_files`` run.

    python -m benchmarks.bench_dask [--pairs 200000] [--shard 20000] [--rounds 3] [--write]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Callable

from benchmarks.common import machine
from benchmarks.shapes import generate
from rouge_core import RougeConfig, score_batch
from rouge_core.batch.corpus import summarize_batch
from rouge_core.batch.files import file_bytes, join_files, read_file, score_file
from rouge_core.io.readers.jsonl_texts import jsonl_texts

README = Path(__file__).with_name("README.md")
SECTION = "## Dask: corpus files read on the workers (issue 22, point 5)"
BASE = "score_batch(workers=1), pairs in memory"
TEXTS = "score_batch(workers=1), the same pairs as texts, in memory"
LOCAL = "read the shards + score_batch(workers=1), this process"


def write_shards(folder: Path, pairs: int, shard: int) -> list[str]:
    """``pairs`` news records as ``folder/news-00000.jsonl``, ... of ``shard`` records each."""
    folder.mkdir(parents=True, exist_ok=True)
    paths: list[str] = []
    fh = None
    for i, record in enumerate(generate("news", pairs)):
        if i % shard == 0:
            if fh is not None:
                fh.close()
            paths.append(str(folder / f"news-{i // shard:05d}.jsonl"))
            fh = open(paths[-1], "w", encoding="utf-8")
        assert fh is not None
        fh.write(json.dumps(record) + "\n")
    if fh is not None:
        fh.close()
    return paths


def _cpu(pids: list[int]) -> dict[int, float]:
    import psutil

    out = {}
    for pid in pids:
        try:
            t = psutil.Process(pid).cpu_times()
            out[pid] = t.user + t.system
        except psutil.Error:  # a process that ended: its time is gone from both readings
            pass
    return out


def run(n_pairs: int, shard: int, rounds: int, folder: Path) -> str:
    import dask.bag as dask_bag
    import psutil

    from rouge_core.batch.distributed import local_cluster, score_bag, score_files

    load_start, uptime_start = os.getloadavg(), time.strftime("%H:%M:%S")
    t0 = time.perf_counter()
    paths = write_shards(folder, n_pairs, shard)
    written = time.perf_counter() - t0
    size = sum(os.path.getsize(p) for p in paths)
    config = RougeConfig()
    pairs, ids, texts = [], [], []
    for p in paths:
        got = read_file(p).pairs()
        pairs += got[0]
        ids += got[1]
        plain = jsonl_texts(file_bytes(p), p)
        assert plain is not None and plain[1] == got[1]
        texts += plain[0]
    t0 = time.perf_counter()
    stack = contextlib.ExitStack()
    client = stack.enter_context(local_cluster(workers=2, threads_per_worker=1))
    dask_start = time.perf_counter() - t0
    me = psutil.Process()

    def children() -> list[int]:
        return [p.pid for p in me.children(recursive=True)]

    workers = list(client.run(os.getpid).values())  # the worker processes (the nannies are their parents)
    modes: dict[str, Callable[[], object]] = {
        BASE: lambda: score_batch(pairs, config, ids=ids),
        TEXTS: lambda: score_batch(texts, config, ids=ids),
        LOCAL: lambda: join_files([score_file(p, config) for p in paths], paths, config),
        "score_files, LocalCluster 2 workers x 1 thread": lambda: score_files(paths, config, client=client),
        "score_bag(from_sequence(pairs)), same cluster (before)": lambda: score_bag(
            dask_bag.from_sequence(pairs, npartitions=len(paths)), config, client=client
        ),
    }
    files_mode = "score_files, LocalCluster 2 workers x 1 thread"
    # the same numbers: every column, the ids, and the averages and intervals computed afterwards
    local = score_batch(pairs, config, ids=ids)
    for other in (score_files(paths, config, client=client), score_batch(texts, config, ids=ids)):
        assert other.ids.tolist() == local.ids.tolist()
        for label, m in local.measures.items():
            o = other.measures[label]
            for f in ("precision", "recall", "fmeasure", "hit", "model", "peer", "has_counts", "note_index"):
                assert (getattr(m, f) == getattr(o, f)).all(), (label, f)
        assert summarize_batch(other) == summarize_batch(local)
    for fn in modes.values():  # warm up (stem caches, kernels loaded in the workers)
        fn()
    wall: dict[str, list[float]] = {k: [] for k in modes}
    cpu: dict[str, list[float]] = {k: [] for k in modes}
    worker_cpu: list[float] = []
    client_cpu: list[float] = []  # this process: the client and the LocalCluster's scheduler
    for _ in range(rounds):
        for name, fn in modes.items():
            pids = [me.pid, *children()]
            c0, w0 = _cpu(pids), time.perf_counter()
            fn()
            wall[name].append(time.perf_counter() - w0)
            c1 = _cpu(pids)
            cpu[name].append(sum(c1[p] - c0[p] for p in c1 if p in c0))
            if name == files_mode:
                worker_cpu.append(sum(c1[p] - c0[p] for p in workers if p in c0 and p in c1))
                client_cpu.append(c1[me.pid] - c0[me.pid])
    stack.close()
    load_end = os.getloadavg()
    base_cpu = statistics.median(cpu[BASE])
    ratio = {k: statistics.median(c / b for c, b in zip(cpu[k], cpu[BASE])) for k in modes}  # same round
    rows = [
        f"| {name} | {statistics.median(wall[name]):.2f} s | {statistics.median(cpu[name]):.2f} s "
        f"({min(cpu[name]):.2f}-{max(cpu[name]):.2f}) | {ratio[name]:.2f}x |"
        for name in modes
    ]
    rate = n_pairs / statistics.median(worker_cpu)
    return "\n".join(
        [
            SECTION,
            "",
            f"Machine: {machine()}. `python -m benchmarks.bench_dask --pairs {n_pairs} --shard {shard} "
            f"--rounds {rounds} --write`. {n_pairs:,} news pairs (`benchmarks.shapes`) in {len(paths)} JSON Lines "
            f"shards of {shard:,} records ({size / 1e6:.0f} MB; written in {written:.0f} s), rouge155 defaults "
            f"(ROUGE-1..4, L, W-1.2, S4, SU4); modes interleaved, {rounds} rounds, after one warm-up run each. "
            f"LocalCluster start-up {dask_start:.2f} s, not timed. Load average (1, 5, 15 min) "
            f"{', '.join(f'{x:.2f}' for x in load_start)} at {uptime_start}, "
            f"{', '.join(f'{x:.2f}' for x in load_end)} at {time.strftime('%H:%M:%S')} (other engineers' work "
            "on the same 2 cores: wall times say little, CPU times are the measure). CPU: every process "
            "(client and scheduler, nannies, workers). Every column, the ids and `summarize_batch` (averages, "
            "intervals, totals) of `score_files` were checked equal to `score_batch`'s before timing.",
            "",
            "| mode | wall, median | CPU of all processes, median (range) | CPU / baseline's, median |",
            "|---|---|---|---|",
            *rows,
            "",
            f"Per-worker rate (`score_files`, reading and scoring, CPU of the two worker processes): "
            f"**{rate:,.0f} pairs per worker CPU-second** ({1e6 / rate:.1f} µs a pair; the baseline scores "
            f"{n_pairs / base_cpu:,.0f} pairs per CPU-second without reading). Of the `score_files` run's CPU, "
            f"the workers spent {statistics.median(worker_cpu):.2f} s and the client with the scheduler "
            f"{statistics.median(client_cpu):.2f} s (medians; the nannies the rest). `score_files` against the same "
            f"reading and scoring in this process: {ratio[files_mode] / ratio[LOCAL]:.2f}x; `score_batch` on texts "
            f"against sentence lists: {ratio[TEXTS]:.2f}x.",
            "",
        ]
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=200_000)
    ap.add_argument("--shard", type=int, default=20_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--dir", type=Path, default=None, help="where the shards go (default: a temporary folder)")
    ap.add_argument("--write", action="store_true", help="replace the section in benchmarks/README.md")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        section = run(args.pairs, args.shard, args.rounds, args.dir or Path(tmp))
    print(section)
    if args.write:
        text = README.read_text(encoding="utf-8")
        pattern = re.compile(re.escape(SECTION) + r".*?(?=\n## |\Z)", re.S)
        text = pattern.sub(section.rstrip() + "\n", text) if pattern.search(text) else text.rstrip() + "\n\n" + section
        README.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
