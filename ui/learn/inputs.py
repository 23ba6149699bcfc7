"""A Learn section's own reference and candidate: kept text boxes preloaded with the section's example,
and a picker that loads any sample into them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import streamlit as st

from ui.render.literal import md_literal
from ui.samples import load_samples
from ui.widgets import kept
from ui.widgets.inputs import clip

if TYPE_CHECKING:
    from ui.learn.sections import Section

SAMPLES = load_samples()


def load(sec: str) -> None:
    """Put the sample picked in section ``sec`` into its boxes and start its walk-through again."""
    picked = st.session_state.get(f"learn_{sec}_sample")
    s = SAMPLES.get(picked) if isinstance(picked, str) else None
    if s is None:
        return
    kept.set_text(f"learn_{sec}_ref", s.references[0] if s.references else "")
    kept.set_text(f"learn_{sec}_cand", s.candidate)
    kept.set_value(f"learn_{sec}_step", 0)
    st.query_params.pop("step", None)  # the player's step in the address was the old texts'
    for k in ("rs", "cs"):  # back to the default pair (the first sentences with words)
        kept.forget_value(f"learn_{sec}_{k}")
    if len(s.references) > 1:
        st.session_state[f"_learn_{sec}_msg"] = (
            f"'{s.title}' has {len(s.references)} references; this page uses one, so the first was loaded."
        )


def texts(section: Section) -> tuple[str, str]:
    """Draw the section's sample picker and its two boxes; return (reference, candidate), clipped."""
    sec = section.id
    ex = SAMPLES[section.example]
    st.selectbox(
        "Load a sample into this section",
        list(SAMPLES),
        key=f"learn_{sec}_sample",
        index=None,
        placeholder=f"The paper's example is preloaded ({ex.title}); choose another...",
        format_func=lambda k: f"{SAMPLES[k].title} — {SAMPLES[k].teaches}",
        on_change=load,
        args=(sec,),
    )
    if msg := st.session_state.pop(f"_learn_{sec}_msg", None):
        st.info(md_literal(msg))
    left, right = st.columns(2)
    h = section.input_height
    ref = kept.text_area(
        "Reference (one sentence per line)", f"learn_{sec}_ref", ex.references[0], container=left, height=h
    )
    cand = kept.text_area(
        "Candidate (one sentence per line)", f"learn_{sec}_cand", ex.candidate, container=right, height=h
    )
    ref, cut_r = clip(ref, "reference")
    cand, cut_c = clip(cand, "candidate")
    for cut in (cut_r, cut_c):
        if cut:
            st.warning(md_literal(cut))
    return ref, cand
