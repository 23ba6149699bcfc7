"""rouge_core.compat against the packages it stands in for, in CPU time (issue 21, point 2).

Run: python -m benchmarks.bench_compat [--pairs N] [--repeats R] [--shape news|short|long]

On ``N`` pairs of a :mod:`benchmarks.shapes` corpus (seeded, sentences on lines), evaluate's four
default names (rouge1, rouge2, rougeL, rougeLsum):

* ``rouge-score loop``: ``RougeScorer.score`` pair by pair (what evaluate's rouge runs);
* ``compat.score loop``: :class:`rouge_core.compat.RougeScorer` ``score`` pair by pair (no batch);
* ``compat.score_batch``: one call, rouge_core's compiled chunk path;
* ``evaluate-shaped, aggregated``: rouge-score's loop plus its ``BootstrapAggregator`` (evaluate's
  ``use_aggregator=True``);
* ``compat.compute, aggregated``: :func:`rouge_core.compat.compute`.

Each contestant runs once untimed (imports, numba's compile or cache load), then the contestants run
interleaved ``R`` times (A, B, C, ..., A, B, C, ...); each number is the median ``time.process_time``
(this process's CPU time, every thread) and the scores are checked equal before timing.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any, Callable

import numpy as np

from benchmarks.shapes import generate
from rouge_core.compat import RougeScorer, compute

NAMES = ["rouge1", "rouge2", "rougeL", "rougeLsum"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--shape", default="news", choices=["news", "short", "long"])
    args = parser.parse_args()
    from rouge_score import rouge_scorer, scoring

    rows = list(generate(args.shape, args.pairs))
    predictions = [r["candidate"] for r in rows]
    references = [r["reference"] for r in rows]
    oracle = rouge_scorer.RougeScorer(NAMES)
    ours = RougeScorer(NAMES)

    def oracle_loop() -> Any:
        return [oracle.score(t, p) for t, p in zip(references, predictions)]

    def ours_loop() -> Any:
        return [ours.score(t, p) for t, p in zip(references, predictions)]

    def ours_batch() -> Any:
        return ours.score_batch(references, predictions)

    def oracle_aggregated() -> Any:
        np.random.seed(0)
        agg = scoring.BootstrapAggregator()
        for t, p in zip(references, predictions):
            agg.add_scores(oracle.score(t, p))
        result = agg.aggregate()
        return {k: result[k].mid.fmeasure for k in result}

    def ours_aggregated() -> Any:
        np.random.seed(0)
        return compute(predictions, references)

    contestants: dict[str, Callable[[], Any]] = {
        "rouge-score loop": oracle_loop,
        "compat.score loop": ours_loop,
        "compat.score_batch": ours_batch,
        "evaluate-shaped, aggregated": oracle_aggregated,
        "compat.compute, aggregated": ours_aggregated,
    }
    first = {name: fn() for name, fn in contestants.items()}  # warm-up, and the results to compare
    want = [{k: tuple(v) for k, v in s.items()} for s in first["rouge-score loop"]]
    for name in ("compat.score loop", "compat.score_batch"):
        assert [{k: tuple(v) for k, v in s.items()} for s in first[name]] == want, name
    assert first["compat.compute, aggregated"] == first["evaluate-shaped, aggregated"]
    times: dict[str, list[float]] = {name: [] for name in contestants}
    for _ in range(args.repeats):
        for name, fn in contestants.items():
            start = time.process_time()
            fn()
            times[name].append(time.process_time() - start)
    base = statistics.median(times["rouge-score loop"])
    print(f"{args.pairs} {args.shape} pairs, names {', '.join(NAMES)}; median of {args.repeats} (CPU s)")
    for name, ts in times.items():
        t = statistics.median(ts)
        print(f"  {name:30s} {t:8.3f} s  {args.pairs / t:10,.0f} pairs/s  {base / t:6.1f}x rouge-score's loop")


if __name__ == "__main__":
    main()
