"""scipy's BLAS table loaded on its own, so that numba's start-up does not import all of ``scipy.linalg``.

When numba first types a kernel it imports its array functions, whose module asks once whether a
BLAS is there (``numba.np.linalg.ensure_blas``: ``import scipy.linalg.cython_blas``). That import runs
``scipy/linalg/__init__.py`` first, which loads the whole of ``scipy.linalg`` and, through it, parts
of ``scipy._lib`` and ``numpy.f2py``: about 0.2 s of CPU in every process that loads a kernel, for a
module none of rouge_core's kernels calls (they use no linear algebra).

Python's import of a dotted name returns the ``sys.modules`` entry when there is one, without running
the parents' ``__init__``. :func:`load_cython_blas` puts the extension module
``scipy/linalg/cython_blas`` there, loaded from its file, before numba asks: numba then finds a BLAS
(its ``_HAVE_BLAS`` stays True, exactly as without this module) and ``scipy.linalg`` is not imported.
A later ``import scipy.linalg`` works as usual and finds the same extension module in place; as the
usual import would, it then gets the module as its attribute ``cython_blas`` (:class:`BindOnImport`:
``import scipy.linalg.cython_blas`` alone returns the ``sys.modules`` entry without binding it to its
parent, so code reading ``scipy.linalg.cython_blas`` after that import would otherwise fail).

Nothing here changes a number: if scipy or the file is missing, or loading it fails, nothing is put in
``sys.modules`` and numba's own import runs as it always did (said at debug level).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import logging
import os
import sys
from types import ModuleType
from typing import Any, Optional, Sequence

_log = logging.getLogger(__name__)

#: The module numba imports to find a BLAS.
NAME = "scipy.linalg.cython_blas"


def extension_path() -> Optional[str]:
    """The file of scipy's ``linalg/cython_blas`` extension module, found without importing scipy;
    None when scipy or the file is not there.

    >>> path = extension_path()
    >>> path is None or os.path.basename(path).startswith("cython_blas")
    True
    """
    try:
        spec = importlib.util.find_spec("scipy")
    except (ImportError, ValueError):  # a broken or half-removed install: numba's own path decides
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for folder in spec.submodule_search_locations:
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            path = os.path.join(folder, "linalg", "cython_blas" + suffix)
            if os.path.isfile(path):
                return path
    return None


def load_cython_blas() -> bool:
    """Load ``scipy.linalg.cython_blas`` alone into ``sys.modules`` unless ``scipy.linalg`` (or the
    module) is already imported; True when this call loaded it.

    >>> import scipy.linalg  # imported already (numba's own way): there is nothing to save
    >>> load_cython_blas()
    False
    """
    if "scipy.linalg" in sys.modules or NAME in sys.modules:
        return False  # already paid for, or already done: nothing to save
    path = extension_path()
    if path is None:
        _log.debug("no %s file found: numba imports scipy.linalg itself", NAME)
        return False
    spec = importlib.util.spec_from_file_location(NAME, path)
    if spec is None or spec.loader is None:
        _log.debug("%s cannot be loaded from %s: numba imports scipy.linalg itself", NAME, path)
        return False
    try:
        module = importlib.util.module_from_spec(spec)
        sys.modules[NAME] = module
        spec.loader.exec_module(module)
    except (ImportError, OSError, ValueError, RuntimeError) as e:  # a scipy built differently (another
        # numpy ABI, a missing library): numba's own import decides, as it would have without this module
        sys.modules.pop(NAME, None)
        _log.debug("%s did not load alone (%s): numba imports scipy.linalg itself", NAME, e)
        return False
    sys.meta_path.insert(0, BindOnImport())
    return True


class BindOnImport(importlib.abc.MetaPathFinder):
    """When ``scipy.linalg`` is imported, give it its ``cython_blas`` attribute (the module already in
    ``sys.modules``) once it has run, as the usual import of the extension module would have done; the
    finder then takes itself out of ``sys.meta_path``. Any other import is left to the other finders.

    >>> BindOnImport().find_spec("json", None) is None
    True
    """

    def find_spec(self, fullname: str, path: Optional[Sequence[str]], target: Optional[ModuleType] = None) -> Any:
        """The usual spec of ``scipy.linalg`` with a loader that binds ``cython_blas`` after running it."""
        if fullname != "scipy.linalg":
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)  # once: a later import finds the module in sys.modules
        spec = importlib.util.find_spec(fullname)  # the other finders' answer
        if spec is not None and spec.loader is not None:
            spec.loader = _Binding(spec.loader)
        return spec


class _Binding(importlib.abc.Loader):
    """A package's loader that, after running the package, sets ``cython_blas`` on it (everything else:
    the wrapped loader's)."""

    def __init__(self, loader: Any) -> None:
        self._loader = loader

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> Optional[ModuleType]:
        module: Optional[ModuleType] = self._loader.create_module(spec)
        return module

    def exec_module(self, module: ModuleType) -> None:
        self._loader.exec_module(module)
        blas = sys.modules.get(NAME)
        if blas is not None and "cython_blas" not in vars(module):
            module.cython_blas = blas  # type: ignore[attr-defined]  # the attribute the usual import sets

    def __getattr__(self, name: str) -> Any:  # get_filename, get_resource_reader, is_package, ...
        return getattr(self._loader, name)
