"""The Which ROUGE? (corpus) page's "A against B": configs A and B (a preset or the sidebar's settings, each
with its signature), the system, the statistic, the explanation cap and, when it applies, the pairing of
ROUGE-L with rouge-score's rougeL; each a kept widget (it survives a page switch)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Optional

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.io.readers import Corpus
from rouge_core.presets import PRESETS
from rouge_core.stats.systems import Statistic
from ui.compute.which_rouge import GAP, lcs_match
from ui.widgets import kept, state

#: The choice that stands for the sidebar's settings, offered before the presets.
SIDEBAR = "the sidebar's settings"
CHOICES = [SIDEBAR, *PRESETS]
DEFAULT_A = next(p for p in PRESETS if p.startswith("ROUGE-1.5.5 -n 2 -m"))
DEFAULT_B = next(p for p in PRESETS if p.startswith("rouge-score defaults"))
#: The statistic's letter on screen -> its name in rouge_core.
STATS: dict[str, Statistic] = {"F": "fmeasure", "R": "recall", "P": "precision"}


def config_of(choice: str) -> RougeConfig:
    """The configuration a choice names: a preset, or the sidebar's settings.

    >>> config_of(DEFAULT_A) == PRESETS[DEFAULT_A]
    True
    """
    return state.config() if choice == SIDEBAR else PRESETS[choice]


def pick(widget: Callable[..., Any], label: str, key: str, default: Any, options: list[Any], **kwargs: Any) -> Any:
    """A kept picker whose kept value falls back to ``default`` when it is no longer offered."""
    if kept.get_value(key, default) not in options:
        kept.set_value(key, default)
    return kept.value_widget(widget, label, key, default, options=options, **kwargs)


def _reset_match() -> None:
    """A or B changed: the ROUGE-L / rougeL pairing goes back to its default for the new pair."""
    kept.forget_value("gap_match")


@dataclass(frozen=True)
class Choice:
    """What the user chose to compare: both choices (preset names or :data:`SIDEBAR`) and their configs,
    the system, the statistic's letter, the explanation cap and the measure pairing (None: none)."""

    choice_a: str
    choice_b: str
    a: RougeConfig
    b: RougeConfig
    system: str
    letter: str
    cap: int
    match: Optional[dict[str, str]]

    @property
    def statistic(self) -> Statistic:
        """The statistic's name in rouge_core.

        >>> Choice(DEFAULT_A, DEFAULT_B, PRESETS[DEFAULT_A], PRESETS[DEFAULT_B], "M8", "R", 5, None).statistic
        'recall'
        """
        return STATS[self.letter]


def _config_column(label: str, key: str, default: str) -> str:
    """One config's picker with its signature under it."""
    choice = str(kept.value_widget(st.selectbox, label, key, default, options=CHOICES, on_change=_reset_match))
    st.code(config_of(choice).signature(), language=None, wrap_lines=True)
    return choice


def a_against_b(corpus: Corpus) -> Choice:
    """Draw the choices (A and B side by side, then one row of the rest) and return them."""
    left, right = st.columns(2)
    with left:
        choice_a = _config_column("Config A", "gap_a", DEFAULT_A)
    with right:
        choice_b = _config_column("Config B", "gap_b", DEFAULT_B)
    a, b = config_of(choice_a), config_of(choice_b)

    systems = list(corpus.systems())
    c1, c2, c3, c4 = st.columns([3, 2, 2, 3], vertical_alignment="bottom")
    system = systems[0]
    if len(systems) > 1:
        with c1:
            system = pick(st.selectbox, "System (compared one at a time)", "gap_system", systems[0], systems)
    with c2:
        letter = kept.value_widget(
            st.radio,
            "Statistic",
            "gap_stat",
            "F",
            options=list(STATS),
            horizontal=True,
            help="F = F-measure, R = recall, P = precision: the gap, the shares and the documents are about this one.",
        )
    with c3:
        cap = int(
            kept.value_widget(
                st.number_input,
                "Explanation cap (documents)",
                "gap_cap",
                50,
                min_value=0,
                max_value=GAP.max_cap,
                step=10,
                help="The rule detectors examine this many documents, the largest differences first.",
            )
        )
    pairing = lcs_match(a, b)
    match = None
    if pairing is not None:
        rouge_score_preset = any(c != SIDEBAR and PRESETS[c].profile == "rouge-score" for c in (choice_a, choice_b))
        with c4:
            la, lb = next(iter(pairing.items()))
            if kept.value_widget(
                st.checkbox,
                f"Pair {la} with {lb}",
                "gap_match",
                rouge_score_preset,
                help="Also compare the summary-level ROUGE-L (rougeLsum) with rouge-score's flat rougeL: the number "
                "most papers report as 'ROUGE-L' from rouge-score.",
            ):
                match = pairing
    return Choice(choice_a, choice_b, a, b, system, letter, cap, match)
