"""rouge_core.kernels.blas_probe: numba finds its BLAS without importing all of scipy.linalg (issue 22, target 1).

The process-wide checks run in a fresh process each: which modules are imported depends on everything
the process did before.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rouge_core.kernels import blas_probe

ROOT = Path(__file__).resolve().parents[2]

_AFTER_KERNELS = """
import json, sys
from rouge_core import RougeConfig, backend, score_batch
config = RougeConfig(profile="rouge155", max_n=4, wlcs_weight=1.2, skip_distance=4, rouge_su=True)
result = score_batch([("police killed the gunman", "police kill the gunman")], config)
seen = {
    "backend": backend().name,
    "recall": result.measures["ROUGE-1"].recall.tolist(),
    "linalg_before": "scipy.linalg" in sys.modules,
    "blas_loaded": "scipy.linalg.cython_blas" in sys.modules,
}
import numba.np.arraymath
seen["have_blas"] = numba.np.arraymath._HAVE_BLAS
import numpy as np
import scipy.linalg, scipy.stats
seen["solve"] = scipy.linalg.solve(np.array([[3.0, 1.0], [1.0, 2.0]]), np.array([9.0, 8.0])).tolist()
seen["same_blas"] = scipy.linalg.cython_blas is sys.modules["scipy.linalg.cython_blas"]
seen["ddot"] = float(scipy.linalg.blas.ddot(np.array([1.0, 2.0]), np.array([3.0, 4.0])))
seen["norm_ppf"] = round(float(scipy.stats.norm.ppf(0.975)), 6)
seen["ttest_p"] = round(float(scipy.stats.ttest_rel([1.0, 2.0, 3.0, 4.0], [1.5, 2.5, 2.0, 5.0]).pvalue), 6)
print(json.dumps(seen))
"""


def _numba_here() -> bool:
    return importlib.util.find_spec("numba") is not None and blas_probe.extension_path() is not None


@pytest.mark.skipif(not _numba_here(), reason="needs numba and scipy's cython_blas")
def test_kernels_load_without_scipy_linalg_and_scipy_still_works() -> None:
    env = {k: v for k, v in os.environ.items() if k != "ROUGE_LENS_PURE_PYTHON"}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run(
        [sys.executable, "-c", _AFTER_KERNELS], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )
    assert proc.returncode == 0, proc.stderr
    seen = json.loads(proc.stdout)
    assert seen["backend"] == "numba"
    assert seen["recall"] == [0.75]
    assert seen["linalg_before"] is False  # numba's BLAS check did not import the whole of scipy.linalg
    assert seen["blas_loaded"] is True and seen["have_blas"] is True  # ... and still found a BLAS
    assert seen["solve"] == pytest.approx([2.0, 3.0])  # scipy.linalg imported afterwards works
    assert seen["same_blas"] is True
    assert seen["ddot"] == 11.0
    assert seen["norm_ppf"] == 1.959964
    assert seen["ttest_p"] == 0.604181


def test_nothing_loaded_when_scipy_linalg_is_imported_already() -> None:
    import scipy.linalg  # noqa: F401  (numba's own way has run: nothing left to save)

    assert blas_probe.load_cython_blas() is False


def test_a_missing_extension_leaves_numba_its_own_import(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(blas_probe, "extension_path", lambda: None)
    for name in ("scipy.linalg", blas_probe.NAME):
        monkeypatch.delitem(sys.modules, name, raising=False)
    assert blas_probe.load_cython_blas() is False
    assert blas_probe.NAME not in sys.modules


def test_a_failing_extension_is_taken_out_again(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    broken = tmp_path / ("cython_blas" + importlib.machinery.EXTENSION_SUFFIXES[0])
    broken.write_bytes(b"not a shared object")
    monkeypatch.setattr(blas_probe, "extension_path", lambda: str(broken))
    for name in ("scipy.linalg", blas_probe.NAME):
        monkeypatch.delitem(sys.modules, name, raising=False)
    assert blas_probe.load_cython_blas() is False  # dlopen's error is an ImportError: said at debug
    assert blas_probe.NAME not in sys.modules
