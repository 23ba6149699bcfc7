"""The Differences page's input: the Inspect page's candidate and references, or the page's own (kept
text boxes, one per reference, filled by an example of a rule, by another page that opens a document
here, or copied from Inspect), clipped to the inspector's length as Inspect clips it."""

from __future__ import annotations

import streamlit as st

from rouge_core.teach.differences import RULES
from ui.render.literal import md_literal
from ui.render.plural import counted
from ui.samples import OPENING_SAMPLE, load_samples
from ui.widgets import kept, state
from ui.widgets.inputs import clip
from ui.widgets.options import apply_settings

ss = st.session_state
#: The two inputs and how the radio names them.
SOURCES = {"inspect": "the Inspect page's inputs", "own": "this page's own inputs (examples)"}


def _set_own(candidate: str, references: list[str]) -> None:
    refs = list(references) or [""]
    for i in range(len(refs), int(ss.get("_diff_n", 0))):
        kept.forget(f"diff_ref_{i}")
    ss["_diff_n"] = len(refs)
    kept.set_text("diff_candidate", candidate)
    for i, r in enumerate(refs):
        kept.set_text(f"diff_ref_{i}", r)
    kept.set_value("diff_source", "own")


def _own() -> tuple[str, list[str]]:
    n = int(ss.get("_diff_n", 0))
    return kept.get_text("diff_candidate"), [kept.get_text(f"diff_ref_{i}") for i in range(n)]


def _load_example() -> None:
    rid = ss.get("diff_preset")
    if rid in RULES:
        ex = RULES[rid].example
        _set_own(ex.candidate, list(ex.references))
        if ex.settings:  # what the rule needs to show, e.g. stemming for "the stemmers differ"
            apply_settings(dict(ex.settings))
            ss["_diff_msg"] = (
                "Switched on in the sidebar for this example: " + ", ".join(f"{k} = {v}" for k, v in ex.settings) + "."
            )


def _copy_inspect() -> None:
    _set_own(state.candidate(), state.references())


def _add_ref() -> None:
    cand, refs = _own()
    _set_own(cand, refs + [""])


def _drop_ref() -> None:
    cand, refs = _own()
    _set_own(cand, refs[:-1])


def arrived() -> None:
    """Before anything is drawn: Inspect's inputs start as the opening sample, the page's own input has
    one reference, and a document another page opened here (candidate, references, message) becomes
    the page's own input, its message shown once."""
    first = load_samples()[OPENING_SAMPLE]
    state.init_inputs(first.candidate, list(first.references))
    if "_diff_n" not in ss:
        ss["_diff_n"] = 1
    if (opened := ss.pop("_diff_open", None)) is not None:  # (candidate, references, message) sent by another page
        _set_own(opened[0], list(opened[1]))
        ss["_diff_msg"] = opened[2]


def example_and_source() -> str:
    """The example of a rule to load and the input to use (``"inspect"`` or ``"own"``), side by side,
    then the message of the last example or opened document (once)."""
    top = st.columns([3, 2])
    top[0].selectbox(
        "Show me an example of ...",
        list(RULES),
        key="diff_preset",
        index=None,
        format_func=lambda r: RULES[r].title,
        on_change=_load_example,
        placeholder="Choose a rule to load an input that triggers it...",
    )
    with top[1]:
        source = kept.value_widget(
            st.radio, "Input", "diff_source", "inspect", options=list(SOURCES), format_func=SOURCES.get, horizontal=True
        )
    if msg := ss.pop("_diff_msg", None):
        st.info(md_literal(msg))
    return str(source)


def the_input(source: str) -> tuple[str, list[str]]:
    """The candidate and references to compare: the page's own in editable boxes with their buttons,
    or Inspect's shown in an expander; each clipped (a clipped candidate is said)."""
    if source == "own":
        left, right = st.columns(2)
        kept.text_area("Candidate (one sentence per line)", "diff_candidate", container=left, height=130)
        with right:
            for i in range(int(ss["_diff_n"])):
                kept.text_area(f"Reference {i + 1}", f"diff_ref_{i}", height=130 if ss["_diff_n"] == 1 else 90)
        b = st.container(horizontal=True)  # buttons as wide as their labels (fixed columns cut them)
        b.button("Add reference", key="diff_add", on_click=_add_ref)
        b.button("Remove last reference", key="diff_drop", on_click=_drop_ref, disabled=ss["_diff_n"] < 2)
        b.button(
            "Use the Inspect inputs",
            key="diff_copy",
            on_click=_copy_inspect,
            help="Copy the Inspect page's candidate and references here to edit them.",
        )
        candidate, references = _own()
    else:
        candidate, references = state.candidate(), state.references()
        with st.expander(f"The input: a candidate and {counted(len(references), 'reference')} from the Inspect page"):
            st.text(candidate or "(empty candidate)")
            for i, r in enumerate(references, 1):
                st.caption(f"Reference {i}")
                st.text(r or "(empty)")
    candidate, cut = clip(candidate, "candidate")
    if cut:
        st.warning(md_literal(cut))
    return candidate, [clip(r, f"reference {i}")[0] for i, r in enumerate(references, 1)]
