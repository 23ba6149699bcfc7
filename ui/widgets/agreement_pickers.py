"""The Agreement page's two kinds of kept widget: a picker whose kept choice falls back to its default when
it is no longer offered (another corpus, criterion or set of variants), and a number of resamples or
permutations. Both keep their value across page switches (:mod:`ui.widgets.kept`)."""

from __future__ import annotations

from typing import Any

from rouge_core.config import MAX_BOOTSTRAP_SAMPLES
from ui.widgets import kept

#: Resamples or permutations before the user asks for more (a few seconds on a SummEval-sized corpus).
DEFAULT_COUNT = 1000


def offered(value: Any, options: list[Any]) -> bool:
    """Whether a kept ``value`` (one choice, or a list of them for a multiselect) is still among ``options``.

    >>> offered("F", ["F", "R"]), offered(["a", "c"], ["a", "b"]), offered([], ["a"])
    (True, False, True)
    """
    return all(v in options for v in value) if isinstance(value, list) else value in options


def pick(widget: Any, label: str, key: str, default: Any, options: list[Any], **kwargs: Any) -> Any:
    """A kept picker (``st.selectbox``, ``st.multiselect``, ``st.radio`` or a column's) whose kept value
    falls back to ``default`` when it is no longer offered (Streamlit would refuse it)."""
    if not offered(kept.get_value(key, default), options):
        kept.set_value(key, default)
    return kept.value_widget(widget, label, key=key, default=default, options=options, **kwargs)


def count(box: Any, label: str, key: str) -> int:
    """A kept number of resamples or permutations (1,000 by default) in ``box`` (a column, or ``st``)."""
    widget = box.number_input
    return int(
        kept.value_widget(
            widget, label, key=key, default=DEFAULT_COUNT, min_value=1, max_value=MAX_BOOTSTRAP_SAMPLES, step=100
        )
    )
