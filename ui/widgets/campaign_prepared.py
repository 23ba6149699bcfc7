"""What the Campaigns page builds only when asked (the agreement table, the export files): kept in the
session under a name with what it was built for (the campaign and the options) and the campaign's
revision then (:func:`ui.compute.campaigns.campaign_revision`), and dropped as soon as the campaign's
data has changed, so a stale table or file is never shown. One entry per name: memory stays bounded."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Hashable, Optional

import streamlit as st

#: session_state key of {name: Prepared}.
STATE = "_camp_prepared"


@dataclass(frozen=True)
class Prepared:
    """A built result: what it was built for (``built_for``), from which revision, and the result."""

    built_for: Hashable
    revision: str
    value: Any


def keep(name: str, built_for: Hashable, revision: str, value: Any) -> None:
    """Keep ``value``, built for ``built_for`` from the campaign at ``revision`` (read before the value,
    so data that changes meanwhile makes it stale, never wrongly fresh), in place of the last one."""
    st.session_state.setdefault(STATE, {})[name] = Prepared(built_for, revision, value)


def kept(name: str, built_for: Hashable, revision_of: Callable[[], str]) -> tuple[Optional[Any], bool]:
    """The value kept under ``name`` for ``built_for``, if the campaign is still at its revision
    (``revision_of`` is called only when there is one to check); and whether one was dropped just now
    because the data changed since.

    >>> from streamlit.testing.v1 import AppTest
    >>> script = "\\n".join([
    ...     "import streamlit as st", "from ui.widgets.campaign_prepared import keep, kept",
    ...     "keep('files', 1, 'r1', 'csv text')",
    ...     "st.write(repr([kept('files', 1, lambda: 'r1'), kept('files', 2, lambda: 'r1'),",
    ...     "               kept('files', 1, lambda: 'r2'), kept('files', 1, lambda: 'r1')]))"])
    >>> AppTest.from_string(script).run().markdown[0].value
    "[('csv text', False), (None, False), (None, True), (None, False)]"
    """
    entries: dict[str, Prepared] = st.session_state.get(STATE, {})
    entry = entries.get(name)
    if entry is None or entry.built_for != built_for:
        return None, False
    if entry.revision != revision_of():
        del entries[name]
        return None, True
    return entry.value, False
