"""The item a campaign's member judges on the Annotate page (drawn by :mod:`ui.widgets.annotate_item`):
the store's next assignment (:meth:`~annotation.AnnotationStore.next_assignment`), kept in the session
until the member presses Next or Skip on it, so judging the last criterion does not move them on by
itself; and the campaign's instructions above it, open on the first item of the session.

The store decides what comes next: Next on an item not yet judged on every criterion gets the same
item back (its lease is still theirs), and the page says what is missing. Each draw of the kept item
renews its lease (:meth:`~annotation.AnnotationStore.hold`), so a member who reads a long document,
writes a note or flags it keeps the item; when its places went to others meanwhile the page says so
and offers Next instead of the dead item.
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import streamlit as st

from annotation import Item, StoreError
from ui.render.instructions import instructions_markdown
from ui.render.literal import md_literal
from ui.widgets.access import visitor_access
from ui.widgets.keyboard import NEXT
from ui.widgets.store_messages import forget, save

ASSIGNED = "_annot_assigned"  # (campaign, annotator) -> the id of the item shown to them
FIRST = "_annot_first"  # (campaign, annotator) -> the session's first item (its instructions are open)
ASKED = "_annot_asked"  # the item Next was pressed on (the same one back: it is not judged yet)
REFUSED = "_annot_refused"  # the item a judgment was just refused on (GONE): the draw says "Not saved"
JUST_HELD = "_annot_just_held"  # the item a judgment's write has just held: the draw after it need not again

#: What a member with nothing left to judge is told.
FINISHED = "The campaign has nothing left for you to judge: every item you could take is done. Thank you!"
#: Why a judgment was not saved: the item's places went to others while its lease had run out.
GONE = "this item went to other annotators while you were away (your time on it ran out): press Next for another"
#: What Next on an item not yet judged on every criterion says.
NOT_YET = "This item still needs your judgment on every criterion: judge them all, or skip it."


def assigned_item(store: Any, campaign_id: int, annotator: str) -> Optional[Item]:
    """The item shown to ``annotator``: the one kept in the session (its lease renewed: :func:`kept_item`),
    else the store's next assignment (leased to them); None, saying so and thanking them, when the
    campaign has nothing left for them, or saying so and offering Next, when the kept item is no longer theirs.

    >>> from streamlit.testing.v1 import AppTest
    >>> script = "\\n".join([
    ...     "from annotation import AnnotationStore", "from rouge_core.io.readers import read_corpus",
    ...     "from ui.widgets.annotate_assigned import assigned_item", "s = AnnotationStore(':memory:')",
    ...     "cid = s.add_corpus(read_corpus(b'{\\"candidate\\": \\"a\\", \\"reference\\": \\"b\\"}', 'x.jsonl'))",
    ...     "c = s.create_campaign(cid, 'pilot', s.summeval_rubric())", "_ = s.invite(c.id, 'al')",
    ...     "assigned_item(s, c.id, 'al')"])
    >>> AppTest.from_string(script).run().session_state["_annot_assigned"]
    {(1, 'al'): 1}
    """
    shown = st.session_state.setdefault(ASSIGNED, {})
    at = (campaign_id, annotator)
    if at in shown:
        return kept_item(store, at, shown[at])
    item: Optional[Item] = store.next_assignment(campaign_id, annotator)
    if item is None:
        st.session_state.pop(ASKED, None)
        st.success(FINISHED)
        return None
    shown[at] = item.id
    st.session_state.setdefault(FIRST, {}).setdefault(at, item.id)
    if st.session_state.pop(ASKED, None) == item.id:
        st.info(NOT_YET)
    return item


def kept_item(store: Any, at: tuple[int, str], item_id: int) -> Optional[Item]:
    """The item kept in the session for ``at`` (campaign, annotator), its lease renewed from now (the
    member is reading it, though no judgment is recorded yet); None, with :data:`GONE` and a Next button,
    when its places went to others while the lease had run out. A store that cannot renew the lease now
    (busy, unreachable) leaves the item shown, saying so: the judgment's own hold decides when it is saved.

    >>> from streamlit.testing.v1 import AppTest
    >>> script = "\\n".join([
    ...     "from unittest import mock", "from ui.widgets.annotate_assigned import kept_item",
    ...     "kept_item(mock.Mock(**{'hold.return_value': False}), (1, 'al'), 7)"])
    >>> at = AppTest.from_string(script).run()
    >>> at.warning[0].value.startswith("This item went to other annotators"), at.button[0].key
    (True, 'annot_next_7')
    """
    if st.session_state.pop(JUST_HELD, None) == item_id:  # a key's write renewed it a moment ago
        just: Item = store.item(item_id)
        return just
    try:
        held = store.hold(at[0], at[1], item_id)
    except StoreError as e:  # the renewal is a convenience; the judgment is held again before it is saved
        st.warning(md_literal(f"Your time on this item was not renewed: {e}", 600))
        held = True
    if not held:  # a key just pressed on it was refused: say it was not saved, as beside a criterion
        if st.session_state.pop(REFUSED, None) == item_id:
            st.error(md_literal(f"Not saved: {GONE}", 600))
        else:
            st.warning(md_literal(GONE[:1].upper() + GONE[1:], 600))
        st.button(NEXT, key=f"annot_next_{item_id}", on_click=ask_next, args=(at, item_id))
        return None
    kept: Item = store.item(item_id)
    return kept


def judgment_write(
    item_id: int, criterion_id: int, annotator: str, value: float, campaign_id: Optional[int] = None
) -> Callable[[Any], None]:
    """The store write of one judgment (for :func:`ui.widgets.store_messages.save`). In a campaign the
    item is held for the annotator first (:meth:`~annotation.AnnotationStore.hold`), so its r places are
    never passed; when they went to others meanwhile the judgment is not saved and :data:`GONE` says why."""

    def write(store: Any) -> None:
        if campaign_id is not None and not store.hold(campaign_id, annotator, item_id):
            st.session_state[REFUSED] = item_id
            raise StoreError(GONE)
        store.record(item_id, criterion_id, annotator, value)
        if campaign_id is not None:
            st.session_state[JUST_HELD] = item_id

    return write


def still_member(store: Any, campaign_id: int, annotator: str) -> bool:
    """Whether the visitor is still ``annotator`` of the campaign; the reason on the page when not. The
    item's fragment asks on each of its reruns (a key reruns the fragment, not the page that checked
    the link), so a revoked or expired invite stops at the next key.

    >>> from streamlit.testing.v1 import AppTest
    >>> script = "\\n".join([
    ...     "from annotation import AnnotationStore", "from ui.widgets.annotate_assigned import still_member",
    ...     "still_member(AnnotationStore(':memory:'), 1, 'al')"])
    >>> AppTest.from_string(script).run().error[0].value  # no campaign: local mode, no member
    'You are no longer an annotator of this campaign\\\\: reload the page\\\\.'
    """
    access = visitor_access(store)
    if access.kind == "annotator" and access.campaign_id == campaign_id and access.name == annotator:
        return True
    st.error(md_literal(f"You are no longer an annotator of this campaign: {access.reason or 'reload the page.'}", 600))
    return False


def ask_next(at: tuple[int, str], item_id: int, skip: Optional[str] = None) -> None:
    """Next (or Skip, when ``skip`` names the widget key of the skip's message) pressed on ``item_id``:
    the next draw asks the store for the next assignment. Nothing when another item is shown by now (a
    late press); a skip the store refused keeps the item, with "Not saved" beside the button.

    >>> from streamlit.testing.v1 import AppTest
    >>> script = "from ui.widgets.annotate_assigned import ask_next\\nask_next((1, 'ann'), 7)"
    >>> AppTest.from_string(script).run().session_state["_annot_assigned"]  # nothing shown: a late press
    {}
    """
    shown = st.session_state.setdefault(ASSIGNED, {})
    if shown.get(at) != item_id:
        return
    if skip is not None:
        forget(skip)
        if not save(skip, lambda s: s.set_skip(item_id, at[1], True)):
            return
    del shown[at]
    st.session_state[ASKED] = item_id


def show_again(at: tuple[int, str], item_id: int) -> None:
    """Show ``item_id`` to the member (an undo went back to it); Next then asks the store again."""
    st.session_state.setdefault(ASSIGNED, {})[at] = item_id


def instructions(text: str, at: tuple[int, str], item_id: int) -> None:
    """The campaign's instructions in an expander, open on the session's first item, closed (and
    reopenable) after it; nothing when the organiser wrote none."""
    if not text.strip():
        return
    first = st.session_state.get(FIRST, {}).get(at) == item_id
    with st.expander("Instructions", expanded=first):
        st.markdown(instructions_markdown(text))
