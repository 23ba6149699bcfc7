"""ROUGE-W: runs of consecutive matches weighted f(k) = k^w, beside the plain LCS, and the arithmetic.

Two explanation kinds: ``wlcs-union`` (ROUGE-1.5.5: runs of credited union marks
per reference sentence) and ``wlcs-flat`` (the paper and the other profiles: one
alignment of the whole texts, ``Run.reference_sentence == -1``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import pandas as pd

from rouge_core import Report
from rouge_core.measures.explain import LcsExplanation, Run, SentencePair
from rouge_core.measures.lcs_pairs import alignment_runs, pair_runs, plain_pair

from .colours import run_colour
from .html import Span, analysis_html, legend, note_html, page, row_html, scroll, tagged, token_span
from .lcs import find_pair, is_flat, lcs_explanation, pair_tokens
from .numbers import number
from .plural import counted
from .scores import count_text

RUN_COLUMNS = ["reference sentence", "from", "to", "k", "f(k) = k^w", "tokens"]


def _flat_ref_tokens(report: Report, ref_index: int):
    return tuple(t for s in report.references[ref_index].sentences for t in s)


def _run_tokens(report: Report, ref_index: int, run: Run):
    ref = report.references[ref_index]
    seq = _flat_ref_tokens(report, ref_index) if run.reference_sentence < 0 else ref.sentences[run.reference_sentence]
    return seq[run.start : run.start + run.length]


def runs_table(report: Report, label: str, ref_index: int) -> pd.DataFrame:
    """One row per run: where it is (1-based), its length k and its weight f(k) = k^w."""
    e = lcs_explanation(report, label, ref_index)
    rows = []
    for r in e.runs:
        toks = _run_tokens(report, ref_index, r)
        rows.append(
            (
                None if r.reference_sentence < 0 else r.reference_sentence + 1,
                r.start + 1,
                r.start + r.length,
                r.length,
                r.weight,
                " ".join(t.text for t in toks),
            )
        )
    return pd.DataFrame(rows, columns=RUN_COLUMNS)


def run_style(k: int) -> str:
    """Run ``k`` (from 0): credited blue, alternating two shades, with its label ``r1``, ``r2``, ...

    >>> run_style(1)
    '#a0dcfc tag:r2'
    """
    return tagged(run_colour(k), f"r{k + 1}")


def _weight(x: float) -> str:
    """A weight, f(k) or WLCS sum as the ROUGE-W views print it (6 significant digits)."""
    return number(x, 6, "general")


def _run_title(k: int, r: Run, w: float) -> str:
    return f"run {k + 1}: k = {r.length}, f(k) = {r.length}^{_weight(w)} = {_weight(r.weight)}"


def _flat_run_marks(e: LcsExplanation, r: Run) -> list[tuple[int, int]]:
    pair = e.pairs[0] if e.pairs else None
    if pair is None:
        return []
    return [(a, b) for a, b in pair.marks if r.start <= a < r.start + r.length]


def runs_html(report: Report, label: str, ref_index: int, max_tokens: int = 1500) -> str:
    """Both texts with every run marked credited, neighbouring runs in alternating shades and each
    labelled (``r1``, ``r2``, ...; tooltip: k and f(k) = k^w)."""
    e = lcs_explanation(report, label, ref_index)
    ref, cand = report.references[ref_index], report.candidate
    w = e.weight
    rows: list[str] = []
    c_spans: list[Span] = []
    if is_flat(e):
        rt, ct = pair_tokens(report, ref_index, e.pairs[0]) if e.pairs else ((), ())
        r_spans: list[Span] = []
        for k, r in enumerate(e.runs):
            title = _run_title(k, r, w)
            for a, b in _flat_run_marks(e, r):
                r_spans.append(token_span(rt[a], run_style(k), title))
                c_spans.append(token_span(ct[b], run_style(k), title))
        rows.append(row_html("Reference", analysis_html(ref, r_spans)))
    else:
        # A credited union mark's candidate token is its source; a run lists credited marks only.
        source = {(m.reference_sentence, m.position): m.source for m in e.marks if m.credited}
        by_sentence: dict[int, list[tuple[int, Run]]] = {}
        for k, r in enumerate(e.runs):
            by_sentence.setdefault(r.reference_sentence, []).append((k, r))
        used = 0
        for i, sent in enumerate(ref.sentences):
            if i >= len(ref.sentence_spans):
                break
            if used >= max_tokens:
                rows.append(note_html(f"shown: reference sentences 1-{i} of {len(ref.sentences)}"))
                break
            s, t_end = ref.sentence_spans[i]
            spans: list[Span] = []
            for k, r in by_sentence.get(i, ()):
                title = _run_title(k, r, w)
                for p in range(r.start, r.start + r.length):
                    spans.append(token_span(sent[p], run_style(k), title, offset=s))
                    if (i, p) in source:
                        j, b = source[(i, p)]
                        c_spans.append(token_span(cand.sentences[j][b], run_style(k), title))
            n_runs = len(by_sentence.get(i, ()))
            rows.append(
                row_html(
                    f"R{i + 1}  ({n_runs} run{'s' if n_runs != 1 else ''})",
                    analysis_html(ref, spans, start=s, end=t_end),
                )
            )
            used += len(sent)
    return page(
        legend(
            [(run_style(k), f"run {k + 1}: k={r.length}") for k, r in enumerate(e.runs[:12])]
            + (
                [("rl-plain", f"and {len(e.runs) - 12} more runs, each labelled r13, r14, ...")]
                if len(e.runs) > 12
                else []
            )
            + [("rl-dropped", "not counted (tokenizer, stopword or length limit)")]
        ),
        scroll(*rows),
        row_html("Candidate", analysis_html(cand, c_spans)),
        *(note_html(n) for n in e.notes),
    )


@dataclass(frozen=True)
class WlcsArithmetic:
    """The recall/precision arithmetic of one ROUGE-W score: plain text and LaTeX lines."""

    text: str
    latex: str


def wlcs_arithmetic(report: Report, label: str, ref_index: int) -> WlcsArithmetic:
    """How the runs become R and P, with this pair's numbers.

    rouge155 (``wlcs-union``): R = f^-1(hit / f(sum_i |M_i|^w)) (ROUGE-1.5.5 weights
    the recall denominator twice), P = f^-1(hit / f(n)). Flat: R = f^-1(WLCS / f(m)),
    P = f^-1(WLCS / f(n)). f(k) = k^w, f^-1(x) = x^(1/w).
    """
    e = lcs_explanation(report, label, ref_index)
    res = report.measures[label].per_reference[ref_index]
    c, sc, w = res.counts, res.score, e.weight
    ref = report.references[ref_index]
    # The token counts the core weighed (f(m), f(n)), read from the analyses, not mapped back from
    # the counts with f^-1.
    m = sum(len(s) for s in ref.sentences)
    n = sum(len(s) for s in report.candidate.sentences)
    # The counts (hit, the recall base and its weighting) print as the scores table prints them.
    ws, hit, model = _weight(w), count_text(c.hit), count_text(c.model)
    recall, precision = number(sc.recall), number(sc.precision)
    hit_terms = " + ".join(f"{r.length}^{ws}" for r in e.runs[:8]) + (" + ..." if len(e.runs) > 8 else "")
    if e.kind == "wlcs-union":
        lens = [len(s) for s in ref.sentences]
        base_text = count_text(e.recall_base or 0.0)  # sum_i |M_i|^w as the core summed it
        lens_txt = " + ".join(f"{x}^{ws}" for x in lens[:8]) + (" + ..." if len(lens) > 8 else "")
        text = (
            f"hit = sum of f(k) over the runs = {hit_terms or '0'} = {hit}\n"
            f"sum_i |M_i|^w = {lens_txt or '0'} = {base_text}; "
            f"ROUGE-1.5.5 weights it again: f({base_text}) = {model}\n"
            f"R = f^-1(hit / f(sum_i |M_i|^w)) = ({hit} / {model})^(1/{ws})"
            f" = {recall}\n"
            f"P = f^-1(hit / f(n)) = ({hit} / {n}^{ws})^(1/{ws}) = {precision}"
            f"  (n = {counted(n, 'candidate token')})"
        )
        latex = (
            r"\begin{aligned}"
            rf"\mathrm{{hit}} &= \textstyle\sum_{{\mathrm{{runs}}}} k^{{{ws}}} = {hit}\\"
            rf"R &= f^{{-1}}\!\left(\frac{{\mathrm{{hit}}}}{{f\left(\sum_i |M_i|^{{{ws}}}\right)}}\right)"
            rf" = \left(\frac{{{hit}}}{{{base_text}^{{{ws}}}}}\right)^{{1/{ws}}}"
            rf" = {recall}\\"
            rf"P &= f^{{-1}}\!\left(\frac{{\mathrm{{hit}}}}{{f(n)}}\right)"
            rf" = \left(\frac{{{hit}}}{{{n}^{{{ws}}}}}\right)^{{1/{ws}}}"
            rf" = {precision}"
            r"\end{aligned}"
        )
    else:
        text = (
            f"WLCS = sum of f(k) over the runs = {hit_terms or '0'} = {hit}\n"
            f"R = f^-1(WLCS / f(m)) = ({hit} / {m}^{ws})^(1/{ws}) = {recall}"
            f"  (m = {counted(m, 'reference token')})\n"
            f"P = f^-1(WLCS / f(n)) = ({hit} / {n}^{ws})^(1/{ws}) = {precision}"
            f"  (n = {counted(n, 'candidate token')})"
        )
        latex = (
            r"\begin{aligned}"
            rf"\mathrm{{WLCS}} &= \textstyle\sum_{{\mathrm{{runs}}}} k^{{{ws}}} = {hit}\\"
            rf"R &= f^{{-1}}\!\left(\frac{{\mathrm{{WLCS}}}}{{f(m)}}\right)"
            rf" = \left(\frac{{{hit}}}{{{m}^{{{ws}}}}}\right)^{{1/{ws}}}"
            rf" = {recall}\\"
            rf"P &= f^{{-1}}\!\left(\frac{{\mathrm{{WLCS}}}}{{f(n)}}\right)"
            rf" = \left(\frac{{{hit}}}{{{n}^{{{ws}}}}}\right)^{{1/{ws}}}"
            rf" = {precision}"
            r"\end{aligned}"
        )
    return WlcsArithmetic(text, latex)


def consecutive_runs(marks: Sequence[tuple[int, int]]) -> list[int]:
    """For each mark of one alignment, the index of its run (both positions advance by one), from the
    core's runs (:func:`rouge_core.measures.lcs_pairs.alignment_runs`).

    >>> consecutive_runs([(0, 0), (1, 1), (3, 2), (4, 3), (6, 6)])
    [0, 0, 1, 1, 2]
    """
    return [k for k, run in enumerate(alignment_runs(marks, 1.0)) for _ in range(run.length)]


def run_colours(marks: Sequence[tuple[int, int]]) -> list[str]:
    """A line colour per mark: credited blue, alternating two shades from one run of the alignment
    to the next (the alignment figure also alternates solid and dashed lines)."""
    return [run_colour(k, ink=True) for k in consecutive_runs(marks)]


def plain_lcs_pair(
    report: Report,
    w_label: str,
    ref_index: int,
    pair: SentencePair,
) -> tuple[Optional[SentencePair], str]:
    """The plain LCS of the same pair as a WLCS pair, and where it came from.

    Taken from the report's ROUGE-L (union pairs) or ROUGE-Lflat (flat pair)
    when present; otherwise from :func:`rouge_core.measures.lcs_pairs.plain_pair` for a pair
    small enough to keep a table; else (None, reason).
    """
    e = lcs_explanation(report, w_label, ref_index)
    want = ("flat",) if is_flat(e) else ("union", "union-unclipped")
    for lbl, m in report.measures.items():
        ex = m.per_reference[ref_index].explanation if ref_index < len(m.per_reference) else None
        if isinstance(ex, LcsExplanation) and ex.kind in want:
            p = find_pair(ex, pair.reference_sentence, pair.candidate_sentence)
            if p is not None:
                return p, f"from {lbl}"
    plain = plain_pair(e, pair)
    if plain is None:
        rt, ct = pair_tokens(report, ref_index, pair)
        return None, f"the plain LCS of {len(rt)} x {len(ct)} tokens is not in the report"
    return plain, "computed for display (no plain LCS of this pair in the report)"


def wlcs_pair_titles(pair: SentencePair, w: float) -> list[str]:
    """Tooltip per mark of a WLCS pair: its run's k and f(k) (the core's runs of the pair,
    :func:`rouge_core.measures.lcs_pairs.pair_runs`).

    >>> wlcs_pair_titles(SentencePair(0, 0, ((0, 0), (1, 1), (3, 3)), 5.0), 2.0)
    ['run of k = 2: f(k) = 2^2 = 4', 'run of k = 2: f(k) = 2^2 = 4', 'run of k = 1: f(k) = 1^2 = 1']
    """
    return [
        f"run of k = {r.length}: f(k) = {r.length}^{_weight(w)} = {_weight(r.weight)}"
        for r in pair_runs(pair, w)
        for _ in range(r.length)
    ]
