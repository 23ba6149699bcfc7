"""'What does ROUGE miss?': the pair's perturbations scored by every measure, side by side."""

from __future__ import annotations

import streamlit as st

from rouge_core.teach.blind_spots import PairBlindSpots, Statistic
from ui.render.blind_spots import STATISTICS, pair_html, rule_text


def statistic() -> tuple[str, Statistic]:
    """Draw the choice of the score shown (F-measure, recall, precision); its name and field."""
    name = st.radio("Score shown", list(STATISTICS), horizontal=True, key="blind_stat") or "F-measure"
    return name, STATISTICS[name]


def perturbations_scored(result: PairBlindSpots, stat_name: str, stat: Statistic) -> None:
    """The table: rows = perturbations, columns = measures, each cell the score and its change."""
    st.caption(
        "Each cell: the score of the perturbed candidate, its change from the original, and the verdict. "
        + rule_text(stat_name)
    )
    st.html(pair_html(result, stat))
