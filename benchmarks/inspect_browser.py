"""Inspect in Chromium: what one 2 x 300-word paste costs the browser, beside the server (issue 22, target 7).

Serves the app from ``root`` on 127.0.0.1, opens Inspect in Debian's Chromium (1400 x 1200), keeps one
reference, then pastes ``repeat`` different 2 x 300-word pairs one after the other. Per paste, from the
first keystroke until the page shows the pair's ROUGE-1 F and Chromium has gone quiet (its CPU grew by
less than 20 ms in 0.5 s, so plotly's late layout is counted):

* the browser's CPU: every Chromium process below this script (browser, renderer, GPU, utility), from
  /proc, in CPU seconds (not wall time: the machine is shared), and the renderer's share of it;
* the server's CPU: the app server's process tree;
* what the page holds after it: the DOM's element count, Streamlit's element containers, and the HTML
  size of the main area.

Then each other match-view tab is opened (and the first again), measured the same way.

Run: python -m benchmarks.bench_inspector --browser [--root DIR] [--repeat 5]
"""

from __future__ import annotations

import os
import statistics
import subprocess
import time
from pathlib import Path
from typing import Any

from .bench_pages import words_pair
from .bench_sessions import CAND_LABEL, CHROMIUM, CHROMIUM_ARGS, REF_LABEL, expected_scores, start_server, stop_server
from .proc_cpu import client_cpu, tree_cpu

# What the page holds once a paste is drawn: all elements, Streamlit's element containers, the main area's
# HTML, and each match-view tab panel's HTML (hidden panels included).
_SIZES = """() => {
  const main = document.querySelector("[data-testid='stMain']");
  const panels = [...document.querySelectorAll("[data-testid='stMain'] [role='tabpanel']")];
  return {
    dom: document.querySelectorAll('*').length,
    containers: document.querySelectorAll("[data-testid='stElementContainer']").length,
    main_kb: main ? main.innerHTML.length / 1024 : 0,
    panels_kb: panels.map((p) => Math.round(p.innerHTML.length / 1024)),
  };
}"""


def _comm(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/comm", encoding="utf-8", errors="replace") as f:
            return f.read().strip()
    except OSError:
        return ""  # exited since the listing


def _kind(pid: int) -> str:
    """A Chromium process's ``--type`` (renderer, gpu-process, utility, zygote), "browser" without one."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            words = f.read().replace(b"\0", b" ").split()  # Chromium rewrites its children's argv as one line
    except OSError:
        return "browser"
    return next((w.decode().split("=", 1)[1] for w in words if w.startswith(b"--type=")), "browser")


def chromium_cpu_by_kind(server: int) -> dict[str, float]:
    """CPU seconds of the Chromium processes below this script (the server's tree left out), by kind:
    the renderer draws the page; the browser process also carries Playwright's DevTools traffic.

    >>> all(v >= 0.0 for v in chromium_cpu_by_kind(os.getpid()).values())
    True
    """
    out: dict[str, float] = {}
    for pid, cpu in client_cpu([server]).items():
        if _comm(pid).startswith(("chrom", "headless")):
            kind = _kind(pid)
            out[kind] = out.get(kind, 0.0) + cpu
    return out


def chromium_cpu(server: int) -> float:
    """CPU seconds of the Chromium processes below this script (the server's tree left out).

    >>> chromium_cpu(os.getpid()) >= 0.0
    True
    """
    return sum(chromium_cpu_by_kind(server).values())


def _quiet(server: int, limit_s: float = 20.0) -> None:
    """Until Chromium's CPU grows by less than 20 ms in half a second (or ``limit_s`` passed)."""
    end, last = time.monotonic() + limit_s, chromium_cpu(server)
    while time.monotonic() < end:
        time.sleep(0.5)
        now = chromium_cpu(server)
        if now - last < 0.02:
            return
        last = now


def _keep_one_reference(page: Any) -> None:
    n = 1
    while n < 50 and page.get_by_label(f"Reference {n + 1}", exact=True).count():
        n += 1
    for k in range(n, 1, -1):
        page.get_by_role("button", name="Remove reference 2", exact=True).click()
        page.get_by_label(f"Reference {k}", exact=True).wait_for(state="detached", timeout=60_000)
        _idle(page)


def _idle(page: Any) -> None:
    page.wait_for_timeout(300)
    page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=120_000)
    page.wait_for_function("() => document.querySelectorAll(\"[data-stale='true']\").length === 0", timeout=60_000)


def open_inspect(playwright: Any, url: str) -> tuple[Any, Any]:
    """Chromium (1400 x 1200) on the Inspect page at ``url``, idle, with one reference box: (browser, page)."""
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    page = browser.new_page(viewport={"width": 1400, "height": 1200})
    page.goto(url, wait_until="networkidle")
    page.get_by_label(CAND_LABEL, exact=True).wait_for(timeout=120_000)
    _idle(page)
    _keep_one_reference(page)
    return browser, page


def measure(root: Path, repeat: int = 5, words: int = 300) -> list[dict[str, Any]]:
    """One row per paste, then per tab opened: browser and server CPU seconds, and the sizes of what the
    page then holds."""
    from playwright.sync_api import sync_playwright

    pairs = [words_pair(words, seed) for seed in range(100, 100 + repeat)]
    expected = expected_scores(root, pairs)
    proc, url = start_server(root, subprocess.DEVNULL)
    rows = []
    try:
        with sync_playwright() as p:
            browser, page = open_inspect(p, url)
            _quiet(proc.pid)
            for (cand, ref), f in zip(pairs, expected):
                load = os.getloadavg()[0]
                k0, s0 = chromium_cpu_by_kind(proc.pid), tree_cpu(proc.pid)
                b0, r0 = sum(k0.values()), k0.get("renderer", 0.0)
                page.get_by_label(CAND_LABEL, exact=True).fill(cand)
                box = page.get_by_label(REF_LABEL, exact=True)
                box.fill(ref)
                box.press("Tab")
                page.get_by_text(f).first.wait_for(state="visible", timeout=120_000)
                _idle(page)
                _quiet(proc.pid)
                k1, s1 = chromium_cpu_by_kind(proc.pid), tree_cpu(proc.pid)
                b1, r1 = sum(k1.values()), k1.get("renderer", 0.0)
                rows.append({"what": "paste", "browser_s": b1 - b0, "server_s": s1 - s0, "load": load})
                rows[-1]["renderer_s"] = r1 - r0
                rows[-1].update(page.evaluate(_SIZES))
            tabs = page.locator("[data-testid='stMain'] [role='tab']")
            opened = [*range(1, tabs.count()), 0] if tabs.count() else []  # a stripped-down page may have none
            for k in opened:  # each other view opened, then the first again
                load = os.getloadavg()[0]
                b0, s0 = chromium_cpu(proc.pid), tree_cpu(proc.pid)
                tabs.nth(k).click()
                _idle(page)
                _quiet(proc.pid)
                b1, s1 = chromium_cpu(proc.pid), tree_cpu(proc.pid)
                what = "open " + tabs.nth(k).inner_text().strip()
                rows.append({"what": what, "browser_s": b1 - b0, "server_s": s1 - s0, "load": load})
                rows[-1].update(page.evaluate(_SIZES))
            browser.close()
    finally:
        stop_server(proc)
    return rows


def summary(rows: list[dict[str, Any]]) -> str:
    """The rows as one line of medians and ranges.

    >>> row = {"browser_s": 1.0, "server_s": 0.5, "load": 2.0, "dom": 10, "containers": 3, "main_kb": 4.0}
    >>> summary([{**row, "panels_kb": [1, 2]}]).split(", load")[0]
    'browser CPU 1.00 s (1.00-1.00), of it the renderer 0.00 s (0.00-0.00), server CPU 0.50 s (0.50-0.50)'
    """
    rows = [r for r in rows if r.get("what", "paste") == "paste"]
    b = [r["browser_s"] for r in rows]
    rend = [r.get("renderer_s", 0.0) for r in rows]
    s = [r["server_s"] for r in rows]
    loads = [r["load"] for r in rows]
    last = rows[-1]
    return (
        f"browser CPU {statistics.median(b):.2f} s ({min(b):.2f}-{max(b):.2f}), "
        f"of it the renderer {statistics.median(rend):.2f} s ({min(rend):.2f}-{max(rend):.2f}), "
        f"server CPU {statistics.median(s):.2f} s ({min(s):.2f}-{max(s):.2f}), "
        f"load {min(loads):.1f}-{max(loads):.1f}; DOM {last['dom']} elements, {last['containers']} containers, "
        f"main {last['main_kb']:.0f} kB, tab panels {last['panels_kb']} kB"
    )
