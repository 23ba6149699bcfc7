"""One anti-diagonal of the WLCS programme as explicit 8-lane vectors, ``f`` looked up in a register.

The inner loop of :func:`rouge_core.kernels.wlcs_wavefront._block` gives each cell of one
anti-diagonal ``(c[a-1][b-1] + f[k+1]) - f[k]`` on a match (``k`` the run on its diagonal) or the
larger of the cells above and to the left, the one above on a tie. Written as a plain loop, numba
and LLVM vectorise it, but look ``f[k]`` and ``f[k+1]`` up with a compare and a select per run
length (``f[0..4]``: nine of the loop's twenty-odd vector operations a cell). :func:`diagonal`
emits the loop itself, 8 cells a step, and on a CPU with AVX-512 looks both values up with one
``vpermpd`` each from the eight values ``f[0..7]`` and ``f[1..8]`` held in registers (LLVM's
``llvm.x86.avx512.permvar.df.512``): exact for runs of 0 to 7, and a run of 8 or more is reported so
the caller redoes it with the table. Elsewhere (another CPU, or code compiled for a generic one) the
same loop selects among ``f[0..4]`` as before, and reports runs of 4 or more. The arithmetic of each
cell is the same, in the same order, with no fast-math flags: the same numbers.

Fewer operations alone did not make the sweep faster (1.02 -> 1.01 s at 50,000 words a side): the
loop then waits on its loads and stores. With the runs and tokens as int32 and the working rows
aligned to cache lines (:mod:`rouge_core.kernels.wlcs_wavefront`), 0.52-0.59 s; the same with the
plain loop's selects, 0.87-0.88 s. (LLVM may emit ``vpermq``, the same permutation on integers.)

A step covers cells ``x .. x+7``; the last step of an anti-diagonal whose length is not a multiple
of 8 covers its last 8 cells again (a cell's value depends only on the anti-diagonals before it, so
computing it twice writes the same value). The caller handles anti-diagonals shorter than 8.
"""

from __future__ import annotations

import logging
from typing import Any

import numpy as np
import numpy.typing as npt

from ._jit import jit, numba
from .vector_width import add_attribute

__all__ = ["LANES", "diagonal", "diagonal_python", "wide_lookup"]

_log = logging.getLogger(__name__)

INT = npt.NDArray[np.signedinteger[Any]]  # int32 or int64, runs and tokens alike
F64 = npt.NDArray[np.float64]

#: Cells a step (one 512-bit vector of float64).
LANES = 8


@jit
def diagonal_python(
    up_c: F64, diag_c: F64, diag_r: INT, out_c: F64, out_r: INT, rt: INT, ct: INT, cnt: int, f: F64
) -> bool:
    """What :func:`diagonal` computes, in Python: cells ``0..cnt-1``, every ``f`` lookup from the table
    (nothing left to redo, so always False). ``up_c[x]``/``up_c[x+1]`` are the cells above / left of
    cell ``x``, ``diag_*`` the diagonal's value and run, ``rt``/``ct`` the tokens compared.

    >>> up, dc, dr = np.array([1.0, 2.0, 2.0]), np.array([1.0, 1.0]), np.array([1, 0])
    >>> oc, orr, f = np.zeros(2), np.zeros(2, dtype=np.int64), np.array([0.0, 1.0, 4.0, 9.0])
    >>> diagonal_python(up, dc, dr, oc, orr, np.array([5, 6]), np.array([5, 7]), 2, f)
    False
    >>> oc.tolist(), orr.tolist()  # a match after a run of 1: 1 + f[2] - f[1]; no match: max(2, 2)
    ([4.0, 2.0], [2, 0])
    """
    for x in range(cnt):
        run = diag_r[x]
        if rt[x] == ct[x]:
            out_c[x] = (diag_c[x] + f[run + 1]) - f[run]
            out_r[x] = run + 1
        else:
            up, left = up_c[x], up_c[x + 1]
            out_c[x] = up if up >= left else left
            out_r[x] = 0
    return False


def wide_lookup(features: str) -> bool:
    """Whether code for a target with these LLVM features (``"+avx512f,..."``) can use ``vpermpd``.

    >>> wide_lookup("+sse2,+avx512f,-avx512bw"), wide_lookup("+sse2,-avx512f"), wide_lookup("")
    (True, False, False)
    """
    return "+avx512f" in features.split(",")


if numba is not None:
    from llvmlite import ir  # type: ignore[import-untyped]
    from numba.core import types
    from numba.extending import intrinsic

    def _align(ty: Any) -> int:
        """Bytes an element of a vector type is aligned to (numpy's arrays: the element's size)."""
        return 8 if isinstance(ty.element, ir.DoubleType) else int(ty.element.width) // 8

    def _emit(context: Any, builder: Any, sig: Any, args: Any) -> Any:
        """The loop over the anti-diagonal's 8-cell steps (see the module's docstring)."""
        features = getattr(context.codegen(), "_tm_features", None)  # the target's, e.g. "+avx512f,..."
        if not isinstance(features, str):  # a numba that keeps them elsewhere: the portable loop
            _log.info("the WLCS sweep selects f's values: numba's code generator does not say its target's features")
            features = ""
        wide = wide_lookup(features)
        # 512-bit vectors for the function this loop lands in (LLVM would split them in two otherwise).
        add_attribute(builder.function.attributes)
        i64, f64 = ir.IntType(64), ir.DoubleType()
        vd, vi = ir.VectorType(f64, LANES), ir.VectorType(i64, LANES)
        # Runs and tokens as the arrays hold them (int32 halves the bytes a step moves: the loop is
        # bound by its loads and stores, not by its arithmetic); the lookup's index is 64-bit.
        vr = ir.VectorType(ir.IntType(sig.args[2].dtype.bitwidth), LANES)
        vt = ir.VectorType(ir.IntType(sig.args[5].dtype.bitwidth), LANES)
        up_p, dc_p, dr_p, oc_p, or_p, rt_p, ct_p, f_p = (
            context.make_array(sig.args[i])(context, builder, value=args[i]).data for i in (0, 1, 2, 3, 4, 5, 6, 8)
        )
        cnt = args[7]

        def at(ptr: Any, x: Any, ty: Any) -> Any:
            return builder.bitcast(builder.gep(ptr, [x]), ty.as_pointer())

        def load(ptr: Any, x: Any, ty: Any) -> Any:
            return builder.load(at(ptr, x, ty), align=_align(ty))

        def store(value: Any, ptr: Any, x: Any) -> None:
            builder.store(value, at(ptr, x, value.type), align=_align(value.type))

        def splat(value: int, ty: Any) -> Any:
            return ir.Constant(ty, [value] * LANES)

        def broadcast(scalar: Any) -> Any:
            one = builder.insert_element(ir.Constant(vd, ir.Undefined), scalar, ir.Constant(ir.IntType(32), 0))
            zeros = ir.Constant(ir.VectorType(ir.IntType(32), LANES), [0] * LANES)
            return builder.shuffle_vector(one, ir.Constant(vd, ir.Undefined), zeros)

        if wide:
            name = "llvm.x86.avx512.permvar.df.512"
            permvar = builder.module.globals.get(name) or ir.Function(
                builder.module, ir.FunctionType(vd, [vd, vi]), name
            )
            lo_table, hi_table = load(f_p, ir.Constant(i64, 0), vd), load(f_p, ir.Constant(i64, 1), vd)

            def lookup(table: Any, run: Any) -> Any:
                return builder.call(permvar, [table, run])  # lane i: table[run_i & 7]

            cap = 8  # runs 0..7 exact: an out run above 8 came from a run of 8 or more
        else:
            scalars = [builder.load(builder.gep(f_p, [ir.Constant(i64, k)])) for k in range(5)]

            def lookup(table: Any, run: Any) -> Any:
                # table[run] for runs 0..2, table[3] above: the select chain of the plain loop before
                out = broadcast(table[3])
                for k in (2, 1, 0):
                    out = builder.select(builder.icmp_signed("==", run, splat(k, vi)), broadcast(table[k]), out)
                return out

            lo_table, hi_table = scalars[0:4], scalars[1:5]
            cap = 4

        def step(x: Any, longest: Any) -> Any:
            """Cells x..x+7; the running maximum of the runs written."""
            up, left = load(up_p, x, vd), load(up_p, builder.add(x, ir.Constant(i64, 1)), vd)
            dc, run_r = load(dc_p, x, vd), load(dr_p, x, vr)
            run = run_r if vr.element.width == 64 else builder.sext(run_r, vi)
            match = builder.icmp_signed("==", load(rt_p, x, vt), load(ct_p, x, vt))
            # The same two operations in the same order as the table's rule, no fast-math flags.
            v = builder.fsub(builder.fadd(dc, lookup(hi_table, run)), lookup(lo_table, run))
            best = builder.select(builder.fcmp_ordered(">=", up, left), up, left)  # ties go up
            store(builder.select(match, v, best), oc_p, x)
            out_run = builder.select(match, builder.add(run_r, splat(1, vr)), splat(0, vr))
            store(out_run, or_p, x)
            return builder.select(builder.icmp_signed(">", out_run, longest), out_run, longest)

        entry = builder.block
        loop, check, last, done = (
            builder.append_basic_block(f"diagonal.{b}") for b in ("loop", "check", "last", "done")
        )
        builder.branch(loop)
        builder.position_at_end(loop)
        x = builder.phi(i64)
        longest = builder.phi(vr)
        x.add_incoming(ir.Constant(i64, 0), entry)
        longest.add_incoming(splat(0, vr), entry)
        after = step(x, longest)
        x_next = builder.add(x, ir.Constant(i64, LANES))
        x.add_incoming(x_next, loop)
        longest.add_incoming(after, loop)
        builder.cbranch(builder.icmp_signed("<=", builder.add(x_next, ir.Constant(i64, LANES)), cnt), loop, check)
        builder.position_at_end(check)
        builder.cbranch(builder.icmp_signed("<", x_next, cnt), last, done)
        builder.position_at_end(last)
        # The cells after the last whole step: the anti-diagonal's last 8, some of them again.
        tail = step(builder.sub(cnt, ir.Constant(i64, LANES)), after)
        builder.branch(done)
        builder.position_at_end(done)
        result = builder.phi(vr)
        result.add_incoming(after, check)
        result.add_incoming(tail, last)
        over = builder.bitcast(builder.icmp_signed(">", result, splat(cap, vr)), ir.IntType(LANES))
        return builder.icmp_unsigned("!=", over, ir.Constant(ir.IntType(LANES), 0))

    @intrinsic
    def _diagonal(
        typingctx: Any, up_c: Any, diag_c: Any, diag_r: Any, out_c: Any, out_r: Any, rt: Any, ct: Any, cnt: Any, f: Any
    ) -> Any:
        """Cells ``0..cnt-1`` of one anti-diagonal (``cnt`` >= 8), True when a run was too long for the
        registers' lookup (those cells are to be redone with the table). Contiguous one-dimensional
        arrays: float64 values, runs and tokens each of one integer type; other types do not compile."""
        arrays = (up_c, diag_c, diag_r, out_c, out_r, rt, ct, f)
        if not all(isinstance(a, types.Array) and a.ndim == 1 and a.layout == "C" for a in arrays):
            return None
        if not all(a.dtype == types.float64 for a in (up_c, diag_c, out_c, f)):
            return None
        if diag_r.dtype != out_r.dtype or rt.dtype != ct.dtype or not isinstance(cnt, types.Integer):
            return None
        if not all(d in (types.int32, types.int64) for d in (diag_r.dtype, rt.dtype)):
            return None
        return types.boolean(up_c, diag_c, diag_r, out_c, out_r, rt, ct, types.intp, f), _emit

    diagonal: Any = _diagonal
else:
    diagonal = diagonal_python
