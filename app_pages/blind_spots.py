"""What does ROUGE miss? A candidate perturbed (words shuffled, a negation, names swapped, a sentence
repeated ...) and every measure's score on each version, side by side: which measures notice a change of
meaning and which are fooled (issue 20, point 3).

The page in order: the pair and the seed, the score shown, the table of perturbations scored, then the
same perturbations over a sample of the SummEval corpus. Each section is drawn by a
``ui.widgets.blind_spots_*`` module; the computation is ``ui.compute.blind_spots``'s."""

from __future__ import annotations

import streamlit as st

from ui.compute.blind_spots import BLIND_SPOTS, pair_for
from ui.compute.pair import within_budget
from ui.widgets import state
from ui.widgets.blind_spots_corpus import on_a_corpus
from ui.widgets.blind_spots_input import the_pair
from ui.widgets.blind_spots_table import perturbations_scored, statistic

st.title("What does ROUGE miss?")
st.caption(
    "ROUGE measures overlap, not quality. Here a candidate is changed in ways that change its meaning "
    "(or keep it), and every measure of the sidebar's settings scores each version against the same "
    "references: a measure that barely moves while the meaning changed is fooled. " + BLIND_SPOTS.describe()
)
config = state.config()
pair = the_pair(config)
stat_name, stat = statistic()

st.subheader("The perturbations, scored")
if pair is not None and within_budget(pair.candidate, pair.references, config, BLIND_SPOTS):
    with st.spinner("Perturbing the candidate and scoring every version...", show_time=True):
        result = pair_for(pair.candidate, pair.references, config, pair.source, pair.seed)
    perturbations_scored(result, stat_name, stat)

st.subheader("On a corpus")
on_a_corpus(config, pair.seed if pair is not None else 0, stat)
