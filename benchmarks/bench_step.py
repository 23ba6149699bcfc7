"""Learn page: time from a click on "Next" to the redrawn step, in Chromium (target: under 300 ms).

Serves the app from ``--root`` (default: this repository) on 127.0.0.1, opens "How each measure
works", picks a section, and clicks Next ``--steps`` times, timing each click until the step
text changes and Streamlit is idle again. Run twice with different ``--root`` to compare two
versions on the same machine, interleaved by the caller.

    python -m benchmarks.bench_step [--root DIR] [--section "ROUGE-L (sentence)"] [--steps 20]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
from pathlib import Path

from benchmarks.bench_sessions import CHROMIUM, CHROMIUM_ARGS, start_server, stop_server

_CLICK_AND_WAIT = """() => new Promise((resolve, reject) => {
  const prev = document.querySelector('.rl-step').innerText;
  const next = [...document.querySelectorAll('button')].find(b => b.innerText.trim().endsWith('Next'));
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    const box = document.querySelector('.rl-step');
    if (box && box.innerText !== prev) { obs.disconnect(); resolve(performance.now() - t0); }
  });
  obs.observe(document.body, {subtree: true, childList: true, characterData: true});
  setTimeout(() => { obs.disconnect(); reject(new Error('no redraw in 30 s')); }, 30000);
  next.click();
})"""


def measure(root: Path, section: str, steps: int) -> list[float]:
    """Milliseconds from each Next click to the new step's text, idle."""
    from playwright.sync_api import sync_playwright

    proc, url = start_server(root, subprocess.DEVNULL)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1440, "height": 1000})
            page.goto(url, wait_until="networkidle")
            page.locator("[data-testid='stMetric']").first.wait_for(timeout=60_000)
            page.get_by_role("link", name="How each measure works").click()
            page.get_by_text("Measure family").first.wait_for(timeout=60_000)
            page.locator("[data-testid='stMain']").get_by_text(section, exact=True).first.click()
            page.wait_for_timeout(1500)
            page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=60_000)
            page.locator(".rl-step").first.wait_for(timeout=30_000)
            times = []
            for _ in range(steps):
                # Timed inside the page: from the click event to the step text redrawn in the DOM
                # (Playwright's own click adds its actionability checks, tens of ms, to any outside timer).
                times.append(float(page.evaluate(_CLICK_AND_WAIT)))
                page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=30_000)
                page.wait_for_timeout(200)
            browser.close()
        return times
    finally:
        stop_server(proc)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    ap.add_argument("--section", default="ROUGE-L (sentence)")
    ap.add_argument("--steps", type=int, default=20)
    a = ap.parse_args()
    t = measure(a.root, a.section, a.steps)
    print(
        f"{a.root}: {a.section}, {len(t)} steps: median {statistics.median(t):.0f} ms, "
        f"min {min(t):.0f} ms, max {max(t):.0f} ms"
    )


if __name__ == "__main__":
    main()
