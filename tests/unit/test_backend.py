"""rouge_core.kernels.backend: numba or pure Python, chosen once, said by rouge_core.backend(); a
fall-back is logged once, and a kernel's own error is never turned into one."""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

import rouge_core
from rouge_core import Backend, RougeConfig, kernels
from rouge_core.kernels import aot
from rouge_core.kernels import backend as backend_mod

ROOT = Path(__file__).resolve().parents[2]
HAS_NUMBA = importlib.util.find_spec("numba") is not None
numba_backend = pytest.mark.skipif(not HAS_NUMBA or kernels.FORCE_PURE, reason="needs the numba backend")

CAND = "The police killed the gunman near the old bank. Nobody else was hurt."
REFS = [
    "Police kill the gunman at the bank. No one else was hurt.",
    "The gunman was killed by police. Others were not hurt.",
]
OPTIONS = dict(max_n=2, wlcs_weight=1.2, skip_distance=4, rouge_su=True, stem=True)
# (P, R, F) per measure, from rouge_core.evaluate on the numba backend before the backend was
# chosen in one place (commit 1092590): rouge155 prints 5 decimals, paper keeps every bit.
EXPECTED = {
    "rouge155": {
        "ROUGE-1": [0.57692, 0.68182, 0.625],
        "ROUGE-2": [0.25, 0.3, 0.27273],
        "ROUGE-L": [0.5, 0.59091, 0.54167],
        "ROUGE-W-1.2": [0.43627, 0.31848, 0.36818],
        "ROUGE-S4": [0.25, 0.3125, 0.27778],
        "ROUGE-SU4": [0.30645, 0.38, 0.33928],
    },
    "paper": {
        "ROUGE-1": [0.6923076923076923, 0.75, 0.7199999999999999],
        "ROUGE-2": [0.4166666666666667, 0.45454545454545453, 0.43478260869565216],
        "ROUGE-L": [0.6923076923076923, 0.75, 0.7199999999999999],
        "ROUGE-W-1.2": [0.5680472222872984, 0.6153844908112399, 0.5907691111787904],
        "ROUGE-S4": [0.42, 0.4666666666666667, 0.4421052631578947],
        "ROUGE-SU4": [0.47619047619047616, 0.5263157894736842, 0.5],
    },
}

# Run in a fresh interpreter: records what rouge_core logs, scores the pair, prints it all as JSON.
REPORT = f"""
import json, logging
records = []
class Keep(logging.Handler):
    def emit(self, record):
        records.append([record.levelname, record.name, record.getMessage()])
logging.getLogger("rouge_core").addHandler(Keep())
logging.getLogger("rouge_core").setLevel(logging.INFO)
import rouge_core
scores = {{}}
for profile in ("rouge155", "paper"):
    report = rouge_core.evaluate({CAND!r}, {REFS!r}, rouge_core.RougeConfig(profile=profile, **{OPTIONS!r}))
    scores[profile] = {{k: [m.score.precision, m.score.recall, m.score.fmeasure] for k, m in report.measures.items()}}
b = rouge_core.backend()
print(json.dumps({{"backend": [b.name, b.reason], "records": records, "scores": scores}}))
"""


def run(code: str, pythonpath: str = "", **env: str) -> subprocess.CompletedProcess[str]:
    """``code`` in a fresh interpreter started in the project (the switch is read once, at import)."""
    full = {k: v for k, v in os.environ.items() if k not in ("ROUGE_LENS_PURE_PYTHON", "PYTHONPATH")}
    full.update(env)
    if pythonpath:
        full["PYTHONPATH"] = pythonpath
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=full, capture_output=True, text=True, timeout=300)


def report(pythonpath: str = "", **env: str) -> dict:
    out = run(REPORT, pythonpath, **env)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def warnings_of(records: list[list[str]]) -> list[str]:
    return [message for level, _, message in records if level in ("WARNING", "ERROR", "CRITICAL")]


# -- (a) the normal case: numba, and why ---------------------------------------------------------


@numba_backend
def test_numba_backend_says_why():
    import numba

    assert rouge_core.backend() == Backend(
        "numba", f"numba {numba.__version__} imports and ROUGE_LENS_PURE_PYTHON is not set"
    )
    assert rouge_core.backend().compiled
    assert kernels.impl() is not None


@numba_backend
def test_numba_gives_the_recorded_numbers():
    for profile, want in EXPECTED.items():
        got = rouge_core.evaluate(CAND, REFS, RougeConfig(profile=profile, **OPTIONS))
        assert {k: [m.score.precision, m.score.recall, m.score.fmeasure] for k, m in got.measures.items()} == want


# -- (b) the switch: pure Python, no warning -----------------------------------------------------


def test_switch_gives_python_and_names_it_without_a_warning():
    got = report(ROUGE_LENS_PURE_PYTHON="1")
    assert got["backend"] == ["python", "ROUGE_LENS_PURE_PYTHON='1' is set"]
    assert warnings_of(got["records"]) == []
    assert got["scores"] == EXPECTED


# -- (c) numba that will not import: pure Python, one warning, the same numbers ------------------


def test_numba_that_cannot_be_imported_falls_back_with_one_warning(tmp_path):
    broken = tmp_path / "numba"
    broken.mkdir()
    (broken / "__init__.py").write_text('raise ImportError("this numba is broken on purpose")\n')
    got = report(pythonpath=str(tmp_path))
    reason = "numba cannot be imported: ImportError: this numba is broken on purpose"
    assert got["backend"] == ["python", reason]
    assert warnings_of(got["records"]) == [f"rouge_core computes in pure Python (the same numbers, slower): {reason}"]
    assert [name for _, name, _ in got["records"]] == ["rouge_core.kernels.backend"]
    assert got["scores"] == EXPECTED


# -- (d) a kernel's own error propagates: it never becomes a fall-back ---------------------------

RAISE = "def broken(*args, **kwargs):\n    raise ValueError('a bug in a kernel')\n"


@numba_backend
@pytest.mark.parametrize(
    "patch, call",
    [
        # the per-pair kernels, on their first call (the check)
        ("import rouge_core.kernels.calls as k; k.lcs = broken", "rouge_core.evaluate('a b c', 'a c b')"),
        # the chunk kernels, on their first call
        ("import rouge_core.kernels.chunk as k; k.tokenize = broken", "rouge_core.score_batch([('a b c', 'a c b')])"),
        # the bootstrap kernels, on their first call
        (
            "import rouge_core.kernels.bootstrap as k; k.perl_sums = broken",
            "rouge_core.evaluate_corpus([('a b c', 'a c b'), ('a b', 'b a')])",
        ),
    ],
    ids=["per-pair", "chunk", "bootstrap"],
)
def test_a_kernel_raising_a_python_error_propagates_from_the_public_call(patch, call):
    # numba's kernels are patched: the ahead-of-time module (tests/unit/test_aot.py) must not serve them
    off = "import rouge_core.kernels.aot as aot; aot._dropped.append('numba kernels patched')"
    out = run(f"{RAISE}import rouge_core\n{off}\n{patch}\n{call}\nprint(rouge_core.backend())")
    assert out.returncode == 1, out.stdout
    assert out.stderr.splitlines()[-1] == "ValueError: a bug in a kernel"
    assert "pure Python" not in out.stderr  # nothing fell back, nothing said so


@numba_backend
def test_a_kernel_raising_after_its_check_propagates_and_keeps_numba(monkeypatch):
    calls = kernels.impl()
    assert calls is not None

    def broken(*args: object) -> None:
        raise ValueError("a bug in a kernel")

    monkeypatch.setattr(calls, "union_credit", broken)  # ROUGE-L's summary-level LCS
    with pytest.raises(ValueError, match="a bug in a kernel"):
        rouge_core.evaluate("a b c", "a c b")
    assert rouge_core.backend().name == "numba"


# -- a group that does not compile here: pure Python from then on, said once --------------------


@pytest.fixture
def own_backend(monkeypatch):
    """This test's own copy of the backend's state (put back afterwards)."""
    rouge_core.backend()
    monkeypatch.setattr(backend_mod, "_state", list(backend_mod._state))
    monkeypatch.setattr(backend_mod, "_passed", set())
    monkeypatch.setattr(backend_mod, "_aot_passed", set())
    monkeypatch.setattr(backend_mod, "_checks", dict(backend_mod._checks))
    monkeypatch.setattr(aot, "_dropped", ["these tests check numba's kernels"])  # not the ahead-of-time module's
    return backend_mod


@numba_backend
def test_a_group_that_does_not_compile_falls_back_once(own_backend, caplog):
    from numba.core.errors import TypingError

    pairs = [(CAND, REFS), ("a b c", "a c b")]
    want = rouge_core.evaluate_corpus(pairs)  # every group compiled, the bootstrap's sums too

    def no_compiler() -> bool:
        raise TypingError("Cannot determine Numba type of <class 'object'>")

    own_backend.register(kernels.BOOTSTRAP, no_compiler)
    own_backend._passed.discard(kernels.BOOTSTRAP)
    caplog.set_level(logging.INFO, logger="rouge_core")
    got = rouge_core.evaluate_corpus(pairs)  # scored on the chunk path; the bootstrap then falls back
    reason = "the bootstrap kernels do not compile here: TypingError: Cannot determine Numba type of <class 'object'>"
    assert rouge_core.backend() == Backend("python", reason)
    assert got.measures == want.measures  # the numpy sums: the same numbers
    assert got.measures["ROUGE-1"] != rouge_core.evaluate_corpus(pairs[:1]).measures["ROUGE-1"]
    assert kernels.impl() is None  # every group follows the one record
    assert rouge_core.evaluate_corpus(pairs).measures == want.measures
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == [
        f"rouge_core computes in pure Python (the same numbers, slower): {reason}"
    ]
