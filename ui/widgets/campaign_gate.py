"""Who may use the Campaigns page: an organiser (or, before any campaign exists, the local visitor);
anyone else is told why not and the page stops. Creating the first campaign needs more than local mode:
it turns access control on, so its creator must prove to be an organiser the deployment knows."""

from __future__ import annotations

import streamlit as st

from annotation import AnnotationStore
from annotation.access import Access
from ui.render.literal import md_literal
from ui.widgets.access import INVITE_PARAM, ORGANISER_KEY_ENV, deployment, organiser_proven, visitor_access

#: What to configure before the first campaign can be created (shown instead of the form).
HOW_TO_CONFIGURE = (
    "Creating a campaign turns access control on, and you, its creator, must be able to get back in. "
    "Configure an organiser first, then reload this page:\n\n"
    '* an organiser key: in `.streamlit/secrets.toml`, `[rouge_lens]` `organiser_key = "..."` (16 characters '
    f"or more), or the `{ORGANISER_KEY_ENV}` environment variable; then open this page with `?key=...` "
    "(the same key) at the end of its address;\n"
    '* or an OIDC login: `[auth]` in `secrets.toml` and `[rouge_lens]` `organisers = ["you@example.org"]`, '
    "then log in."
)


def campaign_gate(store: AnnotationStore) -> Access:
    """The visitor's access, once they may see the page; otherwise the reason, and the page stops."""
    access = visitor_access(store)
    if access.kind == "nobody":
        st.error(md_literal(f"This page is for the campaign's organisers: {access.reason}", 600))
        st.stop()
    if access.kind == "annotator":
        st.info("This page is for the campaign's organisers; your items are on Annotate.")
        token = st.query_params.get(INVITE_PARAM)  # the link keeps their invite, or Annotate would not know them
        params = {INVITE_PARAM: token} if access.via == "invite" and token else None
        st.page_link("app_pages/annotate.py", label="Annotate", icon=":material/rate_review:", query_params=params)
        st.stop()
    return access


def may_create(store: AnnotationStore, access: Access) -> bool:
    """Whether this visitor may create a campaign: an organiser, or a local visitor who proves to be one.
    Otherwise the page says how to prove it (the deployment knows organisers) or what to configure."""
    settings = deployment()
    if access.kind == "organiser" or organiser_proven(store, settings):
        return True
    # a wrong setting never gets here: visitor_access made the visitor a nobody, and the gate said why
    oidc = settings.login and bool(settings.organisers)
    ways = (
        ["open this page with `?key=` and the organiser key at the end of its address"]
        if settings.organiser_key
        else []
    )
    ways += ["log in with an organiser's e-mail"] if oidc else []
    if not ways:
        st.info(HOW_TO_CONFIGURE)
        return False
    st.info(f"Only an organiser of this server may create a campaign: {' or '.join(ways)}.")
    if oidc:
        st.button("Log in", on_click=st.login)
    return False
