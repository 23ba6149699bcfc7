"""What a scoring run of the command line prints: ROUGE-1.5.5's lines (averages, ``-d``'s per-evaluation
lines in Perl's order) or ``--json``, one peer at a time, and the notes and warnings on stderr.
Shared by :mod:`rouge_core.cli` (config runs) and :mod:`rouge_core.cli.corpus` (corpus files).
"""

from __future__ import annotations

import math
import re
import sys
from functools import cmp_to_key
from typing import Any, Optional, Sequence

from ..batch.corpus import PERL_ABORTS, CorpusReport
from ..config import RougeConfig
from ..io.export import to_dict, write_json
from ..io.perl_inputs import UsageError, shown
from ..text.pair_notes import NO_NOTES, CorpusNotes
from .format import PERL_SPACE, emit


def _numeric(digits: str) -> tuple[int, str]:
    # A digit string as a sort key in numeric order at any length, without int():
    # leading zeros dropped, then shorter first, then digit by digit.
    d = digits.lstrip("0")
    return len(d), d


def _by_eval_id(a: str, b: str) -> int:
    # Perl's -d order: numeric prefixes compared as numbers, otherwise plain string order.
    ma, mb = re.match(r"[0-9]+", a), re.match(r"[0-9]+", b)
    x, y = (_numeric(ma.group()), _numeric(mb.group())) if ma and mb else (a, b)
    return (x > y) - (x < y)  # type: ignore[operator]


def listing_order(keys: Sequence[str]) -> list[str]:
    """Instance keys in the order of Perl's ``-d`` lines.

    >>> listing_order(["10.X", "2.X", "1.X"])
    ['1.X', '2.X', '10.X']
    >>> big, bigger = "9" * 5000 + ".X", "1" + "0" * 5000 + ".X"  # beyond int()'s digit limit
    >>> listing_order([bigger, "d1.X", big, "007.X"]) == ["007.X", big, bigger, "d1.X"]
    True
    """
    return sorted(sorted(keys), key=cmp_to_key(_by_eval_id))


def render(report: CorpusReport, peer: str, labels: dict[str, str], cf_text: str, per_eval: bool) -> list[str]:
    """ROUGE-1.5.5's lines for one peer: per measure the averages (or raw counts), then the ``-d`` lines."""
    lines: list[str] = []
    t = report.config.averaging
    by_key = {inst.key: inst for inst in report.instances}
    for label, m in report.measures.items():
        tag = f"{peer} {labels.get(label, label)}"
        lines.append("-" * 45)
        if t == 2:
            c = to_dict(m.totals) if m.totals else {"model": 0, "peer": 0, "hit": 0}
            lines.append(f"{tag} M_count: {int(c['model'])} P_count: {int(c['peer'])} H_count: {int(c['hit'])}")
        else:
            lines += [
                f"{tag} Average_{k}: {iv.average:7.5f} ({cf_text}%-conf.int. {iv.ci_low or 0.0:7.5f}"
                f" - {iv.ci_high or 0.0:7.5f})"
                for k, iv in (("R", m.recall), ("P", m.precision), ("F", m.fmeasure))
            ]
        if per_eval:
            lines.append("." * 45)
            for key in listing_order(list(by_key)):
                res = by_key[key].measures[label]
                if t:  # raw counts, printed the way Perl prints numbers
                    rc = res.counts
                    vals = ["%.15g" % v for v in ((rc.model, rc.peer, rc.hit) if rc else (0, 0, 0))]
                else:
                    vals = [f"{v:7.5f}" for v in (res.score.recall, res.score.precision, res.score.fmeasure)]
                lines.append(f"{tag} Eval {key} R:{vals[0]} P:{vals[1]} F:{vals[2]}")
    return lines


def to_json(
    report: CorpusReport, label: str, shown: str, per_eval: bool = True, notes: CorpusNotes = NO_NOTES
) -> dict[str, Any]:
    """One measure of a report as plain JSON data (``evals`` in the ``-d`` order; empty if not ``per_eval``).

    ``notes``: the pairs' own notes (:mod:`rouge_core.text.pair_notes`), after the measure's in each
    evaluation's ``notes`` (as :func:`rouge_core.evaluate` gives them), and summed up in the measure's.
    """
    m = report.measures[label]
    by_key = {inst.key: inst for inst in report.instances} if per_eval else {}
    evals = []
    for k in listing_order(list(by_key)):
        r = by_key[k].measures[label]
        pair_notes = list(notes.by_id.get(by_key[k].eval_id, ()))
        evals.append({"id": k, **to_dict(r, form="cli"), "notes": list(r.notes) + pair_notes})
    return {
        "measure": shown,
        **to_dict(m, form="cli"),  # its "notes" key keeps its place when the pairs' notes are added
        "notes": list(m.notes) + notes.lines() + ([notes.hint] if notes.hint else []),
        "evals": evals,
    }


def _check_finite(report: CorpusReport, peer: str, labels: dict[str, str]) -> None:
    """Refuse to print a report holding NaN or an infinity (a bug elsewhere: never printed, never in JSON)."""
    for label, m in report.measures.items():
        values: list[tuple[str, Any]] = [
            (f"Average_{k} {x}", getattr(iv, x))
            for k, iv in (("R", m.recall), ("P", m.precision), ("F", m.fmeasure))
            for x in ("average", "ci_low", "ci_high")
        ]
        values += [(f"{k} count", v) for k, v in (to_dict(m.totals) if m.totals else {}).items()]
        for inst in report.instances:
            res = inst.measures[label]
            values += [
                (f"Eval {inst.key} {k}", getattr(res.score, x))
                for k, x in (("R", "recall"), ("P", "precision"), ("F", "fmeasure"))
            ]
            counts = to_dict(res.counts) if res.counts else {}
            values += [(f"Eval {inst.key} {k} count", v) for k, v in counts.items()]
        for where, v in values:
            if v is not None and not math.isfinite(v):
                raise UsageError(
                    f"internal error: {peer} {labels.get(label, label)} {shown(where, 80)} is {v}, "
                    "not a finite number; please report this input"
                )


def print_hints(hints: set[Optional[str]]) -> None:
    """The notes' hints on stderr, each once (after every peer's notes)."""
    for hint in sorted(h for h in hints if h):
        print(f"rouge_core: note: {hint}", file=sys.stderr)


def peer_output(
    report: CorpusReport,
    peer: str,
    labels: dict[str, str],
    opts: dict[str, Any],
    results: list[dict[str, Any]],
    out: list[str],
    notes: CorpusNotes = NO_NOTES,
) -> None:
    """Check one peer's report, warn where ROUGE-1.5.5 would stop, print its pairs' ``notes`` on
    stderr, then add its JSON entry (``--json``) to ``results`` or its printed lines to ``out``."""
    _check_finite(report, peer, labels)
    for label, m in report.measures.items():
        for note in (n for n in m.notes if n.startswith(PERL_ABORTS)):
            print(f"rouge_core: warning: {peer} {labels.get(label, label)}: {note}", file=sys.stderr)
    for line in notes.lines():
        print(f"rouge_core: note: {peer}: {shown(line, 2000)}", file=sys.stderr)
    if "--json" in opts:
        measures = [to_json(report, k, labels.get(k, k), "-d" in opts, notes) for k in report.measures]
        results.append({"peer": peer, "measures": measures})
    else:
        out += render(report, peer, labels, opts.get("-c", "95").strip(PERL_SPACE), "-d" in opts)


def emit_output(
    config: RougeConfig, opts: dict[str, Any], results: list[dict[str, Any]], out: list[str], **extra: Any
) -> None:
    """Print the peers' JSON (with the config's signature and flags, then ``extra``) or their lines."""
    if "--json" in opts:  # allow_nan=False: strict JSON (_check_finite has let no NaN or inf through)
        data = {"signature": config.signature(), "perl_flags": config.perl_flags(), "peers": results, **extra}
        emit(write_json(data))
    elif out:
        emit("\n".join(out))
