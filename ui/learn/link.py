"""The Learn page's address as a deep link: ``/learn?sec=W&sample=paper_wlcs_y2&step=59`` opens a section
on a sample (or texts: ``lt=`` packed, or ``cand=`` / ``ref=`` plain) at a step; the address follows what
is shown, so a reload keeps it. The step itself is written by :mod:`ui.learn.walk`."""

from __future__ import annotations

from typing import Optional

import streamlit as st

from ui.learn.inputs import SAMPLES, load
from ui.learn.sections import BY_ID
from ui.widgets import kept, links


def apply() -> None:
    """Once per session: the section, sample or texts and step named in the address (a hostile or
    broken link is ignored, part by part)."""
    if st.session_state.get("_learn_link_applied"):
        return
    st.session_state["_learn_link_applied"] = True
    q = st.query_params
    sec = q.get("sec")
    if sec not in BY_ID:
        return
    kept.set_value("learn_section", sec)
    step = q.get("step")  # read first: loading a sample takes the step out of the address
    sample = q.get("sample")
    texts = links.unpack(q.get("lt"))
    if sample in SAMPLES:
        st.session_state[f"learn_{sec}_sample"] = sample
        load(sec)
    elif texts is not None and len(texts) == 2:
        kept.set_text(f"learn_{sec}_ref", texts[0])
        kept.set_text(f"learn_{sec}_cand", texts[1])
    elif isinstance(q.get("cand"), str) or isinstance(q.get("ref"), str):
        kept.set_text(f"learn_{sec}_ref", str(q.get("ref", ""))[: links.MAX_PLAIN])
        kept.set_text(f"learn_{sec}_cand", str(q.get("cand", ""))[: links.MAX_PLAIN])
    if isinstance(step, str) and step.isascii() and step.isdigit() and len(step) < 7:
        kept.set_value(f"learn_{sec}_step", int(step))  # clamped to the walk's length when drawn


def write(sec: str, ref_text: str, cand_text: str) -> None:
    """Keep the address a deep link to what is shown (and the texts across a reload)."""
    q = st.query_params
    if q.get("sec") not in (None, sec):
        q.pop("step", None)  # the step belonged to the section left: the new one opens on its own
    wanted: dict[str, Optional[str]] = {"sec": sec, "sample": None, "lt": None, "cand": None, "ref": None}
    sample = next((k for k, s in SAMPLES.items() if s.candidate == cand_text and s.references[0] == ref_text), None)
    if sample is not None:
        wanted["sample"] = sample
    else:
        wanted["lt"] = links.pack([ref_text, cand_text])
    for key, value in wanted.items():
        if value is None:
            q.pop(key, None)
        elif q.get(key) != value:
            q[key] = value
