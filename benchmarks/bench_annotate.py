"""Server CPU per judgment of the annotation store's write path (issue 17, point 7: at most 30 ms, flat
from 0 to 100,000 judgments in the store).

A judgment on the Annotate page costs the store one ``record()`` plus the reads the page makes per key:
the item's status (note / flag / skip), the annotator's progress and the item's stored values (the
widgets show the store's truth). This times those four calls with ``time.process_time`` (this
process's CPU: the store runs in the Streamlit server's process), for judgments of one annotator on
new items, with 0, 10,000 and 100,000 judgments of other annotators already stored. It does not time
Streamlit's rerun of the item or the page (see ``bench_pages`` / ``bench_step`` for those). Wall time
is shown too: it includes the fsync of each commit (``synchronous=FULL``).

Run: python -m benchmarks.bench_annotate [--judgments 400] [--write]   (--write replaces its section
of benchmarks/README.md)
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from rouge_core.annotation import AnnotationStore
from rouge_core.readers import read_corpus

from .common import machine

README = Path(__file__).with_name("README.md")
SIZES = (0, 10_000, 100_000)
ITEMS = 2_000  # the corpus; the stored judgments cover the first FILLED items of it
FILLED = 1_500
T0 = "2026-01-01T00:00:00.000000+00:00"


def corpus_bytes(n: int) -> bytes:
    return b"".join(
        b'{"id": "d%d", "system": "S%d", "candidate": "candidate %d of the bench.", "reference": "ref %d."}\n'
        % (k // 16, k % 16, k, k // 16)
        for k in range(n)
    )


def fill(store: AnnotationStore, corpus_id: int, n: int) -> None:
    """``n`` judgments by annotators a00, a01, ... (each the first FILLED items on every criterion), with
    their change log rows, written directly (the bench measures what comes after, not the filling)."""
    rubric = store.summeval_rubric()
    items = [i.id for i in store.items(corpus_id)[:FILLED]]
    with store.transaction() as conn:
        rows = []
        person = 0
        while len(rows) < n:
            who = store.annotator(f"a{person:02d}").id
            for item in items:
                for c in rubric.criteria:
                    if len(rows) < n:
                        rows.append((item, c.id, who, 3, T0, T0))
            person += 1
        conn.executemany(
            "INSERT INTO judgments (item_id, criterion_id, annotator_id, value, created_at, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            rows,
        )
        conn.executemany(
            "INSERT INTO judgment_log (corpus_id, item_id, criterion_id, annotator_id, new_value, created_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            [(corpus_id, r[0], r[1], r[2], r[3], r[4]) for r in rows],
        )


def measure(n_stored: int, n_judgments: int) -> dict[str, float]:
    """Per-judgment CPU (median, mean, 95th percentile) and wall median, in ms, and each call's mean CPU."""
    with tempfile.TemporaryDirectory() as folder, AnnotationStore(Path(folder) / "annotations.sqlite3") as s:
        cid = s.add_corpus(read_corpus(corpus_bytes(ITEMS), "bench.jsonl"))
        fill(s, cid, n_stored)
        rubric = s.summeval_rubric()
        fresh = s.items(cid)[FILLED:]
        who = "a00"  # an annotator with 6,000 judgments when the store holds 10,000 or more
        parts = {"record": 0.0, "status": 0.0, "progress": 0.0, "item values": 0.0}
        cpu, wall = [], []
        k = 0
        for item in fresh:
            for c in rubric.criteria:
                if k == n_judgments:
                    break
                k += 1
                t_wall, t0 = time.perf_counter(), time.process_time()
                s.record(item.id, c, who, 1 + k % 5)
                t1 = time.process_time()
                s.status(item.id, who)
                t2 = time.process_time()
                s.progress(cid, who, rubric)
                t3 = time.process_time()
                s.judgments(item_id=item.id, annotator=who)
                t4 = time.process_time()
                wall.append(time.perf_counter() - t_wall)
                cpu.append(t4 - t0)
                for name, dt in zip(parts, (t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
                    parts[name] += dt
        assert len(s.judgments(cid)) == n_stored + n_judgments
        start = time.process_time()
        s.shared_counts(cid, who, rubric)
        shared = time.process_time() - start
    ms = 1000.0
    out = {
        "median": statistics.median(cpu) * ms,
        "mean": statistics.fmean(cpu) * ms,
        "p95": statistics.quantiles(cpu, n=20)[-1] * ms,
        "wall": statistics.median(wall) * ms,
        "shared": shared * ms,
    }
    out.update({name: total / len(cpu) * ms for name, total in parts.items()})
    return out


def load() -> str:
    try:
        return subprocess.run(["uptime"], capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError) as e:
        return f"uptime failed: {e}"


def commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True, cwd=README.parent
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def run(n_judgments: int) -> str:
    before = load()
    results = [(n, measure(n, n_judgments)) for n in SIZES]
    after = load()
    rows = [
        f"| {n:,} | {r['median']:.2f} ms | {r['mean']:.2f} ms | {r['p95']:.2f} ms | {r['wall']:.1f} ms | "
        f"{r['record']:.2f} / {r['status']:.2f} / {r['progress']:.2f} / {r['item values']:.2f} ms | "
        f"{r['shared']:.1f} ms |"
        for n, r in results
    ]
    return "\n".join(
        [
            "## Annotate: store CPU per judgment (issue 17, point 7: at most 30 ms, flat to 100,000)",
            "",
            f"Machine: {machine()}; code {commit()}. `python -m benchmarks.bench_annotate "
            f"--judgments {n_judgments} --write`. Load (`uptime`) before: {before}; after: {after}.",
            "",
            "What is measured: the store only, in the server's process, `time.process_time` around the calls",
            "one judgment costs the page: `record()` (one write transaction, its change log row, the commit),",
            "then the item's `status()`, the annotator's `progress()` and the item's stored values",
            f"(`judgments(item_id=, annotator=)`), for {n_judgments} judgments of annotator a00 on new items of a",
            f"{ITEMS:,}-item corpus holding the given number of other judgments (a00's own: 6,000 from 10,000 up).",
            "Not measured: Streamlit's rerun of the item fragment and the browser. Wall time includes the",
            "fsync of each commit (`synchronous=FULL`). `shared_counts()` (how many items a00 shares with",
            "each other annotator) is computed once, after the judgments: the page shows it, not per key.",
            "`progress()` reads the annotator's own judgments (its cost follows a00's 6,000, not the store's",
            "size); `shared_counts()` reads every judgment of the corpus.",
            "",
            "| judgments stored | CPU per judgment, median | mean | 95th percentile | wall, median "
            "| mean CPU: record / status / progress / item values | shared_counts() once |",
            "|---|---|---|---|---|---|---|",
            *rows,
            "",
        ]
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--judgments", type=int, default=400, help="judgments timed at each store size")
    ap.add_argument("--write", action="store_true", help="replace (or append) the section in benchmarks/README.md")
    args = ap.parse_args()
    section = run(args.judgments)
    print(section)
    if args.write:
        text = README.read_text(encoding="utf-8")
        pattern = re.compile(r"## Annotate: store CPU per judgment.*?(?=\n## |\Z)", re.S)
        text = pattern.sub(section.rstrip() + "\n", text) if pattern.search(text) else text.rstrip() + "\n\n" + section
        README.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
