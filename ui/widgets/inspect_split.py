"""Inspect's sentence splitter: a proposed split shown first (apply or cancel), an undo after it is
applied, and the warning for texts on one line that ROUGE-L would read as a single sentence.

The proposal waits in ``_split_preview`` (the new texts, or ``"same"`` when nothing would change) and
the texts before an applied split in ``_split_undo``: nothing changes until the user applies it."""

from __future__ import annotations

import streamlit as st

from rouge_core import split_sentences
from rouge_core.text.sentences import SPLITTER
from ui.render.inspect_notes import one_sentence_warning, split_counts
from ui.widgets import state

#: The split button's help (the button is drawn in the row above the texts).
HELP = (
    f"For text written without line breaks: shows each sentence on its own line ({SPLITTER}: "
    "abbreviations, initials, acronyms and decimals are not cut), then you apply or cancel."
)


def preview() -> None:
    """Propose the split; nothing changes until the user applies it."""
    st.session_state.pop("_split_undo", None)
    new = (split_sentences(state.candidate()), [split_sentences(r) for r in state.references()])
    old = (state.candidate(), state.references())
    st.session_state["_split_preview"] = new if new != (old[0].strip(), [r.strip() for r in old[1]]) else "same"


def _apply() -> None:
    new = st.session_state.pop("_split_preview", None)
    if isinstance(new, tuple):
        st.session_state["_split_undo"] = (state.candidate(), state.references())
        state.set_inputs(new[0], list(new[1]))


def _undo() -> None:
    old = st.session_state.pop("_split_undo", None)
    if old is not None:
        state.set_inputs(old[0], list(old[1]))


def _cancel() -> None:
    st.session_state.pop("_split_preview", None)


def split_panel() -> None:
    """The proposed split (before it is applied), or the undo button (after)."""
    proposal = st.session_state.get("_split_preview")
    if proposal == "same":
        st.session_state.pop("_split_preview", None)
        st.info("Every sentence is already on its own line: nothing to split.")
    elif isinstance(proposal, tuple):
        with st.container(border=True):
            cand, refs = proposal
            st.markdown(
                f"**Split preview** ({SPLITTER}): {split_counts(cand, refs)}. Nothing is changed until you apply it."
            )
            st.text(cand if len(cand) < 3000 else cand[:3000] + " ...")
            b1, b2, _ = st.columns([1, 1, 4])
            b1.button("Apply the split", on_click=_apply, type="primary")
            b2.button("Cancel", key="split_cancel", on_click=_cancel)
    elif st.session_state.get("_split_undo") is not None:
        st.button("Undo the split", on_click=_undo, help="Back to the texts as they were before the split.")


def one_sentence_warning_for(candidate: str, references: list[str]) -> None:
    """Warn about texts on one line that the splitter cuts into several sentences: summary-level
    ROUGE-L compares sentence by sentence, so it would see each as a single sentence."""
    named = [("the candidate", candidate)] + [(f"reference {k}", r) for k, r in enumerate(references, 1)]
    one_line = [name for name, t in named if "\n" not in t.strip() and len(split_sentences(t).splitlines()) > 1]
    if one_line:
        st.warning(one_sentence_warning(one_line))
