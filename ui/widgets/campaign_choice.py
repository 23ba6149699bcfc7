"""Which campaign the rest of the page is about: a choice among the stored campaigns, with its settings
and instructions (the organiser's Markdown, made safe)."""

from __future__ import annotations

from typing import Optional

import streamlit as st

from annotation import AnnotationStore, Campaign
from ui.render.instructions import instructions_markdown
from ui.render.literal import md_literal
from ui.render.plural import counted


def chosen_campaign(store: AnnotationStore) -> Optional[Campaign]:
    """The campaign chosen (None, saying so, when there is none yet)."""
    campaigns = {c.id: c for c in store.campaigns()}
    if not campaigns:
        st.info("No campaign yet.")
        return None
    if st.session_state.get("camp_pick") not in campaigns:
        st.session_state["camp_pick"] = next(iter(campaigns))
    picked = st.selectbox("Campaign", list(campaigns), key="camp_pick", format_func=lambda i: campaigns[i].name)
    if picked is None:  # the choice cannot be emptied; for the type checker
        return None
    campaign = campaigns[int(picked)]
    corpus = store.corpus(campaign.corpus_id)
    st.caption(
        md_literal(
            f"Corpus {corpus.name} ({counted(corpus.n_items, 'item')}), "
            f"{counted(campaign.judgments_per_item, 'judgment')} per item, "
            f"overlap {campaign.overlap}, leases of {campaign.lease_minutes} minutes, "
            f"created {campaign.created_at[:16]}",
            600,
        )
    )
    if campaign.instructions:
        with st.expander("Instructions"):
            st.markdown(instructions_markdown(campaign.instructions))
    return campaign
