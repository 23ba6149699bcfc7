"""The first run compiles in the background (issue 22, target 3): a first call computes in pure Python
while one builder process (``python -m rouge_core.kernels``) fills numba's cache, and later calls and
processes use the compiled kernels once a group's stamp is there (rouge_core.kernels.background).

The process tests run fresh interpreters on an empty NUMBA_CACHE_DIR, so every kernel is compiled by
them: as few as possible (each cold build costs 10-25 s of CPU here), and no timing is asserted.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rouge_core import kernels
from rouge_core.kernels import aot, background, warmup

ROOT = Path(__file__).resolve().parents[2]
numba_backend = pytest.mark.skipif(
    importlib.util.find_spec("numba") is None or kernels.FORCE_PURE, reason="needs the numba backend"
)

# "the cat sat" against "the cat ran", worked by hand:
# ROUGE-1: the, cat shared of 3 words each side -> hit 2, model 3, peer 3.
# ROUGE-2: the-cat shared of 2 bigrams each side -> 1, 2, 2.
# ROUGE-L: the LCS "the cat" -> 2, 3, 3.
# ROUGE-S4: the skip-bigrams (the, cat), (the, sat|ran), (cat, sat|ran): (the, cat) shared -> 1, 3, 3.
# ROUGE-SU4: those and every word but the last (ROUGE-1.5.5 never adds the last unigram) -> 1 + 2, 5, 5.
WANT = {"ROUGE-1": [2, 3, 3], "ROUGE-2": [1, 2, 2], "ROUGE-L": [2, 3, 3], "ROUGE-S4": [1, 3, 3], "ROUGE-SU4": [3, 5, 5]}
SCORE = (
    "import json, time, rouge_core\n"
    "from rouge_core.kernels import backend, background, warmup\n"
    "shown = []\n"
    "warmup.on_compile(shown.append)\n"
    "r = rouge_core.score('the cat sat', ['the cat ran'])\n"
    f"counts = {{k: [r[k].counts.hit, r[k].counts.model, r[k].counts.peer] for k in {sorted(WANT)!r}}}\n"
    "first = dict(counts=counts, passed=sorted(backend._passed), shown=list(shown), state=background.state())\n"
    "print(json.dumps(first), flush=True)\n"
)
# After SCORE: a batch of 8 chunks whose pairs come from a generator that, after the first chunk,
# waits for the builder's stamp of the chunk kernels: the next chunk is to switch to them.
BATCH = (
    "from rouge_core.batch import compiled\n"
    "stamp = background.stamp(compiled.CHUNK)\n"
    "told = []\n"
    "def pairs():\n"
    "    for i in range(40):\n"
    "        if i == 5:  # the first chunk is scored: it was told to wait for the chunk kernels\n"
    "            told.append(compiled.CHUNK in background._looked and not backend.passed(compiled.CHUNK))\n"
    "            waited = time.monotonic()\n"
    "            while not stamp.exists() and time.monotonic() - waited < 500:\n"
    "                time.sleep(0.2)\n"
    "        yield ('the cat sat', ['the cat ran'])\n"
    "b = rouge_core.score_batch(pairs(), chunk_size=5)\n"
    "hits = sorted(set(b.measures['ROUGE-SU4'].hit.tolist()))\n"
    "print(json.dumps(dict(told=told, hits=hits, chunk=backend.passed(compiled.CHUNK), shown=shown)))\n"
)
# A numba:compile listener around a score(): how many functions this process compiled.
LOAD = (
    "import json, rouge_core\n"
    "from numba.core import event\n"
    "from rouge_core.kernels import backend, background, warmup\n"
    "shown, compiled = [], []\n"
    "warmup.on_compile(shown.append)\n"
    "class Count(event.Listener):\n"
    "    def on_start(self, e): compiled.append(str(e.data['dispatcher']))\n"
    "    def on_end(self, e): pass\n"
    "with event.install_listener('numba:compile', Count()):\n"
    "    r = rouge_core.score('the cat sat', ['the cat ran'])\n"
    "su = [r['ROUGE-SU4'].counts.hit, r['ROUGE-SU4'].counts.model]\n"
    "print(json.dumps(dict(su=su, compiled=compiled, shown=shown, passed=sorted(backend._passed),"
    " state=background.state())))\n"
)
LENGTH = "print(kernels.impl('lcs_length').lcs_length([['a', 'b']], [['b', 'a', 'b']]))\n"


def env_for(cache: Path, **extra: str) -> dict[str, str]:
    dropped = ("ROUGE_LENS_PURE_PYTHON", "NUMBA_CACHE_DIR", "ROUGE_LENS_COMPILE")
    env = {k: v for k, v in os.environ.items() if k not in dropped}
    env.update(NUMBA_CACHE_DIR=str(cache), **extra)
    return env


def start(code: str, cache: Path, **extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env_for(cache, **extra),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(proc: subprocess.Popen[str]) -> list[dict[str, object]]:
    out, err = proc.communicate(timeout=600)
    assert proc.returncode == 0, err
    return [json.loads(line) for line in out.splitlines()]


def running(pid: int) -> bool:
    try:  # the state follows the command's closing parenthesis: Z is a zombie (ended, not yet reaped)
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def gone(pid: int, within: float = 600.0) -> bool:
    """Wait until ``pid`` has ended."""
    deadline = time.monotonic() + within
    while running(pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    return not running(pid)


@numba_backend
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="waits for the builder through /proc")
def test_first_calls_compute_in_python_while_one_builder_compiles_and_later_ones_load_it(tmp_path):
    # Two processes at once on an empty cache: one builder between them.
    first = start(SCORE + BATCH, tmp_path)
    second = start(SCORE, tmp_path)
    (a, batch), (b,) = finish(first), finish(second)
    for got in (a, b):
        assert got["counts"] == WANT  # the exact numbers, computed in pure Python:
        assert got["passed"] == []  # no kernel group checked (so none compiled) before the result
        assert got["shown"] == [warmup.background_message()]  # said once, and no compile notice
        assert got["state"]["gave_up"] == []
    assert a["state"]["builder"] == b["state"]["builder"] and a["state"]["builder"] is not None
    assert [a["state"]["started_here"], b["state"]["started_here"]].count(True) == 1
    # The batch switched to the chunk kernels once their stamp appeared, with the same numbers.
    assert batch == {"told": [True], "hits": [3], "chunk": True, "shown": [warmup.background_message()]}

    pid = a["state"]["builder"]
    assert isinstance(pid, int) and gone(pid)
    where = next(tmp_path.glob("kernels_*"))
    logs = list(where.glob("rouge-lens.*.builder.log"))
    assert len(logs) == 1 and "compiling every ROUGE kernel group" in logs[0].read_text()

    # A new process: the groups' stamps are there, so it loads them from the cache (numba compiles
    # nothing) and counts with them, saying nothing.
    (c,) = finish(start(LOAD, tmp_path))
    assert c["su"] == [3, 5] and c["compiled"] == [] and c["shown"] == []
    assert {"union LCS kernels", "skip-bigram kernel"} <= set(c["passed"])
    assert c["state"] == {"builder": None, "started_here": False, "gave_up": []}


@numba_backend
def test_a_builder_that_fails_leads_to_compiling_in_the_foreground_with_the_usual_notice(tmp_path):
    code = (
        "import json, time\n"
        "from rouge_core import kernels\n"
        "from rouge_core.kernels import background, warmup\n"
        "shown = []\n"
        "warmup.on_compile(shown.append)\n"
        "background.BUILDER_ARGS[:] = ['-c', 'import sys; sys.exit(\"the builder fails (a test)\")']\n"
        "waited = kernels.impl('lcs_length') is None\n"
        "while kernels.impl('lcs_length') is None:  # until this process sees the builder ended\n"
        "    time.sleep(0.1)\n"
        "print(json.dumps(dict(waited=waited, shown=shown, state=background.state())))\n" + LENGTH
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env_for(tmp_path), capture_output=True, text=True, timeout=600
    )
    assert out.returncode == 0, out.stderr
    said, length = out.stdout.splitlines()
    got = json.loads(said)
    assert got["waited"] is True and length == "2"
    assert got["shown"] == [warmup.background_message(), warmup.message("LCS length kernel")]
    assert got["state"]["started_here"] is True
    assert [why.split(" (")[0] for why in got["state"]["gave_up"]] == [
        "the background compilation ended without the LCS length kernel"
    ]
    (log,) = tmp_path.glob("kernels_*/rouge-lens.*.builder.log")
    assert log.read_text() == "the builder fails (a test)\n"
    assert "ended without the LCS length kernel" in out.stderr  # the warning names the log


@numba_backend
def test_foreground_compiling_is_todays_first_run(tmp_path):
    code = "import json\nfrom rouge_core import kernels\nfrom rouge_core.kernels import background\n" + LENGTH
    code += "print(json.dumps(background.state()))\n"
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env_for(tmp_path, ROUGE_LENS_COMPILE="foreground"),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert out.returncode == 0, out.stderr
    length, state = out.stdout.splitlines()
    assert length == "2"
    assert json.loads(state) == {
        "builder": None,
        "started_here": False,
        "gave_up": ["ROUGE_LENS_COMPILE=foreground is set"],
    }
    assert [line for line in out.stderr.splitlines() if "compiling ROUGE kernels" in line] == [
        warmup.message("LCS length kernel")
    ]
    assert not list(tmp_path.rglob("rouge-lens.*.builder.*"))  # no builder, no lock
    assert list(tmp_path.rglob("rouge-lens.*.lcs-length-kernel.stamp"))  # the check's stamp, for later processes


def test_a_stamp_name_changes_with_numba_python_and_the_sources():
    names = {
        background.stamp_name("LCS kernel", background.key_of(numba, python, digest))
        for numba, python, digest in [
            ("0.68.1", (3, 11), "aaaaaaaaaaaaaaaa"),
            ("0.69.0", (3, 11), "aaaaaaaaaaaaaaaa"),
            ("0.68.1", (3, 12), "aaaaaaaaaaaaaaaa"),
            ("0.68.1", (3, 11), "bbbbbbbbbbbbbbbb"),
        ]
    }
    assert len(names) == 4
    assert {p.name for p in background.sources()} >= {"chunk.py", "union.py", "porter_rouge.py", "compiled.py"}
    assert not {p.name for p in background.sources()} & {"backend.py", "background.py", "warmup.py"}


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="tells a builder from another process through /proc")
def test_a_lock_left_by_a_process_that_is_gone_is_taken_over(tmp_path, monkeypatch):
    """A builder that died (or a pid reused by another program) holds nothing: the next caller starts one."""
    ended = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    monkeypatch.setattr(background, "_key", ["k"])
    monkeypatch.setattr(background, "_builder", [])
    monkeypatch.setattr(background, "BUILDER_ARGS", ["-c", "import time; time.sleep(0.1)"])
    lock = tmp_path / "rouge-lens.k.builder.lock"
    for stale in (ended.stdout.strip(), str(os.getpid())):  # gone; alive but not a builder
        lock.write_text(stale)
        background._builder.clear()
        assert background._start_or_join(tmp_path) is None
        proc = background._builder[0]
        assert isinstance(proc, subprocess.Popen) and lock.read_text() == str(proc.pid)
        assert proc.wait(timeout=60) == 0
    assert (tmp_path / "rouge-lens.k.builder.log").read_text() == ""


def test_the_compile_switch_is_read_once_and_a_bad_value_said_once(monkeypatch, caplog):
    monkeypatch.setattr(background, "_mode", [])
    monkeypatch.setenv(background.SWITCH, "later")
    assert background._foreground_asked() is False
    monkeypatch.setenv(background.SWITCH, "foreground")  # read once a process: no change now
    assert background._foreground_asked() is False
    said = [r.getMessage() for r in caplog.records if r.name == background.__name__]
    assert said == ["ROUGE_LENS_COMPILE='later' is neither 'foreground' nor 'background': compiling in the background"]


def test_a_missing_stamp_is_looked_for_at_most_every_look_every_seconds(tmp_path, monkeypatch):
    looks: list[str] = []

    def stamp(group: str) -> Path:
        looks.append(group)
        return tmp_path / group

    monkeypatch.setattr(background, "stamp", stamp)
    monkeypatch.setattr(background, "_builder", [12345])  # waiting on a builder
    monkeypatch.setattr(background, "_since", [time.time()])  # that started now
    monkeypatch.setattr(background, "_gave_up", [])
    monkeypatch.setattr(background, "_looked", {})
    monkeypatch.setattr(background, "_mode", ["background"])
    monkeypatch.setattr(background, "_running", lambda: True)
    assert all(background.wait_for("g") for _ in range(1000))
    assert looks == ["g"]
    (tmp_path / "g").touch()
    background._looked["g"] -= background.LOOK_EVERY
    assert background.wait_for("g") is False  # the stamp is there: the group's check runs now


def test_a_batch_waiting_for_the_build_runs_on_threads_that_switch_to_the_kernels(monkeypatch):
    """Worker processes would each compile the kernels now (their forkserver warms every group): while
    a background build runs, a config the chunk kernels will serve gets threads, whose chunks each ask
    for the kernels again."""
    from rouge_core import RougeConfig
    from rouge_core.batch import compiled, runners
    from rouge_core.batch import score as batch_score

    monkeypatch.setattr(compiled, "chunk_kernels_work", lambda config=None: False)  # not built yet
    monkeypatch.setattr(background, "building", lambda: True)
    runner, workers, owned = batch_score._runner(2, None, RougeConfig())
    assert isinstance(runner, runners.ThreadRunner) and workers == 2 and owned is runner
    runner.close()
    assert not compiled.threads_serve(RougeConfig(word_limit=10))  # the per-pair path: processes, as before
    monkeypatch.setattr(background, "building", lambda: False)  # compiled in the foreground, or no numba
    assert isinstance(batch_score._runner(2, None, RougeConfig())[0], runners.ProcessRunner)


def test_a_builder_running_past_the_limit_is_given_up_on_once(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(background, "stamp", lambda group: tmp_path / group)  # never written
    monkeypatch.setattr(background, "_key", ["k"])
    monkeypatch.setattr(background, "_builder", [12345])  # waiting on a builder that still runs
    monkeypatch.setattr(background, "_since", [time.time() - background.BUILD_LIMIT + 60])
    monkeypatch.setattr(background, "_gave_up", [])
    monkeypatch.setattr(background, "_looked", {})
    monkeypatch.setattr(background, "_mode", ["background"])
    monkeypatch.setattr(background, "_running", lambda: True)
    assert background.wait_for("g") is True  # 14 minutes in: still waiting
    background._since[0] -= 120
    background._looked.clear()
    assert background.wait_for("g") is False and background.wait_for("h") is False  # 16 minutes: compile here
    said = [r.getMessage() for r in caplog.records if r.name == background.__name__]
    assert said == [
        "compiling the ROUGE kernels in this process instead of waiting: the background compilation has run "
        f"for more than 900 s (its log: {tmp_path / 'rouge-lens.k.builder.log'})"
    ]


def test_a_stamp_is_keyed_by_the_cpu(monkeypatch):
    monkeypatch.setattr(background, "_key", [])
    mine = background._this_key()
    monkeypatch.setattr(background, "_key", [])
    monkeypatch.setattr(aot, "cpu_identity", lambda: "x86_64\nmodel name : another CPU")
    assert background._this_key() != mine and background._this_key().split("-")[:2] == mine.split("-")[:2]


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="looks for the builder's zombie through /proc")
def test_a_builder_that_ends_is_reaped_at_once(tmp_path, monkeypatch):
    """A long-lived caller (the app's server) does not hold a finished builder as a zombie until its next look."""
    monkeypatch.setattr(background, "_key", ["k"])
    monkeypatch.setattr(background, "_builder", [])
    monkeypatch.setattr(background, "_since", [])
    monkeypatch.setattr(background, "BUILDER_ARGS", ["-c", "pass"])
    assert background._start_or_join(tmp_path) is None
    pid = background._builder[0].pid
    deadline = time.monotonic() + 20
    while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not Path(f"/proc/{pid}").exists()  # ended and reaped, nobody having asked
    assert background._builder[0].returncode == 0
