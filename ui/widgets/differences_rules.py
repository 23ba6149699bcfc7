"""The Differences page's rules: the differences on this input with the rule behind each, a warning for
any row no rule explains, the rules true of the input that change no number on their own, and (folded)
the rules that do not apply."""

from __future__ import annotations

import streamlit as st

from rouge_core.teach.differences import RULES, Comparison
from ui.render.differences import hits_html, rules_html


def rules_behind(comp: Comparison) -> None:
    """The differences in the table with their rules, then the other two lists, each under its own
    subheader and only when it holds a rule."""
    shown = [h for h in comp.hits if h.finding.in_table and h.finding.measures]
    st.html(hits_html(shown))
    unexplained = [r.label for r in comp.rows if r.unexplained]
    if unexplained:
        st.warning(f"Not explained by the rules below: {', '.join(unexplained)}. Please report this input.")
    other = [h for h in comp.hits if h not in shown]
    if other:
        st.subheader("Also true of this input")
        st.caption(
            "These rules apply here but change no number in the table on their own: they show with "
            "other settings (another tokenizer, -f B, stemming on) or only together with another rule."
        )
        st.html(hits_html(other))
    quiet = [r for r in RULES if comp.hit(r) is None]
    if quiet:
        with st.expander(f"Rules that do not apply to this input ({len(quiet)})"):
            st.html(rules_html(quiet))
