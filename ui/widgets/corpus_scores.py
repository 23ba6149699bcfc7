"""The Corpus page's "Corpus scores": what the numbers are (the profile's way, pairs, intervals), the
headline measures' F with their intervals, every measure's R/P/F in a table, and the scoring time."""

from __future__ import annotations

import streamlit as st

from rouge_core import RougeConfig
from ui.compute.corpus import ScoredSystem
from ui.render.corpus import headline, names, summary_frame
from ui.render.literal import md_literal

#: How each profile scores a corpus, as the caption above the scores says it.
PROFILE_TEXT = {
    "rouge155": "ROUGE-1.5.5: the Perl script's printed numbers (the mean of its resample means, its own "
    "seeded resampling, instances in its key order)",
    "rouge-score": "Google's rouge-score per pair; the mean of the pairs and a percentile bootstrap (seed 0)",
    "paper": "Lin (2004) per pair; the mean of the pairs and a percentile bootstrap (seed 0)",
}


def what_the_scores_are(config: RougeConfig, pairs: int) -> str:
    """The caption above the scores: the profile's way of scoring a corpus, the pairs, the intervals and
    how references are combined.

    >>> first, rest = what_the_scores_are(RougeConfig(profile="paper"), 1200).split("). ")
    >>> first.startswith("Lin (2004) per pair"), rest
    (True, "1,200 pairs; 95% intervals from 1,000 resamples; references combined by 'best'.")
    """
    return (
        f"{PROFILE_TEXT[config.profile]}. {pairs:,} pairs; {config.confidence:g}% intervals from "
        f"{config.bootstrap_samples:,} resamples; references combined by '{config.multi_ref}'."
    )


def corpus_scores(result: ScoredSystem, config: RougeConfig) -> None:
    """The caption, one card per headline measure (F, R and P on hover, the interval below), the table of
    every measure, and how long the scoring took."""
    nm = names(result)
    st.caption(md_literal(what_the_scores_are(config, len(result.doc_ids)), 800))
    top = headline(result)
    for box, label in zip(st.columns(max(len(top), 1)), top):
        m = result.report.measures[label]
        box.metric(
            f"{nm[label]} F",
            f"{m.fmeasure.average:.5f}",
            help=f"R {m.recall.average:.5f} · P {m.precision.average:.5f}",
        )
        box.caption(f"{config.confidence:g}%: {m.fmeasure.ci_low or 0:.5f} – {m.fmeasure.ci_high or 0:.5f}")
    fmt = st.column_config.NumberColumn(format="%.5f")
    st.dataframe(
        summary_frame(result),
        hide_index=True,
        width="stretch",
        column_config={"R": fmt, "P": fmt, "F": fmt, "notes": st.column_config.TextColumn(width="large")},
    )
    ms = 1000 * result.seconds / max(len(result.doc_ids), 1)
    st.caption(f"Scored in {result.seconds:,.1f} s ({ms:,.1f} ms a pair) on this server; kept for a rerun.")
