"""A campaign's dashboard: per annotator, items done and in hand, median time per item, gold accuracy,
flags and notes (one query of the store, on every run); and Krippendorff's alpha per criterion so far
over the campaign's members, computed when the organiser asks for it (it reads every judgment of the
campaign) and shown while the campaign's judgments are unchanged (:mod:`ui.widgets.campaign_prepared`)."""

from __future__ import annotations

from typing import Optional

import pandas as pd
import streamlit as st

from annotation import AnnotationStore, Campaign
from ui.compute.campaigns import campaign_agreement, campaign_revision, progress_table
from ui.widgets.campaign_prepared import keep, kept

#: The name the agreement table is kept under in the session.
AGREEMENT = "agreement"


def dashboard(store: AnnotationStore, campaign: Campaign) -> None:
    """The progress table, then the agreement table when it was computed for the data as it is."""
    rows = store.campaign_progress(campaign.id)
    if not rows:
        st.caption("No annotator is invited yet.")
    else:
        st.dataframe(progress_table(rows), hide_index=True, width="stretch")
        st.caption(
            "Done: items judged on every criterion. Assigned: items in hand now. Median seconds between two "
            "completed items. Gold accuracy: judgments of gold cells within their tolerance (empty before one)."
        )
    if st.button("Compute agreement so far", key="camp_agree"):
        revision = campaign_revision(store, campaign)
        table: Optional[pd.DataFrame] = campaign_agreement(store, campaign)
        keep(AGREEMENT, campaign.id, revision, table)
        dropped = False
    else:
        table, dropped = kept(AGREEMENT, campaign.id, lambda: campaign_revision(store, campaign))
    if table is None:
        st.caption(
            "Judgments changed since the agreement was computed: compute it again."
            if dropped
            else "Krippendorff's alpha per criterion, computed when you ask (it reads every judgment)."
        )
        return
    st.dataframe(table, hide_index=True, width="stretch")
    st.caption(
        "Krippendorff's alpha (ordinal and interval) per criterion so far, over the members' judgments, each "
        "with its 95% bootstrap interval over the items (1,000 resamples; empty where alpha has none)."
    )
