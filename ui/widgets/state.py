"""Typed access to what the user entered on Inspect (a candidate, 1..N references, and any other
candidates to compare against the same references),
kept in :mod:`ui.widgets.kept` boxes so that nothing is lost, and the sidebar's config for this run."""

from __future__ import annotations

import itertools
from typing import Sequence

import streamlit as st

from rouge_core import RougeConfig
from ui.widgets import kept, links

CAND = "candidate"
REF_IDS = "_in_ref_ids"
OTHER_IDS = "_in_other_ids"
_counter = itertools.count(1)


def ref_name(rid: int) -> str:
    """The kept-box name of reference ``rid``."""
    return f"ref_{rid}"


def init_inputs(candidate: str, references: list[str]) -> None:
    """Fill the inputs once per session: the texts in the address (``?t=``, a reload keeps them), else
    the given sample."""
    if REF_IDS not in st.session_state:
        restored = links.unpack(st.query_params.get("t"))
        if restored is not None and len(restored) >= 2:
            candidate, references = restored[0], restored[1:]
        set_inputs(candidate, references)


def remember_in_address() -> None:
    """Keep the texts in the address (``?t=``) so that a reload (F5) finds them; texts too long for an
    address are kept for the session only."""
    packed = links.pack([candidate(), *references()])
    if packed is None:
        st.query_params.pop("t", None)
    elif st.query_params.get("t") != packed:
        st.query_params["t"] = packed


def other_name(oid: int) -> str:
    """The kept-box name of the other candidate ``oid``."""
    return f"cand_{oid}"


def set_inputs(candidate: str, references: list[str], others: Sequence[str] = ()) -> None:
    """Replace every input (loading a sample or an upload); ``others``: more candidates to compare
    (none by default: loading a pair drops the previous comparison's candidates)."""
    set_others(others)
    kept.set_text(CAND, candidate)
    for rid in ref_ids():
        kept.forget(ref_name(rid))
    ids = []
    for text in references or [""]:
        rid = _new_id()
        kept.set_text(ref_name(rid), text)
        ids.append(rid)
    st.session_state[REF_IDS] = ids


def _new_id() -> int:
    used = set(st.session_state.get(REF_IDS, [])) | set(st.session_state.get(OTHER_IDS, []))
    rid = next(_counter)
    while rid in used or kept.has_text(ref_name(rid)) or kept.has_text(other_name(rid)):
        rid = next(_counter)
    return rid


def other_ids() -> list[int]:
    return list(st.session_state.get(OTHER_IDS, []))


def others() -> list[str]:
    """The other candidates' texts, in order."""
    return [kept.get_text(other_name(oid)) for oid in other_ids()]


def set_others(texts: Sequence[str]) -> None:
    """Replace the other candidates."""
    for oid in other_ids():
        kept.forget(other_name(oid))
    ids = []
    for text in texts:
        oid = _new_id()
        kept.set_text(other_name(oid), text)
        ids.append(oid)
    st.session_state[OTHER_IDS] = ids


def add_other() -> None:
    """One more (empty) candidate to compare."""
    oid = _new_id()
    kept.set_text(other_name(oid), "")
    st.session_state[OTHER_IDS] = other_ids() + [oid]


def remove_other(oid: int) -> None:
    st.session_state[OTHER_IDS] = [i for i in other_ids() if i != oid]
    kept.forget(other_name(oid))


def ref_ids() -> list[int]:
    return list(st.session_state.get(REF_IDS, []))


def add_reference() -> None:
    rid = _new_id()
    kept.set_text(ref_name(rid), "")
    st.session_state[REF_IDS] = ref_ids() + [rid]


def remove_reference(rid: int) -> None:
    ids = [i for i in ref_ids() if i != rid]
    if not ids:
        return  # keep at least one box
    st.session_state[REF_IDS] = ids
    kept.forget(ref_name(rid))


def candidate() -> str:
    return kept.get_text(CAND)


def references() -> list[str]:
    return [kept.get_text(ref_name(rid)) for rid in ref_ids()]


def set_config(config: RougeConfig) -> None:
    """The sidebar's config for this run (pages read it with :func:`config`)."""
    st.session_state["_config"] = config


def config() -> RougeConfig:
    c = st.session_state.get("_config")
    return c if isinstance(c, RougeConfig) else RougeConfig()
