"""The first run after install (issue 22, point 3): a notice while numba compiles, none when it loads
from its cache, and a call compiles only the kernel groups it uses.

Each test runs a fresh interpreter; the notice tests give it an empty NUMBA_CACHE_DIR (numba's first
cache locator: the project's own ``__pycache__`` is then neither read nor written). They check what
is said and compiled, never how long it takes (that is benchmarks/bench_first_run.py's job).
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rouge_core import kernels
from rouge_core.kernels import aot_build, warmup

ROOT = Path(__file__).resolve().parents[2]
numba_backend = pytest.mark.skipif(
    importlib.util.find_spec("numba") is None or kernels.FORCE_PURE, reason="needs the numba backend"
)
NOTICE = "compiling ROUGE kernels for this machine, once"


def run(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    full = {k: v for k, v in os.environ.items() if k not in ("ROUGE_LENS_PURE_PYTHON", "NUMBA_CACHE_DIR")}
    full["ROUGE_LENS_COMPILE"] = "foreground"  # what a call compiles and says (test_kernels_background: the background)
    full.update(env)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=full, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return out


# The LCS length kernel is the smallest group: about a second to compile.
LENGTH = (
    "from rouge_core import kernels\nprint(kernels.impl('lcs_length').lcs_length([['a', 'b']], [['b', 'a', 'b']]))\n"
)


@numba_backend
def test_the_notice_is_said_once_when_kernels_compile_and_not_when_they_load(tmp_path):
    first = run(LENGTH, NUMBA_CACHE_DIR=str(tmp_path))
    assert first.stdout == "2\n"
    notices = [line for line in first.stderr.splitlines() if NOTICE in line]
    assert notices == [warmup.message("LCS length kernel")]  # one line, naming the group compiled
    assert list(tmp_path.rglob("*.nbi"))  # the cache was written there
    again = run(LENGTH, NUMBA_CACHE_DIR=str(tmp_path))
    assert again.stdout == "2\n" and again.stderr == ""


@numba_backend
def test_the_notice_goes_to_the_hook_instead_of_the_log(tmp_path):
    code = (
        "from rouge_core.kernels import warmup\n"
        "shown = []\n"
        "warmup.on_compile(shown.append)\n" + LENGTH + "print(shown)\n"
    )
    out = run(code, NUMBA_CACHE_DIR=str(tmp_path))
    assert out.stdout.splitlines() == ["2", repr([warmup.message("LCS length kernel")])]
    assert out.stderr == ""


@numba_backend
def test_score_compiles_only_the_kernels_it_uses():
    """score() with the rouge-score profile loads (or compiles) what it counts with, not the views'
    sentence-pair kernel, the chunk kernels, the bootstrap or the ROUGE-1.5.5 stemmer."""
    code = (
        "import json, rouge_core\n"
        "r = rouge_core.score('the cat sat on the mat', ['the cat was on the mat'],"
        " rouge_core.RougeConfig(profile='rouge-score'))\n"
        "from rouge_core.kernels import bootstrap, chunk, porter_rouge, union\n"
        "fns = {'union_credit': union.union_credit, 'sentence_pairs': union.sentence_pairs,"
        " 'chunk_counts': chunk.chunk_counts, 'perl_sums': bootstrap.perl_sums, 'porter': porter_rouge.porter}\n"
        "print(json.dumps({k: len(f.signatures) for k, f in fns.items()}))\n"
    )
    loaded = json.loads(run(code).stdout)
    assert loaded == {"union_credit": 1, "sentence_pairs": 0, "chunk_counts": 0, "perl_sums": 0, "porter": 0}


@numba_backend
def test_impl_without_a_kernel_still_checks_every_per_pair_group():
    code = (
        "from rouge_core import kernels\n"
        "from rouge_core.kernels import backend\n"
        "calls = kernels.impl()\n"
        "groups = sorted(g for g in backend._passed)\n"
        "print(calls is not None, len(groups))\n"
    )
    assert run(code).stdout == "True 8\n"  # seven kernel groups and the per-pair umbrella


def test_the_command_says_how_to_use_it(capsys):
    assert warmup.main(["--no-such-option"]) == 2
    assert capsys.readouterr().out.startswith("usage: python -m rouge_core.kernels")


def test_the_command_says_it_compiles_everything_and_then_what_it_did(monkeypatch, capsys):
    shown: list[str] = []
    monkeypatch.setattr(warmup, "_said", [])
    monkeypatch.setattr(warmup, "_notice", [shown.append])  # the caller's own hook, put back afterwards

    def compile_one_group() -> bool:
        warmup._say("LCS kernel")  # what backend.ready's watch does when numba compiles
        return True

    monkeypatch.setattr(warmup, "warm", compile_one_group)
    monkeypatch.setattr(warmup.backend, "backend", lambda: "numba (test)")
    monkeypatch.setattr(aot_build, "build", lambda: Path("/cache/rouge_lens_aot_x.so"))  # (tests/unit/test_aot.py)
    monkeypatch.setattr(aot_build.aot, "_dropped", [])  # main() stops this process using the module: put back after
    assert warmup.main([]) == 0
    out, err = capsys.readouterr()
    assert err == f"compiling every ROUGE kernel group for this machine (about {warmup.ALL_SECONDS:.0f} s of CPU)...\n"
    first, second = out.splitlines()
    assert first.startswith("every ROUGE kernel group is compiled or loaded (") and first.endswith("): numba (test)")
    assert second == "the batch kernels are also compiled ahead of time: /cache/rouge_lens_aot_x.so"
    assert shown == [] and warmup._notice == [shown.append]

    def no_compiler() -> Path:
        raise aot_build.NotBuilt("/cache: RuntimeError: the C compiler failed: gcc not found")

    monkeypatch.setattr(aot_build, "build", no_compiler)
    assert warmup.main([]) == 0
    out, err = capsys.readouterr()
    assert err.splitlines()[-1] == (
        "the batch kernels load through numba (no ahead-of-time module here: "
        "/cache: RuntimeError: the C compiler failed: gcc not found)"
    )


def test_the_command_fails_under_pure_python():
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["ROUGE_LENS_PURE_PYTHON"] = "1"
    out = subprocess.run(
        [sys.executable, "-m", "rouge_core.kernels"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert out.returncode == 1
    assert out.stderr == "nothing compiled: rouge_core computes in python (ROUGE_LENS_PURE_PYTHON='1' is set)\n"


@numba_backend
def test_stemming_a_pair_at_a_time_does_not_compile_the_chunk_stemmer():
    """The compat scorer stems word by word (rouge-score's stemmer, compiled): the chunk engine's
    call that stems a whole chunk's words at once is another group, not loaded for it."""
    code = (
        "from rouge_core.compat import RougeScorer\n"
        "s = RougeScorer(['rouge1', 'rougeL'], use_stemmer=True).score('the cats were sitting', 'the cat sits')\n"
        "from rouge_core.kernels import porter_nltk\n"
        "k = porter_nltk\n"
        "print(round(s['rouge1'].fmeasure, 4), len(k._steps_in.signatures), len(k.stem_ids.signatures))\n"
    )
    assert run(code).stdout == "0.8571 1 0\n"  # cats/cat and sitting/sits share stems: 3 of 4 and 3 words


@numba_backend
def test_the_notice_names_the_innermost_group_being_checked(monkeypatch):
    """A group made of others (the per-pair umbrella) or a check that stems: the notice names the
    group that compiles, not the one around it."""
    import numba

    shown: list[str] = []
    monkeypatch.setattr(warmup, "_said", [])
    monkeypatch.setattr(warmup, "_notice", [shown.append])
    with warmup.watching("per-pair kernels"):
        with warmup.watching("LCS kernel"):
            assert numba.njit(lambda x: x + 1)(1) == 2  # a function no cache holds: numba compiles it
    assert shown == [warmup.message("LCS kernel")]
    assert warmup._active == []
