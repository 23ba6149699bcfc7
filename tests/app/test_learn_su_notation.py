"""Issue 20, point 5 on Learn: the ROUGE-S / SU walk draws ROUGE-1.5.5's left-out last unigram in
Inspect's notation (ui/render/skip.py's LEFT_OUT state, colour, glyph and name, not "outside the skip
distance") and its legend says the diagonal holds the SU unigrams."""

from __future__ import annotations

import html
import re

from rouge_core.teach.steps import skip_steps
from rouge_core.text.tokenize import Token
from ui.render.skip import CATEGORY_NAMES, DIAGONAL_NOTE, LEFT_OUT, LEFT_OUT_COLOUR, OUTSIDE
from ui.render.step_table import skip_table_html

from .test_learn import frames, open_learn

WORDS = ["police", "kill", "the", "gunman"]


def _tokens(words: list[str]) -> list[Token]:
    return [Token(w, w, w, k, k + len(w), 0) for k, w in enumerate(words)]


def _diagonal(doc: str, i: int) -> str:
    """Cell (i, i) of the matrix (0-based), as drawn."""
    rows = re.findall(r"<tr>(.*?)</tr>", doc, flags=re.S)[1:]
    return re.findall(r"<td[^>]*>.*?</td>", rows[i], flags=re.S)[i]


def test_the_left_out_unigram_is_inspects_fourth_state():
    steps = skip_steps(WORDS, ["police", "killed", "the", "gunman"], -1, su=True, su_last=False)
    doc = skip_table_html("ROUGE-SU*", _tokens(WORDS), steps, len(steps), "done")
    last = _diagonal(doc, 3)
    assert f"background:{LEFT_OUT_COLOUR}" in last and ">–</td>" in last
    assert "left out by ROUGE-1.5.5" in html.unescape(last) and CATEGORY_NAMES[OUTSIDE] not in html.unescape(last)
    legend = html.unescape(doc[: doc.index("<table")])
    assert CATEGORY_NAMES[LEFT_OUT] in legend and DIAGONAL_NOTE in legend


def test_rouge_s_and_su_with_the_last_unigram_say_nothing_of_it():
    plain = skip_table_html("ROUGE-S*", _tokens(WORDS), (s := skip_steps(WORDS, WORDS, -1)), len(s), "done")
    assert CATEGORY_NAMES[LEFT_OUT] not in html.unescape(plain) and DIAGONAL_NOTE not in html.unescape(plain)
    su = skip_steps(WORDS, WORDS, -1, su=True, su_last=True)
    doc = html.unescape(skip_table_html("ROUGE-SU*", _tokens(WORDS), su, len(su), "done"))
    assert CATEGORY_NAMES[LEFT_OUT] not in doc and DIAGONAL_NOTE in doc


def test_learns_su_walk_under_rouge155_draws_it():
    at = open_learn("S")
    next(c for c in at.checkbox if c.key == "learn_s_su").check().run()
    assert not at.exception, at.exception
    last = html.unescape(frames(at)[-1])
    assert CATEGORY_NAMES[LEFT_OUT] in last and DIAGONAL_NOTE in last
    assert "SU unigram 'gunman': left out by ROUGE-1.5.5" in last  # Inspect's hover wording
