"""'What does ROUGE miss?': the pair to perturb (a SummEval pair with its article, a sample of
sample_data/, or the user's own texts) and the seed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.teach.blind_spots import perturb
from ui.compute.blind_spots import BLIND_SPOTS, summeval_documents
from ui.compute.budget import measure, problems
from ui.render.literal import md_literal
from ui.samples import load_samples
from ui.widgets import kept
from ui.widgets.inputs import clip

OWN = "Your own texts"
#: How many SummEval documents the picker offers (each with its article, so lead-3 applies).
SUMMEVAL_PAIRS = 5


@dataclass(frozen=True)
class ChosenPair:
    """The candidate and references (one sentence a line), the source document if any, and the seed."""

    candidate: str
    references: tuple[str, ...]
    source: Optional[str]
    seed: int


def _choices() -> dict[str, ChosenPair]:
    out: dict[str, ChosenPair] = {}
    seen: set[str] = set()
    for d in summeval_documents():
        if d.doc_id in seen or len(seen) == SUMMEVAL_PAIRS:
            continue
        seen.add(d.doc_id)
        words = " ".join(d.references[0]).split()[:7]
        label = f"SummEval: {' '.join(words)} … (system {d.system}, with its article)"
        out[label] = ChosenPair("\n".join(d.candidate), tuple("\n".join(r) for r in d.references), d.source, 0)
    for s in load_samples().values():
        out[f"Sample: {s.title}"] = ChosenPair(s.candidate, s.references, None, 0)
    return out


def _lead3_fits(source: str, reference: str, config: RougeConfig) -> bool:
    """Whether the source's first three sentences fit the page's budget (a source written without
    sentence ends is one long "sentence"); if not, say so: lead-3 is then left out."""
    lead = perturb("lead_three", ["-"], source)
    found = problems(measure(lead.text, [reference], config), BLIND_SPOTS) if lead.applied else []
    if found:
        st.warning(
            md_literal(
                f"The source document's first three sentences are too large to score here ({'; '.join(found)}): "
                "lead-3 is left out. Put one sentence per line, or end sentences with a full stop."
            )
        )
    return not found


def _own(config: RougeConfig) -> Optional[ChosenPair]:
    left, right = st.columns(2)
    cand = kept.text_area("Candidate summary (one sentence per line)", "blind_cand", container=left, height=120)
    ref = kept.text_area("Reference summary (one sentence per line)", "blind_ref", container=right, height=120)
    src = kept.text_area(
        "Source document (optional: lead-3 takes its first three sentences; names are found in it too)",
        "blind_src",
        height=90,
    )
    if not cand.strip() or not ref.strip():
        st.info("Type a candidate summary and a reference summary above: the perturbations start from them.")
        return None
    texts = []
    for text, what in ((cand, "candidate"), (ref, "reference"), (src, "source document")):
        cut, note = clip(text, what)
        if note:
            st.caption(md_literal(note))
        texts.append(cut)
    source = texts[2] if texts[2].strip() and _lead3_fits(texts[2], texts[1], config) else None
    return ChosenPair(texts[0], (texts[1],), source, 0)


def the_pair(config: RougeConfig) -> Optional[ChosenPair]:
    """Draw the pair picker (and the text boxes for the user's own texts) and the seed; ``None`` with a
    message when there is nothing to perturb yet (``config``: for the size of the source's lead-3)."""
    choices = _choices()
    left, right = st.columns([4, 1])
    label = left.selectbox("The pair to perturb", [*choices, OWN], key="blind_pair") or OWN
    seed = int(right.number_input("Seed", min_value=0, max_value=10_000, value=0, step=1, key="blind_seed"))
    chosen = _own(config) if label == OWN else choices[label]
    if chosen is None:
        return None
    if label != OWN:
        with st.expander("The pair's texts", expanded=False):
            st.markdown("**Candidate:** " + md_literal(chosen.candidate, 3000))
            for i, r in enumerate(chosen.references, start=1):
                st.markdown(f"**Reference {i}:** " + md_literal(r, 3000))
            if chosen.source:
                st.markdown("**Article (start):** " + md_literal(chosen.source, 600))
    return ChosenPair(chosen.candidate, chosen.references, chosen.source, seed)
