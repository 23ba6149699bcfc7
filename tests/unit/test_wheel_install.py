"""A wheel of this tree, installed in a fresh virtual environment, runs outside the clone (issue 21,
point 7): rouge_core computes with the compiled backend, ``rouge-lens-score --version`` works and
``rouge-lens`` serves the app from the copy the wheel carries (setup.py puts it in rouge_lens/app/).

Offline and self-contained: the wheel is built from a copy of the sources without build isolation, the
venv sees the system's packages (``--system-site-packages``) and gets the wheel alone (``--no-deps``),
and every run happens in this test's own temporary directories on a free port, so two pytest-xdist
workers never share anything. About 30-50 s, most of it numba compiling the kernels of the new install.
"""

from __future__ import annotations

import ast
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest

import rouge_core

ROOT = Path(__file__).resolve().parents[2]
# A venv's bin/, process groups and /proc/PID/cmdline: as on the CI's Linux.
pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="the test drives a Linux venv and /proc")

#: What a wheel is built from, beside setup.py's APP_FILES.
PACKAGE_FILES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "rouge_core", "rouge_lens")
CACHES = shutil.ignore_patterns("__pycache__", "*.py[cod]", "*.nbi", "*.nbc", "*.sqlite3*", "secrets.toml")
#: How long the app's server may take to answer (it starts in a few seconds; the CPU may be shared).
SERVER_TIMEOUT = 90


def app_files() -> tuple[str, ...]:
    """setup.py's APP_FILES, read without running setup.py."""
    for node in ast.parse((ROOT / "setup.py").read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and [getattr(t, "id", "") for t in node.targets] == ["APP_FILES"]:
            value = ast.literal_eval(node.value)
            assert isinstance(value, tuple)
            return value
    raise AssertionError("setup.py has no APP_FILES")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def user_env(home: Path) -> dict[str, str]:
    """The environment of a user outside the clone: nothing on PYTHONPATH, a home of its own."""
    dropped = ("PYTHONPATH", "NUMBA_CACHE_DIR", "ROUGE_LENS_PURE_PYTHON")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(HOME=str(home), ROUGE_LENS_DATA=str(home / "data"), PYTHONDONTWRITEBYTECODE="1")
    return env


def build_wheel(work: Path) -> Path:
    source = work / "src"
    for name in (*PACKAGE_FILES, *app_files()):
        path, copy = ROOT / name, source / name
        copy.parent.mkdir(parents=True, exist_ok=True)
        if path.is_dir():
            shutil.copytree(path, copy, ignore=CACHES)
        else:
            shutil.copy2(path, copy)
    dist = work / "dist"
    pip_wheel = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "-q"]
    subprocess.run([*pip_wheel, "-w", str(dist), str(source)], check=True, capture_output=True, timeout=180)
    (wheel,) = dist.glob("rouge_core-*.whl")
    return wheel


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.read().decode("utf-8", "replace")


def wait_for_health(url: str, server: subprocess.Popen[bytes]) -> str:
    deadline = time.monotonic() + SERVER_TIMEOUT
    while time.monotonic() < deadline:
        assert server.poll() is None, f"rouge-lens ended with exit code {server.returncode}"
        try:
            return get(url)[1]
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.5)
    raise AssertionError(f"no answer from {url} within {SERVER_TIMEOUT} s")


def test_an_installed_wheel_scores_compiled_and_serves_the_app(tmp_path: Path) -> None:
    wheel = build_wheel(tmp_path)
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        entry_points = next(z.read(n).decode() for n in names if n.endswith(".dist-info/entry_points.txt"))
    for name in ("app.py", "app_pages/inspect.py", "ui/__init__.py", "annotation/__init__.py"):
        assert f"rouge_lens/app/{name}" in names, name
    assert {"rouge_lens/app/.streamlit/config.toml", "rouge_lens/app/sample_data/summeval_subset.jsonl"} <= names
    assert {"rouge_lens/launch.py", "rouge_core/__init__.py", "rouge_core/data/wordnet30_synonyms.tsv"} <= names
    # No top-level app packages in site-packages, no caches, no secrets.
    assert not {n.split("/")[0] for n in names} & {"ui", "app_pages", "annotation", "sample_data", "app.py"}
    assert not [n for n in names if "__pycache__" in n or n.endswith(".nbi") or "secrets" in n]
    assert "rouge-lens = rouge_lens.launch:main" in entry_points
    assert "rouge-lens-score = rouge_core.cli:main" in entry_points

    venv, home, elsewhere = tmp_path / "venv", tmp_path / "home", tmp_path / "elsewhere"
    home.mkdir()
    elsewhere.mkdir()
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)], check=True)
    python, env = venv / "bin" / "python", user_env(home)
    install = [str(python), "-m", "pip", "install", "--no-deps", "--no-build-isolation", "--no-index", "-q"]
    subprocess.run([*install, str(wheel)], check=True, capture_output=True, env=env, timeout=120)

    def run(*argv: str) -> str:
        done = subprocess.run(argv, cwd=elsewhere, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr
        return done.stdout

    # The venv's own copy, compiled (numba is a dependency now): the first call compiles the kernels.
    where, backend = run(
        str(python), "-c", "import rouge_core; print(rouge_core.__file__); print(rouge_core.backend())"
    )[:-1].split("\n")
    assert Path(where).is_relative_to(venv) and backend.startswith("numba (")
    version = run(str(venv / "bin" / "rouge-lens-score"), "--version")
    assert version.startswith(
        f"rouge_core {rouge_core.__version__} (ROUGE-1.5.5 compatible; signature v1.0; backend: numba ("
    )

    port = free_port()
    server = subprocess.Popen(
        [str(venv / "bin" / "rouge-lens"), "--server.headless", "true", "--server.port", str(port)],
        cwd=elsewhere,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group: stopped below as a whole, by its id
    )
    try:
        assert wait_for_health(f"http://127.0.0.1:{port}/_stcore/health", server) == "ok"
        status, page = get(f"http://127.0.0.1:{port}/")
        assert status == 200 and '<div id="root">' in page
        # The server runs the wheel's copy of the app with the app's own settings (not the clone's files).
        command = Path(f"/proc/{server.pid}/cmdline").read_bytes().split(b"\0")
        app = next(Path(os.fsdecode(a)) for a in command if a.endswith(b"app.py"))
        site_packages = Path(where).parent.parent  # .../site-packages/rouge_core/__init__.py
        assert app == site_packages / "rouge_lens" / "app" / "app.py" and app.is_file()
        assert b"--server.maxUploadSize=50" in command and b"--browser.gatherUsageStats=false" in command
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
