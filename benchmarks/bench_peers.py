"""The project against its peers on the corpus shapes of the speed targets (issue 11, point 5).

Run: python -m benchmarks.bench_peers [--quick] [--write] [--repeats N] [--json FILE] [--perl-home DIR --perl-data DIR]

* ``--quick``: a smoke run (a prefix of each shape, one repeat, a 2 x 2,000-word pair), minutes less;
* ``--write``: replace the "Peers and the issue 11 targets" section of benchmarks/README.md;
  without it the section is only printed.

The ``news``, ``short`` and ``long`` shapes come from :mod:`benchmarks.shapes` (seeded) and are written
once to a temporary directory as JSONL. Every measurement runs in a fresh ``python`` process, so the
import (and the first pair's one-off work) is its own number, the *cold start*; the rate is that of
the pairs after the first (*steady*), in CPU time (``getrusage`` of the process and its waited-for
children: every thread and worker) and in wall time. The contestants run interleaved (A, B, C, A, B,
C, ...) and each number is the median of the repeats. The slow contestants score a prefix of a
shape (the pairs are drawn independently, so a prefix has the shape's rate): the table says how many.

Contestants: rouge_core with the ``rouge-score`` profile (ROUGE-1, ROUGE-2, ROUGE-L = rougeLsum,
ROUGE-Lflat = rougeL) through ``score()`` and, when it exists, ``score_batch(workers=1|2)``; Google's
``rouge-score`` (rouge1, rouge2, rougeL, rougeLsum); ``rouge-score-rs`` (``score()`` one pair at a
time, and ``score_batch`` on 1 and 2 threads); rouge_core's ``rouge155`` profile with all ten
measures through ``evaluate_corpus`` (news only, against Perl's measured 82 pairs/s); ``evaluate()``
on one 2 x 300-word pair (default options, unlimited skip distance) and one 2 x 10,000-word pair
(time, peak RSS, tracemalloc's peak); stemming in a cold process (:mod:`benchmarks.bench_stem_cold`:
rouge_core's rouge-score profile with ``stem=True`` against rouge-score-rs ``use_stemmer=True``, each a
fresh process scoring the news and long shapes once); ``python -m rouge_core`` on one pair, twice (a fresh copy of the
package, with no bytecode or JIT cache yet, then again with them); with ``--perl-home DIR --perl-data DIR`` (a
ROUGE-1.5.5.pl install outside the project, see :mod:`benchmarks.bench_cli`), the command line against the
Perl script, whole process, on the news shape's SPL files with ROUGE-1.5.5's ten measures
(:func:`benchmarks.bench_cli.measure`: Perl once, rouge_core's runs interleaved around it, output compared
byte for byte). Then the scores themselves are
compared pair by pair on a sample of each shape: rouge_core against rouge-score must agree to
1e-12 (the exit status is 1 if not), rouge-score-rs's agreement is reported.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Optional

from benchmarks import bench_cli, bench_stem_cold

ROOT = Path(__file__).resolve().parent.parent
README = Path(__file__).with_name("README.md")
HEADING = "## Peers and the issue 11 targets"
#: ROUGE-1.5.5.pl on the news shape, all ten measures, measured earlier (Perl is not run here)
PERL_PAIRS_PER_S = 82.0
CHILD_TIMEOUT_S = 900

ROUGE_TYPES = ("rouge1", "rouge2", "rougeL", "rougeLsum")
#: rouge-score's type -> rouge_core's measure in the rouge-score profile
AS_PROJECT = {"rouge1": "ROUGE-1", "rouge2": "ROUGE-2", "rougeL": "ROUGE-Lflat", "rougeLsum": "ROUGE-L"}
RS_PROFILE: dict[str, Any] = dict(profile="rouge-score", max_n=2, wlcs_weight=None, skip_distance=None)
#: ROUGE-1..4, L, W-1.2, S4, SU4 and S*, SU*: two configs, one evaluate_corpus each
R155_CONFIGS: tuple[dict[str, Any], ...] = (
    dict(profile="rouge155", max_n=4, wlcs_weight=1.2, skip_distance=4),
    dict(profile="rouge155", max_n=None, rouge_l=False, wlcs_weight=None, skip_distance=-1),
)

LABELS = {
    "project": "rouge_core `score()`",
    "project-b1": "rouge_core `score_batch(workers=1)`",
    "project-b2": "rouge_core `score_batch(workers=2)` (2 threads)",
    "rouge-score": "rouge-score {rouge-score}",
    "rs": "rouge-score-rs {rouge-score-rs} `score()`",
    "rs-b1": "rouge-score-rs `score_batch`, 1 thread",
    "rs-b2": "rouge-score-rs `score_batch`, 2 threads",
    "r155": "rouge_core rouge155, ten measures, `summarize_batch(score_batch())`",
    "r155-ec": "rouge_core rouge155, ten measures, `evaluate_corpus()` (per-pair result objects)",
}
PROJECT = ("project", "project-b1", "project-b2")
#: which rouge-score-rs row a project row is compared with (same number of cores)
RS_MATCH = {"project": "rs", "project-b1": "rs", "project-b2": "rs-b2"}


@dataclass(frozen=True)
class Plan:
    generate: dict[str, int]  # pairs written per shape
    timed: dict[str, dict[str, int]]  # shape -> contestant -> pairs timed (a prefix)
    repeats: int
    latency_repeats: int
    big_words: int
    agree: dict[str, int]  # pairs compared per shape
    quick: bool = False


FULL = Plan(
    generate={"news": 10_000, "short": 10_000, "long": 500},
    timed={
        "news": {
            "project": 10_000,
            "project-b1": 50_000,
            "project-b2": 50_000,
            "rouge-score": 3_000,
            "rs": 10_000,
            "rs-b1": 50_000,
            "rs-b2": 50_000,
            "r155": 3_000,
            "r155-ec": 3_000,
        },
        "short": {
            "project": 10_000,
            "project-b1": 50_000,
            "project-b2": 50_000,
            "rouge-score": 5_000,
            "rs": 10_000,
            "rs-b1": 50_000,
            "rs-b2": 50_000,
        },
        "long": {
            "project": 200,
            "project-b1": 2_500,
            "project-b2": 2_500,
            "rouge-score": 60,
            "rs": 500,
            "rs-b1": 2_500,
            "rs-b2": 2_500,
        },
    },
    repeats=3,
    latency_repeats=9,
    big_words=10_000,
    agree={"news": 2_000, "short": 2_000, "long": 50},
)
QUICK = Plan(
    generate={"news": 1_000, "short": 1_000, "long": 30},
    timed={
        "news": {k: (300 if k in ("rouge-score", "r155", "r155-ec") else 1_000) for k in FULL.timed["news"]},
        "short": {k: (300 if k == "rouge-score" else 1_000) for k in FULL.timed["short"]},
        "long": {k: (10 if k == "rouge-score" else 30) for k in FULL.timed["long"]},
    },
    repeats=1,
    latency_repeats=3,
    big_words=2_000,
    agree={"news": 200, "short": 200, "long": 10},
    quick=True,
)


# -- the child processes -------------------------------------------------------------------------


def _cpu() -> float:
    """CPU seconds of this process (all threads), of its waited-for children, and of every live
    descendant with the children it waited for: worker processes started by a forkserver are its
    children, not ours, and it may outlive the measurement."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime + _descendants_cpu()


def _descendants_cpu() -> float:
    """utime + stime + cutime + cstime of the live descendants of this process, from /proc (Linux)."""
    parent: dict[int, int] = {}
    ticks: dict[int, int] = {}
    try:
        names = os.listdir("/proc")
    except OSError:
        return 0.0
    for name in names:
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", encoding="ascii", errors="replace") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # gone meanwhile
        pid = int(name)
        parent[pid] = int(fields[1])  # field 4 of stat; fields[0] is field 3 (state)
        ticks[pid] = sum(int(x) for x in fields[11:15])  # fields 14-17: utime stime cutime cstime
    me, total = os.getpid(), 0
    for pid in parent:
        p, seen = parent[pid], 0
        while p > 1 and p != me and seen < 64:
            p, seen = parent.get(p, 0), seen + 1
        if p == me and pid != me:
            total += ticks[pid]
    return total / os.sysconf("SC_CLK_TCK")


def _clock() -> tuple[float, float]:
    return time.perf_counter(), _cpu()


def _rss_mib() -> float:
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def _maxrss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def _read(path: str, n: int) -> list[dict[str, str]]:
    """The first ``n`` records of ``path``; past its end the records again from the start (the batch
    rates time several passes over a shape, so a 0.1 s run's fixed costs do not set the rate)."""
    out: list[dict[str, str]] = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if len(out) == n:
                break
            out.append(json.loads(line))
    whole = len(out)
    while 0 < whole < n and len(out) < n:
        out.append(out[len(out) % whole])
    return out


Scorer = Callable[[str, str], object]
Batch = Callable[[list[str], list[str]], float]


def _contestant(kind: str) -> tuple[Scorer, Batch]:
    """Import the contestant (timed: part of the cold start); return (score one pair, score a batch)."""
    if kind in PROJECT or kind.startswith("r155"):
        import rouge_core as rc

        if kind.startswith("r155"):
            from rouge_core.batch.corpus import summarize_batch

            configs = [rc.RougeConfig(**c) for c in R155_CONFIGS]

            def first(c: str, r: str) -> object:  # the first pair by the API timed after it
                if kind == "r155-ec":
                    return [rc.evaluate_corpus([(c, r)], cfg) for cfg in configs]
                return [summarize_batch(rc.score_batch([(c, r)], cfg)) for cfg in configs]

            def corpus(cs: list[str], rs: list[str]) -> float:
                pairs = list(zip(cs, rs))
                if kind == "r155-ec":
                    reps = [rc.evaluate_corpus(pairs, cfg).measures for cfg in configs]
                    return sum(m[label].fmeasure.average for m in reps for label in m)
                sums = [summarize_batch(rc.score_batch(pairs, cfg)) for cfg in configs]
                return sum(m[label].fmeasure.average for m in sums for label in m)

            return first, corpus
        cfg = rc.RougeConfig(**RS_PROFILE)

        def one(c: str, r: str) -> object:
            return rc.score(c, r, cfg)

        if kind == "project":

            def loop(cs: list[str], rs: list[str]) -> float:
                return sum(rc.score(c, r, cfg)["ROUGE-1"].score.fmeasure for c, r in zip(cs, rs))

            return one, loop
        workers = 2 if kind == "project-b2" else 1  # threads: the chunk kernels release the GIL

        def one_batch(c: str, r: str) -> object:  # the first pair by score_batch (its kernels loaded)
            return rc.score_batch([(c, r)] * workers, cfg, workers=workers, chunk_size=1)

        def batch(cs: list[str], rs: list[str]) -> float:
            out = rc.score_batch(list(zip(cs, rs)), cfg, workers=workers)
            try:
                return float(out.measures["ROUGE-1"].fmeasure.sum())
            except Exception:  # another result type: the rate is still measured
                return float("nan")

        return one_batch, batch
    if kind == "rouge-score":
        from rouge_score import rouge_scorer

        scorer = rouge_scorer.RougeScorer(list(ROUGE_TYPES))
    else:
        import rouge_score_rs

        scorer = rouge_score_rs.RougeScorer(list(ROUGE_TYPES))

    def one_rs(c: str, r: str) -> object:
        return scorer.score(r, c)  # rouge-score's order: (target, prediction)

    if kind in ("rouge-score", "rs"):

        def loop_rs(cs: list[str], rs: list[str]) -> float:
            return sum(scorer.score(r, c)["rouge1"].fmeasure for c, r in zip(cs, rs))

        return one_rs, loop_rs

    def batch_rs(cs: list[str], rs: list[str]) -> float:
        return sum(s["rouge1"].fmeasure for s in scorer.score_batch(rs, cs))

    return one_rs, batch_rs


def _child_rate(spec: dict[str, Any]) -> dict[str, Any]:
    recs = _read(spec["data"], spec["n"])
    cands, refs = [r["candidate"] for r in recs], [r["reference"] for r in recs]
    w0, c0 = _clock()
    first, rest = _contestant(spec["kind"])
    first(cands[0], refs[0])
    w1, c1 = _clock()
    check = rest(cands[1:], refs[1:])
    w2 = time.perf_counter()
    if spec["kind"] == "project-b2":
        time.sleep(0.2)  # let the worker processes exit and be waited for (their CPU time is counted once)
    c2 = _cpu()
    return {
        "pairs": len(recs),
        "cold_wall": w1 - w0,
        "cold_cpu": c1 - c0,
        "steady_wall": w2 - w1,
        "steady_cpu": c2 - c1,
        "check": check,
        "maxrss_mib": _maxrss_mib(),
    }


def _child_latency(spec: dict[str, Any]) -> dict[str, Any]:
    from benchmarks.shapes import one_pair

    cand, ref = one_pair(spec["words"])
    import rouge_core as rc

    out: dict[str, Any] = {}
    for name, cfg in (("default", rc.RougeConfig()), ("unlimited", rc.RougeConfig(skip_distance=-1))):
        w0, c0 = _clock()
        rc.evaluate(cand, ref, cfg)
        w1, c1 = _clock()
        ev_wall, ev_cpu, sc_wall = [], [], []
        for _ in range(spec["repeats"]):
            wa, ca = _clock()
            rc.evaluate(cand, ref, cfg)
            wb, cb = _clock()
            rc.score(cand, ref, cfg)
            wc, _ = _clock()
            ev_wall.append(wb - wa)
            ev_cpu.append(cb - ca)
            sc_wall.append(wc - wb)
        out[name] = {
            "first_wall": w1 - w0,
            "first_cpu": c1 - c0,
            "evaluate_wall": statistics.median(ev_wall),
            "evaluate_wall_min": min(ev_wall),
            "evaluate_cpu": statistics.median(ev_cpu),
            "score_wall": statistics.median(sc_wall),
        }
    return out


def _child_big(spec: dict[str, Any]) -> dict[str, Any]:
    from benchmarks.shapes import one_pair

    cand, ref = one_pair(spec["words"])
    import rouge_core as rc

    cfg = rc.RougeConfig()
    rc.evaluate("a warm up.", "a warm up.", cfg)
    before = _rss_mib()
    if spec.get("trace"):
        import tracemalloc

        tracemalloc.start()
        rc.evaluate(cand, ref, cfg)
        return {"traced_peak_mib": tracemalloc.get_traced_memory()[1] / 2**20}
    w0, c0 = _clock()
    rc.evaluate(cand, ref, cfg)
    w1, c1 = _clock()
    return {"wall": w1 - w0, "cpu": c1 - c0, "rss_before_mib": before, "peak_rss_mib": _maxrss_mib()}


def _child(spec: dict[str, Any]) -> None:
    job = {"rate": _child_rate, "latency": _child_latency, "big": _child_big}[spec["job"]]
    print(json.dumps(job(spec)))


# -- the parent ------------------------------------------------------------------------------------


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _run_child(spec: dict[str, Any], env_extra: Optional[dict[str, str]] = None) -> dict[str, Any]:
    env = dict(os.environ, **(env_extra or {}))
    cpu0, t0 = _children_cpu(), time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_peers", "--child", json.dumps(spec)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=CHILD_TIMEOUT_S,
    )
    wall, cpu = time.perf_counter() - t0, _children_cpu() - cpu0
    if proc.returncode != 0:
        raise RuntimeError(f"child {spec} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    out: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    out["process_wall"], out["process_cpu"] = wall, cpu
    return out


def _cli_pair(tmp: Path, pair_file: Path) -> dict[str, Any]:
    """``python -m rouge_core`` on one pair, twice, on a fresh copy of the package (no bytecode yet)."""
    where = Path(tempfile.mkdtemp(prefix="cli-", dir=tmp))
    shutil.copytree(ROOT / "rouge_core", where / "rouge_core", ignore=shutil.ignore_patterns("__pycache__"))
    env = dict(os.environ, PYTHONPATH=str(where))
    cmd = [sys.executable, "-m", "rouge_core", "-n", "4", "-w", "1.2", "-2", "4", "-U", "--input", str(pair_file)]
    walls, cpus = [], []
    for _ in range(2):
        cpu0, t0 = _children_cpu(), time.perf_counter()
        proc = subprocess.run(cmd, cwd=where, env=env, capture_output=True, text=True, timeout=CHILD_TIMEOUT_S)
        walls.append(time.perf_counter() - t0)
        cpus.append(_children_cpu() - cpu0)
        if proc.returncode != 0 or "ROUGE-SU4 Average_F" not in proc.stdout:
            raise RuntimeError(f"the CLI failed ({proc.returncode}):\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}")
    used = subprocess.run(
        [sys.executable, "-c", "import rouge_core; print(rouge_core.__file__)"],
        cwd=where,
        env=env,
        capture_output=True,
        text=True,
    ).stdout.strip()
    if not used.startswith(str(where)):
        raise RuntimeError(f"the CLI ran {used}, not the fresh copy in {where}")
    shutil.rmtree(where)
    return {"cold_wall": walls[0], "warm_wall": walls[1], "cold_cpu": cpus[0], "warm_cpu": cpus[1]}


Triple = tuple[float, float, float]  # P, R, F


def _batch_rows(rc: Any, pairs: list[tuple[str, str]], cfg: Any) -> Optional[list[dict[str, Triple]]]:
    """rouge_core.score_batch's numbers per pair and rouge-score type (None without score_batch)."""
    if not hasattr(rc, "score_batch"):
        return None
    out = rc.score_batch(pairs, cfg, workers=1)
    cols = {t: out.measures[AS_PROJECT[t]] for t in ROUGE_TYPES}
    return [
        {t: (float(c.precision[i]), float(c.recall[i]), float(c.fmeasure[i])) for t, c in cols.items()}
        for i in range(len(pairs))
    ]


def _agreement(data: dict[str, Path], plan: Plan) -> dict[str, dict[str, Any]]:
    """Per shape and comparison: pairs compared, pairs whose P, R or F differ at all / by more than 1e-12,
    the largest differences and the first pair beyond 1e-12."""
    import rouge_score_rs
    from rouge_score import rouge_scorer

    import rouge_core as rc

    cfg = rc.RougeConfig(**RS_PROFILE)
    google = rouge_scorer.RougeScorer(list(ROUGE_TYPES))
    rust = rouge_score_rs.RougeScorer(list(ROUGE_TYPES))
    out: dict[str, dict[str, Any]] = {}
    for shape, k in plan.agree.items():
        recs = _read(str(data[shape]), plan.generate[shape])
        sample = recs[:: max(1, len(recs) // k)][:k]
        pairs = [(r["candidate"], r["reference"]) for r in sample]
        mine = [
            {t: (m.score.precision, m.score.recall, m.score.fmeasure) for t, m in _by_type(rc.score(c, r, cfg)).items()}
            for c, r in pairs
        ]
        g = [{t: tuple(x) for t, x in google.score(r, c).items()} for c, r in pairs]
        q = [{t: tuple(x) for t, x in rust.score(r, c).items()} for c, r in pairs]
        comparisons = {"rouge-score": (mine, g), "rouge-score-rs": (mine, q)}
        batch = _batch_rows(rc, pairs, cfg)
        if batch is not None:
            comparisons["rouge-score (rouge_core by `score_batch`)"] = (batch, g)
        out[shape] = {name: _compare(sample, a, b) for name, (a, b) in comparisons.items()}
    return out


def _by_type(result: dict[str, Any]) -> dict[str, Any]:
    return {t: result[label] for t, label in AS_PROJECT.items()}


def _compare(sample: list[dict[str, str]], mine: list[dict[str, Any]], theirs: list[dict[str, Any]]) -> dict[str, Any]:
    s: dict[str, Any] = {"pairs": len(sample), "differ": 0, "beyond": 0, "max_df": 0.0, "max_dpr": 0.0, "example": None}
    for rec, a_all, b_all in zip(sample, mine, theirs):
        differ = beyond = False
        for t in ROUGE_TYPES:
            (ap, ar, af), (bp, br, bf) = a_all[t], b_all[t]
            df, dpr = abs(af - bf), max(abs(ap - bp), abs(ar - br))
            s["max_df"], s["max_dpr"] = max(s["max_df"], df), max(s["max_dpr"], dpr)
            if (ap, ar, af) != (bp, br, bf):
                differ = True
                if max(df, dpr) > 1e-12:
                    beyond = True
                    if s["example"] is None:
                        s["example"] = f"{rec['id']} {t}: F {af!r} vs {bf!r}"
        s["differ"] += differ
        s["beyond"] += beyond
    return s


def _median(runs: list[dict[str, Any]], key: str) -> float:
    return statistics.median(r[key] for r in runs)


def _rates(runs: list[dict[str, Any]]) -> dict[str, float]:
    """Steady pairs/s (median, min and max of the repeats, CPU and wall) and the cold start."""
    cpu = [(r["pairs"] - 1) / r["steady_cpu"] for r in runs if r["steady_cpu"] > 0]
    wall = [(r["pairs"] - 1) / r["steady_wall"] for r in runs if r["steady_wall"] > 0]
    return {
        "pairs": runs[0]["pairs"],
        "cpu": statistics.median(cpu) if cpu else float("inf"),
        "cpu_min": min(cpu, default=float("inf")),
        "cpu_max": max(cpu, default=float("inf")),
        "wall": statistics.median(wall) if wall else float("inf"),
        "cold_wall": _median(runs, "cold_wall"),
        "cold_cpu": _median(runs, "cold_cpu"),
        "process_wall": _median(runs, "process_wall"),
    }


def _machine() -> str:
    model, cores = "", str(os.cpu_count())
    try:
        text = subprocess.run(["lscpu"], capture_output=True, text=True, timeout=10).stdout
        for line in text.splitlines():
            key, _, value = line.partition(":")
            if key.strip() == "Model name" and not model:
                model = value.strip()
            elif key.strip() == "CPU(s)":
                cores = value.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    return (
        f"{model or platform.processor() or 'unknown CPU'}, {cores} cores, Python {platform.python_version()}, "
        f"{platform.system()} {platform.release()}; {_dt.date.today().isoformat()}"
    )


def _code_label() -> str:
    """The commit of the rouge_core measured, and whether its files differ from it."""

    def git(*args: str) -> str:
        try:
            proc = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.SubprocessError):
            return ""
        return proc.stdout.strip() if proc.returncode == 0 else ""

    head = git("rev-parse", "--short", "HEAD")
    if not head:
        return "rouge_core outside a git checkout"
    dirty = git("status", "--porcelain", "--", "rouge_core")
    return f"commit {head}" + (" with uncommitted changes to rouge_core" if dirty else "")


def _versions() -> dict[str, str]:
    from importlib import metadata

    out = {}
    for dist in ("rouge-score", "rouge-score-rs"):
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            out[dist] = "(not installed)"
    return out


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _fmt_rate(x: float) -> str:
    if x != x or x == float("inf"):
        return "-"
    if x >= 10_000:
        return f"{x / 1000:.0f}k"
    if x >= 1_000:
        return f"{x / 1000:.1f}k"
    return f"{x:.0f}" if x >= 10 else f"{x:.1f}"


def _fmt_ratio(x: float) -> str:
    return "-" if x != x else (f"{x:.2f}x" if x < 10 else f"{x:.0f}x")


def _fmt_s(x: float) -> str:
    return f"{x * 1000:.0f} ms" if x < 1 else f"{x:.2f} s"


@dataclass
class Results:
    rates: dict[str, dict[str, dict[str, float]]] = field(default_factory=dict)  # shape -> kind -> rates
    latency: list[dict[str, Any]] = field(default_factory=list)
    big: list[dict[str, Any]] = field(default_factory=list)
    traced_mib: float = float("nan")
    cli: list[dict[str, Any]] = field(default_factory=list)
    agreement: dict[str, dict[str, Any]] = field(default_factory=dict)
    has_batch: bool = False
    load: tuple[tuple[float, ...], tuple[float, ...]] = ((), ())
    elapsed: float = 0.0
    machine: str = ""
    code: str = ""  # which rouge_core was measured
    versions: dict[str, str] = field(default_factory=dict)
    plan: str = "full"
    repeats: int = 0
    stemming: dict[str, Any] = field(default_factory=dict)  # bench_stem_cold.measure's runs
    cli_perl: dict[str, Any] = field(default_factory=dict)  # bench_cli.measure's runs (with --perl-home)


def _measure(
    plan: Plan,
    tmp: Path,
    log: Callable[[str], None],
    trace: bool = False,
    perl: Optional[tuple[Path, Path]] = None,
) -> Results:
    import rouge_core
    from benchmarks import shapes

    res = Results(
        has_batch=hasattr(rouge_core, "score_batch"),
        machine=_machine(),
        code=_code_label(),
        versions=_versions(),
        plan="quick" if plan.quick else "full",
        repeats=plan.repeats,
    )
    start = time.perf_counter()
    load0 = os.getloadavg()
    data = {}
    for shape, n in plan.generate.items():
        data[shape] = shapes.write(tmp, shape, n)
        log(f"{shape}: {shapes.describe(_read(str(data[shape]), n))}")
    pair_file = tmp / "one.jsonl"
    pair_file.write_text(data["news"].read_text(encoding="utf-8").splitlines()[0] + "\n", encoding="utf-8")

    jobs: list[tuple[str, str, dict[str, Any], dict[str, str]]] = []  # (shape, kind, spec, env)
    for shape, contestants in plan.timed.items():
        for kind, n in contestants.items():
            if kind in ("project-b1", "project-b2") and not res.has_batch:
                continue
            threads = {"rs": "1", "rs-b1": "1", "rs-b2": "2"}.get(kind)
            env = {"RAYON_NUM_THREADS": threads} if threads else {}
            jobs.append((shape, kind, {"job": "rate", "kind": kind, "data": str(data[shape]), "n": n}, env))
    raw: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for rep in range(plan.repeats):
        for shape, kind, spec, env in jobs:
            out = _run_child(spec, env)
            raw.setdefault((shape, kind), []).append(out)
            log(
                f"[{rep + 1}/{plan.repeats}] {shape:5} {kind:11} {out['pairs']:>6} pairs: "
                f"cold {out['cold_wall']:.2f} s, "
                f"{(out['pairs'] - 1) / max(out['steady_cpu'], 1e-9):,.0f} pairs/s CPU, "
                f"{(out['pairs'] - 1) / max(out['steady_wall'], 1e-9):,.0f} wall"
            )
        lat = _run_child({"job": "latency", "words": 300, "repeats": plan.latency_repeats})
        res.latency.append(lat)
        log(
            f"[{rep + 1}/{plan.repeats}] evaluate() 2x300 words: "
            f"default {lat['default']['evaluate_wall'] * 1000:.1f} ms, "
            f"unlimited skip {lat['unlimited']['evaluate_wall'] * 1000:.1f} ms"
        )
        if rep == plan.repeats - 1:  # once: it takes seconds, its target is a second
            big = _run_child({"job": "big", "words": plan.big_words})
            res.big.append(big)
            log(
                f"[{rep + 1}/{plan.repeats}] evaluate() 2x{plan.big_words:,} words: {big['wall']:.2f} s, "
                f"peak RSS {big['peak_rss_mib']:.0f} MiB ({big['rss_before_mib']:.0f} before)"
            )
        cli = _cli_pair(tmp, pair_file)
        res.cli.append(cli)
        log(f"[{rep + 1}/{plan.repeats}] CLI one pair: first {cli['cold_wall']:.2f} s, second {cli['warm_wall']:.2f} s")
    if trace:
        res.traced_mib = _run_child({"job": "big", "words": plan.big_words, "trace": True})["traced_peak_mib"]
        log(f"evaluate() 2x{plan.big_words:,} words: tracemalloc peak {res.traced_mib:.0f} MiB")
    for (shape, kind), runs in raw.items():
        res.rates.setdefault(shape, {})[kind] = _rates(runs)
    # The stemming, cold process rows: a fresh process stems its whole vocabulary once (issue 22, point 2)
    stem_pairs = {s: min(n, plan.generate[s]) for s, n in bench_stem_cold.PAIRS.items()}
    res.stemming = bench_stem_cold.measure(data, stem_pairs, plan.repeats, log)
    if perl is not None:  # the command line against ROUGE-1.5.5.pl, whole process (issue 22, target 1)
        res.cli_perl = bench_cli.measure(plan.generate["news"], plan.repeats, perl[0], perl[1], 1, log)
    log("comparing the scores pair by pair ...")
    res.agreement = _agreement(data, plan)
    res.load = (load0, os.getloadavg())
    res.elapsed = time.perf_counter() - start
    return res


def _best_one_core(rates: dict[str, dict[str, float]]) -> tuple[str, dict[str, float]]:
    kind = "project-b1" if "project-b1" in rates else "project"
    return kind, rates[kind]


def render(res: Results, plan: Plan) -> str:
    versions = res.versions or _versions()
    label = {k: v.format(**versions) for k, v in LABELS.items()}
    news, long = res.rates["news"], res.rates["long"]
    lat = {
        name: {k: statistics.median(r[name][k] for r in res.latency) for k in res.latency[0][name]}
        for name in ("default", "unlimited")
    }
    big_wall, big_cpu = _median(res.big, "wall"), _median(res.big, "cpu")
    big_rss = statistics.median(r["peak_rss_mib"] - r["rss_before_mib"] for r in res.big)
    cli_cold, cli_warm = _median(res.cli, "cold_wall"), _median(res.cli, "warm_wall")
    traced = res.traced_mib == res.traced_mib  # not NaN: --tracemalloc was given

    # the targets table: the columns, then this run's number and whether it meets the target
    k1, p1 = _best_one_core(news)
    _, l1 = _best_one_core(long)
    rs_news, rs_long = news["rs"]["cpu"], long["rs"]["cpu"]
    if "project-b2" in news:
        speedup = news["project-b2"]["wall"] / news["project-b1"]["wall"]
        two = (f"{_fmt_rate(news['project-b2']['wall'])} pairs/s wall = {speedup:.2f}x 1 worker", speedup >= 1.7)
    else:
        two = ("no `score_batch` yet: 1 core only", False)
    r155 = news["r155"]["cpu"]
    big_what = f"2x{plan.big_words:,} words" if plan.big_words != 10_000 else ""
    targets = [
        (
            "rouge-score profile, ROUGE-1/2/L/Lsum, news, 1 core",
            "1.2k pairs/s (rouge-score-rs 48k)",
            "at least rouge-score-rs",
            f"{_fmt_rate(p1['cpu'])} pairs/s (rouge-score-rs {_fmt_rate(rs_news)})",
            p1["cpu"] >= rs_news,
        ),
        (
            "same, long shape, 1 core",
            "27 pairs/s (rouge-score-rs 2.0k)",
            "at least 2x rouge-score-rs",
            f"{_fmt_rate(l1['cpu'])} pairs/s (rouge-score-rs {_fmt_rate(rs_long)})",
            l1["cpu"] >= 2 * rs_long,
        ),
        ("same, 2 workers", "1 core only", "at least 1.7x the 1-worker rate on an idle machine", *two),
        (
            "rouge155, all ten measures, news",
            "358 pairs/s (Perl 82)",
            "at least 100x Perl",
            f"{_fmt_rate(r155)} pairs/s = {r155 / PERL_PAIRS_PER_S:.1f}x Perl",
            r155 >= 100 * PERL_PAIRS_PER_S,
        ),
        (
            "evaluate() 2x300 words, default / unlimited skip",
            "29 / 142 ms",
            "at most 10 / 30 ms",
            f"{lat['default']['evaluate_wall'] * 1000:.0f} / {lat['unlimited']['evaluate_wall'] * 1000:.0f} ms "
            f"(CPU {lat['default']['evaluate_cpu'] * 1000:.0f} / {lat['unlimited']['evaluate_cpu'] * 1000:.0f} ms)",
            lat["default"]["evaluate_cpu"] <= 0.010 and lat["unlimited"]["evaluate_cpu"] <= 0.030,
        ),
        (
            "evaluate() 2x10,000 words",
            "9 s, 300 MiB",
            "at most 1 s, 100 MiB",
            f"{big_what + ': ' if big_what else ''}{big_wall:.2f} s (CPU {big_cpu:.2f} s), {big_rss:.0f} MiB RSS growth"
            + (f", {res.traced_mib:.0f} MiB traced" if traced else ""),
            big_cpu <= 1.0 and big_rss <= 100 and (not traced or res.traced_mib <= 100) and not big_what,
        ),
        (
            "cold start of the CLI (import + first pair)",
            "measure it",
            "at most 1.5 s with a warm cache",
            f"{cli_warm:.2f} s warm, {cli_cold:.2f} s with no cache",
            cli_warm <= 1.5,
        ),
    ]
    lines = [
        HEADING,
        "",
        "`python -m benchmarks.bench_peers --write` (7-12 minutes on 2 busy cores; `--quick`, a smoke run: 1-2). "
        "The corpora are `benchmarks/shapes.py`'s (seeded: news 10,000 pairs of ~56-word references in 3-4 "
        "sentences vs ~60-word candidates, short 10,000 one-sentence ~22-word pairs, long 500 pairs of ~250-word "
        "references vs ~800-word candidates); the `score_batch` rows of both packages time 5 passes over a shape "
        "(50,000 or 2,500 pairs), so that a run of a tenth of a second is not all start and end. "
        "Every measurement is a fresh process; the contestants run "
        f"interleaved, {_times(plan.repeats)} each, and each number is the median. Rates are *steady* pairs/s "
        "(the pairs after the first), in CPU time of the process and its workers, and in wall time; the *cold "
        "start* is the import and the first pair. Perl is not run: its 82 pairs/s (news, ten measures) was "
        "measured earlier.",
        "",
        f"Code: {res.code or _code_label()}. Machine: {res.machine or _machine()}; load average "
        f"{res.load[0][0]:.1f} at the start, {res.load[1][0]:.1f} at the end (a shared machine: compare the CPU "
        f"rates). Whole run: {res.elapsed / 60:.1f} min"
        + (" (`--quick`: prefixes of the shapes, 1 repeat)." if plan.quick else "."),
        "",
        "A target is met (last column) by the CPU time or rate, as the machine is shared, except the 2 workers' "
        "speed-up (wall time) and the CLI (the whole process's wall time).",
        "",
        "| work | today (issue 11) | target | this run | met |",
        "|---|---|---|---|---|",
        *(f"| {w} | {t} | {g} | {m} | {'yes' if ok else 'no'} |" for w, t, g, m, ok in targets),
        "",
        "Pairs per second, steady (CPU median [min-max of the repeats], wall median); ratios are rouge_core's "
        "rate over the peer's, CPU / wall (`score_batch(workers=2)` is compared with rouge-score-rs on 2 "
        "threads, the rest with rouge-score-rs's `score()`, one core).",
        "",
        "| shape | contestant | pairs timed | cold start wall (CPU) | pairs/s CPU | pairs/s wall "
        "| / rouge-score | / rouge-score-rs |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for shape, rates in res.rates.items():
        for kind, r in rates.items():
            ratio_rs = ratio_peer = ""
            if kind in PROJECT:
                g, q = rates["rouge-score"], rates[RS_MATCH[kind]]
                ratio_peer = f"{_fmt_ratio(r['cpu'] / g['cpu'])} / {_fmt_ratio(r['wall'] / g['wall'])}"
                ratio_rs = f"{_fmt_ratio(r['cpu'] / q['cpu'])} / {_fmt_ratio(r['wall'] / q['wall'])}"
            elif kind.startswith("r155"):
                ratio_peer = f"Perl: {_fmt_ratio(r['cpu'] / PERL_PAIRS_PER_S)}"
            lines.append(
                f"| {shape} | {label[kind]} | {r['pairs']:,} | {_fmt_s(r['cold_wall'])} ({_fmt_s(r['cold_cpu'])}) "
                f"| {_fmt_rate(r['cpu'])} [{_fmt_rate(r['cpu_min'])}-{_fmt_rate(r['cpu_max'])}] "
                f"| {_fmt_rate(r['wall'])} | {ratio_peer} | {ratio_rs} |"
            )
    if res.stemming:
        lines += [
            "",
            "Stemming, cold process (rouge-score profile with `stem=True` against rouge-score-rs "
            "`use_stemmer=True`): each run a fresh process that scores the shape once, so every distinct word is "
            "stemmed for the first time; CPU seconds, medians, interleaved (`benchmarks/bench_stem_cold.py`).",
            "",
            *bench_stem_cold.rows(res.stemming),
        ]
    if res.cli_perl:
        lines += [
            "",
            "The command line against ROUGE-1.5.5.pl, whole process: `python -m rouge_core "
            f"{' '.join(bench_cli.FLAGS)} -z SPL LIST` and the Perl script with the same flags on the news shape "
            "written as SPL files (ten measures, the 1,000-resample bootstrap); CPU of each fresh process, Perl "
            "once, rouge_core's medians over the repeats, interleaved (`benchmarks/bench_cli.py`; its section of "
            "this file has the per-pair rows).",
            "",
            *bench_cli.rows(res.cli_perl),
        ]
    lines += [
        "",
        f"`evaluate()` on one pair (default options: ROUGE-1..4, L, W-1.2, S4, SU4; unlimited: S*, SU*), a fresh "
        f"process, the first call apart, then the median of {plan.latency_repeats} calls. The pairs are "
        "`shapes.one_pair` (the candidate a perturbed copy of the reference; 63% of a 300-word text's words are "
        "distinct): times depend on the text, and `bench_inspector` and `bench_long_pair` time pairs with fewer "
        "distinct words.",
        "",
        "| pair | options | first call | evaluate() wall, median (min) | CPU | score() wall |",
        "|---|---|---|---|---|---|",
    ]
    for name in ("default", "unlimited"):
        x = lat[name]
        lines.append(
            f"| 2x300 words | {name} | {_fmt_s(x['first_wall'])} | {x['evaluate_wall'] * 1000:.1f} ms "
            f"({x['evaluate_wall_min'] * 1000:.1f} ms) | {x['evaluate_cpu'] * 1000:.1f} ms | "
            f"{x['score_wall'] * 1000:.1f} ms |"
        )
    traced_cell = f"{res.traced_mib:.0f} MiB" if traced else "not run (`--tracemalloc`)"
    lines += [
        "",
        "| pair | options | evaluate() wall | CPU | peak RSS | RSS above the imported process | tracemalloc peak |",
        "|---|---|---|---|---|---|---|",
        f"| 2x{plan.big_words:,} words, 25-word sentences | default | {big_wall:.2f} s | "
        f"{_median(res.big, 'cpu'):.2f} s | {_median(res.big, 'peak_rss_mib'):.0f} MiB | {big_rss:.0f} MiB "
        f"| {traced_cell} |",
    ]
    lines += [
        "",
        f"`python -m rouge_core -n 4 -w 1.2 -2 4 -U --input one.jsonl` (one news pair), the whole process's wall "
        f"time: {cli_cold:.2f} s the first time on a fresh copy of the package (no bytecode or JIT cache yet; "
        f"CPU {_median(res.cli, 'cold_cpu'):.2f} s), {cli_warm:.2f} s the second "
        f"(CPU {_median(res.cli, 'warm_cpu'):.2f} s).",
        "",
        "Agreement, pair by pair (rouge_core's rouge-score profile: ROUGE-1, ROUGE-2, ROUGE-Lflat = rougeL, "
        "ROUGE-L = rougeLsum; P, R and F):",
        "",
        "| shape | rouge_core against | pairs | pairs not identical | beyond 1e-12 | max abs dF | max abs dP, dR |",
        "|---|---|---|---|---|---|---|",
    ]
    for shape, stats in res.agreement.items():
        for peer, s in stats.items():
            lines.append(
                f"| {shape} | {peer} | {s['pairs']:,} | {s['differ']:,} | {s['beyond']:,} | {s['max_df']:.3g} "
                f"| {s['max_dpr']:.3g} |"
            )
    examples = [
        f"{shape}/{peer}: {s['example']}"
        for shape, st in res.agreement.items()
        for peer, s in st.items()
        if s["example"]
    ]
    if examples:
        lines += ["", "First disagreement beyond 1e-12 of each: " + "; ".join(examples) + "."]
    return "\n".join(lines) + "\n"


def _project_disagrees(res: Results) -> bool:
    return any(v["beyond"] for st in res.agreement.values() for k, v in st.items() if k != "rouge-score-rs")


def write_section(section: str) -> None:
    text = README.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(HEADING) + r".*?(?=\n## |\Z)", re.S)
    if pattern.search(text):
        text = pattern.sub(lambda _: section.rstrip() + "\n", text)
    else:
        text = text.rstrip() + "\n\n" + section
    README.write_text(text, encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="a smoke run: prefixes of the shapes, 1 repeat")
    ap.add_argument("--write", action="store_true", help="replace the section in benchmarks/README.md")
    ap.add_argument("--repeats", type=int, default=None, help="repeats of every measurement (default 3, 1 quick)")
    ap.add_argument(
        "--tracemalloc", action="store_true", help="also trace the big pair's allocations (a slow extra run)"
    )
    ap.add_argument("--json", type=Path, default=None, help="also write every raw number here")
    ap.add_argument("--from-json", type=Path, default=None, help="render a run saved with --json, measure nothing")
    ap.add_argument("--code", default=None, help="name the rouge_core measured (default: its git commit)")
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--perl-home", type=Path, default=None, help="a directory holding ROUGE-1.5.5.pl: the CLI row")
    ap.add_argument("--perl-data", type=Path, default=None, help="ROUGE-1.5.5.pl's data directory (with --perl-home)")
    args = ap.parse_args()
    if args.perl_home is not None and args.perl_data is None:
        ap.error("--perl-home needs --perl-data (the script's data directory)")
    if args.child is not None:
        _child(json.loads(args.child))
        return
    if args.from_json is not None:
        res = Results(**json.loads(args.from_json.read_text(encoding="utf-8")))
        plan = QUICK if res.plan == "quick" else FULL
        plan = Plan(**{**plan.__dict__, "repeats": res.repeats or plan.repeats})
    else:
        plan = QUICK if args.quick else FULL
        if args.repeats is not None:
            plan = Plan(**{**plan.__dict__, "repeats": max(1, args.repeats)})

        def log(msg: str) -> None:
            print(msg, file=sys.stderr, flush=True)

        tmp = Path(tempfile.mkdtemp(prefix="rouge-bench-"))
        try:
            perl = (args.perl_home, args.perl_data) if args.perl_home is not None else None
            res = _measure(plan, tmp, log, args.tracemalloc, perl)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    if args.code is not None:
        res.code = args.code
    section = render(res, plan)
    print(section)
    if args.json is not None and args.from_json is None:
        args.json.write_text(json.dumps(res.__dict__, indent=1, default=str), encoding="utf-8")
    if args.write:
        write_section(section)
    if _project_disagrees(res):
        print("rouge_core and rouge-score disagree beyond 1e-12: see the agreement table", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
