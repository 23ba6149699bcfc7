"""rouge_core.batch.files.join_files (issue 22, point 5): the client of score_files joins the files'
ids once, as arrays of the parts' own strings, into score_batch's ids and columns."""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np
import pytest

from benchmarks.shapes import generate
from rouge_core import RougeConfig, score_batch
from rouge_core.batch import files, score
from rouge_core.batch.files import FileError, join_files
from tests.unit.test_distributed import _same_columns

CONFIG = RougeConfig()
RECORDS = list(generate("news", 12, seed=3))
PAIRS = [(r["candidate"], r["reference"]) for r in RECORDS]


def _parts() -> list[score.BatchResult]:
    return [
        score_batch(PAIRS[:5], CONFIG, ids=[f"a{i}" for i in range(5)]),
        score_batch(PAIRS[5:], CONFIG, ids=[f"b{i}" for i in range(7)]),
    ]


def test_joined_ids_and_columns_are_score_batchs_on_all_the_pairs() -> None:
    ids = [f"a{i}" for i in range(5)] + [f"b{i}" for i in range(7)]
    got = join_files(_parts(), ["a.jsonl", "b.jsonl"], CONFIG)
    whole = score_batch(PAIRS, CONFIG, ids=ids)
    assert got.ids.dtype == object and got.ids.tolist() == ids
    assert all(type(i) is str for i in got.ids)
    _same_columns(got, whole)


def test_the_ids_are_checked_for_repeats_once(monkeypatch: pytest.MonkeyPatch) -> None:
    sizes: list[int] = []

    def counting_set(items: Any = ()) -> set[Any]:
        made = builtins.set(items)
        sizes.append(len(made))
        return made

    parts = _parts()
    for module in (files, score):  # module globals come before builtins
        monkeypatch.setattr(module, "set", counting_set, raising=False)
    join_files(parts, ["a.jsonl", "b.jsonl"], CONFIG)
    assert sizes == [12]  # before: [12, 12], join_files's check and with_ids' again


def test_a_repeated_id_still_names_both_files() -> None:
    a, b = _parts()
    b = b.with_ids(["b0", "a3", "b2", "b3", "b4", "b5", "b6"])
    with pytest.raises(FileError, match=r"document id 'a3' is in a\.jsonl and in b\.jsonl"):
        join_files([a, b], ["a.jsonl", "b.jsonl"], CONFIG)


def test_numpy_string_ids_come_out_as_python_strings() -> None:
    a, b = _parts()
    a = score.BatchResult(CONFIG, np.array([f"a{i}" for i in range(5)]), a.measures)
    got = join_files([a, b], ["a.jsonl", "b.jsonl"], CONFIG)
    assert got.ids.dtype == object and all(type(i) is str for i in got.ids)
    assert got.ids.tolist()[:6] == ["a0", "a1", "a2", "a3", "a4", "b0"]
