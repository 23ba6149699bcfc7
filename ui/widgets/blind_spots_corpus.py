"""'What does ROUGE miss?' on a corpus: the same perturbations over a seeded sample of the SummEval pairs,
with the average score and change per measure, computed when the user asks (it takes seconds)."""

from __future__ import annotations

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.teach.blind_spots import Statistic
from ui.compute.blind_spots import MAX_CORPUS_PAIRS, corpus_for
from ui.render.blind_spots import corpus_html


def on_a_corpus(config: RougeConfig, seed: int, stat: Statistic) -> None:
    """The sample size, the button, and the averages of the last run (if its settings still hold)."""
    st.caption(
        "The SummEval sample (sample_data/summeval_subset.jsonl: 20 CNN/DailyMail articles, each summarised "
        "by 6 systems, with 11 references): a seeded sample of its pairs, each perturbed as above (the seed "
        "above picks the pairs and seeds the perturbations; lead-3 and names use each pair's article)."
    )
    size = int(st.slider("Pairs in the sample", 5, MAX_CORPUS_PAIRS, 10, step=5, key="blind_corpus_size"))
    wanted = (config.signature(), size, seed)
    if st.button("Perturb and score the sample", key="blind_corpus_run", type="primary"):
        bar = st.progress(0.0, text="Perturbing and scoring the pairs...")

        def progress(done: int, total: int) -> None:
            bar.progress(done / total, text=f"Perturbing and scoring the pairs: {done} of {total} done")

        st.session_state["_blind_corpus"] = (wanted, corpus_for(size, seed, config, progress))
        bar.empty()
    last = st.session_state.get("_blind_corpus")
    if last is None:
        st.info("Press the button to run the perturbations over the sample (a few seconds).")
        return
    settings, result = last
    if settings != wanted:
        st.warning(
            "The sidebar options, the sample size or the seed changed since the last run: press the button again."
        )
        return
    st.markdown(
        f"**Averages over {len(result.doc_ids)} pairs** (each perturbation over the pairs it applied to): "
        "the average score, the average change from each pair's original score, the verdict on the average "
        "change, and on how many pairs the measure was fooled."
    )
    st.html(corpus_html(result, stat))
