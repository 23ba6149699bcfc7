"""How long the Inspect page's computation takes for a 2 x 300-word pair (target: < 100 ms).

Run: python -m benchmarks.bench_inspector [--write]   (--write updates benchmarks/README.md)
     python -m benchmarks.bench_inspector --browser [--root DIR] [--repeat 5]   (the page in Chromium:
     browser and server CPU per 2 x 300-word paste, see benchmarks/inspect_browser.py; prints, writes nothing)
     python -m benchmarks.bench_inspector --profile FILE [--root DIR]   (one paste's renderer CPU by script,
     see benchmarks/inspect_profile.py; writes the raw profile to FILE)
"""

from __future__ import annotations

import argparse
import random
import re
from pathlib import Path

from rouge_core import RougeConfig, evaluate, score

from .common import machine, news_text, perturb, timeit

README = Path(__file__).with_name("README.md")


def run() -> str:
    rng = random.Random(2004)
    reference = news_text(rng, 300)
    candidate = perturb(rng, reference)
    rows = []
    for name, cfg in [
        ("default: ROUGE-1..4, L, W-1.2, S4, SU4", RougeConfig(max_n=4, skip_distance=4)),
        ("DUC 2004: -n 4 -m -2 4 -u -w 1.2", RougeConfig(max_n=4, stem=True, skip_distance=4, rouge_s=False)),
        ("unlimited skip distance (S*, SU*)", RougeConfig(max_n=4, skip_distance=-1)),
    ]:
        med, best = timeit(lambda: evaluate(candidate, [reference], cfg))
        fast, _ = timeit(lambda: score(candidate, [reference], cfg))
        rows.append(f"| {name} | {med * 1000:.1f} ms | {best * 1000:.1f} ms | {fast * 1000:.1f} ms |")
    return "\n".join(
        [
            "## Inspector: one 2 x 300-word pair (target < 100 ms)",
            "",
            f"Machine: {machine()}. `python -m benchmarks.bench_inspector --write`.",
            "",
            "| options | evaluate() with explanations, median | min | counts-only score(), median |",
            "|---|---|---|---|",
            *rows,
            "",
        ]
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true", help="replace the section in benchmarks/README.md")
    ap.add_argument("--browser", action="store_true", help="the Inspect page in Chromium instead (prints only)")
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1], help="the app's tree")
    ap.add_argument("--repeat", type=int, default=5, help="pastes measured with --browser")
    ap.add_argument("--profile", type=Path, help="profile one paste in Chromium, the raw profile written here")
    args = ap.parse_args()
    if args.profile:
        from .inspect_profile import profile_paste

        for script, ms in profile_paste(args.root, args.profile).items():
            print(f"{ms:8.1f} ms  {script}")
        return
    if args.browser:
        from .inspect_browser import measure, summary

        rows = measure(args.root, args.repeat)
        for r in rows:
            print(
                f"{r['what']}: browser {r['browser_s']:.2f} s, server {r['server_s']:.2f} s, load {r['load']:.1f}, "
                f"DOM {r['dom']}, containers {r['containers']}, main {r['main_kb']:.0f} kB"
            )
        print(summary(rows))
        return
    section = run()
    print(section)
    if args.write:
        text = README.read_text(encoding="utf-8") if README.exists() else "# Benchmarks\n\n"
        pattern = re.compile(r"## Inspector:.*?(?=\n## |\Z)", re.S)
        text = pattern.sub(section.rstrip() + "\n", text) if pattern.search(text) else text.rstrip() + "\n\n" + section
        README.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
