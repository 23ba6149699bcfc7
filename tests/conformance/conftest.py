"""Shared loading of the recorded ROUGE-1.5.5 outputs (copied from the project's conformance set)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rouge_core import RougeConfig

DATA = Path(__file__).parent / "data"


def load_cases() -> dict[str, dict]:
    with open(DATA / "cases.jsonl", encoding="utf-8") as fh:
        return {c["id"]: c for c in map(json.loads, fh)}


def load_expected() -> list[dict]:
    with open(DATA / "expected.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def load_corpus() -> dict:
    with open(DATA / "expected_corpus.json", encoding="utf-8") as fh:
        return json.load(fh)


def option_kwargs(extra: str, exception_db: str) -> dict:
    """RougeConfig keyword arguments for a recorded Perl option string."""
    kw: dict = {}
    t = extra.split()
    i = 0
    while i < len(t):
        o = t[i]
        if o == "-f":
            kw["multi_ref"] = "best" if t[i + 1] == "B" else "pooled"
            i += 2
        elif o == "-m":
            kw["stem"] = True
            i += 1
        elif o == "-s":
            kw["remove_stopwords"] = True
            i += 1
        elif o == "-p":
            kw["alpha"] = float(t[i + 1])
            i += 2
        elif o == "-l":
            kw["word_limit"] = int(t[i + 1])
            i += 2
        elif o == "-b":
            kw["byte_limit"] = int(t[i + 1])
            i += 2
        else:  # pragma: no cover - the data has no other options
            raise ValueError(f"unknown option {o}")
    if exception_db == "empty":
        kw["stem_exceptions"] = False
    return kw


def configs_for(record: dict) -> list[RougeConfig]:
    """The two runs behind a record: N/L/W/S4/SU4 and S*/SU*."""
    kw = option_kwargs(record["extra_options"], record["exception_db"])
    return [
        RougeConfig(max_n=4, skip_distance=4, wlcs_weight=1.2, **kw),
        RougeConfig(max_n=None, rouge_l=False, wlcs_weight=None, skip_distance=-1, **kw),
    ]


def as_texts(case: dict) -> tuple[str, list[str]]:
    return "\n".join(case["candidate"]), ["\n".join(r) for r in case["references"]]


@pytest.fixture(scope="session")
def cases() -> dict[str, dict]:
    return load_cases()
