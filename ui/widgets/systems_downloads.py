"""The Systems page's record of a comparison: its signature and the scoring options', how the scores were
averaged and how long they took, the three downloads (ranking CSV, pairs CSV, comparison JSON), and the
table for a paper (LaTeX and Markdown: every measure, marks against a chosen baseline)."""

from __future__ import annotations

from functools import partial
from typing import Callable, Mapping, Sequence

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.io import paper_table as paper
from ui.compute.paper_table import cannot_compare, systems_table, written
from ui.compute.systems import Ran, Settings
from ui.render import systems as view
from ui.render.literal import md_literal
from ui.widgets.corpus_input import Loaded
from ui.widgets.systems_choice import pick

#: A download: its label, what makes its text (on click), its file name and type.
Download = tuple[str, Callable[[], str], str, str]


def downloads(ran: Ran, alpha: float, config: RougeConfig, current: Loaded, dropped: Sequence[str]) -> list[Download]:
    """The downloads, in the page's order; every one names both signatures."""
    cmp, documents = ran[1].comparison, ran[1].documents
    sig = config.signature()
    record = partial(
        view.comparison_file, cmp, alpha, sig, config.perl_flags(), current.source.name, documents, tuple(dropped)
    )
    return [
        ("Ranking CSV", partial(view.ranking_csv, cmp, sig), "systems_ranking.csv", "text/csv"),
        ("Pairs CSV", partial(view.pairs_csv, cmp, alpha, sig), "systems_pairs.csv", "text/csv"),
        ("Comparison JSON", record, "systems_comparison.json", "application/json"),
    ]


def signature_and_downloads(
    ran: Ran, alpha: float, config: RougeConfig, current: Loaded, dropped: Sequence[str]
) -> None:
    """The two signatures, the notes on averaging and timing, then the download buttons in a row."""
    scored, result = ran
    cmp = result.comparison
    st.caption("Signature of this comparison, then of the scoring options (both in every download)")
    st.code(f"{cmp.signature}\n{config.signature()}", language=None, wrap_lines=True)
    if config.behaviour.perl_corpus and cmp.convention == "mean":
        st.caption(
            "The scores here are the plain mean of the per-pair scores; the Corpus page's rouge155 average is "
            "ROUGE-1.5.5's mean of its resample means, which can differ in the last digits."
        )
    st.caption(
        f"Scored in {sum(s.seconds for s in scored.values()):,.1f} s (kept for a rerun); compared in "
        f"{result.seconds:,.2f} s. A new test, seed or number of samples reruns the comparison only."
    )
    for box, (label, make, name, mime) in zip(st.columns(3), downloads(ran, alpha, config, current, dropped)):
        box.download_button(
            label,
            make,
            name,
            mime,
            key=f"sys_dl:{name}",
            on_click="ignore",
            icon=":material/download:",
            width="stretch",
        )


def paper_table(ran: Ran, settings: Settings, alpha: float, names: Mapping[str, str], config: RougeConfig) -> None:
    """The baseline picker and the two downloads of the paper table: the systems compared (rows) x every
    measure the sidebar scores (columns), the page's statistic, intervals, test and significance level."""
    scored = ran[0]
    systems = list(scored)
    c1, c2, c3 = st.columns([4, 2, 2], vertical_alignment="bottom")
    baseline = pick(
        c1.selectbox,
        "Paper table: baseline",
        "sys_paper_baseline",
        systems[0],
        systems,
        help="Cells that differ from the baseline's with p < the level above are marked † (above) or ‡ (below).",
    )
    labels = list(names)
    problem = cannot_compare(scored, settings, labels)
    if problem is not None:  # a measure the chosen convention cannot compare: said, and no table
        st.warning(md_literal(f"No paper table with these settings: {problem}", 1500))
        return
    # Every measure's comparison runs when a file is asked for, not on each change of the page's settings.
    table = partial(systems_table, scored, settings, labels, names, baseline, alpha, config)
    files = (
        ("Paper table (LaTeX)", partial(written, paper.latex, table), "systems_table.tex", "text/x-tex"),
        ("Paper table (Markdown)", partial(written, paper.markdown, table), "systems_table.md", "text/markdown"),
    )
    for box, (label, make, name, mime) in zip((c2, c3), files):
        box.download_button(
            label,
            make,
            name,
            mime,
            key=f"sys_dl:{name}",
            on_click="ignore",
            icon=":material/download:",
            width="stretch",
        )
    st.caption(
        f"Systems × every measure ({view.stat_letter(ran[1].comparison)}), each score with its interval as the "
        "ranking shows it; best per column in bold; the signature, confidence level, test and number of "
        "documents in the caption (LaTeX needs booktabs)."
    )
