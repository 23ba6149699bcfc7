"""Server CPU per judgment of the annotation store's write path (issue 17, point 7: at most 30 ms, flat
from 0 to 100,000 judgments in the store).

A judgment on the Annotate page costs the store one ``record()`` plus the reads the page makes per key:
the item's status (note / flag / skip), the annotator's progress and the item's stored values (the
widgets show the store's truth). This times those four calls with ``time.process_time`` (this
process's CPU: the store runs in the Streamlit server's process), for judgments of one annotator on
new items, with 0, 10,000 and 100,000 judgments of other annotators already stored. It does not time
Streamlit's rerun of the item or the page (see ``bench_pages`` / ``bench_step`` for those). Wall time
is shown too: it includes the fsync of each commit (``synchronous=FULL``).

With ``--browser``: the real app instead. The Streamlit server is started as the browser tests start it,
on a store filled beforehand with 0, 10,000 and 100,000 judgments of other annotators on the SummEval
sample (the corpus the Annotate page loads); Debian's Chromium opens the Annotate page as a new annotator
and types digits and → (``--items`` items, 0.3 s between keys); the server process's CPU (user + system,
from /proc/<pid>/stat) while the keys are applied, divided by the judgments, is the number of point 7.

Run: python -m benchmarks.bench_annotate [--judgments 400] [--write]   (--write replaces its section
of benchmarks/README.md)
     python -m benchmarks.bench_annotate --browser [--items 10] [--write] [--post-script-gc]
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from annotation import AnnotationStore
from rouge_core.io.readers import read_corpus

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
        rows: list[tuple[int, int, int, int, str, str]] = []
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


def server_cpu(pid: int) -> float:
    """CPU seconds (user + system) the process ``pid`` has used: /proc/<pid>/stat fields 14 and 15."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()  # after the command name, which may hold spaces
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_rss(pid: int) -> float:
    """The resident memory of process ``pid`` in MiB (VmRSS of /proc/<pid>/status)."""
    with open(f"/proc/{pid}/status", encoding="ascii") as f:
        kib = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
    return kib / 1024


def fill_sample(data: Path, n: int) -> None:
    """The SummEval sample stored as the Annotate page stores it, with ``n`` judgments of others."""
    from ui.widgets.corpus_input import read_source, sample_source

    loaded = read_source(sample_source("summeval"), "lines")
    with AnnotationStore(data / "annotations.sqlite3") as s:
        fill(s, s.add_corpus(loaded.corpus, loaded.source.name), n)  # 120 items: each annotator on all


def measure_browser(browser: Any, n_stored: int, n_items: int) -> dict[str, float]:
    """Server CPU while a new annotator types ``n_items`` x (4 digits, →) at 0.3 s, in ms."""
    from tests.browser.conftest import start_server, stop_server
    from tests.browser.test_annotate_browser import _drained, _open_annotate

    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        fill_sample(data, n_stored)
        proc, url = start_server(data)
        try:
            context, page = _open_annotate(browser, url, "bench")
            page.wait_for_timeout(2000)  # let the page's last run and the websocket settle
            idle0, t_idle = server_cpu(proc.pid), time.perf_counter()
            page.wait_for_timeout(3000)
            idle = (server_cpu(proc.pid) - idle0) / (time.perf_counter() - t_idle)  # CPU s per s, idle
            cpu0, t0 = server_cpu(proc.pid), time.perf_counter()
            keys = 0
            for k in range(n_items):
                for key in [str(1 + (k + c) % 5) for c in range(4)] + ["ArrowRight"]:
                    page.keyboard.press(key)
                    keys += 1
                    page.wait_for_timeout(300)
            _drained(page)
            cpu, wall = server_cpu(proc.pid) - cpu0, time.perf_counter() - t0
            rss = server_rss(proc.pid)
            context.close()
        finally:
            stop_server(proc)
        with AnnotationStore(data / "annotations.sqlite3") as s:
            (corpus,) = s.corpora()  # the page used the filled corpus, not a second copy
            got = len(s.judgments(corpus.id, annotator="bench"))
            total = len(s.judgments(corpus.id))
    n = 4 * n_items
    assert got == n and total == n_stored + n, (got, total)
    return {"cpu": cpu * 1000, "per_judgment": cpu * 1000 / n, "per_key": cpu * 1000 / keys, "wall": wall,
            "idle": idle * 1000, "judgments": n, "keys": keys, "rss": rss}  # fmt: skip


def run_browser(n_items: int) -> str:
    from playwright.sync_api import sync_playwright

    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS

    before = load()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            results = [(n, measure_browser(b, n, n_items)) for n in SIZES]
        finally:
            b.close()
    after = load()
    rows = [
        f"| {n:,} | **{r['per_judgment']:.1f} ms** | {r['per_key']:.1f} ms | {r['cpu']:.0f} ms | "
        f"{r['wall']:.1f} s | {r['idle']:.1f} ms/s | {r['rss']:.0f} MiB |"
        for n, r in results
    ]
    return "\n".join(
        [
            "## Annotate: server CPU per judgment, the real app in Chromium (issue 17, point 7)",
            "",
            f"Machine: {machine()}; code {commit()}. `python -m benchmarks.bench_annotate --browser "
            f"--items {n_items} --write`. Load (`uptime`) before: {before}; after: {after}.",
            "",
            "What is measured: the Streamlit server process's CPU (user + system, /proc/<pid>/stat), started",
            "as the browser tests start it, on a store filled beforehand with the given number of judgments",
            "of other annotators on the SummEval sample (120 items x 4 criteria each). Headless Chromium",
            f"opens the Annotate page as a new annotator (blind mode, the default) and types {n_items} items",
            "x (4 digits, →), 0.3 s between keys; the CPU is read when the page is idle before the first key",
            "and after the last key is applied and its run finished (`_drained`), and divided by the",
            f"{4 * n_items} judgments (and by the {5 * n_items} keys). It includes the reruns the keys cause",
            "and the server's idle work over that time (shown: CPU per second of the idle page, measured over",
            "3 s before the keys). The target: at most 30 ms per judgment, flat from 0 to 100,000.",
            "",
            "The server runs as `.streamlit/config.toml` sets it: `runner.postScriptGC = false` (Streamlit's",
            "default runs a full `gc.collect(2)` after every script run, and every key is a run). A key reruns",
            "the item's fragment only; it reads the shown item, its values and status, the progress counts",
            "(SQL), and, when an item is completed, the overlap line (`shared_counts`: reads this annotator's",
            "items and one complete item per other annotator, not the corpus's judgments).",
            "",
            "| judgments stored | server CPU per judgment | per key | CPU in all | wall, keys to drained | idle "
            "| server RSS after |",
            "|---|---|---|---|---|---|---|",
            *rows,
            "",
        ]
    )


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--judgments", type=int, default=400, help="judgments timed at each store size")
    ap.add_argument("--browser", action="store_true", help="the real app's server CPU, keys typed in Chromium")
    ap.add_argument("--items", type=int, default=10, help="--browser: items judged (4 judgments each)")
    ap.add_argument("--post-script-gc", action="store_true",
                    help="--browser: run the server with Streamlit's default gc.collect(2) after every run, which "
                         ".streamlit/config.toml turns off (for comparison: print only)")  # fmt: skip
    ap.add_argument("--write", action="store_true", help="replace (or append) the section in benchmarks/README.md")
    args = ap.parse_args()
    if args.post_script_gc:
        # an environment variable outranks config.toml; start_server passes os.environ on
        os.environ["STREAMLIT_RUNNER_POST_SCRIPT_GC"] = "true"
        args.write = False
    section = run_browser(args.items) if args.browser else run(args.judgments)
    print(section)
    if args.write:
        text = README.read_text(encoding="utf-8")
        title = section.split("\n", 1)[0][3:40]
        pattern = re.compile(r"## " + re.escape(title) + r".*?(?=\n## |\Z)", re.S)
        text = pattern.sub(section.rstrip() + "\n", text) if pattern.search(text) else text.rstrip() + "\n\n" + section
        README.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
