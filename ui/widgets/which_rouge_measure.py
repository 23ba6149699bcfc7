"""The Which ROUGE? (corpus) page's "One measure, and where its gap comes from": the measure picked (kept),
both averages and B − A as cards, the interval, the sentence naming the largest part, the attribution table
and chart, and the documents each rule applies to."""

from __future__ import annotations

import streamlit as st

from rouge_core.stats.systems import Statistic
from rouge_core.teach.which_rouge import MeasureGap, SettingGap
from ui.compute.which_rouge import CONFIDENCE
from ui.render import which_rouge as view
from ui.render.literal import md_literal
from ui.widgets.which_rouge_choice import pick

SHARES = (
    "Shares are of B − A and are rounded to one decimal each: the settings' shares and the remainder's add up "
    "to 100 % (the total row). A negative share moves A's average away from B's. A rule's share is shown "
    "where its switch is known; otherwise its part stays inside its setting's share."
)


def one_measure(gap: SettingGap, statistic: Statistic) -> tuple[str, MeasureGap]:
    """Draw the section; return the measure's key (as the picker holds it) and its gap."""
    keys = {view.measure_key(m): m for m in gap.measures}
    default_key = next((k for k in keys if k.startswith("ROUGE-L|")), next(iter(keys)))
    chosen = pick(
        st.selectbox,
        "Measure",
        "gap_measure",
        default_key,
        list(keys),
        format_func=lambda k: view.measure_name(keys[k]),
    )
    m = keys[chosen]
    stat_letter = view.STAT_LETTER[statistic]
    cards = st.columns(3)
    cards[0].metric(f"A: {m.name_a} {stat_letter}", view.score(getattr(m.average_a, statistic)))
    cards[1].metric(f"B: {m.name_b} {stat_letter}", view.score(getattr(m.average_b, statistic)))
    cards[2].metric("B − A", view.signed(m.delta))
    st.caption(md_literal(view.interval_sentence(m, CONFIDENCE), 600))
    for note in m.notes:
        st.caption(md_literal(f"Note: {note}", 600))
    st.markdown(f"**{md_literal(view.summary_sentence(gap, m), 600)}**")
    st.table(view.literal_frame(view.attribution_frame(gap, m)), hide_index=True)
    st.caption(SHARES)
    if m.unexplained:
        st.warning(
            md_literal(
                "Examined documents where the profile moves the score but no rule is named: "
                + ", ".join(m.unexplained[:20]),
                800,
            )
        )
    if m.remainder_share is not None:  # no gap: nothing to draw
        st.plotly_chart(view.attribution_figure(gap, m), key=f"gap_chart:{chosen}", config={"displaylogo": False})
    if m.rules:
        with st.expander("The documents each rule applies to"):
            st.dataframe(view.rule_documents_frame(m), hide_index=True, width="stretch")
    return str(chosen), m
