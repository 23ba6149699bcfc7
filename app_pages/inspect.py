"""Inspect a pair: paste or load summaries, see every ROUGE number and every match behind it.

The page, top to bottom: what it is for; the texts (a sample, the sentence splitter, uploads, the
boxes); the texts as scored, with warnings; the candidates side by side (when there are several);
the scores of the candidate shown; the matches behind them. Each section is drawn in ui/widgets/inspect_*.py."""

from __future__ import annotations

import streamlit as st

from ui.compute import budget
from ui.compute.pair import report_for, within_budget
from ui.render.inspect_notes import scores_caption
from ui.widgets import inspect_inputs, inspect_scores, state
from ui.widgets.corpus_input import back_to_corpus
from ui.widgets.inspect_candidates import candidate_shown
from ui.widgets.inspect_split import one_sentence_warning_for, split_panel
from ui.widgets.inspect_uploads import uploads
from ui.widgets.inspect_walk import ask_toggle, ask_walk
from ui.widgets.lecture import lecture_controls
from ui.widgets.match_views import show_match_views

inspect_inputs.init()  # the texts in the address (?t=), else the opening sample

# What the page is for, and the other ways in
st.title("ROUGE Lens · Inspect a pair")
lecture_controls()
back_to_corpus()  # only when Inspect was opened from a corpus row
st.markdown(
    "**See why ROUGE gives the number it gives**: every measure exactly as ROUGE-1.5.5, Google's "
    "rouge-score or Lin (2004) computes it, and every match behind it."
)
ways = st.columns(3)
ways[0].page_link("app_pages/learn.py", label="Learn a measure, step by step", icon=":material/school:")
ways[1].markdown(":material/search: **Inspect a pair**: paste below, or load a sample")
ways[2].page_link("app_pages/differences.py", label="Why do the packages' numbers differ?", icon=":material/balance:")

# The texts: a sample, the splitter's proposal or undo, uploads (each reruns the page when used), then the boxes
inspect_inputs.top_row()
split_panel()
uploads()


@st.fragment
def texts_scores_and_matches() -> None:
    """Everything that depends on the texts, in one fragment: a box's commit (the candidate box commits
    when the reference box takes the focus) reruns this part only, not the sidebar, the header, the
    sample picker or the uploaders."""
    config = state.config()
    # The boxes
    inspect_inputs.text_boxes()
    state.remember_in_address()  # ?t= keeps the texts across a reload

    # The texts as scored: cut to the inspector's length, one-line texts ROUGE-L reads as one sentence
    candidate, references = inspect_inputs.scored_pair()
    if config.rouge_l:
        one_sentence_warning_for(candidate, references)
    candidates = [candidate, *inspect_inputs.scored_others()]
    if not all(within_budget(c, references, config, budget.INSPECT) for c in candidates):
        return
    with st.spinner("Scoring and explaining every match...", show_time=True):
        reports = [report_for(c, references, config) for c in candidates]

    # The candidates side by side, and the one the rest of the page is for
    report = candidate_shown(reports)
    inspect_scores.notes(report, config)

    # Its scores
    st.subheader("Scores")
    inspect_scores.scores(report, scores_caption(config, len(references)))  # caption, cards, table: one element
    inspect_scores.downloads(report)
    if len(references) > 1:
        inspect_scores.per_reference(report, config)

    # The matches behind the numbers, or (Ask me first) a walk through them that asks before it shows
    st.subheader("Matches behind the numbers")
    if ask_toggle():
        ask_walk(report.candidate.text, [r.text for r in report.references], config)
    else:
        show_match_views(report, key="inspect")


texts_scores_and_matches()
