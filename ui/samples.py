"""The examples in sample_data/."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

SAMPLE_DIR = Path(__file__).resolve().parent.parent / "sample_data"
#: The pair the app opens on (Inspect, and the pages that read Inspect's inputs): Lin (2004)'s S2 vs S1.
OPENING_SAMPLE = "paper_s2_vs_s1"


@dataclass(frozen=True)
class Sample:
    id: str
    title: str
    source: str
    teaches: str
    candidate: str
    references: tuple[str, ...]
    #: More candidates against the same references (Inspect shows them side by side).
    others: tuple[str, ...] = ()


@lru_cache(maxsize=1)
def load_samples() -> dict[str, Sample]:
    """Every sample, by file stem, in a teaching order (the paper's examples first)."""
    out = {}
    for path in sorted(SAMPLE_DIR.glob("*.json")):
        d = json.loads(path.read_text(encoding="utf-8"))
        out[path.stem] = Sample(
            path.stem,
            d["title"],
            d["source"],
            d["teaches"],
            d["candidate"],
            tuple(d["references"]),
            tuple(d.get("other_candidates", ())),
        )
    order = sorted(out, key=lambda k: (not k.startswith("paper"), k))
    return {k: out[k] for k in order}
