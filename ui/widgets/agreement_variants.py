"""The Agreement page's ROUGE side: the measures and Lin (2004)'s settings (CASE, STEM, STOP) whose every
combination is a variant correlated with the human scores, the statistic (F, R or P), and one click for
Lin's grid of 17 measures x 3 settings (or 12 without ROUGE-5 ... 9)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import streamlit as st

from rouge_core import RougeConfig
from ui.compute import agreement as me
from ui.compute import agreement_variants as mv
from ui.render.corpus import STAT_NAMES
from ui.render.literal import md_literal
from ui.widgets import kept
from ui.widgets.agreement_pickers import pick


@dataclass(frozen=True)
class Chosen:
    """The variants chosen (each measure in each setting, measures first) and the statistic they give.

    >>> Chosen((mv.Variant("ROUGE-1", "CASE"), mv.Variant("ROUGE-1", "STEM")), "F").labels
    ['ROUGE-1 · CASE', 'ROUGE-1 · STEM']
    """

    variants: tuple[mv.Variant, ...]
    statistic: str

    @property
    def labels(self) -> list[str]:
        return [v.label for v in self.variants]


def lin_measures(long_n: bool) -> list[str]:
    """The measures of Lin (2004)'s grid, in his order; with ROUGE-5 ... 9 when ``long_n``.

    >>> len(lin_measures(False)), len(lin_measures(True)), lin_measures(False)[4:6]
    (12, 17, ['ROUGE-L', 'ROUGE-W-1.2'])
    """
    return [m for m in mv.MEASURES if m in mv.LIN_GRID or (long_n and m in mv.LONG_N)]


def use_lin_grid() -> None:
    """Choose Lin (2004)'s grid: his measures in all three settings (the button's callback)."""
    kept.set_value("agree_measures", lin_measures(bool(kept.get_value("agree_long_n", False))))
    kept.set_value("agree_settings", list(mv.SETTINGS))


def variants(config: RougeConfig) -> Optional[Chosen]:
    """The measure, setting and statistic pickers, Lin's grid in one click, and what comes from the
    sidebar; None after a message when no measure or no setting is chosen."""
    c1, c2, c3 = st.columns([5, 4, 2])
    measures = pick(c1.multiselect, "Measures", "agree_measures", ["ROUGE-1", "ROUGE-2", "ROUGE-L"], list(mv.MEASURES))
    settings = pick(
        c2.multiselect,
        "Settings",
        "agree_settings",
        list(mv.SETTINGS),
        list(mv.SETTINGS),
        help="; ".join(mv.SETTING_NAMES.values()),
    )
    statistic = pick(
        c3.radio,
        "Statistic",
        "agree_stat",
        "F",
        list(me.STATISTICS),
        format_func=STAT_NAMES.__getitem__,
        horizontal=True,
    )
    c1, c2, _ = st.columns([3, 3, 3], vertical_alignment="center")
    c1.button("Lin (2004)'s grid × CASE, STEM, STOP", key="agree_lin", on_click=use_lin_grid, width="stretch")
    kept.value_widget(c2.checkbox, "with ROUGE-5 … 9 (his 17 measures)", key="agree_long_n", default=False)
    st.caption(
        md_literal(
            f"Profile {config.profile}, tokenizer {config.tokenizer}, alpha {config.alpha:g}, references "
            f"{config.multi_ref} and length limits come from the sidebar; each setting replaces the sidebar's "
            "stemming and stopwords (Lin's grid: ROUGE-1 … 4, L, W-1.2, S and SU with skip 4, 9 and unlimited).",
            400,
        )
    )
    chosen = tuple(mv.Variant(m, s) for m in measures for s in settings)
    if not chosen:
        st.info("Choose at least one measure and one setting.")
        return None
    return Chosen(chosen, str(statistic))
