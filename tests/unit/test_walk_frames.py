"""The walk player's frames: packed compactly, unpacked exactly, user text escaped as the renderers escape it."""

from __future__ import annotations

import json
import random

from rouge_core import Token
from rouge_core.teach.steps import lcs_steps, traceback_steps
from ui.render import learn as rl
from ui.render import step_table
from ui.render.frames import pack, unpack
from ui.render.walk_player import player_data, player_html


def tokens(words: list[str]) -> list[Token]:
    out, at = [], 0
    for w in words:
        out.append(Token(w, w.lower(), w.lower(), at, at + len(w), 0))
        at += len(w) + 1
    return out


def lcs_frames(ref: list[str], cand: list[str]) -> list[str]:
    rt, ct = tokens(ref), tokens(cand)
    rk, ck = [t.key for t in rt], [t.key for t in ct]
    cells, trace = lcs_steps(rk, ck), traceback_steps(rk, ck)
    return [
        step_table.walk_html(step_table.table_html(cells, trace, k, rt, ct))
        + rl.step_box(rl.cell_lines(cells, trace, k, rt, ct))
        for k in range(len(cells) + len(trace) + 1)
    ]


def test_pack_then_unpack_gives_every_frame_back():
    frames = lcs_frames("police killed the gunman".split(), "police kill the gunman".split())
    packed = pack(frames)
    assert len(packed["edits"]) == len(frames) - 1 == 16 + 5
    assert unpack(packed) == frames
    assert "traceback: 5 of 5 moves, 3 match(es) marked" in unpack(packed)[-1]


def test_a_token_b_is_shown_as_text():
    frames = lcs_frames(["<b>", "x"], ["<b>", "y"])
    doc = player_html("L|t", pack(frames), 0)
    back = unpack(player_data(doc)["packed"])
    assert back == frames
    assert all("<b>" not in f for f in back) and any("1 &lt;b&gt;</th>" in f for f in back)
    data = doc.split('id="wp-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in data  # nothing in the data can open or close a tag in the document


def test_a_30_by_30_walk_is_stored_compactly():
    """900 cells and the traceback: the frames in full are tens of MB; packed, about one."""
    rng = random.Random(1)
    words = "alpha beta gamma delta eps zeta eta theta".split()
    ref, cand = [rng.choice(words) for _ in range(30)], [rng.choice(words) for _ in range(30)]
    frames = lcs_frames(ref, cand)
    full = sum(len(f) for f in frames)
    packed = json.dumps(pack(frames))
    assert len(frames) > 900 and full > 50_000_000
    assert len(packed) < full / 40 and len(packed) < 2_000_000


def test_player_opens_on_the_clamped_step_and_carries_the_questions():
    key = [{"step": 1, "prompt": "c[1][1] = ?", "kind": "number", "answer": 1.0, "text": "1", "tolerance": 0.0}]
    d = player_data(player_html("L|t", pack(["<p>0</p>", "<p>1</p>"]), 7, key, lecture=True))
    assert d is not None
    assert (d["start"], d["total"], d["lecture"], d["questions"]) == (1, 1, True, key)
    assert player_data("<p>no player</p>") is None
