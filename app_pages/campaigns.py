"""Campaigns: the organiser's page. An organiser creates a campaign (a stored corpus judged on a rubric
by invited people, r judgments per item), invites annotators (a link each, shown once), revokes them,
follows the dashboard (progress per annotator, gold accuracy, agreement so far), adjudicates the cells
the members disagree on, and downloads the judgments with or without the adjudications.

Who may see it is ui.widgets.campaign_gate's: an organiser, or, before any campaign exists, the local
visitor, who may create the first campaign only when the deployment knows them as an organiser (a key or
an OIDC login): a campaign turns access control on. Annotators are sent to Annotate, anyone else told why.

The page in order: the gate, the last message, the creation form, the campaign chosen, its members and
invites, the dashboard, adjudication and exports. Each section is drawn by a ``ui.widgets.campaign_*``
module; the tables are ``ui.compute.campaigns``'s. What reads every judgment of the campaign (the
agreement table, the export files) is built when the organiser presses its button, not on every run,
and kept only while the campaign's data is unchanged (``ui.widgets.campaign_prepared``)."""

from __future__ import annotations

import streamlit as st

from ui.compute.annotate import store_or_message
from ui.render.literal import md_literal
from ui.widgets.campaign_adjudication import adjudication
from ui.widgets.campaign_choice import chosen_campaign
from ui.widgets.campaign_dashboard import dashboard
from ui.widgets.campaign_exports import exports
from ui.widgets.campaign_gate import campaign_gate, may_create
from ui.widgets.campaign_members import members_and_invites
from ui.widgets.campaign_new import campaign_message, new_campaign
from ui.widgets.corpus_input import arrived
from ui.widgets.store_messages import failures_shown

arrived()  # back from Inspect (an adjudicated pair's matches): no way back offered any more, scrolled back
st.title("Campaigns")
st.caption("Organise an annotation campaign: invite annotators, follow their progress, adjudicate, export.")
opened = store_or_message()
if isinstance(opened, str):
    st.error(md_literal(opened, 600))
    st.stop()
with opened as store, failures_shown():
    access = campaign_gate(store)
    campaign_message()
    st.subheader("New campaign")
    if may_create(store, access):
        new_campaign(store)
    st.subheader("Campaign")
    campaign = chosen_campaign(store)
    if campaign is None:
        st.stop()
    st.subheader("Members and invites")
    members_and_invites(store, campaign)
    st.subheader("Dashboard")
    dashboard(store, campaign)
    st.subheader("Adjudication")
    adjudication(store, campaign, access)
    st.subheader("Exports")
    exports(store, campaign)
