"""The Agreement page's test of whether two variants agree with people differently: Deutsch et al.'s
(2021) permutation test between two variants at one level and coefficient, resampling what the bootstrap
resamples, with the correlations' seed."""

from __future__ import annotations

from typing import Mapping

import numpy as np
import streamlit as st

from rouge_core.stats.correlation import PermutationTest
from rouge_core.stats.score_matrix import ScoreMatrix
from ui.compute import agreement as me
from ui.render.literal import md_literal
from ui.widgets.agreement_pickers import count, pick

ABOUT = (
    "Deutsch et al.'s (2021) permutation test: swap the two variants' scores (systems, inputs or both, as the "
    "bootstrap above resamples) and count how often the difference of correlations is at least as large."
)
#: The p-value below which the result says the variants differ.
ALPHA = 0.05


def outcome(first: str, second: str, test: PermutationTest) -> str:
    """The test's result in one sentence.

    >>> t = PermutationTest(difference=0.25, p_value=0.0123, count=12, samples_used=1000, samples_dropped=0,
    ...                     first=0.5, second=0.25)
    >>> outcome("ROUGE-1 · CASE", "ROUGE-2 · CASE", t)  # doctest: +NORMALIZE_WHITESPACE
    'ROUGE-1 · CASE: 0.5000; ROUGE-2 · CASE: 0.2500; difference +0.2500; p = 0.0123 (12 of 1,000
    permutations at least as far apart; 0 undefined), below 0.05.'
    """
    mark = "below" if test.p_value < ALPHA else "not below"
    return (
        f"{first}: {test.first:.4f}; {second}: {test.second:.4f}; difference {test.difference:+.4f}; "
        f"p = {test.p_value:.4f} ({test.count:,} of {test.samples_used:,} permutations at least as far apart; "
        f"{test.samples_dropped:,} undefined), {mark} 0.05."
    )


def compare(matrices: Mapping[str, np.ndarray], human: ScoreMatrix, run: me.RunSettings) -> None:
    """Two variants, a level, a coefficient and a number of permutations; the test's result, or why it has
    none (the same variant twice, or the level's groups too small)."""
    st.caption(ABOUT)
    labels = list(matrices)
    c1, c2, c3, c4, c5 = st.columns([3, 3, 2, 2, 2])
    first = pick(c1.selectbox, "Variant A", "agree_perm_a", labels[0], labels)
    second = pick(c2.selectbox, "Variant B", "agree_perm_b", labels[min(1, len(labels) - 1)], labels)
    level = pick(c3.selectbox, "Level", "agree_perm_level", run.levels[0], list(run.levels))
    coefficients = list(run.coefficients)
    coef = pick(c4.selectbox, "Coefficient", "agree_perm_coef", coefficients[0], coefficients,
                format_func=me.COEFFICIENT_NAMES.__getitem__)  # fmt: skip
    samples = count(c5, "Permutations", "agree_perm_samples")
    if first == second:
        st.info("Choose two different variants.")
        return
    try:
        with st.spinner(f"{samples:,} permutations..."):
            test = me.compare_variants(
                matrices[first], matrices[second], human.values, level, coef, run.resample, samples, run.seed
            )
    except ValueError as e:
        st.info(md_literal(f"The test is undefined here: {e}", 600))
        return
    st.markdown(md_literal(outcome(first, second, test), 800))
    st.caption(
        md_literal(f"PERM-{run.resample.upper()}, {level} level, {me.COEFFICIENT_NAMES[coef]}, seed {run.seed}.", 300)
    )
