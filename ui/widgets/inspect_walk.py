"""Inspect's "Ask me first": the Learn page's walk player (:mod:`ui.learn.walk`) and its questions
on the user's own pair, for the measure family picked here.

One implementation: each family is drawn by its Learn section's own ``draw`` (the same frames, the
same questions, the same size limits and messages), on Inspect's candidate and one of its references,
with the sidebar's profile, tokenizer, stemming, stopwords and α. The section is renamed
``inspect_<id>`` so its step and sentence pickers are Inspect's own, not the Learn page's; the
family's own settings (n, w, the skip distance and SU) are the Learn section's, shared by both pages,
set from the sidebar's w and skip distance when the toggle is turned on, so that the walk's numbers
are the ones Inspect shows.
"""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from rouge_core import RougeConfig
from ui.compute import budget
from ui.compute.pair import within_budget
from ui.learn.sections import BY_ID, SECTIONS
from ui.learn.walk import ASK_FIRST_PREFIX
from ui.widgets import kept, state

#: The toggle's label (issue 20, point 1).
ASK = "Ask me first"


def section_id(family: str) -> str:
    """The id Inspect's walk of Learn section ``family`` runs under (its own step and pickers).

    >>> section_id("L")
    'inspect_L'
    """
    return f"{ASK_FIRST_PREFIX}{family}"


def _from_sidebar() -> None:
    """Turned on: the walk's w and skip distance become the sidebar's (within the Learn widgets' ranges)."""
    if not st.session_state.get("inspect_ask"):
        return
    config = state.config()
    if config.wlcs_weight is not None and 1.0 <= config.wlcs_weight <= 5.0:
        kept.set_value("learn_w_weight", float(config.wlcs_weight))
    if config.skip_distance is not None and config.skip_distance <= 50:
        kept.set_value("learn_s_unlimited", config.skip_distance < 0)
        if config.skip_distance >= 0:
            kept.set_value("learn_s_dist", int(config.skip_distance))


def ask_toggle() -> bool:
    """The "Ask me first" toggle above Inspect's match views; on, the walk replaces the views (they
    would give the answers away)."""
    return bool(
        st.toggle(
            ASK,
            key="inspect_ask",
            on_change=_from_sidebar,
            help="Step through a measure on your own texts, Learn-style: each step asks its question "
            "(a cell, a count, R) before showing the answer.",
        )
    )


def ask_walk(candidate: str, references: list[str], config: RougeConfig) -> None:
    """The walk of the picked family on ``candidate`` and one of ``references`` (a message, never a
    traceback, when the pair is beyond what a walk can show)."""
    if not references:
        st.info("No reference was given: there is nothing to walk through.")
        return
    fam = (
        st.segmented_control(
            "Measure family to walk through",
            [s.id for s in SECTIONS],
            key="inspect_walk_family",
            format_func=lambda i: BY_ID[i].title,
            default=SECTIONS[0].id,
            required=True,
        )
        or SECTIONS[0].id
    )
    ref_index = 0
    if len(references) > 1:
        ref_index = (
            st.selectbox(
                "Reference to walk through",
                list(range(len(references))),
                key="inspect_walk_ref",
                format_func=lambda i: f"Reference {i + 1}",
            )
            or 0
        )
    ref_text = references[ref_index]
    if not within_budget(
        candidate, [ref_text], config, budget.LEARN, " Turn 'Ask me first' off for the full match views."
    ):
        return
    section = BY_ID[fam]
    st.caption(
        f"{section.title} on your texts (reference {ref_index + 1}), with the sidebar's profile, tokenizer, "
        "stemming, stopwords and α; w and the skip distance start as the sidebar's (changed here, they change "
        "on the Learn page too). Step with the buttons, the slider or ← / →; each step asks its question "
        "first while 'Ask me first' is ticked in the player."
    )
    section.draw(replace(section, id=section_id(fam)), config, ref_text, candidate)
