"""Campaign access rules (issue 19, point 2): who is an organiser, an annotator, or nobody."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from annotation.access import Access, configured_organisers, identify

KEY = "k" * 24


@dataclass(frozen=True)
class Member:
    campaign_id: int
    annotator: str
    role: str = "annotator"


TOKENS = {"tok-ann": Member(7, "ann"), "tok-org": Member(7, "olga", "organiser")}


def redeem(token: str) -> Member:
    if token == "tok-old":
        raise ValueError("this invite has expired")
    if token not in TOKENS:
        raise ValueError("this invite is unknown")
    return TOKENS[token]


def test_no_campaign_is_local_mode_whatever_the_link_says():
    for kw in ({}, {"given_key": "guess"}, {"invite": "tok-ann", "redeem": redeem}):
        a = identify(campaigns=0, **kw)
        assert (a.kind, a.organises, a.may_see_judgments_of("anyone")) == ("local", True, True)


def test_the_organiser_key_is_checked():
    assert identify(campaigns=1, organiser_key=KEY, given_key=KEY) == Access("organiser", "organiser", via="key")
    wrong = identify(campaigns=1, organiser_key=KEY, given_key=KEY[:-1] + "x", invite="tok-ann", redeem=redeem)
    assert wrong.kind == "nobody" and not wrong.organises  # a wrong key never falls through to the invite
    assert identify(campaigns=1, organiser_key=None, given_key=KEY).kind == "nobody"  # no key configured


def test_invites():
    a = identify(campaigns=1, invite="tok-ann", redeem=redeem)
    assert a == Access("annotator", "ann", 7, "invite")
    assert a.may_see_judgments_of("ann") and not a.may_see_judgments_of("bob") and not a.organises
    assert identify(campaigns=1, invite="tok-org", redeem=redeem).kind == "organiser"
    assert identify(campaigns=1, invite="tok-old", redeem=redeem) == Access("nobody", reason="this invite has expired")
    assert identify(campaigns=1, invite="zzz", redeem=redeem).reason == "this invite is unknown"


def test_oidc_logins():
    orgs = frozenset({"org@uni.edu"})
    assert identify(campaigns=1, login_email=" ORG@uni.edu", organiser_emails=orgs).kind == "organiser"
    by_email = {"ann@uni.edu": [Member(3, "ann@uni.edu")]}
    a = identify(
        campaigns=1, login_email="ann@uni.edu", organiser_emails=orgs, members_by_email=lambda e: by_email.get(e, [])
    )
    assert a == Access("annotator", "ann@uni.edu", 3, "oidc")
    stranger = identify(campaigns=1, login_email="eve@x.org", members_by_email=lambda e: [])
    assert (stranger.kind, stranger.reason) == ("nobody", "eve@x.org is not a member of any campaign on this server")
    assert identify(campaigns=1).reason == "open the invite link you were sent, or log in"


@pytest.mark.parametrize(
    "secrets,message",
    [
        ({"rouge_lens": "x"}, "must be a table"),
        ({"rouge_lens": {"organisers": "a@x.org"}}, "must be a list"),
        ({"rouge_lens": {"organiser_key": "short"}}, "at least 16 characters"),
    ],
)
def test_bad_settings_are_named(secrets, message):
    with pytest.raises(ValueError, match=message):
        configured_organisers(secrets)
