"""rouge_core.cli.collector: a command-line run that owns its process scores without Python's cyclic
garbage collector and freezes what is left for the exit (issue 22, target 1: about 0.2 s of CPU of a
10,000-pair run), with the same output; a run inside a caller's process leaves the collector alone."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Runs the command line in a fresh pure-Python process, as `python -m rouge_core` (main() reads sys.argv:
# the run owns its process) or as main(argv) called by a library user, and prints (JSON) the collections
# made during the run, the collector's state after it and what the run printed.
PROBE = """
import contextlib, gc, io, json, sys
from rouge_core.cli.run import main
owns, args = sys.argv[1] == "owns", sys.argv[2:]
before = [s["collections"] for s in gc.get_stats()]
out = io.StringIO()
with contextlib.redirect_stdout(out):
    if owns:
        sys.argv = ["rouge_core", *args]
        code = main()
    else:
        code = main(args)
after = [s["collections"] for s in gc.get_stats()]
print(json.dumps({"code": code, "out": out.getvalue(), "collections": sum(after) - sum(before),
                  "enabled": gc.isenabled(), "frozen": gc.get_freeze_count()}))
"""


def probe(owns: bool, argv: list[str]) -> dict[str, object]:
    env = dict(os.environ, ROUGE_LENS_PURE_PYTHON="1", PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "owns" if owns else "called", *argv],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


@pytest.fixture
def spl_list(tmp_path: Path) -> Path:
    lines = []
    for i in range(1, 21):
        cand, ref = tmp_path / f"c{i}.spl", tmp_path / f"r{i}.spl"
        cand.write_text(f"police kill the gunman number {i}\nthe gunman was shot\n", encoding="utf-8")
        ref.write_text(f"police killed the gunman {i} times\nthe police shot him\n", encoding="utf-8")
        lines.append(f"{cand} {ref}")
    listing = tmp_path / "list.txt"
    listing.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return listing


ARGS = ["-n", "4", "-w", "1.2", "-2", "4", "-U", "-z", "SPL"]


def test_a_run_of_its_own_process_makes_no_collection_and_freezes_the_rest(spl_list: Path) -> None:
    owned = probe(True, [*ARGS, str(spl_list)])
    called = probe(False, [*ARGS, str(spl_list)])
    assert owned["code"] == called["code"] == 0
    assert owned["out"] == called["out"] and "ROUGE-SU4 Average_F" in str(owned["out"])
    assert owned["collections"] == 0  # the collector was off for the run
    assert owned["enabled"] is True and isinstance(owned["frozen"], int) and owned["frozen"] > 1000
    # main(argv) in a caller's process: the collector runs as usual and nothing is frozen
    assert isinstance(called["collections"], int) and called["collections"] > 0
    assert called["enabled"] is True and called["frozen"] == 0


def test_a_run_on_workers_keeps_the_collector(spl_list: Path) -> None:
    owned = probe(True, ["--workers", "1", *ARGS, str(spl_list)])  # 1 worker: scored here, still paused
    assert owned["collections"] == 0
    elsewhere = probe(True, ["--workers", "2", *ARGS, str(spl_list)]) if (os.cpu_count() or 1) >= 2 else None
    if elsewhere is not None:
        assert elsewhere["code"] == 0 and elsewhere["frozen"] == 0
