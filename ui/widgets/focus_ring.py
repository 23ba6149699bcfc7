"""A focus ring a keyboard user can see on every link of the app.

Streamlit marks a focused link of the sidebar's navigation or an ``st.page_link`` with a 15 % grey
background only: on the grey sidebar and on white it is barely there (WCAG 2.4.7, "Focus Visible"),
while its buttons, boxes and toggles get a ring in the theme's accent. The links get the same ring:
the accent as an outline, drawn inside the link so the sidebar's edge does not clip it.
"""

from __future__ import annotations

import streamlit as st

#: The links that Streamlit draws without a ring of their own.
LINKS = "[data-testid='stSidebarNavLink'], [data-testid='stPageLink-NavLink']"


def focus_css(colour: str) -> str:
    """The style rule: a 2-pixel ``colour`` outline on a link focused from the keyboard.

    >>> css = focus_css("#c0282d")
    >>> css.startswith("<style>:is(") and LINKS in css
    True
    >>> css.split("):", 1)[1]
    'focus-visible{outline:2px solid #c0282d;outline-offset:-2px;}</style>'
    """
    return f"<style>:is({LINKS}):focus-visible{{outline:2px solid {colour};outline-offset:-2px;}}</style>"


def focus_ring() -> None:
    """Draw the rule (a style-only element takes no room on the page) in the theme's accent."""
    accent = st.get_option("theme.primaryColor")
    # without a [theme] accent, the link's own text colour: always in contrast with its background
    st.html(focus_css(str(accent) if accent else "currentColor"))
