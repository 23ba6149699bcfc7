"""A scored corpus -> downloads: per-pair CSV and JSON, corpus JSON, a LaTeX table of the corpus
scores, and a self-contained HTML report (no widgets; every file names the config's signature, its
ROUGE-1.5.5 command line and the data's IDs)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Sequence, cast

import plotly.graph_objects as go

from rouge_core import RougeConfig, __version__
from rouge_core.io.csv_writer import records_csv
from rouge_core.io.export import count_value as count_value  # re-exported: its home was this module
from rouge_core.io.export import to_dict, write_json
from rouge_core.io.paper_table import latex_escape as latex_escape  # re-exported: its home was this module
from ui.render.corpus import (
    CANDIDATE_TOKENS,
    column,
    distribution_figure,
    examples_frame,
    headline,
    interval_text,
    names,
    pair_notes,
    scatter_figure,
    summary_frame,
)
from ui.render.html import esc

if TYPE_CHECKING:  # annotations only: the compute, widget and render modules import each other's types
    from ui.compute.corpus import ScoredSystem


def perl_command(config: RougeConfig) -> str:
    """The equivalent ROUGE-1.5.5 command line (the sidebar shows the same one).

    >>> perl_command(RougeConfig(max_n=2, wlcs_weight=None, skip_distance=None))
    'ROUGE-1.5.5.pl -e data -n 2 -c 95 -r 1000 -f A -p 0.5 -t 0 -a config.xml'
    """
    return f"ROUGE-1.5.5.pl -e data {config.perl_flags()} config.xml"


def _settings(scored: ScoredSystem) -> dict[str, Any]:
    config = scored.report.config
    return {
        "signature": config.signature(),
        "perl_command": perl_command(config),
        "perl_differences": config.perl_differences(),
        "corpus": scored.corpus,
        "system": scored.system,
        "data_digest": scored.digest,
        "pairs": len(scored.doc_ids),
        "ids": list(scored.doc_ids),
    }


def examples_csv(scored: ScoredSystem) -> str:
    """One row per pair (input order): IDs, lengths, every measure's R/P/F and counts (integers stay
    integers), notes, and the signature on every row (through the project's one CSV writer: IDs and
    system names that start like a formula are neutralised)."""
    by_id = {i.eval_id: i for i in scored.report.instances}
    nm = names(scored)
    sig = scored.report.config.signature()
    notes = pair_notes(scored)
    rows = []
    for k, doc_id in enumerate(scored.doc_ids):
        inst = by_id[doc_id]
        row: dict[str, object] = {
            "id": doc_id,
            "system": scored.system,
            "key": inst.key,
            "candidate id": scored.candidate_ids[k],
            "reference ids": " ".join(scored.reference_ids[k]),
            CANDIDATE_TOKENS: scored.candidate_tokens[k],
            "reference tokens": " ".join(str(n) for n in scored.reference_tokens[k]),
        }
        for label, m in inst.measures.items():
            name = nm[label]
            row[column(name, "R")] = m.score.recall
            row[column(name, "P")] = m.score.precision
            row[column(name, "F")] = m.score.fmeasure
            c = to_dict(m.counts, keys="file", whole=True) if m.counts else {}
            row[f"{name} hits"] = c.get("hit")
            row[f"{name} reference total"] = c.get("reference")
            row[f"{name} candidate total"] = c.get("candidate")
        row["notes"] = "; ".join(notes[k])
        row["signature"] = sig
        rows.append(row)
    return records_csv(rows)


def examples_json(scored: ScoredSystem) -> str:
    """Every pair's scores and counts, with the settings and the data's IDs."""
    by_id = {i.eval_id: i for i in scored.report.instances}
    nm = names(scored)
    notes = pair_notes(scored)
    examples = []
    for k, doc_id in enumerate(scored.doc_ids):
        inst = by_id[doc_id]
        examples.append(
            {
                "id": doc_id,
                "key": inst.key,
                "candidate_id": scored.candidate_ids[k],
                "reference_ids": list(scored.reference_ids[k]),
                "candidate_tokens": scored.candidate_tokens[k],
                "reference_tokens": list(scored.reference_tokens[k]),
                "measures": {nm[label]: to_dict(m, form="row") for label, m in inst.measures.items()},
                "notes": notes[k],
            }
        )
    return write_json({**_settings(scored), "examples": examples}, indent=2, ensure_ascii=False, allow_nan=True)


def corpus_json(scored: ScoredSystem) -> str:
    """The corpus scores: every measure's R/P/F average with its interval, summed counts, notes
    (the settings, then :func:`rouge_core.io.export.to_dict` of the report under the shown names)."""
    out = {**_settings(scored), **to_dict(scored.report, names=names(scored))}
    return write_json(out, indent=2, ensure_ascii=False, allow_nan=True)


# Control characters (line breaks among them) would end a LaTeX comment line.
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]")


def _comment(text: str) -> str:
    """One LaTeX comment line (a line break would end the comment and typeset the rest)."""
    return "% " + _CONTROL.sub(" ", text)


def latex_table(scored: ScoredSystem) -> str:
    """A booktabs table of the corpus scores (R, P, F with the bootstrap interval under each)."""
    config = scored.report.config
    nm = names(scored)
    lines = [
        _comment(f"ROUGE Lens {__version__}: corpus {scored.corpus}, system {scored.system or '-'}"),
        _comment(f"signature: {config.signature()}"),
        _comment(f"ROUGE-1.5.5 equivalent: {perl_command(config)}"),
        *(_comment(f"no Perl equivalent: {d}") for d in config.perl_differences()),
        _comment("needs \\usepackage{booktabs}"),
        "\\begin{table}[t]",
        "  \\centering",
        "  \\begin{tabular}{lrrr}",
        "    \\toprule",
        "    Measure & R & P & F \\\\",
        "    \\midrule",
    ]
    for label, m in scored.report.measures.items():
        ivs = (m.recall, m.precision, m.fmeasure)
        lines.append(f"    {latex_escape(nm[label])} & " + " & ".join(f"{iv.average:.5f}" for iv in ivs) + " \\\\")
        if all(iv.ci_low is not None for iv in ivs):
            cis = " & ".join(f"{{\\scriptsize [{iv.ci_low:.5f}, {iv.ci_high:.5f}]}}" for iv in ivs)
            lines.append(f"     & {cis} \\\\")
    n = len(scored.doc_ids)
    system = f" of system {latex_escape(scored.system)}" if scored.system else ""
    how = (
        f"{config.confidence:g}\\% bootstrap intervals ({config.bootstrap_samples:,} resamples) in brackets"
        if config.averaging != 2
        else "scores of the summed counts"
    )
    lines += [
        "    \\bottomrule",
        "  \\end{tabular}",
        f"  \\caption{{ROUGE scores{system} on {latex_escape(scored.corpus)} ({n:,} pairs); {how}.}}",
        "\\end{table}",
        "",
    ]
    return "\n".join(lines)


def report_figures(scored: ScoredSystem) -> list[go.Figure]:
    """The report's figures: each headline measure's F histogram, and length vs ROUGE-L F (or the first)."""
    frame, _ = examples_frame(scored)
    nm = names(scored)
    labels = headline(scored)
    figs = [distribution_figure(frame, column(nm[k], "F"), "histogram", 340, selectable=False) for k in labels]
    if labels:
        main = "ROUGE-L" if "ROUGE-L" in labels else labels[0]
        figs.append(scatter_figure(frame, column(nm[main], "F"), 340, selectable=False))
    for f in figs:
        f.update_layout(dragmode="zoom")
    return figs


_CSS = """body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem auto;max-width:70rem;
padding:0 1rem;color:#1f2328;line-height:1.45}table{border-collapse:collapse;margin:0.6rem 0}
th,td{border-bottom:1px solid #d0d7de;padding:0.25rem 0.7rem;text-align:right}
th:first-child,td:first-child{text-align:left}
code{background:#f3f4f6;padding:0.1rem 0.3rem;border-radius:0.2rem;overflow-wrap:anywhere}
.figs{display:grid;grid-template-columns:repeat(auto-fit,minmax(30rem,1fr));gap:1rem}.note{color:#57606a;font-size:0.9rem}"""


def _scores_table(scored: ScoredSystem) -> str:
    """One system's measures with R, P, F and their intervals, and the measures' notes, as HTML."""
    frame = summary_frame(scored)
    conf = f"{scored.report.config.confidence:g}%"
    head = "".join(
        f"<th>{esc(c)}</th>"
        for c in ("measure", "R", f"{conf} interval", "P", f"{conf} interval", "F", f"{conf} interval")
    )
    body = []
    for _, r in frame.iterrows():
        cells = [esc(r["measure"])]
        for stat in ("R", "P", "F"):
            cells += [f"{r[stat]:.5f}", esc(r[f"{stat} {conf} interval"])]
        body.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    notes = [f"<li>{esc(r['measure'])}: {esc(r['notes'])}</li>" for _, r in frame.iterrows() if r["notes"]]
    table = f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    return table + (f"<ul class='note'>{''.join(notes)}</ul>" if notes else "")


def _overview(systems: Sequence[ScoredSystem]) -> str:
    """Every system in a row: its pairs and each headline measure's F with its interval."""
    labels = headline(systems[0])
    nm = names(systems[0])
    conf = f"{systems[0].report.config.confidence:g}%"
    head = "".join(f"<th>{esc(c)}</th>" for c in ("system", "pairs"))
    head += "".join(f"<th>{esc(nm[k])} F</th><th>{esc(conf)} interval</th>" for k in labels)
    body = []
    for s in systems:
        cells = [esc(s.system or "-"), f"{len(s.doc_ids):,}"]
        for k in labels:
            iv = s.report.measures[k].fmeasure
            cells += [f"{iv.average:.5f}", esc(interval_text(iv))]
        body.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _figures(systems: Sequence[ScoredSystem]) -> list[str]:
    """Each system's figures as one HTML block; plotly.js is embedded in the first figure of all only."""
    out = []
    plotly_js = True
    for s in systems:
        figs = []
        for f in report_figures(s):
            figs.append(f.to_html(full_html=False, include_plotlyjs=plotly_js, config={"displaylogo": False}))
            plotly_js = False
        out.append(f"<div class='figs'>{''.join(f'<div>{f}</div>' for f in figs)}</div>")
    return out


def html_report(scored: ScoredSystem | Sequence[ScoredSystem]) -> str:
    """A self-contained HTML page of one system or of every system of an upload (give them all): an
    overview of every system's headline scores, then each system's scores with intervals and figures
    (plotly.js embedded once, so it opens offline), the signature and the ROUGE-1.5.5 command line. About
    5 MB (plotly.js). Every name and text is escaped."""
    # One ScoredSystem (the report's first form) or several; a ScoredSystem is no sequence.
    systems: list[ScoredSystem] = list(scored) if isinstance(scored, (list, tuple)) else [cast("ScoredSystem", scored)]
    if not systems:
        raise ValueError("an HTML report needs at least one scored system")
    first = systems[0]
    config = first.report.config
    conf = f"{config.confidence:g}%"
    how = (
        f"{conf} bootstrap intervals from {config.bootstrap_samples:,} resamples"
        if config.averaging != 2
        else "scores of the summed counts (no resampling)"
    )
    several = len(systems) > 1
    if several:
        who = f", {len(systems)} systems: " + ", ".join(f"<b>{esc(s.system or '-')}</b>" for s in systems)
        pairs = sum(len(s.doc_ids) for s in systems)
    else:
        who = f", system <b>{esc(first.system)}</b>" if first.system else ""
        pairs = len(first.doc_ids)
    diffs = "".join(f"<li>no Perl equivalent: {esc(d)}</li>" for d in config.perl_differences())
    settings = [
        "<h2>Settings</h2>",
        f"<p>Signature <code>{esc(config.signature())}</code></p>",
        f"<p>Equivalent ROUGE-1.5.5 command <code>{esc(perl_command(config))}</code></p>",
        f"<ul class='note'>{diffs}</ul>" if diffs else "",
    ]
    figures = _figures(systems)
    if several:  # an overview, then each system's scores with its figures, then the settings
        body = ["<h2>Systems</h2>", _overview(systems)]
        for s, figs in zip(systems, figures):
            body += [f"<h2>System {esc(s.system or '-')}</h2>", _scores_table(s), "<h3>Distributions</h3>", figs]
        body += settings
    else:  # the report's first layout: scores, settings, figures
        body = ["<h2>Corpus scores</h2>", _scores_table(first), *settings, "<h2>Distributions</h2>", figures[0]]
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            f"<title>ROUGE Lens corpus report: {esc(first.corpus)}</title>",
            f"<style>{_CSS}</style></head><body>",
            "<h1>ROUGE Lens corpus report</h1>",
            f"<p>Corpus <b>{esc(first.corpus)}</b>{who}: {pairs:,} pairs "
            f"(data digest <code>{esc(first.digest)}</code>). Profile {esc(config.profile)}; {esc(how)}.</p>",
            *body,
            f"<p class='note'>Made by ROUGE Lens (rouge_core {esc(__version__)}). The figures are interactive "
            "and need no network.</p>",
            "</body></html>",
        ]
    )
