"""rouge_core.kernels.aot: the chunk and bootstrap kernels compiled ahead of time into one extension
module, loaded without numba, giving the numbers numba's kernels give; anything unusual (other
argument types, a damaged module, a wrong answer, no C compiler) goes back to numba's kernels."""

from __future__ import annotations

import json
import logging
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

import rouge_core
from rouge_core import kernels
from rouge_core.batch.compiled import CHUNK
from rouge_core.kernels import aot
from rouge_core.kernels import backend as backend_mod

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(kernels.FORCE_PURE, reason="the module is numba's code, compiled ahead of time")

# A subprocess whose kernels module looks for the module in argv[1] only (None: it never uses one),
# named argv[2] when given (the name the build gave it: an edit to a kernel source while the tests
# run must not make the loader look for another; test_the_name_follows_... checks the name itself).
HEADER = """
import json, sys
from pathlib import Path
import rouge_core.kernels.aot as aot
if sys.argv[1] == "None":
    aot.drop("numba's kernels, for comparison", quiet=True)
else:
    folder = Path(sys.argv[1])
    aot.folders = lambda: [folder]
if len(sys.argv) > 2 and sys.argv[2]:
    name = sys.argv[2]
    aot.module_name = lambda: name
"""
BUILD = HEADER + "from rouge_core.kernels.warmup import main\nraise SystemExit(main([]))\n"
SCORE = (
    HEADER
    + """
from rouge_core import RougeConfig, score_batch
from rouge_core.batch.corpus import evaluate_corpus
rows = [json.loads(line) for line in open(sys.argv[3], encoding="utf-8")]
pairs = [(r["decoded"], r["references"]) for r in rows] + [("police kill the gunmen", "the police kill gunmen")]
config = RougeConfig(profile="rouge155", max_n=4, wlcs_weight=1.2, skip_distance=4, rouge_su=True)
batch = score_batch(pairs, config)
stem = RougeConfig(profile="rouge-score", max_n=2, wlcs_weight=None, skip_distance=None, stem=True)
# rouge-score's stemmer on the chunk path (one reference a pair: rouge-score's best of several is the per-pair path)
stemmed = score_batch([(c, refs[0]) for c, refs in pairs[:-1]], stem)
fields = ("hit", "model", "peer", "precision", "recall", "fmeasure")
print(json.dumps({
    "columns": {label: {f: getattr(m, f).tolist() for f in fields} for label, m in batch.measures.items()},
    "stemmed": {label: {f: getattr(m, f).tolist() for f in fields} for label, m in stemmed.measures.items()},
    "corpus": repr(evaluate_corpus(pairs[:-1], config)),
    "numba": "numba" in sys.modules,
    "served": aot.functions("chunk") is not None,
}))
"""
)
PAIRS = ROOT / "sample_data" / "summeval_subset.jsonl"


def python(code: str, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        env={**__import__("os").environ, **env},
    )


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """(folder, name) of the module, built by ``python -m rouge_core.kernels``' code (numba's kernels
    loaded from their cache), beside an old module of another key that the build removes."""
    folder = tmp_path_factory.mktemp("aot")
    stale = folder / "rouge_lens_aot_0000000000000000.cpython-311-x86_64-linux-gnu.so"
    stale.write_bytes(b"an old build")
    out = python(BUILD, str(folder))
    assert out.returncode == 0, out.stderr
    path = Path(out.stdout.splitlines()[-1].removeprefix("the batch kernels are also compiled ahead of time: "))
    name = path.name.split(".")[0]
    assert path == aot.module_file(folder, name) and path.exists() and name.startswith(aot.PREFIX)
    assert not stale.exists()
    return folder, name


@pytest.fixture
def own_state(monkeypatch: pytest.MonkeyPatch, built: tuple[Path, str]):
    """This process's module state and the backend's groups checked on it, fresh and put back after,
    the module looked for as built."""
    monkeypatch.setattr(aot, "_loaded", [])
    monkeypatch.setattr(aot, "_dropped", [])
    monkeypatch.setattr(backend_mod, "_aot_passed", set())
    monkeypatch.setattr(backend_mod, "_passed", set())  # nothing checked through numba either
    monkeypatch.setattr(aot, "folders", lambda: [built[0]])
    monkeypatch.setattr(aot, "module_name", lambda: built[1])
    return monkeypatch


def test_the_batch_gives_numbas_numbers_without_importing_numba(built: tuple[Path, str]):
    mine = python(SCORE, str(built[0]), built[1], str(PAIRS))
    theirs = python(SCORE, "None", "", str(PAIRS))
    assert mine.returncode == 0 and theirs.returncode == 0, mine.stderr + theirs.stderr
    got, want = json.loads(mine.stdout), json.loads(theirs.stdout)
    assert got["served"] and not got["numba"]  # the whole batch, its bootstrap and the stemmer without numba
    assert not want["served"] and want["numba"]
    assert got["columns"] == want["columns"] and got["corpus"] == want["corpus"]
    assert got["stemmed"] == want["stemmed"] and list(got["stemmed"]) == [
        "ROUGE-1",
        "ROUGE-2",
        "ROUGE-L",
        "ROUGE-Lflat",
    ]
    columns = got["columns"]
    assert list(columns) == "ROUGE-1 ROUGE-2 ROUGE-3 ROUGE-4 ROUGE-L ROUGE-W-1.2 ROUGE-S4 ROUGE-SU4".split()
    assert len(columns["ROUGE-1"]["hit"]) == 121
    # the last pair: 4 of 4 words, 1 of 3 bigrams ("police kill"), LCS "police kill gunmen" 3 of 4
    last = {label: (c["hit"][-1], c["model"][-1], c["peer"][-1]) for label, c in columns.items()}
    assert last["ROUGE-1"] == (4, 4, 4) and last["ROUGE-2"] == (1, 3, 3) and last["ROUGE-L"] == (3, 4, 4)


def test_the_command_line_prints_the_same_bytes(built: tuple[Path, str], tmp_path: Path):
    rows = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines()]
    lines = []
    for i, r in enumerate(rows):
        (tmp_path / f"c{i}").write_text(r["decoded"] + "\n", encoding="utf-8")
        (tmp_path / f"r{i}").write_text(r["references"][0] + "\n", encoding="utf-8")
        lines.append(f"{tmp_path / f'c{i}'} {tmp_path / f'r{i}'}")
    # twice over: more pairs than a run that computes in pure Python (cli/small_run.py), so numba's kernels serve theirs
    (tmp_path / "list").write_text("\n".join(lines * 2) + "\n", encoding="utf-8")
    cli = "\nfrom rouge_core.cli.run import main\nmain()\nprint('numba' in sys.modules, file=sys.stderr)\n"
    flags = ["-n", "4", "-w", "1.2", "-2", "4", "-U", "-d", "-z", "SPL", str(tmp_path / "list")]
    mine = python(HEADER + "sys.argv[1:] = sys.argv[3:]" + cli, str(built[0]), built[1], *flags)
    theirs = python(HEADER + "sys.argv[1:] = sys.argv[3:]" + cli, "None", "", *flags)
    assert mine.stdout == theirs.stdout and "ROUGE-W-1.2 Average_F" in mine.stdout
    assert mine.stdout.count("ROUGE-SU4 Eval") == 240  # -d: each pair's R, P and F
    assert mine.stderr.splitlines()[-1] == "False" and theirs.stderr.splitlines()[-1] == "True"


def test_arguments_of_other_types_go_to_numbas_dispatcher(own_state: pytest.MonkeyPatch):
    served = aot.functions("bootstrap")
    assert served is not None
    values = np.array([[1.0, 2.0], [10.0, 20.0], [100.0, 200.0]])
    for given in (values, np.asfortranarray(values)):  # compiled for C order; Fortran order: numba's
        out = np.zeros((3, 2))
        served.perl_sums(given, 0, out)  # srand(0), srand(1), srand(2) draw rows 0 2 0, 0 1 2 and 2 0 1
        assert out.tolist() == [[102.0, 204.0], [111.0, 222.0], [111.0, 222.0]]


def test_the_kernels_release_the_gil(own_state: pytest.MonkeyPatch):
    served = aot.functions("bootstrap")
    assert served is not None
    values, out = np.random.default_rng(0).random((20_000, 24)), np.zeros((800, 24))
    steps, done = [0], threading.Event()

    def count() -> None:  # Python runs here only while the main thread has let go of the GIL
        while not done.is_set():
            steps[0] += 1

    counter = threading.Thread(target=count)
    counter.start()
    try:
        before = steps[0]
        served.perl_sums(values, 0, out)  # about 0.4 s of drawing and adding
        during = steps[0] - before
    finally:
        done.set()
        counter.join()
    # here: about 2.5 million steps with the GIL let go; 70,000 when it is held (the thread's one
    # turn as the kernel starts)
    assert during > 500_000 and out[0, 0] > 0


def test_a_damaged_module_is_dropped_with_one_warning(built: tuple[Path, str], own_state, tmp_path, caplog):
    for f in built[0].glob(aot.PREFIX + "*"):
        shutil.copy(f, tmp_path / f.name)
    aot.module_file(tmp_path, built[1]).write_bytes(b"\x7fELF cut short")
    own_state.setattr(aot, "folders", lambda: [tmp_path])
    with caplog.at_level(logging.WARNING, logger="rouge_core.kernels.aot"):
        assert aot.functions("chunk") is None and aot.functions("bootstrap") is None
    [record] = caplog.records
    assert record.getMessage().startswith("the ahead-of-time compiled kernels are not used (numba's are): ")
    assert "does not load: ImportError" in record.getMessage()
    got = rouge_core.score_batch([("police kill the gunmen", "the police kill gunmen")])
    assert got.measures["ROUGE-L"].hit.tolist() == [3] and got.measures["ROUGE-L"].model.tolist() == [4]


def test_a_wrong_answer_on_the_check_drops_the_module(own_state, caplog):
    served = aot.functions("chunk")
    assert served is not None
    own_state.setattr(served, "chunk_counts", lambda *args: None)  # counts nothing
    with caplog.at_level(logging.WARNING, logger="rouge_core.kernels.aot"):
        assert backend_mod.ready(CHUNK)  # through numba now
    assert [r.getMessage() for r in caplog.records] == [
        "the ahead-of-time compiled kernels are not used (numba's are): "
        "the chunk kernels gave a wrong answer on their check"
    ]
    assert aot.functions("chunk") is None and not aot.covers(CHUNK)
    got = rouge_core.score_batch(
        [("police kill the gunmen", "the police kill gunmen")], rouge_core.RougeConfig(max_n=2)
    )
    assert got.measures["ROUGE-2"].hit.tolist() == [1] and got.measures["ROUGE-2"].model.tolist() == [3]


def test_the_name_follows_the_cpu_and_the_sources(monkeypatch: pytest.MonkeyPatch):
    name = aot.module_name()
    monkeypatch.setattr(aot, "cpu_identity", lambda: "x86_64\nmodel name : another CPU")
    assert aot.module_name() != name and aot.module_name().startswith(aot.PREFIX)


def test_no_c_compiler_means_numbas_kernels_and_says_why(tmp_path: Path):
    out = python(BUILD, str(tmp_path), CC="/bin/false")
    assert out.returncode == 0, out.stderr
    why = out.stderr.splitlines()[-1]
    assert why.startswith("the batch kernels load through numba (no ahead-of-time module here: ")
    assert why.endswith(
        "RuntimeError: Attempted to compile AOT function without the compiler used by `numpy.distutils` "
        "present. If using conda try: #> conda install gcc_linux-64 gxx_linux-64)"
    )  # numba's words
    assert list(tmp_path.glob(aot.PREFIX + "*")) == [] and list(tmp_path.glob(".aot-*")) == []
