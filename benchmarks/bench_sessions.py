"""Several people on one server: seconds from pasting a pair on the Inspect page to its new scores.

Starts ``streamlit run app.py`` from the tree under test on a free 127.0.0.1 port (headless, no file
watcher, no usage statistics), opens N pages (one browser context each, so N Streamlit sessions) in
one Debian Chromium driven by Playwright's async API, waits until every page has finished its first
run, then has all of them paste their own 2 x 300-word pair (deterministic, different per session)
into "Candidate (one sentence per line)" and "Reference 1" at the same moment, and measures per
session the seconds from the paste until the page shows the pair's ROUGE-1 F (computed beforehand
with the tree's own ``rouge_core.evaluate`` under the sidebar's opening settings, formatted "%.5f"
as the metric cards show it). The same with one session alone (``--solo`` times, one after the
other, each with a pair of its own), after one unmeasured warm-up paste. The time includes the two
reruns a paste causes (the candidate commits when the reference box takes the focus, the reference
on Tab). Every wait has a timeout; the server is killed at the end.

Run: python -m benchmarks.bench_sessions [--root DIR] [--sessions 8] [--solo 3] [--json FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from .bench_pages import words_pair

HERE = Path(__file__).resolve()
DEFAULT_ROOT = HERE.parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless=new",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
CAND_LABEL = "Candidate (one sentence per line)"
REF_LABEL = "Reference 1"
# The tree's own rouge_core, in a subprocess with that tree first on sys.path.
EXPECTED = """
import json, sys
sys.path.insert(0, sys.argv[1])
from rouge_core import RougeConfig, evaluate
cfg = RougeConfig(max_n=4, skip_distance=4, wlcs_weight=1.2)  # the sidebar's opening settings
pairs = json.load(sys.stdin)
print(json.dumps(["%.5f" % evaluate(c, [r], cfg).measures["ROUGE-1"].score.fmeasure for c, r in pairs]))
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def expected_scores(root: Path, pairs: list[tuple[str, str]]) -> list[str]:
    out = subprocess.run(
        [sys.executable, "-c", EXPECTED, str(root)],
        input=json.dumps(pairs),
        cwd=root,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return json.loads(out.stdout)


def start_server(root: Path, log) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(root), STREAMLIT_BROWSER_GATHER_USAGE_STATS="false")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            "app.py",
            "--server.headless",
            "true",
            "--server.address",
            "127.0.0.1",
            "--server.port",
            str(port),
            "--server.fileWatcherType",
            "none",
            "--browser.gatherUsageStats",
            "false",
        ],
        cwd=root,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        if proc.poll() is not None:
            break
        try:
            with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                if r.read().strip() == b"ok":
                    return proc, url
        except OSError:
            time.sleep(0.3)
    stop_server(proc)
    raise RuntimeError("streamlit did not start (see its log)")


def stop_server(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


async def _idle(page, timeout_ms: float) -> None:
    """Until Streamlit has finished the current run."""
    await page.wait_for_timeout(300)
    await page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=timeout_ms)


async def open_inspect(browser, url: str, timeout_ms: float):
    """A page in a context of its own (its own Streamlit session) after its first run."""
    context = await browser.new_context(viewport={"width": 1400, "height": 1200})
    page = await context.new_page()
    await page.goto(url, wait_until="domcontentloaded", timeout=timeout_ms)
    await page.get_by_label(CAND_LABEL, exact=True).wait_for(timeout=timeout_ms)
    await page.locator("[data-testid='stMetric']").first.wait_for(timeout=timeout_ms)
    await _idle(page, timeout_ms)
    # The app opens on a sample with several references: keep one, so the page scores the pasted pair only.
    n = 1
    while n < 50 and await page.get_by_label(f"Reference {n + 1}", exact=True).count():
        n += 1
    for k in range(n, 1, -1):  # remove "Reference 2" until the last box, "Reference k", is gone
        await page.get_by_role("button", name="Remove reference 2", exact=True).click(timeout=timeout_ms)
        await page.get_by_label(f"Reference {k}", exact=True).wait_for(state="detached", timeout=timeout_ms)
        await _idle(page, timeout_ms)
    return context, page


async def paste_and_wait(page, cand: str, ref: str, expected: str, go: asyncio.Event, timeout_ms: float) -> dict:
    """Paste the pair (fill, then Tab so the text area commits), time until ``expected`` shows."""
    already = await page.get_by_text(expected).count()
    await go.wait()
    t0 = time.perf_counter()
    try:
        await page.get_by_label(CAND_LABEL, exact=True).fill(cand, timeout=timeout_ms)
        ref_box = page.get_by_label(REF_LABEL, exact=True)
        await ref_box.fill(ref, timeout=timeout_ms)
        await ref_box.press("Tab", timeout=timeout_ms)
        await page.get_by_text(expected).first.wait_for(state="visible", timeout=timeout_ms)
        seconds, error = time.perf_counter() - t0, None
    except Exception as exc:  # noqa: BLE001 - a timeout or a page that changed: record it, go on
        seconds, error = time.perf_counter() - t0, f"{type(exc).__name__}: {str(exc).splitlines()[0]}"[:200]
    return {"seconds": seconds, "error": error, "expected": expected, "ambiguous": already > 0}


async def scenario(
    browser, url: str, pairs: list[tuple[str, str]], expected: list[str], timeout_ms: float
) -> list[dict]:
    """All pages open, then all paste at the same moment."""
    opened = await asyncio.gather(*(open_inspect(browser, url, timeout_ms) for _ in pairs), return_exceptions=True)
    go = asyncio.Event()
    tasks = [
        asyncio.create_task(paste_and_wait(o[1], c, r, e, go, timeout_ms))
        for o, (c, r), e in zip(opened, pairs, expected)
        if not isinstance(o, BaseException)
    ]
    await asyncio.sleep(0.5)  # every task is waiting on the event
    go.set()
    results = list(await asyncio.gather(*tasks))
    for o, e in zip(opened, expected):
        if isinstance(o, BaseException):
            error = f"opening the page: {type(o).__name__}: {str(o).splitlines()[0] if str(o) else ''}"[:200]
            results.append({"seconds": 0.0, "error": error, "expected": e, "ambiguous": False})
        else:
            await o[0].close()
    return results


async def run_all(
    url: str,
    warm: tuple[tuple[str, str], str],
    solo: list[tuple[tuple[str, str], str]],
    multi: list[tuple[str, str]],
    multi_expected: list[str],
    timeout_ms: float,
) -> dict:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            # Warm-up, not measured: the server's first paste imports and compiles what the page draws.
            await scenario(browser, url, [warm[0]], [warm[1]], timeout_ms)
            alone = []
            for pair, exp in solo:
                alone += await scenario(browser, url, [pair], [exp], timeout_ms)
            together = await scenario(browser, url, multi, multi_expected, timeout_ms)
        finally:
            await browser.close()
    return {"alone": alone, "together": together}


def summary(name: str, rows: list[dict]) -> str:
    ok = [r["seconds"] for r in rows if not r["error"]]
    failed = len(rows) - len(ok)
    stats = f"{min(ok):.2f} | {statistics.median(ok):.2f} | {max(ok):.2f}" if ok else "— | — | —"
    return f"| {name} | {len(rows)} | {stats} | {failed} |"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=DEFAULT_ROOT, help="the tree to measure (default: this repo)")
    ap.add_argument("--sessions", type=int, default=8, help="sessions pasting at the same time (default 8)")
    ap.add_argument("--solo", type=int, default=3, help="runs with one session alone (default 3)")
    ap.add_argument("--words", type=int, default=300, help="words a side of each pair (default 300)")
    ap.add_argument("--timeout", type=float, default=180, help="seconds allowed for any one wait (default 180)")
    ap.add_argument("--json", type=Path, help="also write the raw results here")
    args = ap.parse_args(argv)
    root = args.root.resolve()
    if not (root / "app.py").exists():
        ap.error(f"{root} has no app.py")
    # Distinct seeds: no pair is already in the server's cache when it is pasted.
    solo_pairs = [words_pair(args.words, 50_000 + i) for i in range(args.solo)]
    multi_pairs = [words_pair(args.words, 60_000 + i) for i in range(args.sessions)]
    warm_pair = words_pair(args.words, 40_000)
    expected = expected_scores(root, [warm_pair] + solo_pairs + multi_pairs)
    warm_exp, solo_exp, multi_exp = expected[0], expected[1 : args.solo + 1], expected[args.solo + 1 :]
    with tempfile.TemporaryFile("w+") as log:
        proc, url = start_server(root, log)
        try:
            res = asyncio.run(
                asyncio.wait_for(
                    run_all(
                        url,
                        (warm_pair, warm_exp),
                        list(zip(solo_pairs, solo_exp)),
                        multi_pairs,
                        multi_exp,
                        args.timeout * 1000,
                    ),
                    timeout=args.timeout * (args.solo + 4),
                )
            )
        finally:
            stop_server(proc)
            log.seek(0)
            server_log = log.read()
    print(f"Root: {root}. Pairs of {args.words} words a side; each wait times out after {args.timeout:.0f} s.\n")
    print("| scenario | sessions | min s | median s | max s | failed |")
    print("|---|---|---|---|---|---|")
    print(summary("one session alone (one after the other)", res["alone"]))
    print(summary(f"{args.sessions} sessions pasting at once", res["together"]))
    print()
    print(
        "Per session, "
        + f"{args.sessions} at once: "
        + ", ".join(f"{r['seconds']:.2f}" + (" (failed)" if r["error"] else "") for r in res["together"])
    )
    for r in res["alone"] + res["together"]:
        if r["error"]:
            print(f"- failed after {r['seconds']:.1f} s: {r['error']}")
        if r["ambiguous"]:
            print(f"- {r['expected']} was already on the page before the paste: that time is not reliable")
    errors = [ln for ln in server_log.splitlines() if "Error" in ln or "Traceback" in ln]
    if errors:
        print("\nServer log lines with errors (first 5):\n" + "\n".join(errors[:5]))
    if args.json:
        args.json.write_text(json.dumps(res, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
