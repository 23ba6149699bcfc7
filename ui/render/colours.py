"""Every colour the app draws with, and the one thing each colour means.

One meaning per colour, across every page and tab:

* blue = credited (a match that counts), in every view: n-grams, skip-bigrams, LCS marks,
  alignment lines, WLCS runs (runs alternate two blues: both mean credited, the label
  ``run k`` tells them apart);
* yellow = on both sides but beyond the clipped count;
* vermillion = not on the other side (no credit);
* grey = not counted (outside the skip distance; dropped text is grey *text*);
* the sequence palette = *which candidate sentence* (c1, c2, ...), nothing else;
* black = where a walk-through is (the current cell or word, the traceback path).

The hues of the first three come from Okabe & Ito's colour-blind-safe set (blue #0072B2,
yellow #F0E442, vermillion #D55E00), lightened for text backgrounds and tuned so that, under
the Machado et al. (2009) deuteranopia and protanopia simulations, any two colours that can
sit side by side stay at least :data:`MIN_DISTANCE` apart (CIEDE2000; tests/app/test_colours.py
checks it). Colour is never the only cue: credited / clipped / missing also differ in their
underline (solid / dashed / dotted), spent marks are struck through, and sequence colours
carry their label (``c2``, ``run 3``), so a palette that cycles still names every item.

Text backgrounds keep black text at a contrast of at least 7:1 (WCAG AAA).
"""

from __future__ import annotations

#: CIEDE2000 distance every side-by-side pair keeps under simulated deuteranopia (the test's threshold).
MIN_DISTANCE = 12.0

# -- the verdict of a match ---------------------------------------------------------------------------

CREDITED = "#5aa2dc"
#: The second colour of alternating WLCS runs: still "credited" (the run label tells runs apart).
CREDITED_ALT = "#a0dcfc"
CLIPPED = "#f5e27a"
MISSING = "#e0844a"
#: Skip-bigram pairs beyond the skip distance: never counted.
OUTSIDE = "#b8b8b8"
#: Cells with nothing in them (not a pair, not checked yet) and unmarked text.
PLAIN = "#ffffff"

#: Darker partners for lines, markers and underlines (Okabe-Ito's own values where they exist).
CREDITED_INK = "#0072b2"
CREDITED_ALT_INK = "#56b4e9"
CLIPPED_INK = "#9a7400"
MISSING_INK = "#a63c00"
#: Grey text of characters that never reach a count (contrast 4.5:1 on white).
DROPPED_INK = "#767676"
#: Where a walk-through is: the current cell or word, the traceback path.
CURRENT_INK = "#000000"

# -- which candidate sentence -----------------------------------------------------------------------

#: Candidate sentences c1, c2, ... (cycling past six; the label ``c7`` still names the sentence).
SEQUENCE: tuple[str, ...] = ("#9c8bdb", "#c9ffa7", "#f3b7b9", "#9c9873", "#e3cdf4", "#c5819d")

# -- the tokenizer inspector and the profile comparison ------------------------------------------

#: A character that splits a word into two tokens.
SPLIT = "#d980d9"
#: A character whose case the tokenizer changes (or folds).
CASE = "#ffcc99"
#: A table cell whose value is not the same under every profile.
DIFFERS = "#8fd19e"

#: Thin lines between the cells of a matrix (structure, not a category: white cells stay visible).
GRID = "#d9d9d9"

#: A sequential scale for table values (LCS c[a][b], run lengths): white to a mid grey, so black
#: cell numbers stay readable and no hue is spent on magnitude.
VALUE_SCALE = [[0.0, "#ffffff"], [1.0, "#a8a8a8"]]

#: Each colour's one meaning (tests check that no colour has two).
MEANINGS: dict[str, str] = {
    CREDITED: "credited",
    CREDITED_ALT: "credited (every other WLCS run)",
    CLIPPED: "on both sides, beyond the clipped count",
    MISSING: "not on the other side",
    OUTSIDE: "outside the skip distance: not counted",
    PLAIN: "nothing marked",
    **{
        c: f"candidate sentence {k + 1} (and every {len(SEQUENCE)}th after it, by its label)"
        for k, c in enumerate(SEQUENCE)
    },
    SPLIT: "splits a word",
    CASE: "changes case",
    DIFFERS: "differs between profiles",
}

#: Groups of colours that can appear next to each other in one view (tests/app/test_colours.py keeps
#: every pair of a group at least MIN_DISTANCE apart under simulated deuteranopia).
SIDE_BY_SIDE: dict[str, dict[str, str]] = {
    "match verdicts (n-grams, walk-throughs)": {
        "plain": PLAIN,
        "credited": CREDITED,
        "clipped": CLIPPED,
        "missing": MISSING,
    },
    "skip-bigram matrix": {
        "empty": PLAIN,
        "outside": OUTSIDE,
        "credited": CREDITED,
        "clipped": CLIPPED,
        "missing": MISSING,
    },
    "candidate sentences (union LCS)": {"plain": PLAIN, **{f"c{k + 1}": c for k, c in enumerate(SEQUENCE)}},
    "WLCS runs": {"plain": PLAIN, "run 1": CREDITED, "run 2": CREDITED_ALT},
    "tokenizer marks": {"plain": PLAIN, "split": SPLIT, "case": CASE},
    "profile comparison": {"plain": PLAIN, "differs": DIFFERS},
}


def sequence(i: int) -> str:
    """The colour of candidate sentence ``i`` (from 0), cycling; always drawn with its label.

    >>> sequence(0) == sequence(len(SEQUENCE))
    True
    """
    return SEQUENCE[i % len(SEQUENCE)]


def run_colour(k: int, ink: bool = False) -> str:
    """WLCS run ``k`` (from 0): credited blue, alternating two shades so neighbouring runs differ.

    >>> run_colour(0), run_colour(1), run_colour(2) == run_colour(0)
    ('#5aa2dc', '#a0dcfc', True)
    """
    if ink:
        return CREDITED_ALT_INK if k % 2 else CREDITED_INK
    return CREDITED_ALT if k % 2 else CREDITED
