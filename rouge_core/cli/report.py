"""What a scoring run of the command line prints: ROUGE-1.5.5's lines (averages, ``-d``'s per-evaluation
lines in Perl's order) or ``--json``, one peer at a time, and the notes and warnings on stderr.
Shared by :mod:`rouge_core.cli` (config runs) and :mod:`rouge_core.cli.corpus` (corpus files).

Everything is printed from a peer's :class:`~rouge_core.batch.corpus.CorpusColumns` (the pairs scored
into columns by :func:`rouge_core.batch.corpus.corpus_columns`): no per-pair result object is made.
"""

from __future__ import annotations

import math
import re
import sys
from functools import cmp_to_key
from operator import itemgetter
from typing import Any, Optional, Sequence

import numpy as np

from ..batch.corpus import PERL_ABORTS, CorpusColumns, CorpusReport, Pair
from ..batch.score import MeasureColumns
from ..config import RougeConfig
from ..io.perl_inputs import UsageError, shown
from ..measures.scoring import Counts
from ..text.pair_notes import NO_NOTES, CorpusNotes, corpus_notes, reference_list
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


def _as_columns(report: CorpusColumns | CorpusReport) -> CorpusColumns:
    # A CorpusReport (what these functions took before they read columns) is still printed the same way.
    return CorpusColumns.of_report(report) if isinstance(report, CorpusReport) else report


def _listing(cols: CorpusColumns) -> list[int]:
    """The rows of ``cols`` in the order of Perl's ``-d`` lines."""
    keys = cols.batch.ids.tolist()
    row = {k: i for i, k in enumerate(keys)}
    return [row[k] for k in listing_order(keys)]


def render(
    cols: CorpusColumns | CorpusReport, peer: str, labels: dict[str, str], cf_text: str, per_eval: bool
) -> list[str]:
    """ROUGE-1.5.5's lines for one peer: per measure the averages (or raw counts), then the ``-d`` lines.

    >>> from rouge_core.batch.corpus import corpus_columns
    >>> from rouge_core.config import RougeConfig
    >>> one = RougeConfig(max_n=1, rouge_l=False, wlcs_weight=None, skip_distance=None)
    >>> cols = corpus_columns([("a b c", "a b d")], one)
    >>> print("\\n".join(render(cols, "X", {}, "95", True)))
    ---------------------------------------------
    X ROUGE-1 Average_R: 0.66667 (95%-conf.int. 0.66667 - 0.66667)
    X ROUGE-1 Average_P: 0.66667 (95%-conf.int. 0.66667 - 0.66667)
    X ROUGE-1 Average_F: 0.66667 (95%-conf.int. 0.66667 - 0.66667)
    .............................................
    X ROUGE-1 Eval 1.X R:0.66667 P:0.66667 F:0.66667
    """
    cols = _as_columns(cols)
    lines: list[str] = []
    t = cols.config.averaging
    keys = cols.batch.ids.tolist()
    rows = _listing(cols) if per_eval else []
    for label, m in cols.measures.items():
        tag = f"{peer} {labels.get(label, label)}"
        lines.append("-" * 45)
        if t == 2:
            c = m.totals or Counts(0, 0, 0)
            lines.append(f"{tag} M_count: {int(c.model)} P_count: {int(c.peer)} H_count: {int(c.hit)}")
        else:
            lines += [
                f"{tag} Average_{k}: {iv.average:7.5f} ({cf_text}%-conf.int. {iv.ci_low or 0.0:7.5f}"
                f" - {iv.ci_high or 0.0:7.5f})"
                for k, iv in (("R", m.recall), ("P", m.precision), ("F", m.fmeasure))
            ]
        if per_eval:
            lines.append("." * 45)
            lines += _eval_lines(cols.batch.measures[label], t, tag, keys, rows)
    return lines


def _eval_lines(col: MeasureColumns, t: int, tag: str, keys: list[str], rows: list[int]) -> list[str]:
    """The ``-d`` lines of one measure: scores, or (``-t 1``, ``-t 2``) raw counts as Perl prints numbers."""
    if t:  # 0 where a pair has no counts (they print as 0, as Perl's undefined counts do)
        a, b, c = col.model.tolist(), col.peer.tolist(), col.hit.tolist()
        return [f"{tag} Eval {keys[i]} R:{'%.15g' % a[i]} P:{'%.15g' % b[i]} F:{'%.15g' % c[i]}" for i in rows]
    r, p, f = col.recall.tolist(), col.precision.tolist(), col.fmeasure.tolist()
    return [f"{tag} Eval {keys[i]} R:{r[i]:7.5f} P:{p[i]:7.5f} F:{f[i]:7.5f}" for i in rows]


def to_json(
    cols: CorpusColumns | CorpusReport, label: str, shown: str, per_eval: bool = True, notes: CorpusNotes = NO_NOTES
) -> dict[str, Any]:
    """One measure of a peer's columns as plain JSON data (``evals`` in the ``-d`` order; empty if not ``per_eval``).

    ``notes``: the pairs' own notes (:mod:`rouge_core.text.pair_notes`), after the measure's in each
    evaluation's ``notes`` (as :func:`rouge_core.evaluate` gives them), and summed up in the measure's.

    >>> from rouge_core.batch.corpus import corpus_columns
    >>> from rouge_core.config import RougeConfig
    >>> one = RougeConfig(max_n=1, rouge_l=False, wlcs_weight=None, skip_distance=None)
    >>> cols = corpus_columns([("a b c", "a b d")], one)
    >>> to_json(cols, "ROUGE-1", "ROUGE-1")["evals"]
    [{'id': '1.X', 'R': 0.66667, 'P': 0.66667, 'F': 0.66667, 'counts': {'hit': 2, 'model': 3, 'peer': 3}, 'notes': []}]
    """
    from ..io.export import to_dict  # imported here: it loads what only JSON needs

    cols = _as_columns(cols)
    m = cols.measures[label]
    evals = []
    if per_eval:
        col, keys = cols.batch.measures[label], cols.batch.ids.tolist()
        r, p, f = col.recall.tolist(), col.precision.tolist(), col.fmeasure.tolist()
        for i in _listing(cols):
            counts = col.counts(i)
            pair_notes = list(notes.by_id.get(cols.eval_ids[i], ()))
            evals.append(
                {
                    "id": keys[i],
                    "R": r[i],
                    "P": p[i],
                    "F": f[i],
                    "counts": None if counts is None else to_dict(counts),
                    "notes": list(col.notes_of(i)) + pair_notes,
                }
            )
    return {
        "measure": shown,
        **{k: to_dict(iv) for k, iv in zip("RPF", (m.recall, m.precision, m.fmeasure))},
        "totals": None if m.totals is None else to_dict(m.totals),
        "notes": list(m.notes) + notes.lines() + ([notes.hint] if notes.hint else []),
        "evals": evals,
    }


_COUNT_NAMES = ("hit", "model", "peer")  # the order of a pair's counts in JSON


def _check_finite(cols: CorpusColumns, peer: str, labels: dict[str, str]) -> None:
    """Refuse to print columns holding NaN or an infinity (a bug elsewhere: never printed, never in JSON).
    The first one is named: the averages, then the totals, then the evaluations in report order."""
    keys = cols.batch.ids
    for label, m in cols.measures.items():
        values: list[tuple[str, Any]] = [
            (f"Average_{k} {x}", getattr(iv, x))
            for k, iv in (("R", m.recall), ("P", m.precision), ("F", m.fmeasure))
            for x in ("average", "ci_low", "ci_high")
        ]
        values += [(f"{k} count", getattr(m.totals, k)) for k in (_COUNT_NAMES if m.totals else ())]
        col = cols.batch.measures[label]
        fields = [("R", col.recall), ("P", col.precision), ("F", col.fmeasure)]
        fields += [(f"{k} count", np.where(col.has_counts, getattr(col, k), 0)) for k in _COUNT_NAMES]
        table = np.stack([np.asarray(a, dtype=np.float64) for _, a in fields], axis=1).reshape(len(keys), len(fields))
        bad = np.flatnonzero(~np.isfinite(table).ravel())  # row-major: instance by instance, R, P, F, counts
        if len(bad):
            i, j = divmod(int(bad[0]), len(fields))
            values.append((f"Eval {keys[i]} {fields[j][0]}", float(table[i, j])))
        for where, v in values:
            if v is not None and not math.isfinite(v):
                raise UsageError(
                    f"internal error: {peer} {labels.get(label, label)} {shown(where, 80)} is {v}, "
                    "not a finite number; please report this input"
                )


def pair_notes_of(
    cols: CorpusColumns, pairs: Sequence[Pair], ids: Sequence[str], states: dict[str, str]
) -> CorpusNotes:
    """:func:`rouge_core.text.pair_notes.corpus_notes` of a peer's pairs (``ids``: their evaluation IDs, in
    input order; ``states``: its cache), reading only the pairs that may have notes.

    A pair's notes say which summaries are empty or lost every token to cleaning. ROUGE-1's counts are
    token counts, so a pair with one reference whose ROUGE-1 peer and model counts are both above 0
    has none, and its texts are not tokenized again (a tenth of a large run's time).

    >>> from rouge_core.batch.corpus import corpus_columns
    >>> from rouge_core.config import RougeConfig
    >>> pairs, ids = [("a b", "a"), ("ok", "。"), ("", "b")], ["1", "2", "3"]
    >>> pair_notes_of(corpus_columns(pairs, RougeConfig(max_n=1), ids), pairs, ids, {}).by_id
    {'2': ('reference 1 has no tokens after cleaning',), '3': ('the candidate is empty: every score is 0',)}
    """
    unigrams = next((c for c in cols.batch.measures.values() if c.family == "N"), None)
    if unigrams is None or not unigrams.label.endswith("-1"):
        return corpus_notes(pairs, ids, cols.config, states)
    tokens = unigrams.has_counts & (unigrams.peer > 0) & (unigrams.model > 0)
    if tokens.all() and set(map(type, map(itemgetter(1), pairs))) <= {str}:
        # every pair has tokens on both sides and one reference (a text): none has a note (the usual
        # case, decided without a Python step a pair)
        return corpus_notes([], [], cols.config, states)
    shown = {e for e, t in zip(cols.eval_ids, tokens.tolist()) if t}
    keep = [k for k, (e, p) in enumerate(zip(ids, pairs)) if e not in shown or len(reference_list(p[1])) != 1]
    return corpus_notes([pairs[k] for k in keep], [ids[k] for k in keep], cols.config, states)


def print_hints(hints: set[Optional[str]]) -> None:
    """The notes' hints on stderr, each once (after every peer's notes)."""
    for hint in sorted(h for h in hints if h):
        print(f"rouge_core: note: {hint}", file=sys.stderr)


def peer_output(
    report: CorpusColumns | CorpusReport,
    peer: str,
    labels: dict[str, str],
    opts: dict[str, Any],
    results: list[dict[str, Any]],
    out: list[str],
    notes: CorpusNotes = NO_NOTES,
) -> None:
    """Check one peer's report, warn where ROUGE-1.5.5 would stop, print its pairs' ``notes`` on
    stderr, then add its JSON entry (``--json``) to ``results`` or its printed lines to ``out``."""
    report = _as_columns(report)
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
        from ..io.export import write_json  # imported here: it loads what only JSON needs

        emit(write_json(data))
    elif out:
        emit("\n".join(out))
