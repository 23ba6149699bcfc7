"""The first run after install: CPU to the first result with numba's cache empty (issue 22, point 3).

Run: python -m benchmarks.bench_first_run [--repeats N] [--root DIR] [--kinds cli score score_batch compat]

Each measurement is a fresh ``python`` process given an empty ``NUMBA_CACHE_DIR`` (numba's first cache
locator: the source tree's ``__pycache__`` is then neither read nor written, so every kernel a call
needs is compiled), then the same process again on the cache the first one left (*warm*). Four ways a
user starts:

* ``cli``: ``python -m rouge_core --candidates c.txt --references r.txt -n 2`` on one pair (the whole
  process is the first result);
* ``score``: ``rouge_core.score()`` of one pair (the rouge155 profile's default measures);
* ``score_batch``: ``rouge_core.score_batch()`` of 100 pairs;
* ``compat``: ``rouge_core.compat.RougeScorer(["rouge1", "rouge2", "rougeL"], use_stemmer=True).score``.

Figures are CPU seconds (``time.process_time`` in the child at its first result, and the whole child as
its parent sees it, interpreter start-up included), the median of the repeats; whether the compile
notice was printed on stderr. ``--root`` measures another checkout (e.g. ``git archive`` of an older
commit) the same way. The machine is shared: CPU time, not wall time, and the load is printed.
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
from pathlib import Path
from typing import Any

from benchmarks.common import machine

ROOT = Path(__file__).resolve().parent.parent
NOTICE = "compiling ROUGE kernels"
CAND, REF = "Police killed the gunman near the old bank.", "Police kill the gunman at the bank."

# What each child runs; it prints {"first": CPU seconds at the first result}.
CHILD = {
    "score": "import rouge_core\nrouge_core.score({c!r}, [{r!r}])\n",
    "score_batch": "import rouge_core\nrouge_core.score_batch([({c!r} + f' {{i}}', [{r!r}]) for i in range(100)])\n",
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


def run_once(kind: str, root: Path, cache: Path, work: Path) -> dict[str, Any]:
    """One fresh process of ``kind`` with ``NUMBA_CACHE_DIR=cache``: its CPU at the first result and in all."""
    env = {k: v for k, v in os.environ.items() if k not in ("ROUGE_LENS_PURE_PYTHON", "PYTHONPATH")}
    env.update(NUMBA_CACHE_DIR=str(cache), PYTHONPATH=str(root))
    if kind == "cli":
        (work / "c.txt").write_text(CAND + "\n", encoding="utf-8")
        (work / "r.txt").write_text(REF + "\n", encoding="utf-8")
        argv = ["-m", "rouge_core", "--candidates", str(work / "c.txt"), "--references", str(work / "r.txt")]
        argv += ["-n", "2"]
    else:
        argv = ["-c", TIMED.format(body=CHILD[kind].format(c=CAND, r=REF))]
    before = _children_cpu()
    done = subprocess.run([sys.executable, *argv], cwd=root, env=env, capture_output=True, text=True, check=False)
    total = _children_cpu() - before
    if done.returncode != 0:
        raise SystemExit(f"{kind} failed ({done.returncode}): {done.stderr[-2000:]}")
    first = total if kind == "cli" else json.loads(done.stdout.splitlines()[-1])["first"]
    return {"first": first, "total": total, "notice": NOTICE in done.stderr}


def measure(root: Path, repeats: int, kinds: tuple[str, ...] = KINDS) -> dict[str, dict[str, Any]]:
    """Per kind: median CPU to the first result and in all, cold (empty cache) and warm (its second run)."""
    out: dict[str, dict[str, Any]] = {}
    for kind in kinds:
        cold, warm = [], []
        for _ in range(repeats):
            with tempfile.TemporaryDirectory() as tmp:
                cache, work = Path(tmp) / "numba", Path(tmp)
                cold.append(run_once(kind, root, cache, work))
                warm.append(run_once(kind, root, cache, work))
        out[kind] = {
            state: {
                "first": statistics.median(r["first"] for r in runs),
                "total": statistics.median(r["total"] for r in runs),
                "notice": all(r["notice"] for r in runs) if state == "cold" else any(r["notice"] for r in runs),
            }
            for state, runs in (("cold", cold), ("warm", warm))
        }
        print(kind, json.dumps(out[kind]), f"load {os.getloadavg()[0]:.2f}", file=sys.stderr, flush=True)
    return out


def table(result: dict[str, dict[str, Any]]) -> list[str]:
    """Markdown rows: kind, cold first result / whole process, notice, warm first result / whole process."""
    rows = [
        "| start | empty cache: CPU to first result | whole process | notice | cached: first result | whole process |",
        "|---|---:|---:|---|---:|---:|",
    ]
    for kind, r in result.items():
        c, w = r["cold"], r["warm"]
        said = "yes" if c["notice"] else "no"
        rows.append(
            f"| {kind} | {c['first']:.2f} s | {c['total']:.2f} s | {said} | {w['first']:.2f} s | {w['total']:.2f} s |"
        )
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--root", type=Path, default=ROOT, help="the checkout to measure (default: this one)")
    ap.add_argument("--kinds", nargs="+", choices=KINDS, default=list(KINDS), help="the starts to measure")
    args = ap.parse_args()
    print(f"{machine()}; load {os.getloadavg()[0]:.2f} at the start", file=sys.stderr)
    result = measure(args.root.resolve(), args.repeats, tuple(args.kinds))
    print("\n".join(table(result)))
    print(f"load {os.getloadavg()[0]:.2f} at the end", file=sys.stderr)


if __name__ == "__main__":
    main()
