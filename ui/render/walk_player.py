"""The Learn page's walk player: every frame of a walk in one HTML document, stepped in the browser.

First / Back / Next / Last, a slider and a step counter, ← / → (on the page too), autoplay (one step
a second) and "Ask me first" all run in the frame's script, so a step costs no server round trip.
The frames come packed (:mod:`ui.render.frames`); the data travels as JSON inside a
``<script type="application/json">`` with every ``<`` written ``\\u003c``, so no user text can close
the script. The step goes into the parent page's address (``?step=``, history.replaceState).
The questions are :func:`rouge_core.teach.questions.answer_key` records, checked in the browser.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Mapping, Sequence

from .frames import Packed

_DATA = re.compile(r'<script type="application/json" id="wp-data">(.*?)</script>', re.S)

#: The player's script and styles (static files beside this module: they are code, not strings).
_ASSETS = Path(__file__).with_name("walk_player_assets")


def data_json(data: Mapping[str, Any]) -> str:
    """``data`` as JSON safe inside a ``<script>`` element.

    >>> data_json({"t": "</script><b>"})
    '{"t": "\\\\u003c/script>\\\\u003cb>"}'
    """
    return json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")


def player_html(
    walk_id: str,
    packed: Packed,
    start: int,
    questions: Sequence[Mapping[str, Any]] = (),
    lecture: bool = False,
    ask: bool = False,
) -> str:
    """The player document for a walk of ``len(packed['edits'])`` steps, opening on step ``start``
    (clamped). ``walk_id`` names the walk in the browser's sessionStorage (its score); ``ask``: "Ask me
    first" starts ticked (when there are questions).

    >>> from ui.render.frames import pack
    >>> doc = player_html("L:x", pack(["<p>a</p>", "<p>&lt;b&gt;</p>"]), 9)
    >>> '"start": 1' in doc and '"total": 1' in doc and "&lt;b&gt;" in doc and "<p>" not in doc
    True
    >>> 'id="wp-ask" checked' in player_html("L:x", pack(["a", "b"]), 0, [{"step": 1}], ask=True)
    True
    """
    total = len(packed["edits"])
    data = {
        "id": walk_id,
        "total": total,
        "start": max(0, min(total, int(start))),
        "packed": packed,
        "questions": list(questions),
        "lecture": bool(lecture),
    }
    css = (_ASSETS / "player.css").read_text(encoding="utf-8")
    script = (_ASSETS / "player.js").read_text(encoding="utf-8")
    asking = (
        f'<label class="wp-opt"><input type="checkbox" id="wp-ask"{" checked" if ask else ""}> Ask me first</label>'
        '<span id="wp-score" class="wp-score" aria-live="polite"></span>'
        if questions
        else ""
    )
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Walk-through, step by step</title>'
        f"<style>{css}</style></head><body>"
        '<div class="wp" id="wp">'
        '<div class="wp-bar" role="toolbar" aria-label="Step through the walk">'
        '<button type="button" data-go="first" title="First (Home)">« First</button>'
        '<button type="button" data-go="back" title="Back (←)">◀ Back</button>'
        '<button type="button" data-go="next" title="Next (→)">Next ▶</button>'
        '<button type="button" data-go="last" title="Last (End)">Last »</button>'
        f'<input type="range" id="wp-slider" min="0" max="{total}" aria-label="Step">'
        '<span id="wp-count" class="wp-count" aria-live="polite"></span>'
        '<label class="wp-opt"><input type="checkbox" id="wp-auto"> Autoplay (one step a second)</label>'
        f"{asking}</div>"
        '<div id="wp-question" class="wp-q" hidden></div>'
        '<div id="wp-frame" class="wp-frame"></div></div>'
        f'<script type="application/json" id="wp-data">{data_json(data)}</script>'
        f"<script>{script}</script></body></html>"
    )


def player_data(doc: str) -> dict[str, Any] | None:
    """The data a player document holds (None: ``doc`` is no player): for tests and the benchmark.

    >>> from ui.render.frames import pack, unpack
    >>> d = player_data(player_html("N:x", pack(["<p>a</p>", "<p>b</p>"]), 1, [{"step": 1}], lecture=True))
    >>> d["start"], d["lecture"], d["questions"], unpack(d["packed"])
    (1, True, [{'step': 1}], ['<p>a</p>', '<p>b</p>'])
    """
    m = _DATA.search(doc)
    return None if m is None else dict(json.loads(m.group(1)))
