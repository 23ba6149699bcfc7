"""The batch's kernels as one extension module compiled ahead of time, loaded without numba.

A process that scores through the chunk kernels pays, before its first count, numba's import and the
loading of its disk cache (about 0.3 s of CPU: numba builds its typing and target contexts, then
loads the machine code), whatever the size of its work. So the builder (``python -m
rouge_core.kernels``, in the background or by hand: :mod:`rouge_core.kernels.aot_build`), once every
group has passed its check through numba, also compiles the kernels registered here
(:func:`register`: the chunk and bootstrap groups) into one extension module for this machine, with
numba's ahead-of-time compiler, from the same sources. A later process imports that module (about a
millisecond: no numba, no llvmlite) and runs each group's usual check on it
(:func:`rouge_core.kernels.backend.ready`) before using it.

The module's name carries a digest of the kernel sources, of Python's and numpy's versions and of
this CPU's model and features (:func:`module_name`), so an edited tree, an upgrade or another CPU
finds none and goes through numba as before. A module beside it (JSON) lists each kernel's compiled
argument types: a call with other types (an array of another dtype, a non-contiguous one) goes to
numba's dispatcher instead, which compiles for them, so nothing is ever misread. The module is not
used under ``ROUGE_LENS_PURE_PYTHON``, and a module that fails to load or gives a wrong answer on a
check is dropped for the process, with one warning.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import importlib.util
import json
import logging
import os
import platform
import sys
import threading
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any, Callable, Optional

import numpy as np

from .backend import FORCE_PURE

_log = logging.getLogger(__name__)

#: The start of every module's name (the rest is its key).
PREFIX = "rouge_lens_aot_"
_KERNELS = Path(__file__).resolve().parent
#: Group -> (kernel module under rouge_core.kernels, the functions of it the group calls).
_exports: dict[str, tuple[str, tuple[str, ...]]] = {}
_lock = threading.Lock()
_loaded: list[Optional[dict[str, SimpleNamespace]]] = []  # kernel module -> its served functions; None: none
_dropped: list[str] = []  # why this process stopped using the module


def register(group: str, module: str, names: tuple[str, ...]) -> None:
    """Compile ``module``'s functions ``names`` (the kernels ``group`` calls) into the module.

    >>> register("bootstrap kernels", "bootstrap", ("perl_sums", "add_in_order"))
    >>> exports()["bootstrap kernels"]
    ('bootstrap', ('perl_sums', 'add_in_order'))
    """
    _exports[group] = (module, names)


def exports() -> dict[str, tuple[str, tuple[str, ...]]]:
    """Every registered group: (kernel module, function names)."""
    return dict(_exports)


def cpu_identity() -> str:
    """This CPU's architecture, model and features, as the operating system tells them (the module
    is compiled for this CPU: another may lack its instructions).

    >>> platform.machine() in cpu_identity()
    True
    """
    parts = [platform.machine(), platform.processor()]
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as info:
            for line in info:  # the first processor's model and feature flags
                name = line.split(":", 1)[0].strip()
                if name in ("model name", "flags", "Features", "CPU part"):
                    parts.append(line.strip())
                if not line.strip() and len(parts) > 2:
                    break
    except OSError:  # no /proc here: the architecture and processor name are what there is
        pass
    return "\n".join(parts)


def module_name() -> str:
    """The module's name for these sources, this Python, this numpy and this CPU.

    >>> module_name().startswith(PREFIX), len(module_name()) == len(PREFIX) + 16
    (True, True)
    """
    from .background import files_digest, sources  # the files the numba stamps depend on, with the builder's own

    python = f"{sys.version_info[0]}.{sys.version_info[1]}"
    digest = files_digest([*sources(), _KERNELS / "aot_build.py"], python, np.__version__, cpu_identity())
    return PREFIX + digest[:16]


def folders() -> list[Path]:
    """Where the module may be, in the order looked at: under ``NUMBA_CACHE_DIR`` when it is set
    (only there), else beside the kernels' sources (``__pycache__``), else in the user's cache.

    >>> folders()[0].name in ("rouge-lens", "__pycache__")
    True
    """
    numba_cache = os.environ.get("NUMBA_CACHE_DIR", "")
    if numba_cache:
        return [Path(numba_cache) / "rouge-lens"]
    user = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rouge-lens"
    return [_KERNELS / "__pycache__", user]


def module_file(folder: Path, name: str) -> Path:
    """The extension module's file in ``folder``.

    >>> module_file(Path("/x"), "m").name.startswith("m.")
    True
    """
    return folder / (name + importlib.machinery.EXTENSION_SUFFIXES[0])


def functions(module: str) -> Optional[SimpleNamespace]:
    """The served functions of kernel module ``module`` (``"chunk"``, ``"bootstrap"``) when the
    module is there, loads and has not been dropped in this process; else None (use numba's).
    Loading happens on the first call, once a process."""
    if FORCE_PURE or _dropped:
        return None
    if not _loaded:
        with _lock:
            if not _loaded:
                _loaded.append(_load())
    served = _loaded[0]
    return None if served is None or _dropped else served.get(module)


def covers(group: str) -> bool:
    """Whether ``group``'s kernels are served by the module (see :func:`functions`)."""
    entry = _exports.get(group)
    return entry is not None and functions(entry[0]) is not None


def drop(reason: str, quiet: bool = False) -> None:
    """Stop using the module in this process (calls go through numba), with one warning (``quiet``:
    a debug message, for a process that means it, such as the builder)."""
    if not _dropped:
        _dropped.append(reason)
        level = logging.DEBUG if quiet else logging.WARNING
        _log.log(level, "the ahead-of-time compiled kernels are not used (numba's are): %s", reason)


def _load() -> Optional[dict[str, SimpleNamespace]]:
    name = module_name()
    for folder in folders():
        path = module_file(folder, name)
        if path.exists():
            break
    else:
        return None
    try:
        kinds = json.loads(path.with_name(name + ".json").read_text(encoding="utf-8"))["kernels"]
        loader = importlib.machinery.ExtensionFileLoader(name, str(path))
        spec = importlib.util.spec_from_file_location(name, path, loader=loader)
        if spec is None:
            raise ImportError(f"no module spec for {path}")
        compiled = importlib.util.module_from_spec(spec)
        loader.exec_module(compiled)
    except (OSError, ImportError, ValueError, KeyError) as e:  # a damaged or partial file: numba's kernels serve
        drop(f"{path} does not load: {type(e).__name__}: {e}")
        return None
    return {
        module: SimpleNamespace(
            **{fn: _guarded(compiled, module, fn, sigs) for fn, sigs in by_name.items()}  # one per function
        )
        for module, by_name in kinds.items()
    }


def _guarded(compiled: ModuleType, module: str, fn: str, sigs: list[list[Any]]) -> Callable[..., Any]:
    """``fn`` of the compiled module, called with the first compiled signature its arguments fit;
    numba's dispatcher when none fits."""
    entries = [(getattr(compiled, f"{fn}__{i}"), sig) for i, sig in enumerate(sigs)]

    def call(*args: Any) -> Any:
        for entry, sig in entries:
            if len(sig) == len(args) and all(map(fits, args, sig)):
                return entry(*args)
        _log.debug("%s.%s: no compiled signature fits these arguments; numba's dispatcher runs it", module, fn)
        return getattr(importlib.import_module(f"{__package__}.{module}"), fn)(*args)

    call.__name__ = fn
    return call


def fits(value: Any, kind: Any) -> bool:
    """Whether ``value`` is of the argument type ``kind`` (as :func:`rouge_core.kernels.aot_build.kind_of`
    writes it: ``"int"``, ``"bool"``, ``"float"``, or ``[dtype, ndim, layout, readonly]`` for an array).

    >>> fits(np.zeros(3), ["<f8", 1, "C", False]), fits(np.zeros(3)[::2], ["<f8", 1, "C", False])
    (True, False)
    >>> fits(3, "int"), fits(True, "bool"), fits(np.zeros(3, np.int32), ["<i8", 1, "A", True])
    (True, True, False)
    """
    if isinstance(kind, list):
        dtype, ndim, layout, readonly = kind
        return (
            isinstance(value, np.ndarray)
            and value.dtype.str == dtype
            and value.ndim == ndim
            and (layout != "C" or value.flags.c_contiguous)
            and (readonly or value.flags.writeable)
        )
    if kind == "bool":
        return isinstance(value, (bool, np.bool_))
    if kind == "int":
        return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))
    return kind == "float" and isinstance(value, (float, np.floating))
