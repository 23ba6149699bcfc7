"""The Annotate page's access (issue 19): who the visitor is (:func:`ui.widgets.access.visitor_access`,
asked once per page run) and what that means for the page. Without a campaign in the store the page is
the local single-user tool and says so; a stranger gets the reason and nothing else; an organiser is
pointed to the Campaigns page (and may judge on the local page too); a campaign's member gets
:func:`campaign_page`: the campaign's instructions, corpus and rubric, their name fixed, the items the
store assigns them and an export of their own judgments only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

import streamlit as st

from annotation import AnnotationStore, Rubric, StoreError
from annotation.access import Access
from ui.compute.annotate import store_or_message
from ui.render.literal import md_literal
from ui.widgets.access import visitor_access
from ui.widgets.annotate_exchange import own_export
from ui.widgets.annotate_item import Where, annotate_item
from ui.widgets.annotate_message import last_message
from ui.widgets.keyboard import keyboard
from ui.widgets.store_messages import failures_shown

ROOT = Path(__file__).resolve().parents[2]
#: The Campaigns page (another page of the app), linked when it exists.
CAMPAIGNS_PAGE = "app_pages/campaigns.py"
#: What the local mode says about itself.
LOCAL = (
    "Local single-user mode: anyone who reaches this server annotates under any name and exports every "
    "judgment. Creating a campaign on the Campaigns page turns access control on (invited annotators only)."
)


def page_access() -> Optional[Access]:
    """The visitor's access for this run; None when the store cannot be opened (the local page then
    says why where it always did, after the corpus is loaded).

    >>> import os, tempfile
    >>> from unittest import mock
    >>> from streamlit.testing.v1 import AppTest
    >>> script = "import streamlit as st\\nfrom ui.widgets.annotate_campaign import page_access\\n"
    >>> script += "st.write(page_access().kind)"
    >>> with mock.patch.dict(os.environ, {"ROUGE_LENS_DATA": tempfile.mkdtemp()}):  # an empty store
    ...     AppTest.from_string(script).run().markdown[0].value
    'local'
    """
    opened = store_or_message()
    if isinstance(opened, str):
        return None
    with opened as store, failures_shown():
        return visitor_access(store)
    st.stop()  # the store could not be read: failures_shown said why


def access_note(access: Optional[Access]) -> None:
    """What the access means on this page: the local mode's caption; a stranger's reason, then the page
    stops; the organiser's pointer to the Campaigns page.

    >>> from streamlit.testing.v1 import AppTest
    >>> script = "from annotation.access import Access\\nfrom ui.widgets.annotate_campaign import access_note\\n"
    >>> AppTest.from_string(script + "access_note(Access('nobody', reason='ask for a link'))").run().error[0].value
    'Not signed in to a campaign\\\\: ask for a link'
    """
    if access is None:
        return
    if access.kind == "local":
        st.caption(LOCAL)
    elif access.kind == "nobody":
        st.error(md_literal(f"Not signed in to a campaign: {access.reason}", 600))
        st.stop()
    elif access.kind == "organiser":
        st.info("Organisers manage campaigns (members, invites, progress, adjudication) on the Campaigns page.")
        if (ROOT / CAMPAIGNS_PAGE).exists():  # the page is being built beside this one
            st.page_link(CAMPAIGNS_PAGE, label="Open the Campaigns page", icon=":material/groups:")


def _rubric(store: AnnotationStore, rubric_id: int) -> Rubric:
    """The campaign's rubric version."""
    for rubric in store.rubrics():
        if rubric.id == rubric_id:
            return rubric
    raise StoreError(f"the campaign's rubric {rubric_id} is not in the annotation store")


def campaign_page(access: Access) -> None:
    """The page of a campaign's member: the campaign's name, the item the store assigns them (under the
    campaign's instructions, judged on its rubric, in blind mode, their name fixed to ``access.name``)
    and the export of their own judgments. No corpus loader, rubric editor, overlap, agreement or import."""
    opened = store_or_message()
    if isinstance(opened, str):
        st.error(md_literal(opened, 600))
        return
    with opened as store, failures_shown():
        if access.campaign_id is None:  # identify names the campaign of every annotator; say so if not
            st.error("Your invite names no campaign; ask the organiser for a new link.")
            return
        campaign = store.campaign(access.campaign_id)
        st.caption(md_literal(f"Campaign {campaign.name}: you judge as {access.name}.", 400))
        rubric = _rubric(store, campaign.rubric_id)
        digest = next((c.content_hash for c in store.corpora() if c.id == campaign.corpus_id), "")
        last_message()
        keyboard()
        annotate_item(
            Where(campaign.corpus_id, digest, access.name, blind=True, show_rouge=False, task="rubric",
                  rubric=rubric, campaign_id=campaign.id, instructions=campaign.instructions)
        )  # fmt: skip
        st.divider()
        (export_tab,) = st.tabs(["Export your judgments"])
        with export_tab:
            own_export(store, campaign.corpus_id, access.name)
