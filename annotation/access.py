"""Who is using the app, and what they may do: the rules of campaign access, without any UI.

A visitor is one of four kinds (:class:`Access`):

* ``local``: no campaign exists in the store. The app is today's single-user tool: whoever reaches it
  annotates under any name and exports everything, and the page says so.
* ``organiser``: creates campaigns, invites annotators, sees every judgment, exports, adjudicates. Known
  by the deployment's OIDC login (``st.login``) with an e-mail in the organiser list, or, without OIDC, by
  the organiser key the deployment configured (compared in constant time).
* ``annotator``: a member of one campaign, known by the OIDC e-mail they were invited under or by their
  invite token; sees their assigned items and their own judgments only.
* ``nobody``: campaigns exist and the visitor proved none of the above; ``reason`` says what to do.

:func:`identify` decides from what a page can read (the login, the URL's key or invite, the store) and
never raises on a bad token: a bad token is a ``nobody`` with the reason (unknown, expired or revoked).

>>> identify(campaigns=0).kind
'local'
>>> identify(campaigns=1, organiser_key="s3cret", given_key="s3cret").kind
'organiser'
>>> a = identify(campaigns=1, organiser_key="s3cret", given_key="guess")
>>> a.kind, a.reason
('nobody', "the organiser key in the link is not this server's")
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Callable, Literal, Mapping, Optional, Protocol

Kind = Literal["local", "organiser", "annotator", "nobody"]


class MemberLike(Protocol):
    """What :func:`identify` reads of a campaign member (the store's ``Member``)."""

    @property
    def campaign_id(self) -> int: ...

    @property
    def annotator(self) -> str: ...

    @property
    def role(self) -> str: ...


@dataclass(frozen=True)
class Access:
    """A visitor: their kind, the name their judgments go under, their campaign (annotators), how they
    proved it (``local``, ``oidc``, ``key`` or ``invite``) and, for ``nobody``, why.

    >>> Access("annotator", "ann", 3, "invite").may_see_judgments_of("bob")
    False
    """

    kind: Kind
    name: str = ""
    campaign_id: Optional[int] = None
    via: str = "local"
    reason: str = ""

    @property
    def organises(self) -> bool:
        """Whether they may create campaigns, invite, see the dashboard, adjudicate and export all.

        >>> Access("local").organises, Access("annotator", "a", 1).organises
        (True, False)
        """
        return self.kind in ("local", "organiser")

    def may_see_judgments_of(self, annotator: str) -> bool:
        """Whether they may see (and export) ``annotator``'s judgments: an organiser anyone's, an
        annotator their own.

        >>> Access("organiser", "o@x.org").may_see_judgments_of("bob"), Access("nobody").may_see_judgments_of("")
        (True, False)
        """
        if self.organises:
            return True
        return self.kind == "annotator" and annotator == self.name


def _same_secret(given: str, configured: str) -> bool:
    return hmac.compare_digest(given.encode("utf-8"), configured.encode("utf-8"))


def identify(
    *,
    campaigns: int,
    login_email: Optional[str] = None,
    organiser_emails: frozenset[str] = frozenset(),
    organiser_key: Optional[str] = None,
    given_key: Optional[str] = None,
    invite: Optional[str] = None,
    redeem: Optional[Callable[[str], MemberLike]] = None,
    members_by_email: Optional[Callable[[str], list[MemberLike]]] = None,
) -> Access:
    """The visitor's :class:`Access`.

    ``campaigns``: how many campaigns the store holds (0: local mode). ``login_email``: the OIDC login's
    e-mail (``st.user.email``), if any; ``organiser_emails`` the deployment's organisers (compared
    case-insensitively). ``organiser_key``: the deployment's organiser key, if configured;
    ``given_key`` the one in the visitor's link. ``invite``: the invite token in the link;
    ``redeem(token)`` returns its member or raises ``ValueError`` with the reason (the store's
    ``InviteError``). ``members_by_email(email)``: the members invited under a login e-mail.

    The organiser's proofs come first, then an invite, then a login e-mail's membership.

    >>> class M:
    ...     campaign_id, annotator, role = 4, "ann", "annotator"
    >>> identify(campaigns=1, invite="t", redeem=lambda t: M()).name
    'ann'
    >>> def refuse(token):
    ...     raise ValueError("this invite has expired")
    >>> identify(campaigns=1, invite="t", redeem=refuse).reason
    'this invite has expired'
    >>> identify(campaigns=2, login_email="Org@Uni.edu", organiser_emails=frozenset({"org@uni.edu"})).kind
    'organiser'
    """
    if campaigns <= 0:
        return Access("local", via="local")
    email = (login_email or "").strip().lower()
    if email and email in {e.strip().lower() for e in organiser_emails}:
        return Access("organiser", email, via="oidc")
    if given_key:
        if organiser_key and _same_secret(given_key, organiser_key):
            return Access("organiser", "organiser", via="key")
        return Access("nobody", reason="the organiser key in the link is not this server's")
    if invite:
        if redeem is None:
            return Access("nobody", reason="this server cannot check invites")
        try:
            member = redeem(invite)
        except ValueError as error:  # the store's InviteError: unknown, expired or revoked
            return Access("nobody", reason=str(error))
        kind: Kind = "organiser" if member.role == "organiser" else "annotator"
        return Access(kind, member.annotator, member.campaign_id, "invite")
    if email and members_by_email is not None:
        members = members_by_email(email)
        if members:
            m = members[0]
            return Access("annotator", m.annotator, m.campaign_id, "oidc")
        return Access("nobody", email, via="oidc", reason=f"{email} is not a member of any campaign on this server")
    if email:
        return Access("nobody", email, via="oidc", reason=f"{email} is not an organiser of this server")
    return Access("nobody", reason="open the invite link you were sent, or log in")


def configured_organisers(secrets: Mapping[str, object]) -> tuple[frozenset[str], Optional[str]]:
    """The organiser e-mails and key from the deployment's settings: ``[rouge_lens]`` in ``secrets.toml``
    with ``organisers = ["a@x.org", ...]`` and/or ``organiser_key = "..."`` (a key shorter than 16
    characters is refused: ``ValueError``).

    >>> configured_organisers({"rouge_lens": {"organisers": ["A@x.org"], "organiser_key": "k" * 20}})
    (frozenset({'a@x.org'}), 'kkkkkkkkkkkkkkkkkkkk')
    >>> configured_organisers({})
    (frozenset(), None)
    """
    section = secrets.get("rouge_lens", {})
    if not isinstance(section, Mapping):
        raise ValueError("[rouge_lens] in secrets.toml must be a table")
    raw = section.get("organisers", [])
    if isinstance(raw, str) or not all(isinstance(e, str) for e in raw):
        raise ValueError("[rouge_lens] organisers must be a list of e-mail addresses")
    key = section.get("organiser_key")
    if key is not None and (not isinstance(key, str) or len(key) < 16):
        raise ValueError("[rouge_lens] organiser_key must be a string of at least 16 characters")
    return frozenset(e.strip().lower() for e in raw if e.strip()), key
