"""rouge_core.kernels: choosing the backend, falling back without numba, the on-disk compile cache."""

from __future__ import annotations

import importlib.util
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rouge_core import kernels

ROOT = Path(__file__).resolve().parents[2]
HAS_NUMBA = importlib.util.find_spec("numba") is not None


def run(code: str, **env: str) -> str:
    """``code``'s output in a fresh interpreter (the switch is read once, at import)."""
    full = {k: v for k, v in os.environ.items() if k != "ROUGE_LENS_PURE_PYTHON"}
    full.update(env)
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=full, capture_output=True, text=True, timeout=300, check=True
    )
    return out.stdout.strip()


BACKEND = "import rouge_core; rouge_core.score('a b c', 'a c b'); print(rouge_core.backend().name)"


@pytest.mark.parametrize("value", ["1", "yes", "true"])
def test_switch_forces_pure_python(value):
    assert run(BACKEND, ROUGE_LENS_PURE_PYTHON=value) == "python"


@pytest.mark.skipif(not HAS_NUMBA, reason="numba is not installed")
@pytest.mark.parametrize("value", ["", "0"])
def test_numba_by_default(value):
    assert run(BACKEND, ROUGE_LENS_PURE_PYTHON=value) == "numba"


def test_numba_missing_falls_back_to_python():
    block = "import sys; sys.modules['numba'] = None\n"  # `import numba` raises ImportError
    assert run(block + BACKEND) == "python"  # (the warning it logs: tests/unit/test_backend.py)
    # The kernel modules still import (pytest --doctest-modules collects them), uncompiled.
    code = block + "from rouge_core.kernels import bitlcs, calls, skip, union, wlcs; print(bitlcs.masks.__module__)"
    assert run(code) == "rouge_core.kernels.bitlcs"


def test_import_does_not_load_numba():
    """Importing rouge_core stays light: numba loads on the first kernel call."""
    assert run("import sys, rouge_core; print('numba' in sys.modules)") == "False"


@pytest.mark.skipif(not HAS_NUMBA or kernels.FORCE_PURE, reason="needs the numba backend")
def test_second_start_loads_from_cache():
    kernels.impl()  # this process compiled (or loaded) every kernel, writing the cache
    code = (
        "from rouge_core import kernels\n"
        "calls = kernels.impl()\n"
        "from rouge_core.kernels import bitlcs, skip, union, wlcs\n"
        "fns = [bitlcs.lcs_pair, wlcs.wlcs_pair, union.union_credit, skip.skip_hits]\n"
        "print(all(sum(f.stats.cache_hits.values()) and not f.stats.cache_misses for f in fns))"
    )
    assert run(code) == "True"


@pytest.mark.skipif(not HAS_NUMBA or kernels.FORCE_PURE, reason="needs the numba backend")
def test_jit_without_a_cache_location(monkeypatch, caplog):
    """numba refuses ``cache=True`` when no location is writable: compile without the cache."""
    from rouge_core.kernels import _jit

    real = _jit.numba.njit

    def njit(*args, **options):
        if options.get("cache"):
            raise RuntimeError("cannot cache function 'f': no locator available for file 'f.py'")
        return real(*args, **options)

    monkeypatch.setattr(_jit.numba, "njit", njit)

    def add(a: int, b: int) -> int:
        return a + b

    caplog.set_level(logging.INFO, logger="rouge_core")
    assert _jit.jit(add)(2, 3) == 5
    assert [r.levelname for r in caplog.records] == ["INFO"]
    assert caplog.records[0].getMessage().startswith("add compiles in every process: cannot cache function 'f'")


@pytest.mark.skipif(not HAS_NUMBA or kernels.FORCE_PURE, reason="needs the numba backend")
def test_cache_save_failure_costs_nothing_else(tmp_path, monkeypatch, caplog):
    """A cache that cannot be written when a function compiles (a full disk) costs nothing else
    (it is noted on the log, below a warning: the path and the numbers stay)."""
    from rouge_core.kernels import _jit

    src = tmp_path / "rouge_lens_jit_probe.py"
    src.write_text("def twice(x):\n    return 2 * x\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import rouge_lens_jit_probe as probe  # type: ignore[import-not-found]

    fn = _jit.jit(probe.twice)
    cache = fn._cache

    def fail(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(cache, "_save_overload", fail)
    caplog.set_level(logging.INFO, logger="rouge_core")
    assert fn(21) == 42
    assert [(r.levelname, r.getMessage()) for r in caplog.records] == [
        ("INFO", "the compiled twice was not saved to the cache: [Errno 28] No space left on device")
    ]
