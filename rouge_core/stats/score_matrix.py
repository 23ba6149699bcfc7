"""A systems x inputs score matrix (NaN = missing) built from long-form (system, input, value) records.

Metric scores and human scores of the same summaries become two aligned matrices, the input of
:mod:`rouge_core.stats.correlation`: build the second with the first's ``systems`` and ``inputs``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Iterable, Optional, Sequence

import numpy as np
import numpy.typing as npt

Matrix = npt.NDArray[np.float64]


@dataclass(frozen=True)
class ScoreMatrix:
    """A systems x inputs matrix (NaN = missing) with the system and input ids of its rows and columns."""

    values: Matrix
    systems: tuple[Hashable, ...]
    inputs: tuple[Hashable, ...]


def score_matrix(
    records: Iterable[tuple[Hashable, Hashable, float]],
    systems: Optional[Sequence[Hashable]] = None,
    inputs: Optional[Sequence[Hashable]] = None,
) -> ScoreMatrix:
    """Build a score matrix from (system, input, value) records; absent cells are NaN.

    Rows and columns follow ``systems``/``inputs`` when given (pass one matrix's
    orders to build an aligned second one), else the order of first appearance.

    >>> m = score_matrix([("A", "d1", 0.5), ("B", "d2", 0.25), ("A", "d2", 1.0)])
    >>> m.systems, m.inputs, m.values.tolist()
    (('A', 'B'), ('d1', 'd2'), [[0.5, 1.0], [nan, 0.25]])
    """
    orders = {"systems": systems, "inputs": inputs}
    ids: dict[str, dict[Hashable, int]] = {name: {} for name in orders}
    for name, given in orders.items():
        ids[name] = {key: i for i, key in enumerate(given or ())}
        if given is not None and len(ids[name]) != len(given):
            raise ValueError(f"invalid {name}: ids must be unique")
    cells: dict[tuple[int, int], float] = {}
    for k, (system, doc, value) in enumerate(records):
        for name, key in (("systems", system), ("inputs", doc)):
            if key not in ids[name] and orders[name] is not None:
                raise ValueError(f"invalid records[{k}]: {key!r} is not in {name}")
            ids[name].setdefault(key, len(ids[name]))
        cell = (ids["systems"][system], ids["inputs"][doc])
        if cell in cells:
            raise ValueError(f"invalid records[{k}]: a second value for system {system!r} on input {doc!r}")
        cells[cell] = float(value)
    values = np.full((len(ids["systems"]), len(ids["inputs"])), np.nan)
    for cell, value in cells.items():
        values[cell] = value
    return ScoreMatrix(values, tuple(ids["systems"]), tuple(ids["inputs"]))
