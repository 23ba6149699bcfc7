"""Why do the numbers differ? The same input under rouge155, rouge-score and paper, side by side,
every difference marked with the rule that causes it.

The page in order: the example and the input (Inspect's, or the page's own), the scoring under the three
profiles, the table side by side, then the rules behind each difference. Each section is drawn by a
``ui.widgets.differences_*`` module; the comparison is ``ui.compute.pair``'s."""

from __future__ import annotations

import streamlit as st

from ui.compute import budget
from ui.compute.pair import comparison_for, within_budget
from ui.render.differences import configs_text
from ui.render.literal import md_literal
from ui.widgets import state
from ui.widgets.differences_input import arrived, example_and_source, the_input
from ui.widgets.differences_rules import rules_behind
from ui.widgets.differences_table import profiles_side_by_side

arrived()
st.title("Why do the numbers differ?")
st.page_link(
    "app_pages/which_rouge.py",
    label="The same question on a whole corpus: Which ROUGE? (corpus)",
    icon=":material/compare_arrows:",
)
st.caption(
    "The same input scored by the three profiles side by side. Every difference is marked and "
    "explained by the rule that causes it; each rule is checked on this input by recomputing the "
    "measure with that one rule switched the other way. " + budget.DIFFERENCES.describe()
)
source = example_and_source()
candidate, references = the_input(source)

config = state.config()
if not within_budget(candidate, references, config, budget.DIFFERENCES):
    st.stop()
with st.spinner("Scoring under the three profiles and checking every rule...", show_time=True):
    comp = comparison_for(candidate, references, config)
st.info(
    "A fair comparison: every column uses the sidebar's measure options (n, skip distance, ROUGE-W "
    "weight, stemming, stopwords, alpha, length limits); only the profile changes, with its own "
    f"tokenizer and multi-reference rule. {configs_text(comp.configs)}."
)
for note in comp.reports["rouge155"].notes:
    st.caption(md_literal(f"Note: {note}", 600))

st.subheader("The three profiles side by side")
profiles_side_by_side(comp)

st.subheader("Differences on this input, and the rule behind each")
rules_behind(comp)
