"""A :class:`~rouge_core.batch.score.BatchResult` in fewer bytes, for its way back from a worker (issue 22, point 5).

What a Dask worker sends the client for one file is its columns: 8 measures of 8 columns, 424 bytes
a news pair with rouge155's defaults, 8.5 MB a 20,000-pair shard. The floats (precision, recall, F,
ROUGE-W's weighted counts) travel as they are; a whole-number column travels in the smallest integer
type that holds its values (news counts fit in one or two bytes, not eight), and an integer or
boolean column of one value (``has_counts`` all True, ``note_index`` all 0: one note set) as that
value. :func:`unpack` gives back every column in its own dtype with the same values, so the
numbers are the same to the last bit; the shard above travels in about 5 MB.

>>> from rouge_core import RougeConfig, score_batch
>>> res = score_batch([("a b", "a b"), ("a", "a c")], RougeConfig(max_n=1, rouge_l=False, wlcs_weight=None,
...                   skip_distance=None), ids=["d1", "d2"])
>>> columns = pack(res).measures["ROUGE-1"].columns
>>> columns["hit"].values.dtype, columns["has_counts"]
(dtype('uint8'), Same(dtype='bool', value=True, length=2))
>>> back = unpack(pack(res))
>>> back.ids.tolist(), back.measures["ROUGE-1"].hit.dtype, back.measures["ROUGE-1"].recall.tolist()
(['d1', 'd2'], dtype('int64'), [1.0, 0.5])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

import numpy as np

from ..config import RougeConfig
from .score import COLUMN_FIELDS, BatchResult, MeasureColumns


@dataclass(frozen=True)
class Same:
    """A column whose elements are all ``value`` (of ``dtype``), sent as that.

    >>> Same("int32", 0, 3).array().tolist()
    [0, 0, 0]
    """

    dtype: str
    value: Union[int, bool]
    length: int

    def array(self) -> np.ndarray:
        """The column itself."""
        return np.full(self.length, self.value, dtype=self.dtype)


@dataclass(frozen=True)
class Narrowed:
    """A whole-number column sent in a smaller integer type (``values``); ``dtype`` is its own.

    >>> Narrowed("int64", np.array([3, 250], dtype=np.uint8)).array().dtype
    dtype('int64')
    """

    dtype: str
    values: np.ndarray

    def array(self) -> np.ndarray:
        """The column in its own dtype (every value fits both: the same numbers)."""
        return self.values.astype(self.dtype)


Column = Union[np.ndarray, Same, Narrowed]


@dataclass(frozen=True)
class PackedMeasure:
    """One measure's columns as :func:`pack` sends them (a float column as it is)."""

    label: str
    family: str
    note_sets: tuple[tuple[str, ...], ...]
    columns: dict[str, Column]


@dataclass(frozen=True)
class Packed:
    """A :class:`BatchResult` as :func:`pack` sends it; :func:`unpack` gives it back."""

    config: RougeConfig
    ids: np.ndarray
    measures: dict[str, PackedMeasure]  # keyed as the result's


def _column(a: np.ndarray) -> Column:
    if a.dtype.kind not in "iub" or len(a) == 0:  # floats as they are: -0.0 == 0.0, NaN != NaN
        return a
    lo, hi = a.min(), a.max()
    if lo == hi:
        return Same(a.dtype.name, lo.item(), len(a))
    small = np.result_type(np.min_scalar_type(lo), np.min_scalar_type(hi))
    if a.dtype.kind == "b" or small.itemsize >= a.dtype.itemsize:
        return a
    return Narrowed(a.dtype.name, a.astype(small))


def pack(result: BatchResult) -> Packed:
    """``result`` in fewer bytes, with its ids."""
    measures = {
        key: PackedMeasure(m.label, m.family, m.note_sets, {f: _column(getattr(m, f)) for f in COLUMN_FIELDS})
        for key, m in result.measures.items()
    }
    return Packed(result.config, result.ids, measures)


def unpack(packed: Packed) -> BatchResult:
    """The :class:`BatchResult` :func:`pack` was given: every column in its own dtype, the same values."""
    measures = {
        key: MeasureColumns(
            m.label,
            m.family,
            note_sets=m.note_sets,
            **{f: c if isinstance(c, np.ndarray) else c.array() for f, c in m.columns.items()},
        )
        for key, m in packed.measures.items()
    }
    return BatchResult(packed.config, packed.ids, measures)
