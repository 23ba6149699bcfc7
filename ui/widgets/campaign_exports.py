"""A campaign's judgments to download, as CSV or JSON Lines, with or without the organiser's
adjudicated value beside each judgment."""

from __future__ import annotations

import streamlit as st

from annotation import FORMATS, AnnotationStore, Campaign
from ui.compute.campaigns import campaign_export


def exports(store: AnnotationStore, campaign: Campaign) -> None:
    """The adjudication choice and one download button per format."""
    with_adjudication = st.checkbox("With the adjudication column", value=True, key="camp_exp_adj")
    suffix = "-adjudicated" if with_adjudication else ""
    for column, fmt in zip(st.columns(len(FORMATS)), FORMATS):
        column.download_button(
            f"Judgments ({fmt.upper()})",
            campaign_export(store, campaign, fmt, bool(with_adjudication)),
            file_name=f"campaign-{campaign.id}{suffix}.{fmt}",
            mime="text/csv" if fmt == "csv" else "application/jsonl",
            key=f"camp_exp_{fmt}",
        )
