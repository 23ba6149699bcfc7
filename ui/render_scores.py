"""Report -> score tables and downloads (no widgets)."""
from __future__ import annotations

import json
from typing import Any

import pandas as pd

from rouge_core import Report

MULTI_REF_TEXT = {
    "pooled": "counts pooled over all references (-f A)",
    "best": "best single reference",
    "jackknife": "average of the leave-one-out best scores (jackknifing)",
}


def _num(x: float) -> float | int:
    """A count: an int when it is a whole number a table can hold exactly, else a float.

    ROUGE-W's counts are sums of k^w: with w = 4 they pass 2^63, which no table column
    holds as an integer (the Arrow conversion failed).

    >>> _num(3.0), _num(2.5), _num(1.2e24)
    (3, 2.5, 1.2e+24)
    """
    x = float(x)
    return int(x) if x.is_integer() and abs(x) < 2**53 else x


def scores_frame(report: Report) -> pd.DataFrame:
    """One row per measure: P, R, F, the counts they come from, and the reference chosen.

    >>> from rouge_core import evaluate, RougeConfig
    >>> df = scores_frame(evaluate("police kill the gunman", ["police killed the gunman"], RougeConfig()))
    >>> df.loc[df.measure == "ROUGE-L", ["recall", "hits", "reference total"]].values.tolist()
    [[0.75, 3.0, 4.0]]
    """
    rows = []
    for label, m in report.measures.items():
        c = m.counts
        rows.append({
            "measure": report.display_name(label),
            "precision": m.score.precision,
            "recall": m.score.recall,
            "F": m.score.fmeasure,
            "hits": _num(c.hit) if c else None,
            "reference total": _num(c.model) if c else None,
            "candidate total": _num(c.peer) if c else None,
            "chosen reference": (m.chosen + 1) if m.chosen is not None else None,
            "notes": " ".join(m.notes),
        })
    return pd.DataFrame(rows)


def per_reference_frame(report: Report) -> pd.DataFrame:
    """One row per measure and reference: the per-reference counts and scores."""
    rows = []
    for label, m in report.measures.items():
        for i, r in enumerate(m.per_reference, start=1):
            rows.append({
                "measure": report.display_name(label), "reference": i,
                "precision": r.score.precision, "recall": r.score.recall, "F": r.score.fmeasure,
                "hits": _num(r.counts.hit), "reference total": _num(r.counts.model),
                "candidate total": _num(r.counts.peer), "selection value": r.select,
                "chosen": m.chosen == i - 1 or (i - 1) in m.jackknife,
            })
    return pd.DataFrame(rows)


def report_json(report: Report) -> str:
    """Scores, counts and settings as JSON (no explanations)."""
    out: dict[str, Any] = {"signature": report.config.signature(), "measures": {}}
    for label, m in report.measures.items():
        out["measures"][report.display_name(label)] = {
            "precision": m.score.precision, "recall": m.score.recall, "f": m.score.fmeasure,
            "counts": None if m.counts is None else {"hit": m.counts.hit, "reference": m.counts.model,
                                                     "candidate": m.counts.peer},
            "chosen_reference": m.chosen,
            "per_reference": [{"precision": r.score.precision, "recall": r.score.recall,
                               "f": r.score.fmeasure, "hit": r.counts.hit,
                               "reference": r.counts.model, "candidate": r.counts.peer}
                              for r in m.per_reference],
            "notes": list(m.notes),
        }
    out["notes"] = list(report.notes)
    return json.dumps(out, indent=2, ensure_ascii=False)
