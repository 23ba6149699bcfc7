"""Fixtures shared by the browser tests: the app served on 127.0.0.1 and Debian's Chromium.

Needs /usr/bin/chromium (scripts/test.sh installs it). Screenshots go to
tests/browser/screenshots/ (not committed) for a person to look at.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = Path(__file__).resolve().parent / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(data_dir: Path, slow_store: bool = False) -> tuple[subprocess.Popen[bytes], str]:
    """Serve the app on a free port of 127.0.0.1 with its data (the annotation store) in ``data_dir``;
    ``slow_store``: every judgment waits 0.3 s before it is written, and every script run is logged to
    ``data_dir / "runs.log"`` as ``fragment`` or ``page`` (slow_store/sitecustomize.py)."""
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is not installed: run the README's test command (scripts/test.sh)")
    port = _free_port()
    env = dict(os.environ, STREAMLIT_BROWSER_GATHER_USAGE_STATS="false", ROUGE_LENS_DATA=str(data_dir))
    if slow_store:
        paths = [str(Path(__file__).resolve().parent / "slow_store"), str(ROOT), env.get("PYTHONPATH", "")]
        env["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
        env["ROUGE_LENS_TEST_RUN_LOG"] = str(data_dir / "runs.log")
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
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(url + "/_stcore/health", timeout=2) as r:
                if r.read().strip() == b"ok":
                    break
        except OSError:
            time.sleep(0.3)
    else:
        proc.kill()
        pytest.fail("streamlit did not start: " + proc.stderr.read().decode()[-2000:])  # type: ignore[union-attr]
    return proc, url


def stop_server(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    proc, url = start_server(tmp_path_factory.mktemp("data"))
    yield url
    stop_server(proc)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def wait_idle(page) -> None:
    """Wait until Streamlit has finished the current run."""
    page.wait_for_timeout(300)
    page.wait_for_selector("[data-testid='stStatusWidget']", state="detached", timeout=30_000)
    # elements of the previous run stay on screen (marked stale) until the new run replaces them:
    # a text box whose key changed shows twice until then
    page.wait_for_function("() => document.querySelectorAll(\"[data-stale='true']\").length === 0", timeout=30_000)


def open_app(browser, server: str, height: int = 1800, errors: list[str] | None = None, width: int = 1400):
    """A new page on the app, after its first page has finished its first run; the page's script errors
    are appended to ``errors`` when it is given."""
    SHOTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": width, "height": height})
    if errors is not None:
        page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server, wait_until="networkidle")
    page.get_by_text("Inspect a pair").first.wait_for(timeout=60_000)
    page.locator(".rl-card").first.wait_for(timeout=60_000)  # Inspect's score cards (one st.html)
    wait_idle(page)  # switching pages while the first page still runs can reset the sidebar's widgets
    return page
