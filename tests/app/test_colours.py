"""The app's colours survive colour blindness: a deuteranopia simulation check.

Method (numpy only): each colour (sRGB hex) is linearised, passed through Machado, Oliveira &
Fernandes (2009)'s deuteranopia matrix at severity 1.0 (their Table 1, applied to linear RGB, as
colorspacious and DaltonLens do), clipped to [0, 1], converted to CIELAB (D65) and compared with
CIEDE2000 (Sharma, Wu & Dalal 2005; the implementation is checked against their test pairs below).

Threshold: every pair of colours that can appear side by side in one view (ui/render/colours.py's
SIDE_BY_SIDE groups, which include the plain white of unmarked text) keeps a CIEDE2000 distance of
at least 12 under simulated deuteranopia (ui.render.colours.MIN_DISTANCE). A distance of 1 is about one
just-noticeable difference; 12 keeps every pair more than ten JNDs apart, so two categories read
as different at a glance even on the small patch behind one word. The same threshold is also
held under protanopia (Machado 2009, severity 1.0) and for normal vision. At the time of writing
the smallest distance under deuteranopia is 14.1 (white vs candidate sentence 3's pink); the
verdicts (credited / clipped / missing) are at least 16.6 apart.
"""

from __future__ import annotations

import ast
import itertools
import re
from pathlib import Path

import numpy as np
import pytest

from rouge_core import RougeConfig, evaluate
from ui.render import colours
from ui.render.html import CLASS_STYLES

THRESHOLD = colours.MIN_DISTANCE

#: Machado et al. (2009), Table 1, severity 1.0 (linear RGB in, linear RGB out).
DEUTERANOPIA = np.array(
    [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
)
PROTANOPIA = np.array(
    [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
)
NORMAL = np.eye(3)
#: Linear sRGB -> XYZ (D65).
SRGB_TO_XYZ = np.array(
    [[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750], [0.0193339, 0.1191920, 0.9503041]]
)
WHITE_XYZ = SRGB_TO_XYZ @ np.ones(3)


def srgb(hex_colour: str) -> np.ndarray:
    h = hex_colour.lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    return np.array([int(h[i : i + 2], 16) for i in (0, 2, 4)]) / 255.0


def linear(c: np.ndarray) -> np.ndarray:
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def lab(hex_colour: str, matrix: np.ndarray = NORMAL) -> np.ndarray:
    """CIELAB (D65) of a colour as seen through ``matrix`` (a CVD simulation on linear RGB)."""
    rgb = np.clip(matrix @ linear(srgb(hex_colour)), 0.0, 1.0)
    xyz = SRGB_TO_XYZ @ rgb / WHITE_XYZ
    eps = (6 / 29) ** 3
    f = np.where(xyz > eps, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def ciede2000(lab1: np.ndarray, lab2: np.ndarray) -> float:
    """CIEDE2000 colour difference (kL = kC = kH = 1)."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_bar = (np.hypot(a1, b1) + np.hypot(a2, b2)) / 2
    g = 0.5 * (1 - np.sqrt(c_bar**7 / (c_bar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360 if c2p else 0.0
    d_l, d_c = L2 - L1, c2p - c1p
    if c1p * c2p == 0:
        d_h = 0.0
    else:
        d_h = h2p - h1p
        d_h = d_h - 360 if d_h > 180 else (d_h + 360 if d_h < -180 else d_h)
    d_hh = 2 * np.sqrt(c1p * c2p) * np.sin(np.radians(d_h) / 2)
    l_bar, cp_bar = (L1 + L2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_bar = (h1p + h2p) / 2
    else:
        h_bar = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * np.cos(np.radians(h_bar - 30))
        + 0.24 * np.cos(np.radians(2 * h_bar))
        + 0.32 * np.cos(np.radians(3 * h_bar + 6))
        - 0.20 * np.cos(np.radians(4 * h_bar - 63))
    )
    d_theta = 30 * np.exp(-(((h_bar - 275) / 25) ** 2))
    r_c = 2 * np.sqrt(cp_bar**7 / (cp_bar**7 + 25**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / np.sqrt(20 + (l_bar - 50) ** 2)
    s_c = 1 + 0.045 * cp_bar
    s_h = 1 + 0.015 * cp_bar * t
    r_t = -np.sin(np.radians(2 * d_theta)) * r_c
    return float(np.sqrt((d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_hh / s_h) ** 2 + r_t * (d_c / s_c) * (d_hh / s_h)))


def distance(c1: str, c2: str, matrix: np.ndarray = DEUTERANOPIA) -> float:
    return ciede2000(lab(c1, matrix), lab(c2, matrix))


def pairs(group: dict[str, str]):
    return itertools.combinations(group.items(), 2)


def closest(group: dict[str, str], matrix: np.ndarray) -> tuple[float, str, str]:
    return min((distance(c1, c2, matrix), n1, n2) for (n1, c1), (n2, c2) in pairs(group))


# -- the measuring stick --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lab1", "lab2", "expected"),
    [  # Sharma, Wu & Dalal (2005), Table 1
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
        ((50.0, 2.5, 0.0), (50.0, 0.0, -2.5), 4.3065),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
        ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
        ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
    ],
)
def test_ciede2000_matches_the_published_test_pairs(lab1, lab2, expected):
    assert ciede2000(np.array(lab1), np.array(lab2)) == pytest.approx(expected, abs=1e-4)


def test_the_simulation_keeps_white_and_greys():
    for matrix in (DEUTERANOPIA, PROTANOPIA):
        assert distance("#ffffff", "#ffffff", matrix) == 0
        assert distance("#808080", "#808080", matrix) == 0
        assert lab("#ffffff", matrix)[0] == pytest.approx(100, abs=0.1)  # rows sum to 1: greys stay grey


def test_the_old_palette_fails_the_check():
    """The colours the issue reported: matched vs missing n-grams were 4.8 apart under deuteranopia."""
    assert distance("#b7e4c7", "#fde2e1") < 5
    assert distance("#cab2d6", "#bebada") < 1  # two of the old sentence colours


# -- the app's colours ------------------------------------------------------------------------------


def test_match_clipped_missing_stay_apart_under_deuteranopia():
    verdicts = {
        "plain": colours.PLAIN,
        "credited": colours.CREDITED,
        "clipped": colours.CLIPPED,
        "missing": colours.MISSING,
    }
    for (n1, c1), (n2, c2) in pairs(verdicts):
        assert distance(c1, c2) >= THRESHOLD, (n1, n2, distance(c1, c2))


def test_sequence_palette_stays_apart_under_deuteranopia():
    """Candidate sentences c1..c6 (and the white of unmarked words): every pair, since any two
    sentences' marks can sit next to each other."""
    group = {"plain": colours.PLAIN, **{f"c{k + 1}": c for k, c in enumerate(colours.SEQUENCE)}}
    for (n1, c1), (n2, c2) in pairs(group):
        assert distance(c1, c2) >= THRESHOLD, (n1, n2, distance(c1, c2))
    # neighbouring WLCS runs alternate two blues that both mean "credited"
    runs = {"plain": colours.PLAIN, "run 1": colours.run_colour(0), "run 2": colours.run_colour(1)}
    for (n1, c1), (n2, c2) in pairs(runs):
        assert distance(c1, c2) >= THRESHOLD, (n1, n2, distance(c1, c2))


@pytest.mark.parametrize("matrix", [DEUTERANOPIA, PROTANOPIA, NORMAL], ids=["deuteranopia", "protanopia", "normal"])
@pytest.mark.parametrize("group", list(colours.SIDE_BY_SIDE))
def test_every_side_by_side_group_stays_apart(group, matrix):
    d, n1, n2 = closest(colours.SIDE_BY_SIDE[group], matrix)
    assert d >= THRESHOLD, f"{group}: {n1} vs {n2} are only {d:.1f} apart"


def test_one_meaning_per_colour():
    """No colour serves two meanings: the registry lists each colour once, and colours of different
    meanings stay clearly apart for normal vision (the two run blues share the meaning 'credited')."""
    assert len(colours.MEANINGS) == len(set(colours.MEANINGS))
    same = {frozenset({colours.CREDITED, colours.CREDITED_ALT})}
    for (c1, m1), (c2, m2) in itertools.combinations(colours.MEANINGS.items(), 2):
        if frozenset({c1, c2}) in same:
            continue
        assert distance(c1, c2, NORMAL) >= 10, (m1, m2, distance(c1, c2, NORMAL))


def contrast(background: str, text: str = "#000000") -> float:
    def lum(c: str) -> float:
        return float(linear(srgb(c)) @ [0.2126, 0.7152, 0.0722])

    hi, lo = sorted((lum(background), lum(text)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_black_text_stays_readable_on_every_background():
    """WCAG AAA (7:1) for black text on every colour drawn behind words."""
    for c in (
        colours.CREDITED,
        colours.CREDITED_ALT,
        colours.CLIPPED,
        colours.MISSING,
        *colours.SEQUENCE,
        colours.SPLIT,
        colours.CASE,
        colours.DIFFERS,
    ):
        assert contrast(c) >= 7, (colours.MEANINGS[c], contrast(c))
    assert contrast("#ffffff", colours.DROPPED_INK) >= 4.5  # grey dropped text is still legible


# -- the app draws with these colours and a second cue ---------------------------------------------------

MY_FILES = [
    "html.py",
    "lcs.py",
    "union.py",
    "ngrams.py",
    "skip.py",
    "wlcs.py",
    "learn.py",
    "runs.py",
    "differences.py",
    "claims.py",
]  # in ui/render/


HEX = re.compile(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b")


def code_strings(path: Path) -> list[str]:
    """The string constants of a module's code (docstrings and their examples left out)."""
    tree = ast.parse(path.read_text())
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and id(n) not in docs
    ]


def test_colours_are_defined_in_one_place():
    """The renderers take every category colour from ui/render/colours.py (no stray hex literals in them)."""
    ui = Path(__file__).resolve().parents[2] / "ui" / "render"
    allowed = {"#8c8c8c", "#555", "#444", "#ccc"}  # outlines and neutral text greys, no category meaning
    for name in MY_FILES:
        found = {h for text in code_strings(ui / name) for h in HEX.findall(text)}
        assert found <= allowed, (name, found - allowed)


def test_verdicts_have_a_second_cue_besides_colour():
    assert "solid" in CLASS_STYLES["rl-match"] and "dashed" in CLASS_STYLES["rl-clipped"]
    assert "dotted" in CLASS_STYLES["rl-miss"] and "line-through" in CLASS_STYLES["rl-spent"]
    assert "double" in CLASS_STYLES["rl-shared"]
    from ui.render.skip import CATEGORY_COLOURS, CATEGORY_GLYPHS, CLIPPED, CREDITED, UNMATCHED

    assert {CATEGORY_COLOURS[c] for c in (CREDITED, CLIPPED, UNMATCHED)} == {
        colours.CREDITED,
        colours.CLIPPED,
        colours.MISSING,
    }
    assert len({CATEGORY_GLYPHS[c] for c in (CREDITED, CLIPPED, UNMATCHED)}) == 3


def test_no_candidate_sentence_is_left_uncoloured():
    """20 candidate sentences: each mark has a colour and its label, though the palette has six."""
    from ui.render.union import union_html

    cand = "\n".join(f"shared w{k} x{k}" for k in range(20))
    ref = " ".join(f"w{k}" for k in range(20))
    out = union_html(evaluate(cand, ref, RougeConfig()), "ROUGE-L", 0)
    for k in range(20):
        colour = colours.sequence(k)
        assert re.search(rf'style="background:{colour};" data-tag="c{k + 1}"[^>]*>w{k}<', out), k
    assert "... " not in out and "more: every sentence is coloured" in out


def test_no_run_is_left_uncoloured():
    from ui.render.wlcs import runs_html

    ref = " ".join(f"a{k} b{k}" for k in range(15))
    cand = " x ".join(f"a{k}" for k in range(15))
    r = evaluate(cand, ref, RougeConfig(wlcs_weight=2.0))
    out = runs_html(r, "ROUGE-W-2", 0)
    for k in range(15):
        assert f'data-tag="r{k + 1}"' in out
    assert "... " not in out
