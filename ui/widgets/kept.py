"""Widgets whose value is never lost: text boxes across reruns, page switches, and a page switch
that arrives in the same request as the last keystrokes; other widgets (pickers, sliders, numbers)
across page and section switches (:func:`value_widget`). The one mechanism for both: a mirror key
that no widget owns.

Streamlit forgets a widget's state when a run ends without drawing it (another page is
open), and a text area created without ``value=`` comes back empty in the browser when its
state is gone: the next interaction then sends that empty text back, and the user's text is
lost for good. So every text box here

* keeps its text in a plain session key (the *mirror*, ``_kept:<name>``) that no widget owns;
* is drawn with ``value=`` the mirror, so a box drawn anew shows the kept text;
* has its typed value copied to the mirror at the start of every run
  (:func:`keep_typed_text`, called by app.py before any page), so a rerun that switches pages
  keeps the text typed just before the click;
* is replaced by code (a sample, an upload, "split sentences") through :func:`set_text`, which
  gives the box a new widget key: the browser then draws a new box with the new text
  (never writing to a widget's key, which Streamlit refuses beside ``value=``).
"""

from __future__ import annotations

from typing import Any

import streamlit as st

_MIRROR = "_kept:"
_GEN = "_kept_gen:"
_LIVE = "_kept_live"  # widget key -> name of the boxes drawn with their current generation


def _live() -> dict[str, str]:
    live = st.session_state.get(_LIVE)
    if not isinstance(live, dict):
        live = {}
        st.session_state[_LIVE] = live
    return live


def widget_key(name: str) -> str:
    """The key of ``name``'s text area in this generation (it changes when code replaces the text)."""
    return f"{name}#{st.session_state.get(_GEN + name, 0)}"


def get_text(name: str, default: str = "") -> str:
    """The kept text of box ``name`` (``default`` before it was ever set)."""
    value = st.session_state.get(_MIRROR + name, default)
    return value if isinstance(value, str) else default


def has_text(name: str) -> bool:
    return _MIRROR + name in st.session_state


def set_text(name: str, text: str) -> None:
    """Replace the text of box ``name`` from code (safe in callbacks and before the box is drawn)."""
    _live().pop(widget_key(name), None)
    st.session_state[_GEN + name] = st.session_state.get(_GEN + name, 0) + 1
    st.session_state[_MIRROR + name] = text


def forget(name: str) -> None:
    """Drop box ``name`` and its text (a removed reference)."""
    _live().pop(widget_key(name), None)
    st.session_state.pop(_MIRROR + name, None)


def text_area(label: str, name: str, default: str = "", container: Any = None, **kwargs: Any) -> str:
    """Draw the text area of box ``name`` and return its text (kept as described above)."""
    if not has_text(name):
        st.session_state[_MIRROR + name] = default
    key = widget_key(name)
    _live()[key] = name
    value = (container or st).text_area(label, value=get_text(name), key=key, **kwargs)
    st.session_state[_MIRROR + name] = value if isinstance(value, str) else ""
    return get_text(name)


def keep_typed_text() -> None:
    """Copy the typed value of every live box into its mirror: the first thing each run does."""
    for key, name in list(_live().items()):
        if key in st.session_state:
            value = st.session_state[key]
            if isinstance(value, str):
                st.session_state[_MIRROR + name] = value


# -- other widgets: the same mirror, restored when Streamlit dropped the widget's own state -------------------


def value_widget(widget: Any, label: str, key: str, default: Any, **kwargs: Any) -> Any:
    """Draw a keyed widget (``st.selectbox``, ``st.slider``, ``st.number_input``, ``st.radio``, ...) whose
    value comes back after a page or section switch: restored from its mirror when Streamlit dropped
    the widget's state, and copied to the mirror on every run. ``widget`` is called as
    ``widget(label, key=key, **kwargs)`` (draw it inside ``with column:`` to place it)."""
    if key not in st.session_state:
        st.session_state[key] = st.session_state.get(_MIRROR + key, default)
    value = widget(label, key=key, **kwargs)
    st.session_state[_MIRROR + key] = value
    return value


def get_value(key: str, default: Any = None) -> Any:
    """The value of :func:`value_widget` ``key``: the live widget's, else its mirror's, else ``default``."""
    return st.session_state.get(key, st.session_state.get(_MIRROR + key, default))


def set_value(key: str, value: Any) -> None:
    """Set :func:`value_widget` ``key`` from code (in a callback, or before the widget is drawn)."""
    st.session_state[key] = value
    st.session_state[_MIRROR + key] = value


def forget_value(key: str) -> None:
    """Drop :func:`value_widget` ``key`` and its mirror (the widget opens on its default again)."""
    st.session_state.pop(key, None)
    st.session_state.pop(_MIRROR + key, None)
