"""The visitor's :class:`~annotation.access.Access`, from what a page can read: the deployment's settings
(``secrets.toml``'s ``[auth]`` for an OIDC login and ``[rouge_lens]`` for the organisers, or the
``ROUGE_LENS_ORGANISER_KEY`` environment variable), the login (``st.user``), the link's ``key`` or
``invite``, and the store. :func:`visitor_access` is the only place that reads them; the rules are
:func:`annotation.access.identify`'s.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any, Optional

import streamlit as st
from streamlit.errors import StreamlitSecretNotFoundError

from annotation import AnnotationStore
from annotation.access import Access, configured_organisers, identify

#: An organiser key from the environment (a container's setting), used when secrets.toml sets none.
ORGANISER_KEY_ENV = "ROUGE_LENS_ORGANISER_KEY"
#: The link parameters: an organiser's key, an annotator's invite token.
KEY_PARAM, INVITE_PARAM = "key", "invite"


@dataclass(frozen=True)
class Deployment:
    """What the deployment configured: an OIDC login (``[auth]``), the organisers' e-mails, the
    organiser key; ``problem`` names a setting that is wrong (then none of it is used)."""

    login: bool = False
    organisers: frozenset[str] = frozenset()
    organiser_key: Optional[str] = None
    problem: str = ""


def _secrets() -> dict[str, Any]:
    try:
        return dict(st.secrets.to_dict())
    except StreamlitSecretNotFoundError:  # no secrets.toml: nothing configured
        return {}


def deployment() -> Deployment:
    """The deployment's access settings (a bad setting is reported, never a traceback)."""
    secrets = _secrets()
    try:
        organisers, key = configured_organisers(secrets)
        env_key = os.environ.get(ORGANISER_KEY_ENV, "").strip() or None
        if key is None and env_key is not None:
            key = configured_organisers({"rouge_lens": {"organiser_key": env_key}})[1]
    except ValueError as error:
        return Deployment(problem=str(error))
    return Deployment("auth" in secrets, organisers, key)


def _login_email() -> Optional[str]:
    user = st.user.to_dict()
    if not user.get("is_logged_in"):
        return None
    email = user.get("email")
    return str(email) if email else None


#: Session-state key of the key and invite this session's links carried (pages lose the link's parameters).
PROOF_KEY = "_access_proof"


def _param(name: str) -> Optional[str]:
    """The link's ``key`` or ``invite``; remembered for the session, so moving to another page (which
    drops the link's parameters) keeps who the visitor is. Checked again on every run all the same: a
    revoked invite or a changed key stops working at the next click."""
    value = st.query_params.get(name)
    given = value.strip() or None if isinstance(value, str) else None
    remembered: dict[str, str] = st.session_state.setdefault(PROOF_KEY, {})
    if given is not None:
        remembered[name] = given
        return given
    return remembered.get(name)


def visitor_access(store: AnnotationStore, settings: Optional[Deployment] = None) -> Access:
    """Who this visitor is, for this run (cheap: a token is checked against the store each run, so a
    revoked invite stops working at the next click)."""
    settings = deployment() if settings is None else settings
    if settings.problem:
        return Access("nobody", reason=f"the server's access settings are wrong: {settings.problem}")
    email = _login_email() if settings.login else None
    return identify(
        campaigns=len(store.campaigns()),
        login_email=email,
        organiser_emails=settings.organisers,
        organiser_key=settings.organiser_key,
        given_key=_param(KEY_PARAM),
        invite=_param(INVITE_PARAM),
        redeem=store.redeem,
        members_by_email=lambda e: [m for c in store.campaigns() for m in store.members(c.id) if m.annotator == e],
    )


def organiser_proven(store: AnnotationStore, settings: Optional[Deployment] = None) -> bool:
    """Whether this visitor proves to be an organiser as if a campaign existed: the deployment configures
    an organiser key (given in the link) or OIDC organisers (logged in with one of their e-mails). Creating
    the first campaign turns access control on, so its creator must be able to come back in; a local
    visitor without such a proof may not create one. A wrong setting proves nothing.

    >>> organiser_proven(AnnotationStore(":memory:"), Deployment(organiser_key="k" * 16, problem="bad"))
    False
    """
    settings = deployment() if settings is None else settings
    if settings.problem:
        return False
    email = _login_email() if settings.login else None
    access = identify(
        campaigns=max(1, len(store.campaigns())),
        login_email=email,
        organiser_emails=settings.organisers,
        organiser_key=settings.organiser_key,
        given_key=_param(KEY_PARAM),
    )
    return access.kind == "organiser"
