"""Two threads against one, and the Python glue that holds the GIL between the chunk kernels (issue 22,
target 6), for this checkout and optionally an older one side by side.

``score_batch(pairs, config, workers=2)`` scores chunks in two threads; the compiled kernels release
the GIL, the Python around them (reading the pairs, the buffer, the scores' columns, the runner's
waits) does not, and two threads cannot overlap that part. Measured on the news-shaped pairs of
:mod:`benchmarks.bench_workers`, for rouge155's defaults (ROUGE-1..4, L, W-1.2, S4, SU4; pairs as
lists of sentences, as the readers give them) and for the rouge-score profile's batch (ROUGE-1, 2, L,
Lsum; pairs as strings).

Each checkout runs in its own process (``--serve``: its ``rouge_core`` first on ``sys.path``), kept
warm, and the parent sends the runs interleaved: per round, every (checkout, profile, workers) once,
so a busy shared machine slows them alike. CPU is the process's (every thread). The GIL-held share
is measured apart, on one thread: its thread time outside the kernel calls over its thread time.

    python -m benchmarks.bench_threads [--pairs 20000] [--rounds 7] [--before DIR] [--write]

``DIR`` is another checkout (``git archive <commit> | tar -x -C DIR``); its kernels compile on the
first run there.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, TextIO

README = Path(__file__).with_name("README.md")
SECTION = "## Two threads and the batch glue (issue 22, target 6)"
PROFILES = ("rouge155", "rouge-score")
#: The kernel calls of a chunk (module, name): all compiled, all releasing the GIL.
KERNELS = (
    ("rouge_core.kernels.chunk", "tokenize"),
    ("rouge_core.kernels.chunk", "intern_pairs"),
    ("rouge_core.kernels.chunk", "compact"),
    ("rouge_core.kernels.chunk", "localize"),
    ("rouge_core.kernels.chunk", "chunk_counts"),
    ("rouge_core.batch.compiled", "nltk_stem_ids"),
)


def _workload(profile: str, n_pairs: int) -> tuple[list[Any], Any]:
    from benchmarks.bench_workers import news_pairs
    from rouge_core import RougeConfig

    pairs: list[Any] = list(news_pairs(n_pairs))
    if profile == "rouge155":
        return pairs, RougeConfig()
    config = RougeConfig(profile="rouge-score", max_n=2, wlcs_weight=None, skip_distance=None)
    return [(" ".join(c), " ".join(r[0])) for c, r in pairs], config


def _holder(module: str) -> Any:
    """What the calls take ``module``'s kernels from: the chunk kernels from the ahead-of-time module
    while it serves them (``rouge_core.kernels.served``, since 9e1f8c5), else the module itself."""
    import importlib

    if module == "rouge_core.kernels.chunk":
        from rouge_core import kernels

        served = getattr(kernels, "served", None)  # None in a checkout from before 9e1f8c5
        if served is not None:
            return served("chunk")
    return importlib.import_module(module)


def _glue_share(pairs: list[Any], config: Any) -> dict[str, float]:
    """One thread's time, and the part of it outside the kernel calls (wrapped while it runs)."""

    from rouge_core import score_batch

    inside = [0.0]
    saved = []
    for module, name in KERNELS:
        mod = _holder(module)
        real = getattr(mod, name)
        saved.append((mod, name, real))

        def timed(*a: Any, _real: Any = real) -> Any:
            t = time.thread_time()
            try:
                return _real(*a)
            finally:
                inside[0] += time.thread_time() - t

        setattr(mod, name, timed)
    try:
        t = time.thread_time()
        score_batch(pairs, config)
        total = time.thread_time() - t
    finally:
        for mod, name, real in saved:
            setattr(mod, name, real)
    return {"total": total, "glue": total - inside[0]}


def serve(n_pairs: int, out: TextIO) -> None:
    """Read ``profile workers`` (or ``profile gil``) lines, answer each with a JSON line."""
    from rouge_core import score_batch

    work = {p: _workload(p, n_pairs) for p in PROFILES}
    for pairs, config in work.values():  # warm up: kernels loaded, stem caches, the thread pool's imports
        score_batch(pairs[:2000], config, workers=2)
    print(json.dumps({"ready": True}), file=out, flush=True)
    for line in sys.stdin:
        profile, what = line.split()
        pairs, config = work[profile]
        if what == "gil":
            print(json.dumps(_glue_share(pairs, config)), file=out, flush=True)
            continue
        c, w = time.process_time(), time.perf_counter()
        score_batch(pairs, config, workers=int(what))
        print(json.dumps({"wall": time.perf_counter() - w, "cpu": time.process_time() - c}), file=out, flush=True)


class _Checkout:
    def __init__(self, name: str, root: Path, n_pairs: int) -> None:
        env = dict(os.environ, PYTHONPATH=str(root))
        self.name = name
        self.proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve", "--pairs", str(n_pairs)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=root,
        )
        self.ask_line()  # ready

    def ask_line(self, command: str = "") -> dict[str, float]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        if command:
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the {self.name} checkout's process ended (see its error output above)")
        answer: dict[str, float] = json.loads(line)
        return answer

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(60)


def run(n_pairs: int, rounds: int, before: Path | None) -> str:
    from benchmarks.common import machine

    load_start = os.getloadavg()
    roots = {"this checkout": Path(__file__).resolve().parents[1]}
    if before is not None:
        roots = {"before": before.resolve(), **roots}
    checkouts = [_Checkout(name, root, n_pairs) for name, root in roots.items()]
    runs: dict[tuple[str, str, int], list[dict[str, float]]] = {}
    glue: dict[tuple[str, str], list[float]] = {}
    try:
        for _ in range(rounds):
            for profile in PROFILES:
                for ck in checkouts:
                    for workers in (1, 2):
                        runs.setdefault((ck.name, profile, workers), []).append(ck.ask_line(f"{profile} {workers}"))
                    share = ck.ask_line(f"{profile} gil")
                    glue.setdefault((ck.name, profile), []).append(share["glue"] / share["total"])
    finally:
        for ck in checkouts:
            ck.close()
    load_end = os.getloadavg()
    rows = []
    for profile in PROFILES:
        for ck in checkouts:
            one, two = runs[(ck.name, profile, 1)], runs[(ck.name, profile, 2)]
            ratios = [a["wall"] / b["wall"] for a, b in zip(one, two)]
            med = {k: {f: statistics.median(r[f] for r in v) for f in ("wall", "cpu")} for k, v in ((1, one), (2, two))}
            rows.append(
                f"| {profile} | {ck.name} | {med[1]['cpu'] * 1e3:.0f} ms | {med[2]['cpu'] * 1e3:.0f} ms | "
                f"{med[1]['wall'] * 1e3:.0f} ms | {med[2]['wall'] * 1e3:.0f} ms | "
                f"{statistics.median(ratios):.2f}x ({min(ratios):.2f}-{max(ratios):.2f}) | "
                f"{statistics.median(glue[(ck.name, profile)]):.1%} |"
            )
    return "\n".join(
        [
            SECTION,
            "",
            f"Machine: {machine()}. "
            f"`python -m benchmarks.bench_threads --pairs {n_pairs} --rounds {rounds}"
            f"{' --before DIR' if before else ''} --write`. {n_pairs:,} news-shaped pairs of "
            "`bench_workers.news_pairs`; rouge155 defaults on sentence lists, the rouge-score batch "
            "(ROUGE-1, 2, L, Lsum) on strings; every (checkout, profile, workers) once a round, interleaved, "
            f"{rounds} rounds, medians. Load average (1, 5, 15 min) at the start "
            f"{', '.join(f'{x:.1f}' for x in load_start)}, at the end {', '.join(f'{x:.1f}' for x in load_end)} "
            "(2 cores: above about 0.3 the wall-time ratio is the machine's, not the code's). Glue: one "
            "thread's time outside the kernel calls, the part two threads cannot overlap.",
            "",
            "| profile | code | CPU, 1 thread | CPU, 2 threads | wall, 1 thread | wall, 2 threads "
            "| 2 threads vs 1, wall, median (range) | glue (GIL held), 1 thread |",
            "|---|---|---|---|---|---|---|---|",
            *rows,
            "",
        ]
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pairs", type=int, default=20_000)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--before", type=Path, help="another checkout to run side by side")
    ap.add_argument("--write", action="store_true", help="append or replace the section in benchmarks/README.md")
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        serve(args.pairs, sys.stdout)
        return
    section = run(args.pairs, args.rounds, args.before)
    print(section)
    if args.write:
        text = README.read_text(encoding="utf-8")
        start = text.find(SECTION)
        if start < 0:
            text = text.rstrip() + "\n\n" + section
        else:
            # the table's part ends at the next heading: notes under a "###" heading are kept
            ends = [e for e in (text.find(h, start + len(SECTION)) for h in ("\n## ", "\n### ")) if e >= 0]
            end = min(ends, default=-1)
            text = text[:start] + section.rstrip() + "\n" + (text[end:] if end >= 0 else "")
        README.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
