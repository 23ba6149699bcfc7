"""rouge_core.cli.process_exit: ``python -m rouge_core`` ends a successful run scored in its own process at
once (``os._exit``, no interpreter teardown: issue 22, target 1), and loses nothing on the way: a piped
run's whole output and exit code arrive, ``--output FILE`` is complete; any other run exits as before."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rouge_core.cli import process_exit
from rouge_core.cli.run import main

ROOT = Path(__file__).resolve().parents[2]
TEARDOWN = "interpreter teardown ran"
# python -m rouge_core ARGS, with an exit handler that says when the interpreter's teardown runs.
RUN = f"""
import atexit, runpy, sys
atexit.register(lambda: sys.stderr.write({TEARDOWN!r} + "\\n"))
sys.argv = ["rouge_core", *sys.argv[1:]]
runpy.run_module("rouge_core", run_name="__main__", alter_sys=True)
"""


def run_module(args: list[str]) -> subprocess.CompletedProcess[str]:
    """``python -m rouge_core args`` in a fresh pure-Python process, stdout a pipe (block-buffered)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    env.update(ROUGE_LENS_PURE_PYTHON="1", PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-c", RUN, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )


def in_process(args: list[str]) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(list(args)) == 0
    return out.getvalue()


@pytest.fixture(scope="module")
def spl_list(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder, lines = tmp_path_factory.mktemp("spl"), []
    for i in range(1, 151):  # with -d, about 23,000 characters: more than a buffer of stdout
        cand, ref = folder / f"c{i}.spl", folder / f"r{i}.spl"
        cand.write_text(f"police kill the gunman number {i}\nthe gunman was shot\n", encoding="utf-8")
        ref.write_text(f"police killed the gunman {i} times\nthe police shot him\n", encoding="utf-8")
        lines.append(f"{cand} {ref}")
    (folder / "list").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(folder / "list")


ARGS = ["-n", "2", "-U", "-d", "-z", "SPL"]


def test_a_piped_run_ends_at_once_with_its_whole_output_and_code(spl_list: str) -> None:
    done = run_module([*ARGS, spl_list])
    expected = in_process([*ARGS, spl_list])
    assert len(expected) > 16_384 and "Eval 150.X" in expected  # more than stdout's buffer holds
    assert (done.returncode, done.stdout) == (0, expected)
    assert TEARDOWN not in done.stderr  # before process_exit: the exit handler ran


def test_output_file_is_complete(spl_list: str, tmp_path: Path) -> None:
    target = tmp_path / "out.txt"
    done = run_module([*ARGS, "--output", str(target), spl_list])
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")
    assert target.read_text(encoding="utf-8") == in_process([*ARGS, spl_list])


def test_a_failed_run_exits_as_before(tmp_path: Path) -> None:
    done = run_module(["-n", "2", "-z", "SPL", str(tmp_path / "missing")])
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("rouge_core: error: ") and done.stderr.endswith(TEARDOWN + "\n")


def test_a_stream_that_cannot_be_flushed_exits_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    class ClosedPipe(io.StringIO):
        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(process_exit, "_alone", [True])
    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    with pytest.raises(SystemExit) as ended:
        process_exit.leave(0)
    assert ended.value.code == 0


def test_main_in_a_callers_process_does_not_mark_the_process(spl_list: str) -> None:
    assert not process_exit.scored_alone()
    assert "Eval 150.X" in in_process([*ARGS, spl_list])  # main(argv): the caller's process goes on
    assert not process_exit.scored_alone()
