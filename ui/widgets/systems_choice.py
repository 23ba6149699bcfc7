"""The Systems page's "What to compare": the systems, measure, statistic, averaging convention, test,
its number of samples, the seed and the significance level, each a kept widget (it survives a page switch)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence, cast

import streamlit as st

from rouge_core.config import MAX_BOOTSTRAP_SAMPLES
from rouge_core.stats.comparison import METHODS
from rouge_core.stats.systems import STATISTICS, Convention, Statistic
from ui.compute.systems import Settings, resampled
from ui.render import systems as view
from ui.render.corpus import STAT_NAMES
from ui.widgets import kept

#: The statistic's letter on screen -> its name in rouge_core (``{"P": "precision", ...}``).
LETTERS: dict[str, Statistic] = {letter: cast(Statistic, name) for name, (letter, _) in STATISTICS.items()}
#: The significance levels offered to mark p-values.
ALPHAS = (0.001, 0.01, 0.05, 0.1)


def pick(widget: Callable[..., Any], label: str, key: str, default: Any, options: list[Any], **kwargs: Any) -> Any:
    """A kept picker whose kept value falls back to ``default`` when it is no longer offered."""
    value = kept.get_value(key, default)
    ok = all(v in options for v in value) if isinstance(value, list) else value in options
    if not ok:
        kept.set_value(key, default)
    return kept.value_widget(widget, label, key=key, default=default, options=options, **kwargs)


@dataclass(frozen=True)
class Choice:
    """What the user chose to compare: systems (in their order), the measure's report label, the statistic's
    letter, the convention, the test, its samples, the seed and the significance level marking p-values."""

    systems: tuple[str, ...]
    measure: str
    letter: str
    convention: str
    method: str
    samples: int
    seed: int
    alpha: float

    @property
    def what(self) -> str:
        """``resamples`` or ``shuffles`` (:func:`ui.compute.systems.resampled`)."""
        return resampled(self.method)

    def settings(self, confidence: float) -> Settings:
        """The comparison these choices run, at the sidebar's confidence level.

        >>> c = Choice(("A", "B"), "ROUGE-2", "R", "pooled", "randomization", 300, 7, 0.05)
        >>> s = c.settings(95.0)
        >>> (s.statistic, s.convention, s.method, s.samples, s.seed, c.what)
        ('recall', 'pooled', 'randomization', 300, 7, 'shuffles')
        """
        convention = cast(Convention, self.convention)
        return Settings(
            self.measure, LETTERS[self.letter], convention, self.method, self.samples, self.seed, confidence
        )


def what_to_compare(everyone: Sequence[str], labels: list[str], names: Mapping[str, str]) -> Choice:
    """Draw the choices (three rows of columns, in the page's order) and return them.

    ``everyone``: the corpus's systems; ``labels``: the measures the sidebar scores (report labels);
    ``names``: each label's name on screen."""
    systems = list(everyone)
    c1, c2, c3 = st.columns([5, 2, 3])
    chosen = pick(c1.multiselect, "Systems", "sys_systems", systems, systems)
    measure = pick(
        c2.selectbox,
        "Measure",
        "sys_measure",
        "ROUGE-2" if "ROUGE-2" in labels else labels[0],
        labels,
        format_func=names.__getitem__,
    )
    letter = pick(
        c3.radio, "Statistic", "sys_stat", "F", list(LETTERS), format_func=STAT_NAMES.__getitem__, horizontal=True
    )
    c1, c2 = st.columns([4, 5])
    convention = pick(
        c2.radio,
        "Averaging convention",
        "sys_convention",
        "mean",
        list(view.CONVENTION_NAMES),
        format_func=view.CONVENTION_NAMES.__getitem__,
        horizontal=True,
    )
    method = pick(
        c1.radio,
        "Test",
        "sys_test",
        "bootstrap",
        list(METHODS),
        format_func=view.METHOD_NAMES.__getitem__,
        help="Both p-values are two-sided (rouge_core.stats.significance). System intervals always come from "
        "the bootstrap.",
    )
    c1, c2, c3, _ = st.columns([2, 2, 2, 3])
    samples = int(
        kept.value_widget(
            c1.number_input,
            f"Samples ({resampled(method)})",
            key=f"sys_samples_{method}",
            default=METHODS[method],
            min_value=1,
            max_value=MAX_BOOTSTRAP_SAMPLES,
            step=100,
        )
    )
    seed = int(kept.value_widget(c2.number_input, "Seed", key="sys_seed", default=0, min_value=0, step=1))
    alpha = float(pick(c3.selectbox, "Mark p below", "sys_alpha", 0.05, list(ALPHAS), format_func=lambda a: f"{a:g}"))
    return Choice(tuple(chosen), measure, letter, convention, method, samples, seed, alpha)
