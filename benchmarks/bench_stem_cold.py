"""Stemming, first pass, in a fresh process: rouge_core against rouge-score-rs (issue 22, point 2).

Run: python -m benchmarks.bench_stem_cold [--quick] [--repeats N] [--write]

A script that scores one corpus with stemming pays for stemming its whole vocabulary once (each
distinct word the first time it is seen): nothing is cached yet. Each measurement here is such a
script, a fresh ``python`` process that imports its package, scores the first pair, then the rest
(the *first pass*), and exits:

* ``rouge_core``: ``score_batch(pairs, RougeConfig(profile="rouge-score", max_n=2, wlcs_weight=None,
  skip_distance=None, stem=True), workers=1)`` (ROUGE-1, ROUGE-2, ROUGE-L, ROUGE-Lflat);
* ``rouge-score-rs``: ``RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"], use_stemmer=True)``,
  ``score()`` pair by pair (its fastest one-core way; ``RAYON_NUM_THREADS=1``).

Times are CPU seconds (``getrusage``): the first pass, the start (import and the first pair), and the
whole process as its parent sees it (interpreter start-up included). The two run interleaved, each
number the median of the repeats. The corpora are :mod:`benchmarks.shapes`' news and long shapes
(made-up words: no word list shipped with either package can know them). ``bench_peers`` runs the same
measurement as its "stemming, cold process" rows; ``--write`` here replaces the "Stemming, first
pass" section of benchmarks/README.md.
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
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
HEADING = "## Stemming, first pass (issue 22, point 2)"
KINDS = ("rouge_core", "rouge-score-rs")
#: pairs scored per shape: the shapes' sizes in the issue's statement (news 10,000, long 500)
PAIRS = {"news": 10_000, "long": 500}
QUICK_PAIRS = {"news": 2_000, "long": 100}


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def child(spec: dict[str, Any]) -> dict[str, Any]:
    """One fresh process's run: import, first pair, first pass over the rest (CPU seconds)."""
    with open(spec["data"], encoding="utf-8") as fh:
        recs = [json.loads(line) for _, line in zip(range(spec["n"]), fh)]
    cands, refs = [r["candidate"] for r in recs], [r["reference"] for r in recs]
    c0 = _cpu()
    score: Callable[[list[str], list[str]], float]
    if spec["kind"] == "rouge_core":
        import rouge_core as rc

        cfg = rc.RougeConfig(profile="rouge-score", max_n=2, wlcs_weight=None, skip_distance=None, stem=True)

        def score(cs: list[str], rs: list[str]) -> float:
            out = rc.score_batch(list(zip(cs, rs)), cfg, workers=1)
            return float(out.measures["ROUGE-1"].fmeasure.sum())

    else:
        import rouge_score_rs

        scorer = rouge_score_rs.RougeScorer(["rouge1", "rouge2", "rougeL", "rougeLsum"], use_stemmer=True)

        def score(cs: list[str], rs: list[str]) -> float:
            return float(sum(scorer.score(r, c)["rouge1"].fmeasure for c, r in zip(cs, rs)))

    first = score(cands[:1], refs[:1])
    c1 = _cpu()
    rest = score(cands[1:], refs[1:])
    c2 = _cpu()
    return {"pairs": len(recs), "start": c1 - c0, "first_pass": c2 - c1, "rouge1_f_sum": first + rest}


def _run(spec: dict[str, Any]) -> dict[str, Any]:
    env = dict(os.environ, RAYON_NUM_THREADS="1")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_stem_cold", "--child", json.dumps(spec)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if proc.returncode != 0:
        raise RuntimeError(f"child {spec} failed ({proc.returncode}):\n{proc.stderr[-3000:]}")
    out: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    out["process"] = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return out


def measure(data: dict[str, Path], pairs: dict[str, int], repeats: int, log: Callable[[str], None]) -> dict[str, Any]:
    """Per shape and contestant, the runs (interleaved: rouge_core, rouge-score-rs, rouge_core, ...)."""
    runs: dict[str, dict[str, list[dict[str, Any]]]] = {s: {k: [] for k in KINDS} for s in pairs}
    load0 = os.getloadavg()[0]
    for rep in range(repeats):
        for shape, n in pairs.items():
            for kind in KINDS:
                out = _run({"kind": kind, "data": str(data[shape]), "n": n})
                runs[shape][kind].append(out)
                log(
                    f"[{rep + 1}/{repeats}] stemming {shape:4} {kind:14} first pass {out['first_pass']:.3f} s CPU, "
                    f"start {out['start']:.3f} s, process {out['process']:.3f} s"
                )
    return {"runs": runs, "load": [load0, os.getloadavg()[0]], "repeats": repeats}


def rows(result: dict[str, Any]) -> list[str]:
    """The table: per shape, both contestants' medians and rouge_core's ratios (peer CPU / ours)."""
    lines = [
        "| shape | contestant | pairs | first pass CPU, median [min-max] | start (import + first pair) | whole process "
        "| first pass / rouge-score-rs | whole process / rouge-score-rs | same ROUGE-1 F sum |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for shape, by_kind in result["runs"].items():
        med = {
            k: {f: statistics.median(r[f] for r in v) for f in ("first_pass", "start", "process")}
            for k, v in by_kind.items()
        }
        peer = med["rouge-score-rs"]
        sums = {k: round(v[0]["rouge1_f_sum"], 9) for k, v in by_kind.items()}
        for kind, runs in by_kind.items():
            fp = [r["first_pass"] for r in runs]
            m = med[kind]
            ratio = whole = ""
            if kind == "rouge_core":
                ratio = f"{peer['first_pass'] / m['first_pass']:.2f}x"
                whole = f"{peer['process'] / m['process']:.2f}x"
            lines.append(
                f"| {shape} | {kind} | {runs[0]['pairs']:,} | {m['first_pass']:.3f} s [{min(fp):.3f}-{max(fp):.3f}] "
                f"| {m['start']:.3f} s | {m['process']:.3f} s | {ratio} | {whole} "
                f"| {'yes' if len(set(sums.values())) == 1 else 'no'} |"
            )
    return lines


def section(result: dict[str, Any], machine: str, code: str, command: str, minutes: float) -> str:
    load = result["load"]
    return "\n".join(
        [
            HEADING,
            "",
            f"`{command}` ({minutes:.1f} min). Code: {code}. Machine: {machine}; "
            f"load average {load[0]:.1f} at the start, "
            f"{load[1]:.1f} at the end (shared: compare CPU). Each run a fresh process, the two interleaved, "
            f"{result['repeats']} repeat(s), medians. Target: the first pass at least 1.5x rouge-score-rs on news and "
            "long. Ratios are rouge-score-rs's CPU over rouge_core's (above 1: rouge_core is faster).",
            "",
            *rows(result),
            "",
        ]
    )


def write_section(text: str) -> None:
    import re

    readme = ROOT / "benchmarks" / "README.md"
    old = readme.read_text(encoding="utf-8")
    pattern = re.compile(re.escape(HEADING) + r".*?(?=\n## |\Z)", re.S)
    new = pattern.sub(lambda _: text.rstrip() + "\n", old) if pattern.search(old) else old.rstrip() + "\n\n" + text
    readme.write_text(new, encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer pairs, one repeat")
    ap.add_argument("--repeats", type=int, default=None, help="repeats of each measurement (default 5, quick 1)")
    ap.add_argument("--write", action="store_true", help="replace the section in benchmarks/README.md")
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child is not None:
        print(json.dumps(child(json.loads(args.child))))
        return
    from benchmarks import shapes
    from benchmarks.bench_peers import _code_label, _machine

    pairs = QUICK_PAIRS if args.quick else PAIRS
    repeats = args.repeats or (1 if args.quick else 5)
    with tempfile.TemporaryDirectory(prefix="rouge-stem-") as tmp:
        data = {s: shapes.write(Path(tmp), s, n) for s, n in pairs.items()}
        t0 = time.perf_counter()
        result = measure(data, pairs, repeats, lambda m: print(m, file=sys.stderr, flush=True))
    command = (
        "python -m benchmarks.bench_stem_cold"
        + (" --quick" if args.quick else "")
        + (f" --repeats {args.repeats}" if args.repeats else "")
    )
    minutes = (time.perf_counter() - t0) / 60
    text = section(result, _machine(), _code_label(), command + " --write", minutes)
    print(text)
    if args.write:
        write_section(text)


if __name__ == "__main__":
    main()
