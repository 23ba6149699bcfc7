"""Typed access to what the user entered, kept in session_state so nothing is lost.

Widget state is dropped by Streamlit when a widget is not drawn (another page is
open), so every entry is mirrored in a plain ``_in_*`` key and restored into its
widget key before the widget is drawn again.
"""
from __future__ import annotations

import itertools

import streamlit as st

from rouge_core import RougeConfig

CAND = "_in_candidate"
REF_IDS = "_in_ref_ids"
_counter = itertools.count(1)


def _ref_key(rid: int) -> str:
    return f"_in_ref_{rid}"


def init_inputs(candidate: str, references: list[str]) -> None:
    """Fill the inputs once per session (the app opens on a sample)."""
    if REF_IDS not in st.session_state:
        set_inputs(candidate, references)


def set_inputs(candidate: str, references: list[str]) -> None:
    """Replace every input (loading a sample or an upload)."""
    st.session_state[CAND] = candidate
    st.session_state["w_candidate"] = candidate
    for rid in st.session_state.get(REF_IDS, []):
        st.session_state.pop(f"w_ref_{rid}", None)
        st.session_state.pop(_ref_key(rid), None)
    ids = []
    for text in references or [""]:
        rid = _new_id()
        st.session_state[_ref_key(rid)] = text
        st.session_state[f"w_ref_{rid}"] = text
        ids.append(rid)
    st.session_state[REF_IDS] = ids


def _new_id() -> int:
    used = set(st.session_state.get(REF_IDS, []))
    rid = next(_counter)
    while rid in used:
        rid = next(_counter)
    return rid


def restore_widgets() -> None:
    """Put the saved entries back into their widget keys (after a page switch)."""
    if "w_candidate" not in st.session_state:
        st.session_state["w_candidate"] = st.session_state.get(CAND, "")
    for rid in ref_ids():
        if f"w_ref_{rid}" not in st.session_state:
            st.session_state[f"w_ref_{rid}"] = st.session_state.get(_ref_key(rid), "")


def save_widgets() -> None:
    """Copy the widget values into the plain keys."""
    if "w_candidate" in st.session_state:
        st.session_state[CAND] = st.session_state["w_candidate"]
    for rid in ref_ids():
        if f"w_ref_{rid}" in st.session_state:
            st.session_state[_ref_key(rid)] = st.session_state[f"w_ref_{rid}"]


def ref_ids() -> list[int]:
    return list(st.session_state.get(REF_IDS, []))


def add_reference() -> None:
    rid = _new_id()
    st.session_state[_ref_key(rid)] = ""
    st.session_state[f"w_ref_{rid}"] = ""
    st.session_state[REF_IDS] = ref_ids() + [rid]


def remove_reference(rid: int) -> None:
    ids = [i for i in ref_ids() if i != rid]
    if not ids:
        return  # keep at least one box
    st.session_state[REF_IDS] = ids
    st.session_state.pop(_ref_key(rid), None)
    st.session_state.pop(f"w_ref_{rid}", None)


def candidate() -> str:
    return st.session_state.get(CAND, "")


def references() -> list[str]:
    return [st.session_state.get(_ref_key(rid), "") for rid in ref_ids()]


def set_config(config: RougeConfig) -> None:
    """The sidebar's config for this run (pages read it with :func:`config`)."""
    st.session_state["_config"] = config


def config() -> RougeConfig:
    c = st.session_state.get("_config")
    return c if isinstance(c, RougeConfig) else RougeConfig()
