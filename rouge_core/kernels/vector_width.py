"""512-bit vectors for one compiled kernel: LLVM's ``prefer-vector-width`` attribute, set from inside it.

On a CPU with AVX-512, LLVM's x86 tuning prefers 256-bit vectors (numba gives it the host's CPU
name, whose tuning says so), so a vectorised loop handles 4 float64 lanes at a time, not 8. The
function attribute ``"prefer-vector-width"="512"`` lifts that for one function, as clang's
``-mprefer-vector-width=512`` does: :func:`prefer_wide_vectors`, called first in a kernel, adds it
to the function numba is generating, so only that kernel changes, and the code numba caches on disk
is the wide code (the attribute is part of the function's IR). A CPU without 512-bit registers
ignores it. Each lane computes what it computed before: no arithmetic changes, only how many cells
one instruction covers (the WLCS sweep, :mod:`rouge_core.kernels.wlcs_wavefront`, 10 % faster here).

llvmlite's ``FunctionAttributes.add`` accepts only attribute names it knows, not LLVM's
``"key"="value"`` string attributes, so the attribute goes into its set directly. If a future
llvmlite's set refuses it (a ``TypeError`` or ``ValueError``), the kernel keeps the default width,
logged once: the numbers are the same either way.
"""

from __future__ import annotations

import logging
from typing import Any

from ._jit import numba

_log = logging.getLogger(__name__)

#: The function attribute, as LLVM's IR spells it.
ATTRIBUTE = '"prefer-vector-width"="512"'


def add_attribute(attributes: Any) -> bool:
    """Add :data:`ATTRIBUTE` to llvmlite's attribute set of a function being generated; False (logged)
    when this llvmlite refuses it.

    >>> add_attribute(set())
    True
    """
    try:
        set.add(attributes, ATTRIBUTE)
    except (TypeError, ValueError) as e:
        _log.info("the WLCS kernel keeps LLVM's default vector width: %s", e)
        return False
    return True


if numba is not None:
    from numba.core import types
    from numba.extending import intrinsic

    @intrinsic
    def _prefer_wide_vectors(typingctx: Any) -> Any:
        """The attribute added to the function that calls this (numba's typing, then LLVM code)."""

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            add_attribute(builder.function.attributes)
            return context.get_dummy_value()

        return types.none(), codegen

    prefer_wide_vectors: Any = _prefer_wide_vectors
else:

    def _no_attribute() -> None:
        """Pure Python: nothing to compile."""

    prefer_wide_vectors = _no_attribute
