"""The time a computation will take, said where its result (or progress bar) will stand, while it runs."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Optional

import streamlit as st


@contextmanager
def estimate_shown(text: Optional[str]) -> Iterator[None]:
    """Show ``text`` (a caption such as "120 pairs: about 2.0 s to score.") while the block runs, and
    remove it when the block ends, however it ends; None shows nothing (a cached result needs no wait).

    >>> with estimate_shown(None):
    ...     pass
    """
    spot = st.empty()
    if text:
        spot.caption(text)
    try:
        yield
    finally:
        spot.empty()
