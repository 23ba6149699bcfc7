"""A campaign's judgments to download, as CSV or JSON Lines, with or without the organiser's
adjudicated value beside each judgment: built when the organiser presses "Prepare the export files"
(they read every judgment of the campaign), kept for that campaign and choice, and dropped as soon as
a judgment, adjudication or member changes (:mod:`ui.widgets.campaign_prepared`), so a stale file is
never offered."""

from __future__ import annotations

from typing import Optional

import streamlit as st

from annotation import FORMATS, AnnotationStore, Campaign
from ui.compute.campaigns import campaign_export, campaign_revision
from ui.widgets.campaign_prepared import keep, kept

#: The name the export files are kept under in the session.
EXPORTS = "exports"


def exports(store: AnnotationStore, campaign: Campaign) -> None:
    """The adjudication choice, the prepare button and, once prepared, one download button per format."""
    with_adjudication = bool(st.checkbox("With the adjudication column", value=True, key="camp_exp_adj"))
    built_for = (campaign.id, with_adjudication)
    if st.button("Prepare the export files", key="camp_exp_prepare"):
        revision = campaign_revision(store, campaign)
        files: Optional[dict[str, str]] = {
            fmt: campaign_export(store, campaign, fmt, with_adjudication) for fmt in FORMATS
        }
        keep(EXPORTS, built_for, revision, files)
        dropped = False
    else:
        files, dropped = kept(EXPORTS, built_for, lambda: campaign_revision(store, campaign))
    if files is None:
        st.caption(
            "The campaign's data changed since the files were prepared: prepare them again."
            if dropped
            else "The files are built when you press the button (they read every judgment of the campaign)."
        )
        return
    suffix = "-adjudicated" if with_adjudication else ""
    with st.container(horizontal=True):  # side by side, not a half page apart
        for fmt in FORMATS:
            st.download_button(
                f"Judgments ({fmt.upper()})",
                files[fmt],
                file_name=f"campaign-{campaign.id}{suffix}.{fmt}",
                mime="text/csv" if fmt == "csv" else "application/jsonl",
                key=f"camp_exp_{fmt}",
                on_click="ignore",
            )
    st.caption("Prepared from the campaign as it is now: a new judgment or adjudication drops them.")
