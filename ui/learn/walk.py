"""The step-by-step machinery every Learn section shares: First / Back / Next / Last and a slider over
the steps, autoplay, and the step kept in the address (``?step=``) as a deep link."""

from __future__ import annotations

import time
from typing import Any, Callable

import streamlit as st

from ui.widgets import kept

#: Draws step k of a walk-through (0 = nothing done yet).
DrawStep = Callable[[int], None]


def _move(key: str, delta: int, total: int) -> None:
    kept.set_value(key, max(0, min(total, int(st.session_state.get(key, 0)) + delta)))


def _stepper(sec: str, total: int, empty: str) -> int:
    """First / Back / Next / Last and a slider over steps 0..total (0 = nothing done yet)."""
    key = f"learn_{sec}_step"
    if total == 0:
        st.info(f"Nothing to step through: {empty}.")
        return 0
    kept.set_value(key, max(0, min(total, int(kept.get_value(key, 0)))))
    buttons: list[tuple[str, str, Callable[..., None], tuple[Any, ...]]] = [
        ("First", "first_page", kept.set_value, (key, 0)),
        ("Back", "chevron_left", _move, (key, -1, total)),
        ("Next", "chevron_right", _move, (key, 1, total)),
        ("Last", "last_page", kept.set_value, (key, total)),
    ]
    for col, (label, icon, fn, args) in zip(st.columns([1, 1, 1, 1, 3]), buttons):
        col.button(
            label,
            key=f"learn_{sec}_step_{label.lower()}",
            icon=f":material/{icon}:",
            on_click=fn,
            args=args,
            width="stretch",
        )
    return int(kept.value_widget(st.slider, f"Step (0 = start, {total} = done)", key, 0, min_value=0, max_value=total))


def stepped(sec: str, total: int, draw: DrawStep, empty: str = "one of the texts has no words to compare") -> None:
    """The stepper of section ``sec`` and what it steps through, rerun alone on First / Back / Next /
    Last / the slider (``st.fragment``): a step redraws the table and its text, not the whole page.
    With autoplay on, the fragment also reruns every second and takes one step, until the end."""
    if total:
        st.toggle("Autoplay (one step a second)", key=f"learn_{sec}_autoplay")
    if total and st.session_state.get(f"learn_{sec}_autoplay"):
        _autoplay(sec, total, empty, draw)
    else:
        _manual(sec, total, empty, draw)


def _show_step(sec: str, total: int, empty: str, draw: DrawStep) -> None:
    k = _stepper(sec, total, empty)
    if total and st.query_params.get("step") != str(k):
        st.query_params["step"] = str(k)  # the address is a deep link to this step
    draw(k)


@st.fragment
def _manual(sec: str, total: int, empty: str, draw: DrawStep) -> None:
    _show_step(sec, total, empty, draw)


@st.fragment(run_every=1.0)
def _autoplay(sec: str, total: int, empty: str, draw: DrawStep) -> None:
    key = f"learn_{sec}_step"
    now = time.monotonic()
    if now - st.session_state.get("_learn_autoplay_at", 0.0) >= 0.9:
        st.session_state["_learn_autoplay_at"] = now
        _move(key, 1, total)  # stays on the last step once there (switch autoplay off to stop the timer)
    _show_step(sec, total, empty, draw)
