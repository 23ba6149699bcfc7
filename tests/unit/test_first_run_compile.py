"""A first run compiles only what the call needs (issue 22, target 3), each kernel once.

Each test runs a fresh interpreter (on the usual numba cache, or an empty one) and asks numba's dispatchers what this
process compiled or loaded (``.signatures``): what a call never loads, it never compiles on a first
run either. Times are the benchmark's job (benchmarks/bench_first_run.py), not these tests'.
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

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("numba") is None or kernels.FORCE_PURE, reason="needs the numba backend"
)

PAIRS = "[('Police kill the gunmen.\\nThey fled.', 'police killed the gunman\\nthe gunmen fled')] * 3"
# Every compiled function of rouge_core.kernels this process loaded, with its signatures.
SIGNATURES = (
    "import sys\n"
    "from numba.core.registry import CPUDispatcher\n"
    "def signatures():\n"
    "    out = {}\n"
    "    for name, mod in list(sys.modules.items()):\n"
    "        if name.startswith('rouge_core.kernels.'):\n"
    "            for k, f in vars(mod).items():\n"
    "                if isinstance(f, CPUDispatcher) and f.py_func.__module__ == name:\n"
    "                    out[name.rsplit('.', 1)[1] + '.' + k] = [str(s) for s in f.signatures]\n"
    "    return out\n"
)


def run(code: str, **env_vars: str) -> object:
    env = {k: v for k, v in os.environ.items() if k not in ("ROUGE_LENS_PURE_PYTHON", "NUMBA_CACHE_DIR")}
    env["ROUGE_LENS_COMPILE"] = "foreground"  # what a call compiles, not a background build (test_kernels_background)
    env.update(env_vars)
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    got: object = json.loads(out.stdout.splitlines()[-1])
    return got


def test_a_batch_that_does_not_stem_compiles_no_stemming_kernel():
    """The chunk check used to stem, so every score_batch compiled compact, localize and the
    ROUGE-1.5.5 stemmer (about 3.4 s of CPU on a first run) even when the run did not stem."""
    code = (
        SIGNATURES + "import json, rouge_core\n"
        # a first run has no ahead-of-time module (the builder makes it): numba's kernels, as then
        "import rouge_core.kernels.aot as aot; aot.drop('as on a first run', quiet=True)\n"
        f"rouge_core.score_batch({PAIRS}, rouge_core.RougeConfig())\n"
        "s = signatures()\n"
        "names = ['chunk.compact', 'chunk.localize', 'chunk.chunk_counts',"
        " 'porter_rouge.porter', 'porter_nltk.stem_ids']\n"
        "print(json.dumps({k: len(s.get(k, [])) for k in names}))\n"
    )
    assert run(code) == {
        "chunk.compact": 0,
        "chunk.localize": 0,
        "chunk.chunk_counts": 1,
        "porter_rouge.porter": 0,
        "porter_nltk.stem_ids": 0,
    }


def test_a_batch_that_stems_checks_the_keying_kernels_and_its_stemmer_before_using_them():
    code = (
        "import json, rouge_core\n"
        "from rouge_core.batch import compiled\n"
        "from rouge_core.kernels import backend, stemmers\n"
        "config = rouge_core.RougeConfig(stem=True)\n"
        f"pairs = {PAIRS}\n"
        "got = rouge_core.score_batch(pairs, config).measures\n"
        "want = [rouge_core.score(c, r, config) for c, r in pairs]\n"
        "same = all(got[k].score(i) == w[k].score for i, w in enumerate(want) for k in got)\n"
        "print(json.dumps([same, backend.passed(compiled.CHUNK_KEYS), backend.passed(stemmers.ROUGE_STEMMER),"
        " backend.passed(stemmers.NLTK_STEM_IDS)]))\n"
    )
    assert run(code) == [True, True, True, False]


def test_score_and_score_batch_compile_each_kernel_once_and_no_long_pair_kernel(tmp_path):
    """A literal True or False argument made numba compile a kernel once per value: union_credit
    three times, skip_hits three times, long_pair twice. A short pair never reaches the long-pair
    paths (compiled at the first long pair, through rouge_core.kernels.lazy). An empty cache: a
    kernel loaded from the cache brings its callees' code with it, so only a compilation shows them.
    The stemmers' modules are left out: each suffix they test is a tuple typed by its bytes, one
    compilation per suffix (not changed yet)."""
    code = (
        SIGNATURES + "STEMMERS = ('porter_rouge', 'porter_nltk', 'suffixes')\n"
        "import json, rouge_core\n"
        "rouge_core.score('Police kill the gunmen.', 'police killed the gunman')\n"
        f"rouge_core.score_batch({PAIRS}, rouge_core.RougeConfig())\n"
        f"rouge_core.score_batch({PAIRS}, rouge_core.RougeConfig(stem=True))\n"
        "s = {k: v for k, v in signatures().items() if k.split('.')[0] not in STEMMERS}\n"
        "print(json.dumps({'twice': sorted(k for k, v in s.items() if len(v) > 1),"
        " 'literal': sorted(k for k, v in s.items() if 'Literal' in ''.join(v)),"
        " 'long': [len(s.get(k, [])) for k in ('wlcs_wavefront.wlcs_long', 'bitlcs.trace_long')],"
        " 'union_credit': len(s['union.union_credit'])}))\n"
    )
    assert run(code, NUMBA_CACHE_DIR=str(tmp_path)) == {"twice": [], "literal": [], "long": [0, 0], "union_credit": 1}


def test_a_stemmer_compiles_its_suffix_test_once(tmp_path):
    """Each suffix was a tuple of byte values, typed by those values: ends_with compiled once per
    suffix (13 times for the ROUGE-1.5.5 stemmer). An empty cache, as above."""
    code = (
        "import json\n"
        "from rouge_core.kernels import stemmers, suffixes\n"
        "stem = stemmers.rouge_porter()\n"
        "print(json.dumps([stem('agreement'), stem('relational'), len(suffixes.ends_with.signatures)]))\n"
    )
    assert run(code, NUMBA_CACHE_DIR=str(tmp_path)) == ["agreem", "relat", 1]
