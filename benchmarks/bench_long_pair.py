"""One long pair: CPU time of score() and evaluate(), and evaluate()'s peak memory (issue 22, target 4).

Each input runs in a fresh process (kernels loaded, then warmed on a small pair, before measuring):
CPU seconds of ``score()`` and of ``evaluate()`` (best of ``--repeat``), evaluate()'s peak under
tracemalloc (which sees numpy's and numba's arrays) and the process's peak RSS. The inputs are
:func:`benchmarks.common.news_text` and :func:`~benchmarks.common.perturb`, rouge155, ROUGE-1..4,
L, W-1.2, S4, SU4.

Run: python -m benchmarks.bench_long_pair [--write] [--repeat N]   (--write updates benchmarks/README.md)
     python -m benchmarks.bench_long_pair --case WORDS SENTENCE_LEN   (one input, JSON on stdout)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Callable

README = Path(__file__).with_name("README.md")
ROOT = Path(__file__).resolve().parent.parent
CASES = [(5_000, 25), (10_000, 25), (10_000, 10_000), (50_000, 50_000)]


def case(words: int, sent_len: int, repeat: int) -> dict[str, float]:
    """The figures of one input, in this process."""
    from rouge_core import RougeConfig, evaluate, score

    from .common import news_text, perturb

    cfg = RougeConfig(max_n=4, skip_distance=4)
    rng = random.Random(words + sent_len)
    reference = news_text(rng, words, sent_len)
    candidate = perturb(rng, reference)
    evaluate("a b c", ["a c b"], cfg)  # kernels loaded (or compiled) before anything is measured

    def cpu(fn: Callable[[], object]) -> float:
        best = float("inf")
        for _ in range(repeat):
            t = time.process_time()
            fn()
            best = min(best, time.process_time() - t)
        return best

    fast = cpu(lambda: score(candidate, [reference], cfg))
    full = cpu(lambda: evaluate(candidate, [reference], cfg))
    tracemalloc.start()
    evaluate(candidate, [reference], cfg)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return {"score_cpu": fast, "evaluate_cpu": full, "evaluate_peak": peak, "max_rss": rss}


def run(repeat: int) -> str:
    from .common import machine

    rows = []
    for words, sent_len in CASES:
        out = subprocess.run(
            [sys.executable, "-m", "benchmarks.bench_long_pair", "--case", str(words), str(sent_len)]
            + ["--repeat", str(repeat)],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        )
        r = json.loads(out.stdout.strip().splitlines()[-1])
        shape = "one sentence" if sent_len >= words else f"{sent_len}-word sentences"
        rows.append(
            f"| {words:,} words a side, {shape} | {r['score_cpu']:.2f} s | {r['evaluate_cpu']:.2f} s "
            f"| {r['evaluate_peak'] / 2**20:.0f} MiB | {r['max_rss'] / 2**20:.0f} MiB |"
        )
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return "\n".join(
        [
            "## One long pair (issue 22, target 4: 50,000 words a side, one sentence, score() <= 1 s, "
            "evaluate() <= 100 MiB)",
            "",
            f"Machine: {machine()}; load average at the end {load}. `python -m benchmarks.bench_long_pair "
            f"--write --repeat {repeat}`: each input in a fresh process, CPU seconds (best of {repeat}), "
            "evaluate()'s tracemalloc peak (numpy's and numba's arrays included) and the process's peak "
            "RSS (interpreter, numba and the kernels included). Options: ROUGE-1..4, L, W-1.2, S4, SU4 "
            "(rouge155).",
            "",
            "| input | score() CPU | evaluate() CPU | evaluate() peak (tracemalloc) | process peak RSS |",
            "|---|---|---|---|---|",
            *rows,
            "",
        ]
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--case", nargs=2, type=int, metavar=("WORDS", "SENTENCE_LEN"))
    args = ap.parse_args()
    if args.case:
        print(json.dumps(case(args.case[0], args.case[1], args.repeat)))
        return
    section = run(args.repeat)
    print(section)
    if args.write:
        text = README.read_text(encoding="utf-8")
        pattern = re.compile(r"## One long pair.*?(?=\n## |\Z)", re.S)
        text = pattern.sub(section.rstrip() + "\n", text) if pattern.search(text) else text.rstrip() + "\n\n" + section
        README.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
