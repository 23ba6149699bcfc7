"""What a Learn section computes with: the settings line, the two one-click settings (the paper's and
ROUGE-1.5.5's, for the sidebar and every section's own n / w / skip), and a note when the sidebar's
settings change one of the paper's examples."""

from __future__ import annotations

from typing import Any, Mapping

import streamlit as st

from rouge_core import RougeConfig
from ui.compute.pair import report_for
from ui.learn.inputs import SAMPLES
from ui.learn.sections import SECTIONS, Section
from ui.render import learn as rl
from ui.widgets import kept
from ui.widgets.options import apply_settings

#: One click sets the sidebar (and every section's own settings, from the registry) to the paper's or the script's.
PAPER_SETTINGS = {"profile": "paper", "tokenizer": "rouge155", "stem": False, "remove_stopwords": False, "alpha": 0.5}
PERL_SETTINGS = {"profile": "rouge155", "tokenizer": "rouge155", "stem": False, "remove_stopwords": False, "alpha": 0.5}
PAPER_LOCAL = {key: value for s in SECTIONS for key, value in s.paper_local}
PERL_LOCAL = {key: value for s in SECTIONS for key, value in s.perl_local}
#: The paper's examples: a note says when the sidebar's settings change their numbers.
CLAIM_SAMPLES = [k for k in SAMPLES if k.startswith("paper_")]


def _use(settings: Mapping[str, Any], local: Mapping[str, Any]) -> None:
    apply_settings(dict(settings))
    for key, value in local.items():
        kept.set_value(key, value)


def header(section: Section, base: RougeConfig) -> None:
    """What this section computes with, the two one-click settings, and greyed-out sidebar options."""
    sec = section.id
    st.caption(
        f"Settings in this section: profile **{base.profile}**, tokenizer {base.tokenizer}, stemming "
        f"{'on' if base.stem else 'off'}, stopwords {'removed' if base.remove_stopwords else 'kept'}, "
        f"α = {rl.num(base.alpha)} (from the sidebar); {section.own_settings()}. The sidebar's measure switches, "
        "n, w, skip distance and reference mode are not used here (greyed out)."
    )
    b1, b2, _ = st.columns([1, 1, 2])
    b1.button(
        "The paper's settings",
        key=f"learn_{sec}_paper",
        on_click=_use,
        args=(PAPER_SETTINGS, PAPER_LOCAL),
        help="profile paper (unrounded), β = 1, no stemming, no stopwords, f(k) = k^2, no skip limit",
    )
    b2.button(
        "ROUGE-1.5.5's settings",
        key=f"learn_{sec}_perl",
        on_click=_use,
        args=(PERL_SETTINGS, PERL_LOCAL),
        help="profile rouge155 (the script's rounding and quirks), alpha 0.5, no -m, no -s, w 1.2, skip 4",
    )


def paper_note(section: Section, base: RougeConfig, ref_text: str, cand_text: str) -> None:
    """Say so when a setting changes one of the paper's examples, and what the paper's settings give."""
    if not any(s.candidate == cand_text and s.references[0] == ref_text for s in (SAMPLES[k] for k in CLAIM_SAMPLES)):
        return
    cfg, label = section.configure(base)
    paper_cfg, _ = section.configure(base.with_(**PAPER_SETTINGS))
    here = report_for(cand_text, [ref_text], cfg).measures.get(label)
    paper = report_for(cand_text, [ref_text], paper_cfg).measures.get(label)

    def shown(m: Any) -> tuple[float, float]:  # what the student compares: R and P to 5 decimals
        return round(m.score.recall, 5), round(m.score.precision, 5)

    if here is None or paper is None or shown(here) == shown(paper):
        return
    changed = [
        what
        for what, on in (
            ("stemming is on, so words with the same stem match (kill / killed)", base.stem),
            ("stopwords are removed", base.remove_stopwords),
            (f"the profile is {base.profile} (the paper: unrounded, no quirks)", base.profile != "paper"),
            (f"α = {rl.num(base.alpha)} (the paper: β = 1, α = 0.5)", base.alpha != 0.5),
            (f"the tokenizer is {base.tokenizer}", base.tokenizer != "rouge155"),
        )
        if on
    ]
    # Only option names and numbers here, no user text: plain Markdown is safe.
    st.info(
        f"Your settings change the paper's example: {'; '.join(changed) or 'see the sidebar'}. "
        f"{label} here: R = {rl.num(here.score.recall)}, P = {rl.num(here.score.precision)}; "
        f"with the paper's settings: R = {rl.num(paper.score.recall)}, P = {rl.num(paper.score.precision)}."
    )
