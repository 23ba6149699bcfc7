"""Building the ahead-of-time module of :mod:`rouge_core.kernels.aot` (in the builder, with numba).

:func:`build` runs after every kernel group has passed its check through numba in this process
(``python -m rouge_core.kernels``): each registered kernel is exported once per signature numba
compiled for it (the checks call them with the argument types of the real calls), as
``name__i``, with numba's ahead-of-time compiler (``numba.pycc``, which needs a C compiler) for this
CPU. The functions release the GIL, as numba's ``nogil`` kernels do (threads score chunks side by
side). The module and its JSON list of argument types are written aside and renamed into place,
the JSON first: a reader finds a whole module or none. Modules of other keys in the folder are
removed. When it cannot be built (no C compiler, a numba without ``pycc``, an unwritable folder),
that is logged and numba's kernels serve, as before.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import logging
import os
import shutil
import tempfile
import warnings
from pathlib import Path
from typing import Any, Iterator

from . import aot, backend

_log = logging.getLogger(__name__)


def kind_of(numba_type: Any) -> Any:
    """An argument's numba type as :func:`rouge_core.kernels.aot.fits` reads it.

    >>> import numba
    >>> kind_of(numba.types.int64), kind_of(numba.types.boolean), kind_of(numba.float64[:, ::1])
    ('int', 'bool', ['<f8', 2, 'C', False])
    """
    types = importlib.import_module("numba.core.types")
    if isinstance(numba_type, types.Array):
        dtype = importlib.import_module("numba.np.numpy_support").as_dtype(numba_type.dtype)
        return [dtype.str, numba_type.ndim, numba_type.layout, not numba_type.mutable]
    if isinstance(numba_type, types.Boolean):
        return "bool"
    if isinstance(numba_type, types.Integer):
        return "int"
    if isinstance(numba_type, types.Float):
        return "float"
    raise TypeError(f"no ahead-of-time export for arguments of type {numba_type}")


@contextlib.contextmanager
def _gil_released() -> Iterator[None]:
    """pycc compiles its exports with default flags, whose Python wrapper holds the GIL; numba's
    own ``nogil`` is the flag ``release_gil``. Set while :func:`build` compiles, restored after."""
    compiler: Any = importlib.import_module("numba.pycc.compiler")
    plain = compiler.Flags

    class NoGil(plain):  # type: ignore[misc, valid-type]  # numba ships no types
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.release_gil = True

    compiler.Flags = NoGil
    try:
        yield
    finally:
        compiler.Flags = plain


class NotBuilt(Exception):
    """Why the module cannot be built here (numba's kernels then serve, as before)."""


def build() -> Path:
    """Compile the registered kernels into this machine's module (unless it is there) and return its path; raises
    :class:`NotBuilt`, saying why, when it cannot be built here (no numba, a group that has not passed
    its check through numba in this process, no folder to write it to, no ``pycc``, no C compiler).

    >>> build().name  # doctest: +SKIP
    'rouge_lens_aot_0123456789abcdef.cpython-311-x86_64-linux-gnu.so'
    """
    if backend.numba_module() is None:
        raise NotBuilt("numba is not the backend")
    name = aot.module_name()
    for folder in aot.folders():
        if aot.module_file(folder, name).exists():
            return aot.module_file(folder, name)  # built already, for these sources and this machine
    kinds: dict[str, dict[str, list[Any]]] = {}
    exported: list[tuple[str, Any, Any]] = []
    for group, (module, names) in aot.exports().items():
        if not backend.numba_passed(group):  # numba compiled the signatures exported below
            raise NotBuilt(f"the {group} have not passed their check through numba here")
        source = importlib.import_module(f"{__package__}.{module}")
        for fn in names:
            sigs = list(getattr(source, fn).nopython_signatures)
            kinds.setdefault(module, {})[fn] = [[kind_of(t) for t in sig.args] for sig in sigs]
            exported += [(f"{fn}__{i}", sig, getattr(source, fn).py_func) for i, sig in enumerate(sigs)]
    reasons = []
    for folder in aot.folders():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            return _compile(folder, name, kinds, exported)
        except (OSError, ImportError, RuntimeError) as e:  # a folder not writable, no pycc, no C compiler
            reasons.append(f"{folder}: {type(e).__name__}: {' '.join(str(e).split())}")  # one line
            _log.info("no ahead-of-time module in %s: %s: %s", folder, type(e).__name__, e)
    raise NotBuilt("; ".join(reasons))


def _compile(folder: Path, name: str, kinds: dict[str, Any], exported: list[tuple[str, Any, Any]]) -> Path:
    with tempfile.TemporaryDirectory(dir=folder, prefix=".aot-") as work:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pycc's pending-deprecation notice: this use is deliberate
            cc_module = importlib.import_module("numba.pycc")
            cc = cc_module.CC(name)
            cc.output_dir = work
            cc.target_cpu = "host"
            cc.verbose = False
            for symbol, sig, fn in exported:
                cc.export(symbol, sig)(fn)
            errors = importlib.import_module("setuptools.errors")  # pycc compiles through setuptools
            with _gil_released():
                try:
                    cc.compile()
                except (errors.CCompilerError, errors.ExecError, errors.PlatformError) as e:
                    raise RuntimeError(f"the C compiler failed: {e}") from e
        built = aot.module_file(Path(work), name)
        target = aot.module_file(folder, name)
        sidecar = Path(work) / (name + ".json")
        sidecar.write_text(json.dumps({"module": name, "kernels": kinds}, indent=1) + "\n", encoding="utf-8")
        os.replace(sidecar, folder / sidecar.name)
        os.replace(built, target)
    for old in folder.glob(aot.PREFIX + "*"):
        if not old.name.startswith(name + "."):
            with contextlib.suppress(OSError):  # another process's module in use, or gone already
                old.unlink() if old.is_file() else shutil.rmtree(old)
    return target
