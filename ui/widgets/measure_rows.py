"""The sidebar's measure rows: one row per measure family of the registry (two families may share one).

Each :class:`MeasureRow` knows its widgets' keys, the widget values that show a config, the config
fields its widgets give, and how to draw itself. :data:`ROWS` covers every family of
:data:`rouge_core.measures.registry.FAMILIES` exactly once, in its order (``tests/app`` checks it), so
a new family without a row fails a test instead of vanishing from the sidebar.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import streamlit as st

from rouge_core import RougeConfig
from rouge_core.config import MAX_N, MAX_WLCS_WEIGHT, MIN_WLCS_WEIGHT, UNLIMITED
from rouge_core.measures.registry import Family

#: The sidebar's largest skip distance; a shared link beyond it is refused, never clamped.
MAX_SKIP = 1000


@dataclass(frozen=True)
class MeasureRow:
    """The sidebar row of one or more measure families.

    ``state(config)``: the widget values that show ``config``; ``fields(values)``: the config fields
    the widget values give; ``draw(container, off)``: the widgets, those whose key is in ``off``
    greyed out.

    >>> ROWS[0].state(RougeConfig(max_n=3)), ROWS[0].fields({"opt_n_on": False, "opt_max_n": 3})
    ({'opt_n_on': True, 'opt_max_n': 3}, {'max_n': None})
    """

    families: tuple[Family, ...]
    keys: tuple[str, ...]
    state: Callable[[RougeConfig], dict[str, Any]]
    fields: Callable[[Any], dict[str, Any]]
    draw: Callable[[Any, set[str]], None]


def _draw_n(sb: Any, off: set[str]) -> None:
    c1, c2 = sb.columns(2)
    c1.checkbox("ROUGE-N", key="opt_n_on", disabled="opt_n_on" in off)
    c2.number_input("max n", 1, MAX_N, key="opt_max_n", disabled=not st.session_state["opt_n_on"] or "opt_max_n" in off)


def _draw_l(sb: Any, off: set[str]) -> None:
    c1, c2 = sb.columns(2)
    c1.checkbox(
        "ROUGE-L", key="opt_l", disabled="opt_l" in off, help="Summary level: union LCS over sentences (rougeLsum)."
    )
    c2.checkbox(
        "L flat",
        key="opt_flat",
        disabled="opt_flat" in off,
        help="ROUGE-Lflat: LCS of the whole text as one sequence (rouge-score's rougeL).",
    )


def _draw_w(sb: Any, off: set[str]) -> None:
    c1, c2 = sb.columns(2)
    c1.checkbox("ROUGE-W", key="opt_w_on", disabled="opt_w_on" in off)
    c2.number_input(
        "weight w",
        min_value=MIN_WLCS_WEIGHT,
        max_value=MAX_WLCS_WEIGHT,
        step=0.1,
        key="opt_w",
        disabled=not st.session_state["opt_w_on"] or "opt_w" in off,
        help="f(k) = k^w",
    )


def _draw_skip(sb: Any, off: set[str]) -> None:
    c1, c2 = sb.columns(2)
    c1.checkbox("ROUGE-S", key="opt_s", disabled="opt_s" in off)
    c2.checkbox("ROUGE-SU", key="opt_su", disabled="opt_su" in off)
    skip_any = st.session_state["opt_s"] or st.session_state["opt_su"]
    st.session_state["opt_skip_on"] = skip_any
    c1, c2 = sb.columns(2)
    c1.checkbox(
        "no limit",
        key="opt_skip_unlimited",
        disabled=not skip_any or "opt_skip_unlimited" in off,
        help="Any gap between the two words of a skip-bigram (ROUGE-S*).",
    )
    c2.number_input(
        "skip distance",
        0,
        MAX_SKIP,
        key="opt_skip",
        disabled=not skip_any or st.session_state["opt_skip_unlimited"] or "opt_skip" in off,
    )


def _skip_fields(s: Any) -> dict[str, Any]:
    distance = (UNLIMITED if s["opt_skip_unlimited"] else int(s["opt_skip"])) if s["opt_skip_on"] else None
    return {"skip_distance": distance, "rouge_s": s["opt_s"], "rouge_su": s["opt_su"]}


#: The rows, in the registry's order.
ROWS: tuple[MeasureRow, ...] = (
    MeasureRow(
        (Family.N,),
        ("opt_n_on", "opt_max_n"),
        state=lambda c: {"opt_n_on": c.max_n is not None, "opt_max_n": c.max_n or 2},
        fields=lambda s: {"max_n": int(s["opt_max_n"]) if s["opt_n_on"] else None},
        draw=_draw_n,
    ),
    MeasureRow(
        (Family.L, Family.LFLAT),
        ("opt_l", "opt_flat"),
        state=lambda c: {"opt_l": c.rouge_l, "opt_flat": bool(c.flat_lcs)},
        fields=lambda s: {"rouge_l": s["opt_l"], "flat_lcs": s["opt_flat"]},
        draw=_draw_l,
    ),
    MeasureRow(
        (Family.W,),
        ("opt_w_on", "opt_w"),
        state=lambda c: {"opt_w_on": c.wlcs_weight is not None, "opt_w": c.wlcs_weight or 1.2},
        fields=lambda s: {"wlcs_weight": float(s["opt_w"]) if s["opt_w_on"] else None},
        draw=_draw_w,
    ),
    MeasureRow(
        (Family.S, Family.SU),
        ("opt_s", "opt_su", "opt_skip_unlimited", "opt_skip"),
        state=lambda c: {
            "opt_skip_on": c.skip_distance is not None,
            "opt_skip_unlimited": c.skip_distance == UNLIMITED,
            "opt_skip": c.skip_distance if c.skip_distance not in (None, UNLIMITED) else 4,
            "opt_s": c.rouge_s and c.skip_distance is not None,
            "opt_su": c.rouge_su and c.skip_distance is not None,
        },
        fields=_skip_fields,
        draw=_draw_skip,
    ),
)
#: Every measure widget's key.
MEASURE_KEYS: tuple[str, ...] = tuple(k for row in ROWS for k in row.keys)


def measure_state(config: RougeConfig) -> dict[str, Any]:
    """The measure widgets' values that show ``config``."""
    return {k: v for row in ROWS for k, v in row.state(config).items()}


def measure_fields(values: Any) -> dict[str, Any]:
    """The config's measure fields from the widgets' values."""
    return {k: v for row in ROWS for k, v in row.fields(values).items()}


def draw_measure_rows(sb: Any, off: set[str]) -> None:
    """Every measure row, in the registry's order."""
    for row in ROWS:
        row.draw(sb, off)
