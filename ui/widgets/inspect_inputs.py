"""Inspect's texts: the opening sample, the row above the boxes (a sample picker, the sentence
splitter, "Add reference"), the boxes themselves (the candidate, any other candidates to compare,
1..N references) and the texts as scored (cut to the inspector's length, saying so).

The texts live in :mod:`ui.widgets.state` (kept boxes); this module draws them."""

from __future__ import annotations

import streamlit as st

from ui.compute import budget
from ui.render.literal import md_literal
from ui.samples import OPENING_SAMPLE, load_samples
from ui.widgets import inspect_split, kept, state
from ui.widgets.inputs import clip

SAMPLES = load_samples()


def init() -> None:
    """Fill the boxes once per session: the texts in the address (``?t=``), else the opening sample."""
    opening = SAMPLES[OPENING_SAMPLE]
    state.init_inputs(opening.candidate, list(opening.references))


def _load_sample() -> None:
    sid = st.session_state.get("sample_pick")
    if sid in SAMPLES:
        s = SAMPLES[sid]
        state.set_inputs(s.candidate, list(s.references), s.others)


def top_row() -> None:
    """Load a sample, split the sentences, add a reference."""
    top = st.columns([3, 1, 1])
    top[0].selectbox(
        "Load a sample",
        list(SAMPLES),
        key="sample_pick",
        index=None,
        placeholder="Choose an example (the paper's, news, non-English)...",
        format_func=lambda k: f"{SAMPLES[k].title} — {SAMPLES[k].teaches}",
        on_change=_load_sample,
    )
    top[1].button("Split sentences for me", on_click=inspect_split.preview, help=inspect_split.HELP)
    top[2].button("Add reference", on_click=state.add_reference)


def text_boxes() -> None:
    """The candidate and the other candidates on the left, the references on the right."""
    st.caption(
        "One sentence per line (summary-level ROUGE-L compares sentence by sentence). " + budget.INSPECT.describe()
    )
    left, right = st.columns(2)
    kept.text_area("Candidate (one sentence per line)", state.CAND, container=left, height=110)
    with left:
        for k, oid in enumerate(state.other_ids(), start=2):
            kept.text_area(f"Candidate {k}", state.other_name(oid), height=90)
            st.button(
                f"Remove candidate {k}", key=f"rm_cand_{oid}", on_click=state.remove_other, args=(oid,), type="tertiary"
            )
        st.button(
            "Compare another candidate",
            key="add_cand",
            on_click=state.add_other,
            icon=":material/add:",
            type="tertiary",
            help="More candidates against the same references, side by side (e.g. several systems' outputs).",
        )
    ids = state.ref_ids()
    with right:
        for k, rid in enumerate(ids, start=1):
            kept.text_area(f"Reference {k}", state.ref_name(rid), height=110 if len(ids) == 1 else 90)
            if len(ids) > 1:
                st.button(
                    f"Remove reference {k}",
                    key=f"rm_{rid}",
                    on_click=state.remove_reference,
                    args=(rid,),
                    type="tertiary",
                )


def scored_pair() -> tuple[str, list[str]]:
    """The candidate and the references as scored, with a warning for each text that was cut."""
    candidate, cut = clip(state.candidate(), "candidate")
    messages = [cut] if cut else []
    references = []
    for k, text in enumerate(state.references(), start=1):
        text, cut = clip(text, f"reference {k}")
        references.append(text)
        if cut:
            messages.append(cut)
    for m in messages:
        st.warning(md_literal(m))
    return candidate, references


def scored_others() -> list[str]:
    """The other candidates as scored, with a warning for each one that was cut."""
    others = []
    for k, text in enumerate(state.others(), start=2):
        text, cut = clip(text, f"candidate {k}")
        others.append(text)
        if cut:
            st.warning(md_literal(cut))
    return others
