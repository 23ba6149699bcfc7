"""A scored corpus -> the scores table, the per-pair table (filter, sort, search) and the distributions
(no widgets, no scoring: every number comes from the :class:`~rouge_core.batch.corpus.CorpusReport`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Optional, Sequence

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from rouge_core.batch.corpus import Interval, MeasureSummary
from rouge_core.io.readers import MAX_CHARS, MAX_FILES, MAX_PAIRS, Corpus, Document
from rouge_core.measures.registry import display_name
from rouge_core.text.sentences import split_sentences
from ui.render.html import esc, figure_title
from ui.render.numbers import interval

if TYPE_CHECKING:  # annotations only: the compute, widget and render modules import each other's types
    from ui.compute.corpus import ScoredSystem

#: Statistics by their column suffix.
STATS = {"R": "recall", "P": "precision", "F": "fmeasure"}
STAT_NAMES = {"F": "F-measure", "R": "recall", "P": "precision"}
#: Sort orders of the per-pair table.
SORTS = ("input order", "lowest first", "highest first")
#: A neutral colour for distributions (they carry no match verdict: see ui/render/colours.py).
NEUTRAL = "#5f6b7a"
#: Above this many pairs the scatter draws with WebGL and the box plot shows outliers only (SVG with
#: 20,000 points takes seconds to draw).
LARGE = 5_000
CANDIDATE_TOKENS = "candidate tokens"
REFERENCE_TOKENS = "reference tokens (mean)"


def describe(corpus: Corpus) -> str:
    """Counts of a corpus in one line: pairs, systems, documents, references per document.

    >>> describe(Corpus((Document("1", "A", ("a",), (("b",), ("c",))),), (), "jsonl", "lines", "x"))
    '1 pair: 1 system × 1 document, 2 references each'
    """
    systems = corpus.systems()
    docs = {d.doc_id for d in corpus.documents}
    refs = sorted({len(d.references) for d in corpus.documents})
    each = (
        f"{refs[0]} reference{'s' if refs[0] != 1 else ''} each"
        if len(refs) == 1
        else f"{refs[0]}–{refs[-1]} references"
    )
    n = len(corpus.documents)
    return (
        f"{n:,} pair{'s' if n != 1 else ''}: {len(systems)} system{'s' if len(systems) != 1 else ''} × "
        f"{len(docs):,} document{'s' if len(docs) != 1 else ''}, {each}"
    )


def one_line_note(corpus: Corpus, mode: str) -> Optional[str]:
    """A hint when summaries are single lines that read as several sentences (ROUGE-L sees one)."""
    if mode != "lines":
        return None
    docs = corpus.documents[:50]
    single = sum(1 for d in docs if len(d.candidate) == 1 and "\n" in split_sentences(d.candidate[0]))
    if single * 2 < len(docs):
        return None
    return (
        f"{single} of the first {len(docs)} candidates are one line that reads as several sentences: with "
        "'keep the line breaks' ROUGE-L (summary level) sees each as a single sentence. Choose 'split' "
        "if the sentences should count separately."
    )


def limits_text(upload_bytes: int) -> str:
    """The readers' limits (and the uploader's), as a page states them.

    >>> limits_text(5 * 2**20)[:40]
    'Limits: uploads up to 5 MB a file, 20,00'
    """
    return (
        f"Limits: uploads up to {upload_bytes / 2**20:g} MB a file, {MAX_PAIRS:,} pairs, "
        f"{MAX_CHARS:,} characters of summary text, {MAX_FILES:,} files in a zip or reference files."
    )


def names(scored: ScoredSystem) -> dict[str, str]:
    """Measure label -> the name the config's profile gives it (``ROUGE-2`` or ``rouge2``)."""
    profile = scored.report.config.profile
    return {label: display_name(label, profile) for label in scored.report.measures}


def column(name: str, stat: str) -> str:
    """The per-pair table's column of a measure's statistic (``"ROUGE-L F"``)."""
    return f"{name} {stat}"


def headline(scored: ScoredSystem) -> list[str]:
    """The measures people report (ROUGE-1, ROUGE-2, ROUGE-L, then SU, W, S or Lflat), at most four."""
    labels = list(scored.report.measures)
    first = scored.report.instances[0].measures if scored.report.instances else {}
    fams = {k: (first[k].family if k in first else "") for k in labels}
    out: list[str] = [k for k in ("ROUGE-1", "ROUGE-2", "ROUGE-L") if k in labels]
    for fam in ("SU", "W", "S", "Lflat"):
        extra = next((k for k in labels if fams[k] == fam and k not in out), None)
        if extra:
            out.append(extra)
            break
    return (out + [k for k in labels if k not in out])[:4]


def interval_text(iv: Interval) -> str:
    """``low – high`` as printed (5 decimals), or a dash when there was no resampling.

    >>> interval_text(Interval(0.5, 0.25, 0.75)), interval_text(Interval(0.5, None, None))
    ('0.25000 – 0.75000', '—')
    """
    return interval(iv.ci_low, iv.ci_high, 5)


def _ivs(m: MeasureSummary) -> dict[str, Interval]:
    return {"R": m.recall, "P": m.precision, "F": m.fmeasure}


def summary_frame(scored: ScoredSystem) -> pd.DataFrame:
    """One row per measure: R, P, F averages (shown to 5 decimals, as printed) with their bootstrap
    intervals, the pair count and the measure's notes."""
    conf = f"{scored.report.config.confidence:g}%"
    rows = []
    for label, m in scored.report.measures.items():
        row: dict[str, object] = {"measure": names(scored)[label]}
        for stat, iv in _ivs(m).items():
            row[stat] = iv.average
            row[f"{stat} {conf} interval"] = interval_text(iv)
        row["pairs"] = len(m.scores)
        row["notes"] = " ".join(m.notes)
        rows.append(row)
    return pd.DataFrame(rows)


def pair_notes(scored: ScoredSystem) -> list[list[str]]:
    """Per pair (input order): the measures' notes and empty inputs."""
    by_id = {i.eval_id: i for i in scored.report.instances}
    nm = names(scored)
    out = []
    for k, doc_id in enumerate(scored.doc_ids):
        notes: list[str] = []
        if scored.candidate_tokens[k] == 0:
            notes.append("the candidate has no tokens: every score is 0")
        for j, n in enumerate(scored.reference_tokens[k], 1):
            if n == 0:
                notes.append(f"reference {j} has no tokens")
        for label, m in by_id[doc_id].measures.items():
            notes += [f"{nm[label]}: {note}" for note in m.notes]
        out.append(list(dict.fromkeys(notes)))
    return out


def examples_frame(scored: ScoredSystem) -> tuple[pd.DataFrame, list[str]]:
    """One row per pair in input order (index = its position): ID, every measure's R/P/F, the lengths
    in tokens, notes. Notes that every pair has are returned apart (said once, above the table)."""
    by_id = {i.eval_id: i for i in scored.report.instances}
    nm = names(scored)
    notes = pair_notes(scored)
    common = [n for n in notes[0] if all(n in row for row in notes)] if notes else []
    cols: dict[str, list[object]] = {"id": list(scored.doc_ids)}
    for label in scored.report.measures:
        results = [by_id[d].measures[label].score for d in scored.doc_ids]
        for stat, field in STATS.items():
            cols[column(nm[label], stat)] = [getattr(s, field) for s in results]
    cols[CANDIDATE_TOKENS] = list(scored.candidate_tokens)
    cols[REFERENCE_TOKENS] = [sum(r) / len(r) if r else 0.0 for r in scored.reference_tokens]
    cols["references"] = [len(r) for r in scored.reference_tokens]
    cols["notes"] = ["; ".join(n for n in row if n not in common) for row in notes]
    return pd.DataFrame(cols), common


def search_texts(documents: Sequence[Document]) -> list[str]:
    """What the text search looks in, per document: its ID, candidate and references, lower-cased."""
    return ["\n".join([d.doc_id, *d.candidate, *(s for r in d.references for s in r)]).casefold() for d in documents]


def filter_rows(
    frame: pd.DataFrame,
    col: str,
    low: float,
    high: float,
    query: str = "",
    texts: Optional[Sequence[str]] = None,
    picked: Optional[set[int]] = None,
) -> pd.DataFrame:
    """The rows whose ``col`` is in [low, high], whose text holds ``query`` (case-insensitive; every
    word of it) and, with ``picked``, whose position is picked (points selected on a figure).

    >>> df = pd.DataFrame({"id": ["a", "b", "c"], "x": [0.1, 0.5, 0.9]})
    >>> filter_rows(df, "x", 0.2, 1.0, "B", ["a", "b", "c"]).id.tolist()
    ['b']
    >>> filter_rows(df, "x", 0.0, 1.0, picked={0, 2}).id.tolist()
    ['a', 'c']
    """
    mask = (frame[col] >= low - 1e-12) & (frame[col] <= high + 1e-12)
    words = query.casefold().split()
    if words and texts is not None:
        mask &= pd.Series([all(w in t for w in words) for t in texts], index=frame.index)
    if picked is not None:
        mask &= frame.index.isin(sorted(picked))
    return frame[mask]


def sort_rows(frame: pd.DataFrame, col: str, how: str) -> pd.DataFrame:
    """The rows in input order, or by ``col`` (ties keep input order)."""
    if how == "input order":
        return frame
    return frame.sort_values(col, ascending=how == "lowest first", kind="stable")


def _layout(fig: go.Figure, title: str, subtitle: str, height: int) -> go.Figure:
    head, px = figure_title(title, subtitle)
    head["pad"] = dict(t=34)  # below the modebar, which would cover a long title's end
    px += 24
    fig.update_layout(
        title=head,
        height=height,
        margin=dict(t=px + 12, l=60, r=20, b=50),
        dragmode="select",
        showlegend=False,
    )
    return fig


def distribution_figure(
    frame: pd.DataFrame, col: str, kind: str = "histogram", height: int = 360, selectable: bool = True
) -> go.Figure:
    """The distribution of one column over every pair: a histogram or a box plot with every pair as a
    point (one trace, so a selection's point indices are the table's positions)."""
    values = frame[col].to_numpy(dtype=float)
    ids = np.array([esc(x) for x in frame["id"]], dtype=object)
    n = len(values)
    if kind == "box":
        trace: go.Box | go.Histogram = go.Box(
            x=values,
            boxpoints="all" if n <= LARGE else "outliers",
            jitter=0.5,
            pointpos=-1.8,  # beside the box, not over it
            customdata=ids,
            marker=dict(color=NEUTRAL, size=6, opacity=0.8),
            line=dict(color=NEUTRAL),
            fillcolor="rgba(95,107,122,0.12)",
            hovertemplate="document %{customdata}<br>" + esc(col) + " = %{x:.5f}<extra></extra>",
            name="",
        )
        sub = (
            "Every pair is a point (below the box)" if n <= LARGE else f"Over {LARGE:,} pairs: the outliers are points"
        ) + "; the box spans the middle half, the line is the median."
    else:
        trace = go.Histogram(
            x=values,
            xbins=dict(start=0, end=1.0001, size=0.05),
            marker=dict(color=NEUTRAL, line=dict(color="white", width=1)),
            hovertemplate=esc(col) + " %{x}: %{y} pairs<extra></extra>",
        )
        sub = "Pairs per bin of 0.05."
    fig = go.Figure(trace)
    fig.update_xaxes(title_text=esc(col), range=[-0.02, 1.02])
    if kind != "box":
        fig.update_yaxes(title_text="pairs")
    else:
        fig.update_yaxes(showticklabels=False)
    return _layout(fig, f"{col} of {n:,} pairs", sub + (" Select to filter the table." if selectable else ""), height)


def scatter_figure(frame: pd.DataFrame, col: str, height: int = 360, selectable: bool = True) -> go.Figure:
    """Candidate length (tokens) against one column, a point per pair (one trace)."""
    points = go.Scatter if len(frame) <= LARGE else go.Scattergl
    fig = go.Figure(
        points(
            x=frame[CANDIDATE_TOKENS].to_numpy(),
            y=frame[col].to_numpy(dtype=float),
            mode="markers",
            customdata=np.array([esc(x) for x in frame["id"]], dtype=object),
            marker=dict(color=NEUTRAL, size=7, opacity=0.75),
            hovertemplate="document %{customdata}<br>%{x} candidate tokens<br>"
            + esc(col)
            + " = %{y:.5f}<extra></extra>",
        )
    )
    fig.update_xaxes(title_text="candidate length (tokens)", rangemode="tozero")
    fig.update_yaxes(title_text=esc(col), range=[-0.02, 1.02])
    hint = " Select points (box or lasso) to filter the table." if selectable else ""
    return _layout(fig, f"Candidate length vs {col}", "A point per pair." + hint, height)
