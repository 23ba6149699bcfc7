"""How ``python -m rouge_core`` ends (issue 16, points 7 to 10): a worker that dies, integer options far
beyond what they can mean, Ctrl-C, and ``-o FILE`` (the output renamed into place whole, or not at all).
Every failing run ends with one ``rouge_core: error:`` (or ``interrupted``) line and no traceback."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rouge_core.batch import score as batch
from rouge_core.batch.runners import cores
from rouge_core.cli.run import main

ROOT = Path(__file__).resolve().parents[2]
ERROR = "rouge_core: error: "
HUGE = "99999999999999999999999"
CAND = "police kill the gunman\nthe dog ran away\n"
REF = "police killed the gunman\nthe dog survived\n"


def call(args: list[str]) -> tuple[int, str, str]:
    """``main(args)`` in-process, stdout and stderr captured."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def one_error(args: list[str], code: int = 2) -> str:
    """Run ``args`` expecting exit ``code``, no stdout and exactly one stderr line, an error line."""
    got, out, err = call(args)
    assert (got, out) == (code, ""), (args, got, out[:200], err)
    assert err.count("\n") == 1 and err.startswith(ERROR) and "Traceback" not in err, (args, err)
    return err


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "c.txt").write_text(CAND)
    (tmp_path / "d.txt").write_text("the gunman\nthe dog\n")
    (tmp_path / "r.txt").write_text(REF)
    return {k: str(tmp_path / f"{k}.txt") for k in "cdr"}


def aligned(files: dict[str, str]) -> list[str]:
    return ["--candidates", files["c"], "--candidates", files["d"], "--references", files["r"]]


# -- 8. integer options far too large ----------------------------------------------------------------


@pytest.mark.parametrize(
    "opts,message",
    [
        (["--workers", HUGE], f"invalid value for --workers: {HUGE}"),
        (["--workers", "1e22"], "invalid value for --workers: 1e22"),
        (["--workers", str(cores() + 1)], f"expected 0 for every core, or 1 to {cores()}"),
        (["--dask-local", HUGE], f"invalid value for --dask-local: {HUGE}"),
        (["--dask-local", "1000000"], f"expected 1 to {cores()}"),
        (["--dask-local", str(cores() + 1)], f"this machine has {cores()}"),
        (["--workers", "-1"], "invalid value for --workers"),
        (["--dask-local", "0"], "invalid value for --dask-local"),
        (["-n", HUGE], "max_n"),
        (["-2", HUGE], "skip_distance"),
        (["-l", HUGE], "word_limit"),
        (["-b", HUGE], "byte_limit"),
        (["-r", HUGE], "bootstrap_samples"),
        (["-c", HUGE], "Confidence"),
        (["-p", HUGE], "between 0 and 1"),
        (["-w", HUGE], "wlcs_weight"),
        (["-n", "1e999"], "too large"),
        (["--compare", "--samples", HUGE], "--samples"),
        (["--compare", "--seed", HUGE], "invalid value for --seed"),
        (["--compare", "--seed", "1e300"], "invalid value for --seed"),
        (["--compare", "--seed", "-1"], "invalid value for --seed"),
    ],
)
def test_huge_integer_options_are_one_error_line(opts, message, files):
    err = one_error(opts + aligned(files))
    assert message in err


def test_the_largest_seed_is_taken_exactly(files):
    # 2**64 - 1 in exponent-free and exponent form: the seed printed is the one given, to the digit
    largest = str(2**64 - 1)
    code, out, err = call(["--compare", "--seed", largest, *aligned(files)])
    assert code == 0, err
    assert f"seed:{largest}|" in out
    code, out, err = call(["--compare", "--seed", "12345678901234567e2", *aligned(files)])
    assert code == 0 and "seed:1234567890123456700|" in out, err  # not a float's 1234567890123456768
    assert "invalid value for --seed" in one_error(["--compare", "--seed", str(2**64), *aligned(files)])


def test_workers_up_to_the_cores_still_run(files):
    code, out, err = call(["--workers", str(cores()), *aligned(files)])
    assert code == 0 and "Average_R" in out, err


# -- 7. a worker that dies -----------------------------------------------------------------------------


_REAL_SCORE_CHUNK = batch.score_chunk
_REAL_COLUMNS_CHUNK = batch.columns_chunk


def _dying_score_chunk(config, start, chunk):
    # What a worker process runs instead of batch.score_chunk: the chunk at pair 0 kills its process.
    if start == 0:
        os._exit(3)
    return _REAL_SCORE_CHUNK(config, start, chunk)


def _dying_columns_chunk(config, start, chunk):
    # The same for batch.columns_chunk, what the command line's workers run (it scores into columns).
    if start == 0:
        os._exit(3)
    return _REAL_COLUMNS_CHUNK(config, start, chunk)


@pytest.mark.skipif(cores() < 2, reason="--workers 2 needs two cores")
def test_a_worker_process_that_dies_is_one_error_line(tmp_path, monkeypatch):
    path = tmp_path / "pairs.jsonl"
    path.write_text("".join(json.dumps({"candidate": f"a b {i}", "references": ["a c"]}) + "\n" for i in range(40)))
    monkeypatch.setattr(batch, "score_chunk", _dying_score_chunk)
    monkeypatch.setattr(batch, "columns_chunk", _dying_columns_chunk)
    err = one_error(["-n", "1", "--input", str(path), "--workers", "2"], code=1)
    assert err.startswith(ERROR + "pairs ") and "(counting from 0): BrokenProcessPool: " in err


# -- 9. Ctrl-C -------------------------------------------------------------------------------------------


def _children(pid: int) -> set[int]:
    """Every descendant of ``pid`` (from /proc: each process's parent)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rpartition(")")[2].split()[1])
            parents.setdefault(ppid, []).append(int(entry))
    found, todo = set(), [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.add(child)
            todo.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


def _wait_until(ready, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < deadline, f"not {what} after {timeout} s"
        time.sleep(0.05)


def _catches_sigint(pid: int) -> bool:
    """Whether ``pid`` has a SIGINT handler now (/proc's SigCgt mask), not SIGINT ignored as while it
    starts its workers (a Ctrl-C then is lost, as documented: a person presses it again)."""
    fields = dict(
        line.split(":\t", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":\t" in line
    )
    bit = 1 << (signal.SIGINT - 1)
    return bool(int(fields["SigCgt"], 16) & bit) and not int(fields["SigIgn"], 16) & bit


def _workers_of(pid: int) -> int:
    """How many worker processes (multiprocessing's spawn or forkserver children) ``pid`` has."""
    count = 0
    for child in _children(pid):
        try:
            cmdline = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        count += b"spawn_main" in cmdline or b"forkserver" in cmdline
    return count


@pytest.mark.skipif(not os.path.isdir("/proc") or cores() < 2, reason="reads /proc; --workers 2")
@pytest.mark.parametrize(
    "where,place,workers",
    # --workers 2: the forkserver and its two workers (forked from it, so named alike), all started
    [("process", [], 0), ("group", ["--workers", "2"], 3), ("group", ["--dask-local", "2"], 2)],
    ids=["process-here", "group-workers", "group-dask"],
)
def test_ctrl_c_exits_130_with_one_line_and_no_children(where, place, workers, tmp_path):
    # Slow enough to be caught working (15 s or more): the per-pair path (-l), 18,000 pairs, 8 measures.
    path = tmp_path / "big.jsonl"
    line = json.dumps({"candidate": CAND * 10, "references": [REF * 10, CAND * 8]}) + "\n"
    path.write_text(line * 18000)
    out_file = tmp_path / "out.txt"
    out_file.write_text("previous run\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    args = ["-n", "4", "-2", "4", "-U", "-l", "1000", "-d", "--input", str(path), "-o", str(out_file), *place]
    proc = subprocess.Popen(
        [sys.executable, "-m", "rouge_core", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=str(ROOT),
        env=env,
        start_new_session=True,  # its own process group: "group" is what a terminal's Ctrl-C reaches
    )
    try:
        # Working: -o's temporary file made (the run is in main), its workers started, then a moment.
        _wait_until(lambda: len(os.listdir(tmp_path)) == 3 or proc.poll() is not None, "started", 180)
        _wait_until(lambda: _workers_of(proc.pid) >= workers or proc.poll() is not None, "with its workers", 180)
        # past the start of its workers, while which SIGINT is ignored (a Ctrl-C there is lost, as said)
        _wait_until(lambda: proc.poll() is not None or _catches_sigint(proc.pid), "catching Ctrl-C again", 180)
        time.sleep(1.0)
        assert proc.poll() is None, proc.communicate()
        children = _children(proc.pid)
        if where == "group":
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    text = err.decode()
    assert proc.returncode == 130, text
    assert text == "rouge_core: interrupted\n"
    assert out == b""
    assert out_file.read_text() == "previous run\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.jsonl", "out.txt"]  # no temporary file left
    deadline = time.monotonic() + 10
    while any(_alive(c) for c in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [c for c in children if _alive(c)]


# -- 10. -o FILE -------------------------------------------------------------------------------------------


def test_output_file_holds_what_stdout_would(files, tmp_path):
    code, plain, _ = call(["-d", "--json", *aligned(files)])
    target = tmp_path / "out.json"
    target.write_text("old")
    code, out, err = call(["-d", "--json", *aligned(files), "-o", str(target)])
    assert (code, out, err) == (0, "", "")
    assert target.read_text() == plain and json.loads(plain)["peers"]
    code, out, err = call(["-d", *aligned(files), "--output=" + str(target)])
    assert code == 0 and out == "" and target.read_text().startswith("-" * 45)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["c.txt", "d.txt", "out.json", "r.txt"]


def test_output_file_mode_is_kept_or_the_umask_default(files, tmp_path):
    target = tmp_path / "out.txt"
    assert call([*aligned(files), "-o", str(target)])[0] == 0
    mask = os.umask(0)
    os.umask(mask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~mask  # not mkstemp's 0o600
    target.chmod(0o640)
    assert call([*aligned(files), "-o", str(target)])[0] == 0
    assert target.stat().st_mode & 0o777 == 0o640


def test_a_failed_run_leaves_the_previous_file_and_no_temporary(files, tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("previous run\n")
    before = sorted(p.name for p in tmp_path.iterdir())
    one_error(["--candidates", files["c"], "--references", str(tmp_path / "missing.txt"), "-o", str(target)])
    one_error(["-r", "0", *aligned(files), "-o", str(target)])
    assert target.read_text() == "previous run\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == before


@pytest.mark.parametrize(
    "where,message",
    [
        ("missing/out.txt", "the folder"),
        (".", "is a directory"),
        ("c.txt/out.txt", "the folder"),
    ],
)
def test_output_file_that_cannot_be_written(where, message, files, tmp_path):
    err = one_error([*aligned(files), "-o", str(tmp_path / where)])
    assert message in err and "-o" in err
    assert not [p for p in tmp_path.rglob("*") if p.name.endswith(".tmp")]


def test_output_to_a_read_only_folder(files, tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):  # root writes anywhere
            pytest.skip("this user can write to a read-only folder")
        assert "cannot write" in one_error([*aligned(files), "-o", str(folder / "out.txt")])
    finally:
        folder.chmod(0o700)


def test_help_and_version_still_print_on_stdout(tmp_path):
    target = tmp_path / "out.txt"
    code, out, _ = call(["--version", "-o", str(target)])
    assert code == 0 and out.startswith("rouge_core ") and not target.exists()
    code, out, _ = call(["-h"])
    assert code == 0 and "-o FILE" in out


# -- a Ctrl-C where Python would drop it -----------------------------------------------------------------


def test_a_ctrl_c_during_a_gc_callback_is_raised_again_not_lost(capsys):
    """Dask's scheduler hooks a callback into the garbage collector; a KeyboardInterrupt raised there is
    printed ("Exception ignored in ...") and dropped, and the run went on to the end. The handler does
    not raise there, and sends SIGINT again until the run takes it."""
    import gc

    from rouge_core.cli.interrupt import interrupt_once

    sent, waited_to_the_end = [], []

    def callback(phase, info):
        if phase == "start" and not sent:
            sent.append(phase)
            os.kill(os.getpid(), signal.SIGINT)  # delivered while this callback runs
            sum(range(1000))  # bytecode: the handler runs here

    gc.callbacks.append(callback)
    try:
        with pytest.raises(KeyboardInterrupt):
            with interrupt_once():
                gc.collect()
                deadline = time.monotonic() + 5
                while time.monotonic() < deadline:
                    time.sleep(0.01)
                waited_to_the_end.append(True)
    finally:
        gc.callbacks.remove(callback)
    assert sent == ["start"] and not waited_to_the_end  # raised again inside the run, not when it ended
    assert "Exception ignored" not in capsys.readouterr().err
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_ctrl_c_during_an_llvmlite_ctypes_callback_is_raised_again_not_lost(capsys, monkeypatch):
    """Numba's compiler calls back into llvmlite's Python code through ctypes while it writes its cache
    (a fresh clone's first run); a KeyboardInterrupt raised there is printed ("Exception ignored on
    calling ctypes callback function") and dropped: a CI run printed it above 'rouge_core: interrupted'.
    The handler does not raise there, and sends SIGINT again until the run takes it."""
    import ctypes

    import llvmlite.binding

    from rouge_core.cli.interrupt import interrupt_once

    # a function whose code lives in llvmlite's bindings folder, called back from C as llvmlite's are
    source = "def notify():\n    os.kill(os.getpid(), signal.SIGINT)\n    sum(range(1000))\n"
    where = os.path.join(os.path.dirname(llvmlite.binding.__file__), "executionengine.py")
    scope = {"os": os, "signal": signal}
    exec(compile(source, where, "exec"), scope)
    callback = ctypes.CFUNCTYPE(None)(scope["notify"])
    waited_to_the_end, dropped = [], []
    monkeypatch.setattr(sys, "unraisablehook", dropped.append)  # where Python prints what it drops
    with pytest.raises(KeyboardInterrupt):
        with interrupt_once():
            callback()
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                time.sleep(0.01)
            waited_to_the_end.append(True)
    assert not waited_to_the_end  # raised again inside the run, not when it ended
    assert dropped == [] and "Exception ignored" not in capsys.readouterr().err
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_ctrl_c_as_the_output_is_committed_keeps_the_previous_file_and_no_temporary(tmp_path, monkeypatch):
    """A Ctrl-C that comes after the run's last line but before ``-o``'s file is renamed into place (the
    final flush and fsync take milliseconds) leaves the previous file and no temporary one."""
    from rouge_core.cli import output

    target = tmp_path / "out.txt"
    target.write_text("previous run\n")

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(output.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        with output.output_file(str(target)):
            print("scores")
    assert target.read_text() == "previous run\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.txt"]


def test_a_ctrl_c_while_the_output_is_committed_is_let_go():
    """Inside the commit (``finishing``) a SIGINT raises nothing: the commit ends and the run with it."""
    from rouge_core.cli.interrupt import finishing, interrupt_once

    with interrupt_once():
        with finishing():
            os.kill(os.getpid(), signal.SIGINT)
            sum(range(1000))  # bytecode: the handler runs here
            ended = True
    assert ended and signal.getsignal(signal.SIGINT) is signal.default_int_handler
