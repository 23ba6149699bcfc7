"""A campaign's dashboard: per annotator, items done and in hand, median time per item, gold accuracy,
flags and notes; and Krippendorff's alpha per criterion so far over the campaign's members."""

from __future__ import annotations

import streamlit as st

from annotation import AnnotationStore, Campaign
from ui.compute.campaigns import campaign_agreement, progress_table


def dashboard(store: AnnotationStore, campaign: Campaign) -> None:
    """The progress table and the agreement table."""
    rows = store.campaign_progress(campaign.id)
    if not rows:
        st.caption("No annotator is invited yet.")
    else:
        st.dataframe(progress_table(rows), hide_index=True, width="stretch")
        st.caption(
            "Done: items judged on every criterion. Assigned: items in hand now. Median seconds between two "
            "completed items. Gold accuracy: judgments of gold cells within their tolerance (empty before one)."
        )
    st.dataframe(campaign_agreement(store, campaign), hide_index=True, width="stretch")
    st.caption("Krippendorff's alpha (ordinal and interval) per criterion so far, over the members' judgments.")
