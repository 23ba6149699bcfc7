"""What the annotation pages show when the store fails: 'Not saved: <reason>' beside a widget whose
change the store refused, and one message (not a traceback) when it cannot be read.

A widget's ``on_change`` callback runs before the page's next run, where nothing it draws would show;
so :func:`save` keeps the reason in ``st.session_state`` under the widget's key and :func:`show`, called
by the page right after drawing that widget, shows it there. The widget keeps what the person entered
(its value stays in the session), so they can correct it and try again; a later save clears the message.
"""

from __future__ import annotations

from contextlib import contextmanager
from typing import Callable, Iterator

import streamlit as st

from annotation import AnnotationStore, StoreError
from ui.compute.annotate import store_or_message
from ui.render.literal import md_literal

#: session_state key of {widget key: the reason its last change was not saved}.
STATE = "_not_saved"


def save(key: str, write: Callable[[AnnotationStore], object]) -> bool:
    """Run ``write`` on the store for widget ``key``; True when it was committed. When the store cannot
    be opened or refuses the write, keep the reason for :func:`show` and return False."""
    reasons: dict[str, str] = st.session_state.setdefault(STATE, {})
    opened = store_or_message()
    if isinstance(opened, str):
        reasons[key] = opened
        return False
    try:
        with opened as store:
            write(store)
    except StoreError as e:
        reasons[key] = str(e)
        return False
    reasons.pop(key, None)
    return True


def forget(key: str) -> None:
    """Drop the message of widget ``key`` (the person moved on, e.g. to another item)."""
    st.session_state.get(STATE, {}).pop(key, None)


def failed(key: str) -> bool:
    """Whether the last change of widget ``key`` was refused by the store (its entry is kept)."""
    return bool(st.session_state.get(STATE, {}).get(key))


def receipt(key: str, held: object) -> None:
    """The receipt of widget ``key``: "Not saved: <reason>" when its last change was refused, else
    "saved" when the store holds a value for it (``held``, read from the store in this run)."""
    if failed(key):
        show(key)
    elif held is not None:
        st.caption(f":green[✓ saved: {held:g}]" if isinstance(held, (int, float)) else ":green[✓ saved]")


def show(key: str) -> None:
    """Show 'Not saved: <reason>' if the last change of widget ``key`` was not saved."""
    reason = st.session_state.get(STATE, {}).get(key)
    if reason:
        st.error(md_literal(f"Not saved: {reason}", 600))


@contextmanager
def failures_shown() -> Iterator[None]:
    """Show a :class:`StoreError` that leaves the block (a damaged file: "cannot read the annotation
    store: the file is damaged ...") as a message where the page stops drawing, not as a traceback.
    Streamlit's own stop and rerun pass through."""
    try:
        yield
    except StoreError as e:
        text = str(e)
        st.error(md_literal(text[:1].upper() + text[1:], 600))
