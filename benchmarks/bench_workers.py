"""score_batch on 1 and 2 local processes and on a 2-worker Dask LocalCluster: speed-up, CPU and wall time.

Pairs are news-shaped and generated here: a reference of about 56 words in 3 or 4 sentences, and a
candidate of about 60 words made from it (words replaced, dropped, inserted and moved), words drawn
from a Zipf-like law over a made-up vocabulary. Options: rouge155's defaults (ROUGE-1..4, L, W-1.2,
S4, SU4). The modes run interleaved, ``--rounds`` times each, so a busy shared machine slows them
alike; the table gives medians and each mode's ratio to one process in the same round.

CPU time is this process plus its worker processes (read with psutil while they live). The pool
and the cluster are started before the timed runs (their start-up is reported apart).

    python -m benchmarks.bench_workers [--pairs 2000] [--rounds 5] [--write]

Two threads against one with the share of Python glue that holds the GIL, for both profiles and
side by side with an older checkout: :mod:`benchmarks.bench_threads`.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import time
from pathlib import Path
from typing import Callable

import numpy as np

from benchmarks.common import machine
from rouge_core import RougeConfig, score_batch
from rouge_core.batch.runners import ProcessRunner, _square

README = Path(__file__).with_name("README.md")
SECTION = "## Many pairs: workers and a Dask cluster"


def vocabulary(size: int, rng: np.random.Generator) -> list[str]:
    """Made-up words of 2 to 9 letters, the short ones first (the most frequent words are the shortest)."""
    letters = np.array(list("etaoinshrdlcumwfgypbvkjxqz"))
    weights = 1.0 / np.arange(1, 27) ** 0.6
    lengths = np.clip(np.round(np.log2(np.arange(2, size + 2)) * 0.7 + 1.5), 2, 9).astype(int)
    words: list[str] = []
    seen: set[str] = set()
    while len(words) < size:
        n = int(lengths[len(words)])
        for row in rng.choice(letters, size=(64, n), p=weights / weights.sum()):
            w = "".join(row)
            if w not in seen and len(words) < size and len(w) == int(lengths[len(words)]):
                seen.add(w)
                words.append(w)
    return words


def news_pairs(n: int, seed: int = 0, vocab_size: int = 20_000) -> list[tuple[list[str], list[list[str]]]]:
    """``n`` (candidate sentences, [reference sentences]) pairs, news-shaped (see the module docstring).

    >>> pairs = news_pairs(3)
    >>> len(pairs), [len(r[0]) in (3, 4) for _, r in pairs]
    (3, [True, True, True])
    """
    rng = np.random.default_rng(seed)
    vocab = vocabulary(vocab_size, rng)
    zipf = 1.0 / np.arange(1, vocab_size + 1) ** 1.07
    draws = iter(rng.choice(vocab_size, size=n * 90, p=zipf / zipf.sum()).tolist())
    out = []
    for _ in range(n):
        ref = [vocab[next(draws)] for _ in range(int(rng.integers(48, 65)))]  # 56 words on average
        cand = []
        for w, u in zip(ref, rng.random(len(ref))):  # ~60 words: keep, replace, drop, or keep and insert
            if u < 0.18:
                cand.append(vocab[next(draws)])
            elif u < 0.26:
                continue
            elif u < 0.42:
                cand += [w, vocab[next(draws)]]
            else:
                cand.append(w)
        for _ in range(3):  # move a short span
            i, j = sorted(rng.integers(0, len(cand), size=2))
            k = int(rng.integers(0, len(cand) - (j - i) + 1))
            span, rest = cand[i:j], cand[:i] + cand[j:]
            cand = rest[:k] + span + rest[k:]
        out.append((_sentences(cand, rng), [_sentences(ref, rng)]))
    return out


def _sentences(words: list[str], rng: np.random.Generator) -> list[str]:
    k = int(rng.integers(3, 5))
    cuts = np.linspace(0, len(words), k + 1).round().astype(int)
    return [" ".join(words[a:b]) + " ." for a, b in zip(cuts[:-1], cuts[1:]) if b > a]


def _cpu(pids: Callable[[], list[int]]) -> float:
    import psutil

    total = 0.0
    for pid in [None, *pids()]:
        try:
            t = psutil.Process(pid).cpu_times()
            total += t.user + t.system
        except psutil.Error:
            pass
    return total


def run(n_pairs: int, rounds: int) -> str:
    import psutil
    from distributed import Client, LocalCluster

    from rouge_core.batch.distributed import DaskRunner

    load_start = os.getloadavg()[0]
    pairs = news_pairs(n_pairs)
    config = RougeConfig()
    words = np.mean([sum(len(s.split()) - 1 for s in c) for c, _ in pairs])
    ref_words = np.mean([sum(len(s.split()) - 1 for s in r[0]) for _, r in pairs])
    t0 = time.perf_counter()
    pool = ProcessRunner(2)
    list(pool.map(_square, [(0, [1]), (1, [2])]))  # start both processes
    pool_start = time.perf_counter() - t0
    t0 = time.perf_counter()
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, host="127.0.0.1")
    client = Client(cluster)
    dask_start = time.perf_counter() - t0
    me = psutil.Process()

    def children() -> list[int]:
        return [p.pid for p in me.children(recursive=True)]

    modes: dict[str, Callable[[], object]] = {
        "1 process (in this one)": lambda: score_batch(pairs, config),
        "2 threads (`workers=2`: the chunk kernels release the GIL)": lambda: score_batch(pairs, config, workers=2),
        "2 local processes": lambda: score_batch(pairs, config, runner=pool),
        "Dask LocalCluster, 2 workers": lambda: score_batch(pairs, config, runner=DaskRunner(client)),
    }
    reference = score_batch(pairs[:200], config)
    for fn in modes.values():  # warm up (stem caches, worker imports)
        fn()
    for runner in (pool, DaskRunner(client)):  # every mode gives the same numbers
        other = score_batch(pairs[:200], config, runner=runner)
        for k, m in reference.measures.items():
            assert (m.fmeasure == other.measures[k].fmeasure).all() and (m.hit == other.measures[k].hit).all()
    wall: dict[str, list[float]] = {k: [] for k in modes}
    cpu: dict[str, list[float]] = {k: [] for k in modes}
    ratio: dict[str, list[float]] = {k: [] for k in modes}
    for _ in range(rounds):
        times = {}
        for name, fn in modes.items():
            c0, w0 = _cpu(children), time.perf_counter()
            fn()
            times[name] = time.perf_counter() - w0
            wall[name].append(times[name])
            cpu[name].append(_cpu(children) - c0)
        base = times["1 process (in this one)"]
        for name in modes:
            ratio[name].append(base / times[name])
    client.close()
    cluster.close()
    pool.close()
    one = statistics.median(wall["1 process (in this one)"])
    one_cpu = statistics.median(cpu["1 process (in this one)"])
    rows = [
        f"| {name} | {statistics.median(wall[name]):.2f} s | {statistics.median(cpu[name]):.2f} s | "
        f"{statistics.median(ratio[name]):.2f}x ({min(ratio[name]):.2f}-{max(ratio[name]):.2f}) | "
        f"{one_cpu / statistics.median(cpu[name]):.2f} | {n_pairs / statistics.median(wall[name]):,.0f} |"
        for name in modes
    ]
    load_end = os.getloadavg()[0]
    return "\n".join(
        [
            SECTION,
            "",
            f"Machine: {machine()}. `python -m benchmarks.bench_workers --pairs {n_pairs} --rounds {rounds} --write`.",
            f"{n_pairs:,} generated pairs (candidate {words:.1f} words, reference {ref_words:.1f} words in 3-4 "
            "sentences), rouge155 defaults (ROUGE-1..4, L, W-1.2, S4, SU4); modes interleaved, "
            f"{rounds} rounds. One process scores {n_pairs / one:,.0f} pairs/s "
            f"({one / n_pairs * 1e3:.2f} ms a pair). Start-up, not timed below: process pool "
            f"{pool_start:.2f} s, LocalCluster {dask_start:.2f} s. Load average (1 min) {load_start:.1f} at the "
            f"start, {load_end:.1f} at the end: with other work on the 2 cores the wall-time ratio says little; "
            "the CPU ratio (CPU of one process / CPU of the mode: 1 = no overhead) says what the extra "
            f"processes cost, and N workers give at most N x that ratio when N cores are free.",
            "",
            "| mode | wall, median | CPU (all processes), median | speed-up vs 1 process, median (range) "
            "| CPU ratio | pairs/s |",
            "|---|---|---|---|---|---|",
            *rows,
            "",
        ]
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--write", action="store_true", help="replace the section in benchmarks/README.md")
    args = ap.parse_args()
    section = run(args.pairs, args.rounds)
    print(section)
    if args.write:
        text = README.read_text(encoding="utf-8")
        pattern = re.compile(re.escape(SECTION) + r".*?(?=\n## |\Z)", re.S)
        text = pattern.sub(section.rstrip() + "\n", text) if pattern.search(text) else text.rstrip() + "\n\n" + section
        README.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
