"""Where one Inspect paste's renderer CPU goes: a V8 CPU profile of the page through Playwright's CDP
session, grouped by script (issue 22, target 7). Complements :mod:`benchmarks.inspect_browser`, which
measures the CPU seconds; this says which of Streamlit's frontend chunks (react-dom, Emotion, the
dataframe grid, DOMPurify for ``st.html``, Markdown...) spend them.

The app is served from ``root``, one 2 x 300-word pair is pasted to warm the page, then a second pair is
pasted under the profiler (sampling every 0.2 ms, which inflates every figure about alike).

Run: python -m benchmarks.bench_inspector --profile FILE [--root DIR]   (FILE: the raw .cpuprofile, which
Chromium's DevTools can open)
"""

from __future__ import annotations

import collections
import json
import subprocess
from pathlib import Path
from typing import Any

from .bench_pages import words_pair
from .bench_sessions import CAND_LABEL, REF_LABEL, expected_scores, start_server, stop_server
from .inspect_browser import _idle, _quiet, open_inspect


def by_script(profile: dict[str, Any]) -> dict[str, float]:
    """Inclusive milliseconds of a V8 CPU profile by script file (a sample counts once per file on its
    stack); V8's own entries as named ("(program)": the browser's native work with no script on the stack,
    such as layout, style and paint; "(idle)", "(garbage collector)"), other frames without a script as
    "(native)".

    >>> nodes = [{"id": 1, "callFrame": {"url": "", "functionName": "(root)"}, "children": [2, 3]},
    ...          {"id": 2, "callFrame": {"url": "http://h/static/js/react-dom.x.js", "functionName": "f"}},
    ...          {"id": 3, "callFrame": {"url": "", "functionName": "(idle)"}}]
    >>> by_script({"nodes": nodes, "samples": [2, 3], "timeDeltas": [1000, 3000]})
    {'(idle)': 3.0, 'react-dom.x.js': 1.0}
    """
    nodes = {n["id"]: n for n in profile["nodes"]}
    parent = {child: n["id"] for n in profile["nodes"] for child in n.get("children", [])}
    out: collections.Counter[str] = collections.Counter()
    for sample, delta in zip(profile["samples"], profile["timeDeltas"]):
        seen: set[str] = set()
        node: int | None = sample
        while node is not None:
            frame = nodes[node]["callFrame"]
            own = frame.get("functionName", "")
            name = frame["url"].rsplit("/", 1)[-1] or (own if own.startswith("(") else "(native)")
            if name != "(root)" and name not in seen:
                out[name] += delta / 1000
                seen.add(name)
            node = parent.get(node)
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def _paste(page: Any, pair: tuple[str, str], shown: str, server: int) -> None:
    page.get_by_label(CAND_LABEL, exact=True).fill(pair[0])
    box = page.get_by_label(REF_LABEL, exact=True)
    box.fill(pair[1])
    box.press("Tab")
    page.get_by_text(shown).first.wait_for(state="visible", timeout=120_000)
    _idle(page)
    _quiet(server)


def profile_paste(root: Path, out: Path) -> dict[str, float]:
    """Profile the second of two pastes; write the raw profile to ``out``; return :func:`by_script` of it
    without the idle time."""
    from playwright.sync_api import sync_playwright

    pairs = [words_pair(300, seed) for seed in (100, 101)]
    expected = expected_scores(root, pairs)
    proc, url = start_server(root, subprocess.DEVNULL)
    try:
        with sync_playwright() as p:
            browser, page = open_inspect(p, url)
            _paste(page, pairs[0], expected[0], proc.pid)  # the first paste loads scripts a later one does not
            cdp = page.context.new_cdp_session(page)
            cdp.send("Profiler.enable")
            cdp.send("Profiler.setSamplingInterval", {"interval": 200})
            cdp.send("Profiler.start")
            _paste(page, pairs[1], expected[1], proc.pid)
            profile = cdp.send("Profiler.stop")["profile"]
            browser.close()
    finally:
        stop_server(proc)
    out.write_text(json.dumps(profile), encoding="utf-8")
    return {k: v for k, v in by_script(profile).items() if k != "(idle)"}
