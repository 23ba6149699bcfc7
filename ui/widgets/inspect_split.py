"""Inspect's sentence splitter: a proposed split shown first (apply or cancel), an undo after it is
applied, and the warning for texts on one line that ROUGE-L would read as a single sentence.

The proposal waits in ``_split_preview`` (the new texts, ``"same"`` when nothing would change, or an
:class:`Unavailable` when the chosen splitter cannot run here) and the texts before an applied split
in ``_split_undo``: nothing changes until the user applies it. The splitter is chosen in the panel
(``split_with``, one of :data:`rouge_core.text.sentences.SPLITTERS`; the rule set at first)."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from rouge_core import split_sentences
from rouge_core.text.sentences import SPLITTER, SPLITTERS
from ui.render.inspect_notes import one_sentence_warning, split_counts
from ui.render.literal import md_literal
from ui.widgets import kept, state

#: The split button's help (the button is drawn in the row above the texts).
HELP = (
    f"For text written without line breaks: shows each sentence on its own line ({SPLITTER}: "
    "abbreviations, initials, acronyms and decimals are not cut; or NLTK's punkt, as Hugging Face's "
    "summarization examples split before rougeLsum), then you apply or cancel."
)
SPLIT_WITH = "split_with"  # radio: the splitter's name in SPLITTERS (kept)


@dataclass(frozen=True)
class Unavailable:
    """The chosen splitter cannot run here (punkt without NLTK's model): what the user is told."""

    splitter: str
    message: str


def chosen() -> str:
    """The splitter the panel's choice names (the rule set before any choice)."""
    name = kept.get_value(SPLIT_WITH, "rules")
    return name if name in SPLITTERS else "rules"


def preview() -> None:
    """Propose the split with the chosen splitter; nothing changes until the user applies it."""
    st.session_state.pop("_split_undo", None)
    name = chosen()
    try:
        new = (split_sentences(state.candidate(), name), [split_sentences(r, name) for r in state.references()])
    except ValueError as e:  # the splitter's data is not installed: the panel says what to install
        st.session_state["_split_preview"] = Unavailable(name, str(e))
        return
    old = (state.candidate(), state.references())
    st.session_state["_split_preview"] = new if new != (old[0].strip(), [r.strip() for r in old[1]]) else "same"


def _label(name: str) -> str:
    return SPLITTERS[name].title + (" (not installed here)" if SPLITTERS[name].unavailable() else "")


def _splitter_choice() -> None:
    """Which splitter proposes the split; a new choice proposes again."""
    kept.value_widget(
        st.radio,
        "Splitter",
        SPLIT_WITH,
        "rules",
        options=list(SPLITTERS),
        format_func=_label,
        horizontal=True,
        on_change=preview,
        help="; ".join(f"{s.title}: {s.use}" for s in SPLITTERS.values()),
    )


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
        st.info(f"Every sentence is already on its own line ({SPLITTERS[chosen()].title}): nothing to split.")
        _splitter_choice()  # another splitter may still cut differently
    elif isinstance(proposal, Unavailable):
        with st.container(border=True):
            st.error(md_literal(proposal.message, 1500))  # paths such as nltk_data: shown as written
            _splitter_choice()
            st.button("Cancel", key="split_cancel", on_click=_cancel)
    elif isinstance(proposal, tuple):
        with st.container(border=True):
            cand, refs = proposal
            title = SPLITTERS[chosen()].title
            st.markdown(
                f"**Split preview** ({title}): {split_counts(cand, refs)}. Nothing is changed until you apply it."
            )
            _splitter_choice()
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
