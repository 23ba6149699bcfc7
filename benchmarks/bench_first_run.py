"""The first run after install: CPU to the first result with numba's cache empty (issue 22, point 3).

Run: python -m benchmarks.bench_first_run [--repeats N] [--root DIR] [--kinds cli score score_batch compat]
[--compile background|foreground]

Each measurement is a fresh ``python`` process given an empty ``NUMBA_CACHE_DIR`` (numba's first cache
locator: the source tree's ``__pycache__`` is then neither read nor written, so every kernel a call
needs is compiled), then the same process again on the cache the first one left (*warm*). With
``--compile background`` (the default, ``ROUGE_LENS_COMPILE`` unset) the first call computes in pure
Python while a detached builder (``python -m rouge_core.kernels``) fills the cache: this script is
made the child subreaper (Linux), so the builder, orphaned when the caller ends, is waited for here
and its CPU measured apart from the caller's; the warm run starts after it. ``--compile foreground``
measures the first run of before (``ROUGE_LENS_COMPILE=foreground``: the call compiles what it uses).
Four ways a user starts:

* ``cli``: ``python -m rouge_core --candidates c.txt --references r.txt -n 2`` on one pair (the whole
  process is the first result);
* ``score``: ``rouge_core.score()`` of one pair (the rouge155 profile's default measures);
* ``score_batch``: ``rouge_core.score_batch()`` of 300 pairs;
* ``compat``: ``rouge_core.compat.RougeScorer(["rouge1", "rouge2", "rougeL"], use_stemmer=True).score``.

Figures are CPU seconds (``time.process_time`` in the child at its first result, and the whole child as
its parent sees it, interpreter start-up included; the builder's whole process), the median of the
repeats; which notice was printed on stderr (the compile notice, or the background one). ``--root``
measures another checkout (e.g. ``git archive`` of an older commit) the same way. The machine is
shared: CPU time, not wall time, and the load is printed.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Optional

from benchmarks.common import machine

ROOT = Path(__file__).resolve().parent.parent
NOTICE = "compiling ROUGE kernels"
IN_BACKGROUND = "compiling ROUGE kernels for this machine in the background"
PR_SET_CHILD_SUBREAPER = 36  # prctl(2): orphaned descendants are reparented to this process
CAND, REF = "Police killed the gunman near the old bank.", "Police kill the gunman at the bank."

# What each child runs; it prints {"first": CPU seconds at the first result}.
CHILD = {
    "score": "import rouge_core\nrouge_core.score({c!r}, [{r!r}])\n",
    "score_batch": "import rouge_core\nrouge_core.score_batch([({c!r} + f' {{i}}', [{r!r}]) for i in range(300)])\n",
    "compat": (
        "from rouge_core.compat import RougeScorer\n"
        "RougeScorer(['rouge1', 'rouge2', 'rougeL'], use_stemmer=True).score({r!r}, {c!r})\n"
    ),
}
TIMED = "import json, time\n{body}print(json.dumps({{'first': time.process_time()}}))\n"
KINDS = ("cli", "score", "score_batch", "compat")


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def become_subreaper() -> bool:
    """Adopt this process's orphaned descendants (the detached builder), so they can be waited for."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):  # not Linux: the builder's CPU is not measured
        return False


def builder_pids(cache: Path) -> set[int]:
    """The pids the builders' lock files in ``cache`` hold (the last builder of each)."""
    return {int(lock.read_text().strip() or 0) for lock in cache.rglob("rouge-lens.*.builder.lock")}


def builder_cpu(cache: Path, before: set[int]) -> Optional[float]:
    """Wait for the builder the caller started in ``cache`` (a pid not in ``before``) and return its
    CPU seconds (0.0: none started; None: it could not be waited for here)."""
    started = builder_pids(cache) - before
    if not started:
        return 0.0
    (pid,) = started
    try:
        _, _, usage = os.wait4(pid, 0)
    except ChildProcessError:  # not adopted (no subreaper): wait for it to end, CPU unknown
        while Path(f"/proc/{pid}").exists():
            time.sleep(0.2)
        return None
    return float(usage.ru_utime + usage.ru_stime)


def run_once(kind: str, root: Path, cache: Path, work: Path, compile_in: str = "background") -> dict[str, Any]:
    """One fresh process of ``kind`` with ``NUMBA_CACHE_DIR=cache``: its CPU at the first result and in
    all, which notice it printed, and the CPU of the builder it started (waited for here)."""
    dropped = ("ROUGE_LENS_PURE_PYTHON", "PYTHONPATH", "ROUGE_LENS_COMPILE")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(NUMBA_CACHE_DIR=str(cache), PYTHONPATH=str(root))
    if compile_in == "foreground":
        env["ROUGE_LENS_COMPILE"] = "foreground"
    if kind == "cli":
        (work / "c.txt").write_text(CAND + "\n", encoding="utf-8")
        (work / "r.txt").write_text(REF + "\n", encoding="utf-8")
        argv = ["-m", "rouge_core", "--candidates", str(work / "c.txt"), "--references", str(work / "r.txt")]
        argv += ["-n", "2"]
    else:
        argv = ["-c", TIMED.format(body=CHILD[kind].format(c=CAND, r=REF))]
    builders, before = builder_pids(cache), _children_cpu()
    done = subprocess.run([sys.executable, *argv], cwd=root, env=env, capture_output=True, text=True, check=False)
    total = _children_cpu() - before
    if done.returncode != 0:
        raise SystemExit(f"{kind} failed ({done.returncode}): {done.stderr[-2000:]}")
    first = total if kind == "cli" else json.loads(done.stdout.splitlines()[-1])["first"]
    said = "background" if IN_BACKGROUND in done.stderr else "compile" if NOTICE in done.stderr else "none"
    return {"first": first, "total": total, "notice": said, "builder": builder_cpu(cache, builders)}


def _median(values: list[Optional[float]]) -> Optional[float]:
    known = [v for v in values if v is not None]
    return statistics.median(known) if known and len(known) == len(values) else None


def measure(
    root: Path, repeats: int, kinds: tuple[str, ...] = KINDS, compile_in: str = "background"
) -> dict[str, dict[str, Any]]:
    """Per kind: median CPU to the first result, in all and of the builder, cold (empty cache) and
    warm (its second run, once the builder has ended)."""
    out: dict[str, dict[str, Any]] = {}
    for kind in kinds:
        cold, warm = [], []
        for _ in range(repeats):
            with tempfile.TemporaryDirectory() as tmp:
                cache, work = Path(tmp) / "numba", Path(tmp)
                cold.append(run_once(kind, root, cache, work, compile_in))
                warm.append(run_once(kind, root, cache, work, compile_in))
        out[kind] = {
            state: {
                "first": statistics.median(r["first"] for r in runs),
                "total": statistics.median(r["total"] for r in runs),
                "builder": _median([r["builder"] for r in runs]),
                "notice": "/".join(sorted({r["notice"] for r in runs})),
            }
            for state, runs in (("cold", cold), ("warm", warm))
        }
        print(kind, json.dumps(out[kind]), f"load {os.getloadavg()[0]:.2f}", file=sys.stderr, flush=True)
    return out


def table(result: dict[str, dict[str, Any]]) -> list[str]:
    """Markdown rows: kind, cold first result / whole process / builder, notice, warm first result /
    whole process."""
    rows = [
        "| start | empty cache: CPU to first result | whole process | builder | notice "
        "| cached: first result | whole process |",
        "|---|---:|---:|---:|---|---:|---:|",
    ]
    for kind, r in result.items():
        c, w = r["cold"], r["warm"]
        built = "n/a" if c["builder"] is None else f"{c['builder']:.2f} s"
        rows.append(
            f"| {kind} | {c['first']:.2f} s | {c['total']:.2f} s | {built} | {c['notice']} "
            f"| {w['first']:.2f} s | {w['total']:.2f} s |"
        )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure (default: this one)")
    ap.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS), help="the starts to measure")
    ap.add_argument(
        "--compile",
        choices=("background", "foreground"),
        default="background",
        help="where a first run compiles (foreground: ROUGE_LENS_COMPILE=foreground, the first run of before)",
    )
    args = ap.parse_args()
    if not become_subreaper():
        print("not a child subreaper here: the builder's CPU is not measured", file=sys.stderr)
    print(f"{machine()}; load {os.getloadavg()[0]:.2f} at the start", file=sys.stderr)
    result = measure(args.root.resolve(), args.repeats, tuple(args.kinds), args.compile)
    print("\n".join(table(result)))
    print(f"load {os.getloadavg()[0]:.2f} at the end", file=sys.stderr)


if __name__ == "__main__":
    main()
