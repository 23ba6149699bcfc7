"""Learn page: what one step of a walk costs, now that the walk player steps in the browser.

Serves the app from ``--root`` (default: this repository) on 127.0.0.1, opens "How each measure works"
at 1440x1000 in Chromium, picks a section, and clicks the player's Next ``--steps`` times. Per step:

* the server's CPU: the app server's process tree CPU time over all the clicks, divided by the clicks
  (target <= 20 ms; with the frames stepped in the browser no script runs, so it is about 0);
* the browser's redraw: ``performance.now()`` inside the player's frame from the click to the new
  frame laid out (target <= 50 ms), and to the next painted frame (two animation frames);
* the page's messages to the server while stepping (a rerun is one; expected 0).

Writes nothing: paste the printed table row into benchmarks/README.md's step section.

    python -m benchmarks.bench_step [--root DIR] [--section "ROUGE-L (sentence)"] [--steps 20]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
from pathlib import Path
from typing import Any

from benchmarks.bench_sessions import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server
from benchmarks.proc_cpu import tree_cpu

# In the player's frame: one Next click, timed to the new frame laid out and to the next paint.
_CLICK = """() => new Promise((resolve) => {
  const next = document.querySelector('button[data-go=next]');
  const t0 = performance.now();
  next.click();
  document.getElementById('wp-frame').getBoundingClientRect();  // forces style and layout now
  const laid = performance.now() - t0;
  requestAnimationFrame(() => requestAnimationFrame(() => resolve([laid, performance.now() - t0])));
})"""


def _player(page: Any) -> Any:
    for _ in range(600):
        for f in page.frames:
            if f != page.main_frame and f.query_selector("#wp-frame .rl-step"):
                return f
        page.wait_for_timeout(100)
    raise RuntimeError("no walk player on the Learn page")


def big_link(words: int) -> str:
    """A Learn deep link to a ROUGE-L walk of ``words`` x ``words`` words (a large table: 900 cells at 30).

    >>> big_link(3)
    '/learn?sec=L&ref=w0+w1+w2&cand=w2+w1+w0'
    """
    ref = [f"w{i % 12}" for i in range(words)]
    return f"/learn?sec=L&ref={'+'.join(ref)}&cand={'+'.join(reversed(ref))}"


def measure(root: Path, section: str, steps: int, words: int = 0) -> dict[str, Any]:
    """Per-step server CPU (ms), redraw times (ms) and messages sent to the server while stepping;
    ``words``: a ROUGE-L walk of that many words a side from a deep link instead of the section's example
    (also timed: the server CPU of the page run that builds and packs its frames)."""
    from playwright.sync_api import sync_playwright

    proc, url = start_server(root, subprocess.DEVNULL)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1440, "height": 1000})
            sent: list[str] = []
            page.on("websocket", lambda ws: ws.on("framesent", lambda _: sent.append("ws")))
            page.goto(url, wait_until="networkidle")
            page.locator("[data-testid='stMetric']").first.wait_for(timeout=60_000)
            build = tree_cpu(proc.pid)
            if words:
                page.goto(url + big_link(words), wait_until="networkidle")
            else:
                page.get_by_role("link", name="How each measure works").click()
                page.get_by_text("Measure family").first.wait_for(timeout=60_000)
                page.locator("[data-testid='stMain']").get_by_text(section, exact=True).first.click()
            page.wait_for_timeout(1500)
            page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=120_000)
            frame = _player(page)
            build = tree_cpu(proc.pid) - build
            frame.evaluate("() => window.parent.document.__rougeLensPlayer.go(0)")
            page.wait_for_timeout(1000)
            total = int(frame.evaluate("() => window.parent.document.__rougeLensPlayer.total"))
            n = min(steps, total)
            sent_before, cpu_before = len(sent), tree_cpu(proc.pid)
            laid, painted = [], []
            for _ in range(n):
                a, b = frame.evaluate(_CLICK)
                laid.append(float(a))
                painted.append(float(b))
            page.wait_for_timeout(500)  # a run the clicks started would show in the CPU by now
            cpu = tree_cpu(proc.pid) - cpu_before
            browser.close()
        return {
            "steps": n,
            "server_ms": 1000 * cpu / max(n, 1),
            "laid": laid,
            "painted": painted,
            "sent": len(sent) - sent_before,
            "total": total,
            "page_s": build,
        }
    finally:
        stop_server(proc)


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    ap.add_argument("--section", default="ROUGE-L (sentence)")
    ap.add_argument("--steps", type=int, default=20)
    ap.add_argument("--words", type=int, default=0, help="a ROUGE-L walk of this many words a side (max 30)")
    a = ap.parse_args()
    r = measure(a.root, a.section, a.steps, a.words)
    laid, painted = r["laid"], r["painted"]
    what = f"ROUGE-L, {a.words} x {a.words} words" if a.words else a.section
    print(f"page run to the player (builds the {r['total']} steps' frames): {r['page_s']:.2f} s server CPU")
    print(
        f"| {what} | {r['steps']} | {r['server_ms']:.1f} ms | {statistics.median(laid):.1f} ms "
        f"(max {max(laid):.1f}) | {statistics.median(painted):.1f} ms (max {max(painted):.1f}) | {r['sent']} |"
    )


if __name__ == "__main__":
    main()
