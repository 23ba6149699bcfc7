"""A small command-line run computes in pure Python (issue 22, target 1: start-up): numba's start-up costs
more than a few pairs, and the numbers are the same on both backends (here: the same bytes printed)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rouge_core.kernels import backend as kernel_backend

ROOT = Path(__file__).resolve().parents[2]

# Runs the CLI in a fresh process with SMALL_RUN_PAIRS set to the first argument, then prints (as JSON)
# what it printed, the backend and whether numba and scipy were imported.
PROBE = """
import contextlib, io, json, sys
import rouge_core.cli.small_run as small
small.SMALL_RUN_PAIRS = int(sys.argv[1])
import rouge_core.cli.process_exit as process_exit
process_exit.leave = sys.exit  # this probe goes on after the run: no exit at once (process_exit)
import runpy
out = io.StringIO()
sys.argv = ["rouge_core", *sys.argv[2:]]
with contextlib.redirect_stdout(out):
    try:
        runpy.run_module("rouge_core", run_name="__main__")  # python -m rouge_core, in this process
        code = 0
    except SystemExit as e:
        code = e.code
from rouge_core.kernels.backend import current
print(json.dumps({"code": code, "out": out.getvalue(), "backend": current().name,
                  "numba": "numba" in sys.modules, "scipy": "scipy" in sys.modules}))
"""


def probe(limit: int, argv: list[str]) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != kernel_backend.SWITCH}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(limit), *argv], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


@pytest.fixture
def spl_list(tmp_path: Path) -> Path:
    (tmp_path / "peer.txt").write_text("police kill the gunman.\nthe crowd cheered\n")
    (tmp_path / "model.txt").write_text("police killed the gunman.\na crowd cheered loudly\n")
    listing = tmp_path / "list.txt"
    listing.write_text(f"{tmp_path / 'peer.txt'} {tmp_path / 'model.txt'}\n")
    return listing


def test_a_one_pair_run_never_imports_numba_or_scipy(spl_list: Path) -> None:
    got = probe(200, ["-n", "2", "-a", "-z", "SPL", str(spl_list)])
    assert got["code"] == 0 and got["backend"] == "python"
    assert got["numba"] is False and got["scipy"] is False
    # police, the, gunman, cheered, crowd: 5 of the model's 8 unigrams (ROUGE-1.5.5, no stemming)
    assert "X ROUGE-1 Average_R: 0.62500 (95%-conf.int. 0.62500 - 0.62500)" in str(got["out"])


def test_the_corpus_form_is_small_too(tmp_path: Path) -> None:
    (tmp_path / "c.txt").write_text("police kill the gunman\n")
    (tmp_path / "r.txt").write_text("police killed the gunman\n")
    got = probe(200, ["-n", "1", "--candidates", str(tmp_path / "c.txt"), "--references", str(tmp_path / "r.txt")])
    assert got["code"] == 0 and got["backend"] == "python" and got["numba"] is False


@pytest.mark.skipif(kernel_backend.FORCE_PURE, reason="the compiled backend is switched off in this run")
def test_a_larger_run_computes_on_numba_and_prints_the_same_bytes(spl_list: Path) -> None:
    pytest.importorskip("numba")
    argv = ["-n", "4", "-w", "1.2", "-2", "4", "-U", "-a", "-d", "-z", "SPL", str(spl_list)]
    small, large = probe(200, argv), probe(0, argv)  # a limit of 0: even one pair is "large"
    assert small["backend"] == "python" and large["backend"] == "numba"
    assert small["out"] == large["out"] and "ROUGE-W-1.2" in str(small["out"])


def test_main_called_with_argv_leaves_the_backend_alone(spl_list: Path) -> None:
    # A caller's process (a notebook, a test) calling main(argv) keeps whatever it would choose.
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from rouge_core.cli import main; main(sys.argv[1:]);"
            " from rouge_core.kernels.backend import current; print(current().reason)",
            "-n",
            "1",
            "-a",
            "-z",
            "SPL",
            str(spl_list),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "command-line run" not in done.stdout.splitlines()[-1]


def test_prefer_python_never_switches_a_process_that_chose() -> None:
    chosen = kernel_backend.current()
    assert kernel_backend.prefer_python("a test") is (not chosen.compiled)
    assert kernel_backend.current() == chosen
