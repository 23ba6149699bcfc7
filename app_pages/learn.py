"""Learn ROUGE: each measure family defined, walked through step by step on an editable example,
with the worked arithmetic and the paper's claims checked live.

The sections (ROUGE-N, L, L at summary level, W, S / SU) are registered in ui/learn/sections.py; this
page picks one and draws it: definition, settings, texts, walk-through, claims."""

from __future__ import annotations

import streamlit as st

from rouge_core import RougeConfig
from ui.compute import budget
from ui.compute.pair import report_for, within_budget
from ui.learn import link, settings
from ui.learn.inputs import SAMPLES, texts
from ui.learn.sections import BY_ID, F_TEX, SECTIONS
from ui.render.claims import claims_html
from ui.render.learn import num
from ui.render.literal import md_literal
from ui.widgets import kept, state
from ui.widgets.lecture import lecture_controls

# The paper's setting for its worked numbers: beta = 1, f(k) = k^2, no skip limit, no rounding.
PAPER = RougeConfig(profile="paper", max_n=2, wlcs_weight=2.0, skip_distance=-1, alpha=0.5)

base = state.config()
link.apply()
st.title("Learn ROUGE: how each measure works")
lecture_controls()
st.caption(
    f"Each section starts on Lin (2004)'s example; edit it or load a sample. Profile "
    f"({base.profile}), tokenizer, stemming, stopwords and α ({num(base.alpha)}) come from the sidebar; "
    "n, w and the skip distance are set here. Step through with the buttons, the slider or ← / →; "
    "'Ask me first' asks each step's question before showing it."
)
sec = (
    kept.value_widget(
        st.segmented_control,
        "Measure family",
        "learn_section",
        SECTIONS[0].id,
        options=[s.id for s in SECTIONS],
        format_func=lambda i: BY_ID[i].title,
        required=True,
    )
    or SECTIONS[0].id
)
section = BY_ID.get(sec, SECTIONS[0])

# What the measure is
st.markdown(section.prose)
for tex in (*section.formulas, F_TEX):
    st.latex(tex)

# What it computes with, and on which texts
settings.header(section, base)
ref_text, cand_text = texts(section)
if not within_budget(
    cand_text, [ref_text], base, budget.LEARN, " The walk-throughs are for examples of a few sentences."
):
    example = SAMPLES[section.example]
    ref_text, cand_text = example.references[0], example.candidate
    st.caption(md_literal(f"Showing the paper's example ({example.title}) below instead."))
settings.paper_note(section, base, ref_text, cand_text)
link.write(sec, ref_text, cand_text)

# How it works, step by step, and the worked arithmetic
section.draw(section, base, ref_text, cand_text)

# What the paper says about it
st.subheader("The paper's claims, checked live")
st.caption(
    "Computed by rouge_core with the 'paper' profile (β = 1, f(k) = k², no skip limit, unrounded), "
    "shown to 3 decimals like the paper."
)
reports = {
    sid: report_for(SAMPLES[sid].candidate, list(SAMPLES[sid].references), PAPER) for sid in settings.CLAIM_SAMPLES
}
st.html(claims_html(section.claims(reports)))
