"""Why do the numbers differ? The same input under rouge155, rouge-score and paper, side by side,
every difference marked with the rule that causes it."""

from __future__ import annotations

import streamlit as st

from rouge_core.differences import RULES
from ui import budget
from ui.compute import comparison_for, within_budget
from ui.render.differences import (
    comparison_frame,
    configs_text,
    hits_html,
    rules_html,
    style_frame,
)
from ui.render.literal import md_literal
from ui.samples import OPENING_SAMPLE, load_samples
from ui.widgets import kept, state
from ui.widgets.inputs import clip
from ui.widgets.options import apply_settings

ss = st.session_state
SOURCES = {"inspect": "the Inspect page's inputs", "own": "this page's own inputs (examples)"}
FIRST_SAMPLE = load_samples()[OPENING_SAMPLE]


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


state.init_inputs(FIRST_SAMPLE.candidate, list(FIRST_SAMPLE.references))
if "_diff_n" not in ss:
    ss["_diff_n"] = 1
if (opened := ss.pop("_diff_open", None)) is not None:  # (candidate, references, message) sent by another page
    _set_own(opened[0], list(opened[1]))
    ss["_diff_msg"] = opened[2]

st.title("Why do the numbers differ?")
st.page_link(
    "app_pages/which_rouge.py",
    label="The same question on a whole corpus: Which ROUGE? (corpus)",
    icon=":material/compare_arrows:",
)
st.caption(
    "The same input scored by the three profiles side by side. Every difference is marked and "
    "explained by the rule that causes it; each rule is checked on this input by recomputing the "
    "measure with that one rule switched the other way. " + budget.DIFFERENCES.describe()
)

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
    with st.expander(f"The input: a candidate and {len(references)} reference(s) from the Inspect page"):
        st.text(candidate or "(empty candidate)")
        for i, r in enumerate(references, 1):
            st.caption(f"Reference {i}")
            st.text(r or "(empty)")

candidate, cut = clip(candidate, "candidate")
if cut:
    st.warning(md_literal(cut))
references = [clip(r, f"reference {i}")[0] for i, r in enumerate(references, 1)]

config = state.config()
if not within_budget(candidate, references, config, budget.DIFFERENCES):
    st.stop()
with st.spinner("Scoring under the three profiles and checking every rule...", show_time=True):
    comp = comparison_for(candidate, references, config)
st.info(
    "A fair comparison: every column uses the sidebar's measure options (n, skip distance, ROUGE-W "
    "weight, stemming, stopwords, alpha, length limits); only the profile changes, with its own "
    f"tokenizer and multi-reference rule. {configs_text(comp.configs)}."
)
for note in comp.reports["rouge155"].notes:
    st.caption(md_literal(f"Note: {note}", 600))

st.subheader("The three profiles side by side")
stat = st.radio(
    "Show",
    ["F", "R", "P", "P, R and F"],
    horizontal=True,
    key="diff_stat",
    help="One statistic keeps the table, and the reasons, within the page's width.",
)
frame = comparison_frame(comp, "PRF" if stat == "P, R and F" else str(stat))  # a radio with options: never None
num = {
    c: st.column_config.TextColumn(c, width=110 if stat != "P, R and F" else 90)
    for c in frame.columns
    if c[-2:] in (" P", " R", " F")
}
st.dataframe(
    style_frame(frame),
    hide_index=True,
    width="stretch",
    column_config={
        **num,
        "measure": st.column_config.TextColumn(width=170),
        "differs because": st.column_config.TextColumn(width="large"),
    },
)
st.caption(
    "Shaded: the cells whose value differs from the other profiles' (for that statistic); 'differs "
    "because' names the rules (explained below). ROUGE-1.5.5 (rouge155) prints 5 decimals, the others "
    "are exact, shown to 6 decimals. A dash: the profile has no such measure (rougeL exists in rouge-score "
    "only and is compared with its rougeLsum)."
)

shown = [h for h in comp.hits if h.finding.in_table and h.finding.measures]
st.subheader("Differences on this input, and the rule behind each")
st.html(hits_html(shown))
unexplained = [r.label for r in comp.rows if r.unexplained]
if unexplained:
    st.warning(f"Not explained by the rules below: {', '.join(unexplained)}. Please report this input.")
other = [h for h in comp.hits if h not in shown]
if other:
    st.subheader("Also true of this input")
    st.caption(
        "These rules apply here but change no number in the table on their own: they show with "
        "other settings (another tokenizer, -f B, stemming on) or only together with another rule."
    )
    st.html(hits_html(other))
quiet = [r for r in RULES if comp.hit(r) is None]
if quiet:
    with st.expander(f"Rules that do not apply to this input ({len(quiet)})"):
        st.html(rules_html(quiet))
