"""The step-by-step machinery every Learn section shares: a walk's frames built once, packed, and
stepped in the browser (:mod:`ui.render.walk_player`): First / Back / Next / Last, a slider, ← / →,
autoplay and "Ask me first" cost no server round trip. The step is kept in the address
(``?step=``, written by the player's script) as a deep link; the server reads it to open there."""

from __future__ import annotations

import hashlib
from typing import Any, Callable, Mapping, Sequence

import streamlit as st

from ui.render.frames import Packed, pack
from ui.render.walk_player import player_html
from ui.widgets import kept

#: Walks whose section id starts so were opened by Inspect's "Ask me first" toggle
#: (:mod:`ui.widgets.inspect_walk`): their player opens asking.
ASK_FIRST_PREFIX = "inspect_"

#: The HTML step k of a walk shows (0 = nothing done yet).
Frame = Callable[[int], str]


def signature(*parts: object) -> str:
    """A short name for what a walk's frames depend on (texts, settings).

    >>> signature("a", 1) == signature("a", 1) != signature("a", 2)
    True
    """
    return hashlib.sha1(repr(parts).encode("utf-8")).hexdigest()[:16]


def start_step(sec: str, total: int) -> int:
    """The step the player opens on: the address's ``?step=`` (the player keeps it there), else the
    section's kept step (a deep link applied by :mod:`ui.learn.link`), clamped to the walk."""
    raw = st.query_params.get("step")
    if isinstance(raw, str) and raw.isascii() and raw.isdigit() and len(raw) < 7:
        kept.set_value(f"learn_{sec}_step", int(raw))
    return max(0, min(total, int(kept.get_value(f"learn_{sec}_step", 0))))


@st.cache_resource(max_entries=16, show_spinner="Drawing every step of the walk…")
def _packed(signature: str, total: int, _frame: Frame) -> Packed:
    return pack(_frame(k) for k in range(total + 1))


def packed_walk(signature: str, total: int, frame: Frame) -> Packed:
    """Frames 0..total of a walk, built and packed once per ``signature`` (everything the frames depend
    on) for every session: a 30 x 30 walk takes seconds to draw, a rerun or a reload none."""
    return _packed(signature, total, frame)


def stepped(
    sec: str,
    total: int,
    frame: Frame,
    signature: str,
    questions: Sequence[Mapping[str, Any]] = (),
    empty: str = "one of the texts has no words to compare",
) -> None:
    """The player of section ``sec`` over frames 0..total (``frame(k)``: escaped HTML), opening on the
    linked step; ``questions``: answer-key records for "Ask me first"."""
    if total == 0:
        st.info(f"Nothing to step through: {empty}.")
        return
    packed = packed_walk(f"{sec}|{signature}", total, frame)
    lecture = bool(st.session_state.get("lecture_mode"))
    asks = sec.startswith(ASK_FIRST_PREFIX)
    html = player_html(f"{sec}|{signature}", packed, start_step(sec, total), questions, lecture, asks)
    frame_of = getattr(st, "iframe", None)
    if frame_of is not None:
        frame_of(html, height="content")
    else:  # Streamlit before st.iframe: the older same-origin component (the script sets its height)
        import streamlit.components.v1 as components

        components.html(html, height=700, scrolling=True)
