"""One long pair: how long evaluate() and score() take on 10,000 words a side ("scores in seconds").

Run: python -m benchmarks.bench_long_pair [--write]   (--write updates benchmarks/README.md)
"""

from __future__ import annotations

import argparse
import random
import re
import tracemalloc
from pathlib import Path

from rouge_core import RougeConfig, evaluate, score

from .common import machine, news_text, perturb, timeit

README = Path(__file__).with_name("README.md")


def run() -> str:
    rows = []
    cfg = RougeConfig(max_n=4, skip_distance=4)
    for words, sent_len in [(5_000, 25), (10_000, 25), (10_000, 10_000)]:
        rng = random.Random(words + sent_len)
        reference = news_text(rng, words, sent_len)
        candidate = perturb(rng, reference)
        fast, _ = timeit(lambda: score(candidate, [reference], cfg), repeat=1)
        full, _ = timeit(lambda: evaluate(candidate, [reference], cfg), repeat=1)
        tracemalloc.start()
        evaluate(candidate, [reference], cfg)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        shape = "one sentence" if sent_len >= words else f"{sent_len}-word sentences"
        rows.append(f"| {words:,} words a side, {shape} | {fast:.2f} s | {full:.2f} s | {peak / 2**20:.0f} MiB |")
    return "\n".join(
        [
            "## One long pair (target: seconds)",
            "",
            f"Machine: {machine()}. `python -m benchmarks.bench_long_pair --write`. Options: ROUGE-1..4, L, "
            "W-1.2, S4, SU4 (rouge155).",
            "",
            "| input | score() counts only | evaluate() with explanations | evaluate() peak memory |",
            "|---|---|---|---|",
            *rows,
            "",
        ]
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    args = ap.parse_args()
    section = run()
    print(section)
    if args.write:
        text = README.read_text(encoding="utf-8")
        pattern = re.compile(r"## One long pair.*?(?=\n## |\Z)", re.S)
        text = pattern.sub(section.rstrip() + "\n", text) if pattern.search(text) else text.rstrip() + "\n\n" + section
        README.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
