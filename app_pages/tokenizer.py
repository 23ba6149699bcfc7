"""Tokenizer inspector: what each tokenizer keeps, drops and splits, stage by stage."""

from __future__ import annotations

import streamlit as st

from rouge_core.teach.token_stages import missing_tokenizers
from rouge_core.text.tokenize import TOKENIZER_RULES
from ui.compute.pair import rouge1_by_tokenizer, token_stages_for
from ui.render.differences import MARKS_LEGEND, stage_html, text_marks_html
from ui.render.html import page
from ui.render.literal import md_literal
from ui.render.tokenizer import COLUMNS, counts_frame, not_installed_text
from ui.samples import OPENING_SAMPLE, load_samples
from ui.widgets import kept, state
from ui.widgets.inputs import clip

ss = st.session_state
SAMPLES = load_samples()
OWN = -1
PER_ROW = 3
OWN_TEXT = "Zürich's “naïve” café — 警察击毙了枪手 — 4 \u212a, İstanbul."


def _load_sample() -> None:
    sid = ss.get("tok_sample")
    if sid in SAMPLES:
        state.set_inputs(SAMPLES[sid].candidate, list(SAMPLES[sid].references))
        kept.set_value("tok_source", 0)


state.init_inputs(SAMPLES[OPENING_SAMPLE].candidate, list(SAMPLES[OPENING_SAMPLE].references))
candidate, references = state.candidate(), state.references()
sources = [0, *range(1, len(references) + 1), OWN]
if kept.get_value("tok_source", 0) not in sources:  # e.g. a reference that was removed on Inspect
    kept.set_value("tok_source", 0)

st.title("Tokenizer inspector")
st.caption(
    "What each tokenizer keeps of a text: every dropped or word-splitting character is marked, "
    "then the tokens after each stage (case, cleaning, stopwords, stemming) with their counts. "
    "Stopwords and stemming follow the sidebar; length limits are not applied here."
)

top = st.columns(2)
top[0].selectbox(
    "Load a sample into the inputs",
    list(SAMPLES),
    key="tok_sample",
    index=None,
    format_func=lambda k: f"{SAMPLES[k].title} — {SAMPLES[k].teaches}",
    on_change=_load_sample,
    placeholder="Choose an example (try 'Chinese and accented text')...",
    help="Replaces the Inspect page's candidate and references.",
)
with top[1]:
    source = kept.value_widget(
        st.selectbox,
        "Text to inspect",
        "tok_source",
        0,
        options=sources,
        format_func=lambda i: "Candidate" if i == 0 else "Your own text" if i == OWN else f"Reference {i}",
    )
if source == OWN:
    text = kept.text_area("Your own text (one sentence per line)", "tok_custom", OWN_TEXT, height=100)
else:
    text = candidate if source == 0 else references[source - 1]
text, cut = clip(text, "text")
if cut:
    st.warning(md_literal(cut))

config = state.config()
with st.spinner("Tokenizing with each tokenizer, stage by stage...", show_time=True):
    stages = token_stages_for(text, config)
if not text.strip():
    st.info("This text is empty: there is nothing to tokenize. Type something or load a sample.")

# For a text of the Inspect pair, the pair's ROUGE-1 under each tokenizer shows what the tokenizer
# is worth for this input; the user's own text has no pair, so no such column.
own = source == OWN
summary = counts_frame(stages, None if own else rouge1_by_tokenizer(candidate, references, config))
st.subheader("Counts")
st.dataframe(
    summary,
    hide_index=True,
    width="stretch",
    column_config={
        c: (
            st.column_config.NumberColumn(c, help=COLUMNS[c], format="%.5f")
            if c == "ROUGE-1 R"
            else st.column_config.Column(c, help=COLUMNS[c])
        )
        for c in summary.columns
    },
)
st.caption(
    "Each tokenizer with its own package's stemmer (rouge-score's with NLTK's Porter, rouge155's with "
    "ROUGE-1.5.5's; unicode with the sidebar profile's). "
    + (
        "Your own text has no reference, so no ROUGE-1 column."
        if own
        else "ROUGE-1 R = the recall of the Inspect page's candidate against its references under each "
        "tokenizer (other options from the sidebar). Hover a column's name for what it counts."
    )
)

(n_kept, letters), (ukept, _) = stages["rouge155"].letters, stages["unicode"].letters
if n_kept < letters:  # no user text in this (markdown) message: the marked text below shows it
    st.success(
        f"The rouge155 tokenizer (and rouge-score's) keeps {n_kept} of the {letters} letters and digits "
        f"of this text; the unicode tokenizer keeps {ukept}. The characters they drop or split words "
        "at are marked below: a score under the ASCII tokenizers says nothing about that text."
    )

st.subheader("Stage by stage")
st.html(page(MARKS_LEGEND))
shown = list(stages.items())
for row in range(0, len(shown), PER_ROW):  # three tokenizers a row: six side by side would be unreadable
    for col, (tok, ts) in zip(st.columns(PER_ROW), shown[row : row + PER_ROW]):
        with col:
            st.markdown(f"**{tok}**")
            st.caption(TOKENIZER_RULES[tok])
            st.html(page(text_marks_html(ts)))
            before: tuple[str, ...] = ()
            for stage in ts.stages:
                st.html(stage_html(stage, before))
                before = stage.tokens
missing = not_installed_text(missing_tokenizers())
if missing:
    st.info(missing)
st.caption(
    "A tokenizer of your own (any Python function from a string to a list of strings) is for the API only: "
    "`RougeConfig(tokenizer=fn)`, recorded in the signature as `tok:custom:<name>`."
)
