"""A campaign's members: the table (name, role, invited, expires, redeemed, revoked), the invite form,
which shows the new link once (only the token's hash is stored), and revoking a member, confirmed."""

from __future__ import annotations

from datetime import timedelta

import pandas as pd
import streamlit as st

from annotation import ROLES, AnnotationStore, Campaign, StoreError
from ui.compute.campaigns import ANNOTATE_PATH, CAMPAIGNS_PATH, invite_link
from ui.render.literal import md_literal


def _table(store: AnnotationStore, campaign: Campaign) -> pd.DataFrame:
    rows = [
        [
            m.annotator,
            m.role,
            m.invited_at[:16],
            m.expires_at[:16],
            (m.redeemed_at or "")[:16],
            (m.revoked_at or "")[:16],
        ]
        for m in store.members(campaign.id)
    ]
    return pd.DataFrame(rows, columns=["name", "role", "invited", "expires", "redeemed", "revoked"])


def _invite(store: AnnotationStore, campaign: Campaign) -> None:
    with st.form("camp_invite_form", clear_on_submit=True):
        left, mid, right = st.columns([3, 2, 2])
        name = left.text_input("Name (or the e-mail of their login)", key="camp_inv_name")
        role = mid.selectbox("Role", ROLES[::-1], key="camp_inv_role")
        days = right.number_input("Days valid", min_value=1, max_value=365, value=14, step=1, key="camp_inv_days")
        if not st.form_submit_button("Invite"):
            return
    try:
        token = store.invite(campaign.id, str(name), role=str(role), valid_for=timedelta(days=int(days)))
    except StoreError as e:
        st.error(md_literal(f"Not invited: {e}", 600))
        return
    st.success(md_literal(f"{str(name).strip()} is invited. Send them this link; it is shown only this once:", 400))
    page = CAMPAIGNS_PATH if role == "organiser" else ANNOTATE_PATH
    base = str(st.get_option("server.baseUrlPath") or "")
    st.code(invite_link(st.context.url or "", token, base, page), language=None)


def _revoke(store: AnnotationStore, campaign: Campaign) -> None:
    active = [m.annotator for m in store.members(campaign.id) if m.revoked_at is None]
    if not active:
        return
    # Not an expander: choosing a member reruns the page, the invite's one-time link above goes away, and
    # an expander below it would be drawn anew, closed, under the organiser's pointer.
    with st.container(border=True):
        st.markdown("**Revoke a member**")
        who = st.selectbox("Member", active, key="camp_rev_who")
        sure = st.checkbox("Yes: their link stops working now (their judgments stay)", key="camp_rev_sure")
        if st.button("Revoke", key="camp_rev_go", disabled=not sure):
            try:
                store.revoke(campaign.id, str(who))
            except StoreError as e:
                st.error(md_literal(f"Not revoked: {e}", 600))
                return
            st.session_state.pop("camp_rev_sure", None)
            st.rerun()


def members_and_invites(store: AnnotationStore, campaign: Campaign) -> None:
    """The invite form, the members table (read after an invite, so it shows it) and the revoke action."""
    _invite(store, campaign)
    st.dataframe(_table(store, campaign), hide_index=True, width="stretch")
    _revoke(store, campaign)
