"""Report -> score tables and downloads (no widgets)."""

from __future__ import annotations

from typing import Callable, Optional, Sequence

import pandas as pd

from rouge_core import Report
from rouge_core.io.csv_writer import records_csv
from rouge_core.io.export import count_value, to_json
from rouge_core.io.export import text_id as text_id  # re-exported: its home was this module

from .numbers import number


def headline_measures(report: Report) -> list[str]:
    """The measures people report, for the score cards: ROUGE-1, ROUGE-2, ROUGE-L (rougeLsum), and
    ROUGE-SU4 (or the config's SU, else ROUGE-W), as far as the config computes them.

    >>> from rouge_core import evaluate, RougeConfig
    >>> headline_measures(evaluate("a b", ["a b"], RougeConfig()))
    ['ROUGE-1', 'ROUGE-2', 'ROUGE-L', 'ROUGE-SU4']
    """
    labels = list(report.measures)
    fams = {k: m.family for k, m in report.measures.items()}
    out: list[str] = [k for k in ("ROUGE-1", "ROUGE-2", "ROUGE-L") if k in labels]
    for fam in ("SU", "W", "S", "Lflat"):
        extra = next((k for k in labels if fams[k] == fam and k not in out), None)
        if extra and len(out) < 4:
            out.append(extra)
            break
    out += [k for k in labels if k not in out][: max(0, 4 - len(out))]
    return out


#: Decimals of a score wherever the views print one (ROUGE-1.5.5 prints 5); ROUGE-W's weighted counts use as many.
SCORE_DIGITS = 5


def count_text(x: Optional[float]) -> str:
    """A count as the views show it: integers as integers, ROUGE-W's weighted counts with the scores'
    :data:`SCORE_DIGITS` decimals (in scientific notation past a million), nothing for a missing count.
    The one formatter of counts: the scores table and the ROUGE-W arithmetic both print through it.

    >>> count_text(3.0), count_text(16.0), count_text(5.278031643091577), count_text(1.2e24), count_text(None)
    ('3', '16', '5.27803', '1.20000e+24', '')
    """
    if x is None:
        return ""
    x = float(x)
    if x.is_integer() and abs(x) < 2**53:
        return str(int(x))
    return f"{x:.{SCORE_DIGITS}e}" if abs(x) >= 1e6 else number(x, SCORE_DIGITS)


def scores_frame(report: Report) -> pd.DataFrame:
    """One row per measure, for display: P, R, F (numbers), the counts they come from (as text, one
    style: see :func:`count_text`), the reference chosen (empty unless one was; the column is left out
    when no measure chose one, as with one reference or pooled counts), notes.

    >>> from rouge_core import evaluate, RougeConfig
    >>> df = scores_frame(evaluate("police kill the gunman", ["police killed the gunman"], RougeConfig()))
    >>> df.loc[df.measure == "ROUGE-L", ["recall", "hits", "reference total"]].values.tolist(), list(df.columns)[-1]
    ([[0.75, '3', '4']], 'notes')
    >>> best = scores_frame(evaluate("a b", ["a c", "a b"], RougeConfig(multi_ref="best")))
    >>> best["chosen reference"].tolist()[0]
    '2'
    """
    rows = [
        {**row, "chosen reference": "" if chosen is None else str(chosen), "notes": " ".join(m.notes)}
        for (row, chosen), m in zip(_rows(report, count_text), report.measures.values())
    ]
    frame = pd.DataFrame(rows)
    if rows and not any(r["chosen reference"] for r in rows):  # pooled or one reference: nothing chosen
        frame = frame.drop(columns="chosen reference")
    return frame


def _rows(report: Report, count: Callable[[Optional[float]], object]) -> list[tuple[dict[str, object], object]]:
    """Per measure: P, R, F and the counts through ``count``; and the chosen reference(s), 1-based
    (a number, the jackknife's choices as text, or None)."""
    out: list[tuple[dict[str, object], object]] = []
    for label, m in report.measures.items():
        c = m.counts
        row: dict[str, object] = {
            "measure": report.display_name(label),
            "precision": m.score.precision,
            "recall": m.score.recall,
            "F": m.score.fmeasure,
            "hits": count(c.hit if c else None),
            "reference total": count(c.model if c else None),
            "candidate total": count(c.peer if c else None),
        }
        chosen = m.chosen + 1 if m.chosen is not None else ", ".join(str(k + 1) for k in m.jackknife) or None
        out.append((row, chosen))
    return out


def scores_csv(report: Report) -> str:
    """The scores as CSV: exact numbers (integer counts stay integers), the signature and the texts' ids.

    >>> from rouge_core import evaluate, RougeConfig
    >>> print(scores_csv(evaluate("a b", ["a c"], RougeConfig(max_n=1, rouge_l=False, wlcs_weight=None,
    ...     skip_distance=None))).splitlines()[1][:40])
    ROUGE-1,0.5,0.5,0.5,1,2,2,,,ROUGE-1|prof
    """
    ids = {
        "signature": report.config.signature(),
        "candidate id": text_id(report.candidate.text),
        "reference ids": " ".join(text_id(r.text) for r in report.references),
    }
    rows = [
        {**row, "chosen reference": chosen, "notes": " ".join(m.notes), **ids}
        for (row, chosen), m in zip(_rows(report, count_value), report.measures.values())
    ]
    return records_csv(rows)


def per_reference_grid(report: Report, statistic: str = "F") -> pd.DataFrame:
    """References x measures: one statistic (``P``, ``R`` or ``F``) of each measure against each reference
    alone, and the combined score in the last row.

    >>> from rouge_core import evaluate, RougeConfig
    >>> g = per_reference_grid(evaluate("a b", ["a c", "a b"], RougeConfig(max_n=1, rouge_l=False,
    ...     wlcs_weight=None, skip_distance=None)), "R")
    >>> g.to_dict("list")
    {'reference': ['reference 1', 'reference 2', 'combined (pooled)'], 'ROUGE-1': [0.5, 1.0, 0.75]}
    """
    field = {"P": "precision", "R": "recall", "F": "fmeasure"}[statistic]
    k = len(report.references)
    names: list[object] = [f"reference {i}" for i in range(1, k + 1)]
    names.append(f"combined ({report.config.multi_ref})")
    grid: dict[str, list[object]] = {"reference": names}
    for label, m in report.measures.items():
        values: list[object] = [getattr(r.score, field) for r in m.per_reference]
        grid[report.display_name(label)] = values + [getattr(m.score, field)]
    return pd.DataFrame(grid)


def report_json(report: Report) -> str:
    """Scores, counts and settings as JSON (no explanations): :func:`rouge_core.io.export.to_dict` of the report."""
    return to_json(report, indent=2, ensure_ascii=False, allow_nan=True)


def candidates_frame(reports: Sequence[Report], names: Sequence[str], statistic: str = "F") -> pd.DataFrame:
    """Several candidates against the same references: a row per candidate (its name and first words),
    a column per measure with the chosen statistic (F, R or P), so "S3 and S4 tie under ROUGE-L,
    ROUGE-2 prefers S4" reads off one table.

    >>> from rouge_core import evaluate, RougeConfig
    >>> c = RougeConfig(max_n=2, wlcs_weight=None, skip_distance=None)
    >>> reps = [evaluate(x, "police killed the gunman", c) for x in
    ...         ("the gunman kill police", "the gunman police killed")]
    >>> df = candidates_frame(reps, ["S3", "S4"], "R")
    >>> df[["candidate", "ROUGE-2", "ROUGE-L"]].values.tolist()
    [['S3', 0.33333, 0.5], ['S4', 0.66667, 0.5]]
    """
    attr = {"F": "fmeasure", "R": "recall", "P": "precision"}[statistic]
    labels = [k for k in reports[0].measures] if reports else []
    rows = []
    for name, rep in zip(names, reports):
        first = " ".join(t.text for t in rep.candidate.tokens[:8])
        row: dict[str, object] = {"candidate": name, "begins": first + (" …" if len(rep.candidate.tokens) > 8 else "")}
        for k in labels:
            m = rep.measures.get(k)
            row[rep.display_name(k)] = None if m is None else getattr(m.score, attr)
        rows.append(row)
    return pd.DataFrame(rows)
