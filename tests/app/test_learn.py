"""The Learn page through streamlit.testing: every section renders, the walk-throughs end on
rouge_core's numbers, the paper's claims are on screen, every sample loads, inputs survive a
page switch, user text stays text."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from rouge_core import RougeConfig, evaluate
from rouge_core.measures.lcs import lcs
from rouge_core.teach.steps import MAX_STEP_TOKENS
from ui.render.frames import unpack
from ui.render.walk_player import player_data
from ui.samples import load_samples

SAMPLES = load_samples()
APP = str(Path(__file__).resolve().parents[2] / "app.py")
SECTIONS = ["N", "L", "U", "W", "S"]
S1, S2 = "police killed the gunman", "police kill the gunman"
X, Y1 = "A B C D E F G", "A B C D H I K"
UNION_REF, UNION_CAND = "w1 w2 w3 w4 w5", "w1 w2 w6 w7 w8\nw1 w3 w8 w9 w5"
DEFAULT = RougeConfig(max_n=4, skip_distance=4, wlcs_weight=1.2)  # the sidebar's opening settings


def box(at, name: str):
    """The text area of kept box ``name`` (ui/widgets/kept.py: its key is name#generation)."""
    return next(t for t in at.text_area if t.key.split("#")[0] == name)


def open_learn(section: str | None = None) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("app_pages/learn.py").run()
    assert not at.exception, at.exception
    if section:
        pick(at, section)
    return at


def pick(at: AppTest, section: str) -> AppTest:
    at.button_group(key="learn_section").set_value(section).run()
    assert not at.exception, at.exception
    return at


def click(at: AppTest, label: str) -> AppTest:
    next(b for b in at.button if b.label == label).click().run()
    assert not at.exception, at.exception
    return at


def text_of(at: AppTest) -> str:
    """Everything shown as text: markdown, HTML (tags stripped, unescaped), code, alerts, captions."""
    parts = [m.value for m in at.markdown] + [c.value for c in at.code] + [c.value for c in at.caption]
    parts += [m.value for m in (*at.info, *at.warning, *at.error)]
    bodies = [re.sub(r"<style>.*?</style>", "", h.proto.body, flags=re.S) for h in at.get("html")]
    parts += [html.unescape(re.sub(r"<[^>]+>", " ", b)) for b in bodies]
    return "\n".join(str(p) for p in parts)


def players(at: AppTest) -> list[dict]:
    """The data of every walk player on the page (ui/render/walk_player.py: one frame, all steps)."""
    found = [player_data(e.proto.srcdoc) for e in at.get("iframe")]
    return [d for d in found if d is not None]


def player(at: AppTest) -> dict:
    (only,) = players(at)
    return only


def frames(at: AppTest) -> list[str]:
    """Every frame of the page's player, unpacked: what steps 0..total show."""
    return unpack(player(at)["packed"])


def shown(html_text: str) -> str:
    """A frame's text: tags and styles stripped, entities unescaped."""
    return html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", html_text, flags=re.S)))


def frame_text(at: AppTest, k: int) -> str:
    return shown(frames(at)[k])


def last_done(at: AppTest) -> str:
    """The 'Done: ...' line of the walk's last frame."""
    m = re.search(r'<span class="rl-done">(.*?)</span>', frames(at)[-1], flags=re.S)
    return html.unescape(m.group(1)).strip() if m else ""


def set_texts(at: AppTest, section: str, reference: str, candidate: str) -> AppTest:
    box(at, f"learn_{section}_ref").set_value(reference)
    box(at, f"learn_{section}_cand").set_value(candidate).run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("section", SECTIONS)
def test_every_section_renders_with_its_paper_example(section):
    at = open_learn(section)
    assert at.get("latex"), "the definition's formula is shown"
    data = player(at)  # one player, holding every frame of the walk
    assert data["start"] == 0 and len(frames(at)) == data["total"] + 1 > 1
    assert not last_done(at).count("✗") and "Done:" not in frame_text(at, 0)
    claims = "".join(h.proto.body for h in at.get("html") if 'class="rl-claims"' in h.proto.body)
    assert "✓" in claims and "✗" not in claims  # every claim of the paper holds (✗ would mark one that does not)


# The paper's numbers, per section, computed live with the paper profile.
PAPER_NUMBERS = {
    "N": ["0.333 = 0.333", "0.667 > 0.333"],
    "L": ["0.750", "0.500", "0.500 = 0.500", "0.667 > 0.333"],
    "U": ["4/5 = 0.800", "2 and 3"],
    "W": ["0.571", "0.286", "0.571 = 0.571", "0.571 > 0.286"],
    "S": ["6 and 6", "0.500", "0.167", "0.333", "0.000", "0.400"],
}


@pytest.mark.parametrize("section", SECTIONS)
def test_paper_claims_on_screen(section):
    text = text_of(open_learn(section))
    for number in PAPER_NUMBERS[section]:
        assert number in text, (section, number)


def test_last_step_equals_rouge_core():
    at = open_learn("L")
    expected = lcs(S1.split(), S2.split())
    assert player(at)["total"] == 16 + 5  # 4 x 4 cells, then 5 traceback moves
    line = last_done(at)
    assert f"Done: LCS = {expected.value:g}" in line and f"this pair: {expected.value:g}" in line
    assert line.endswith("✓")
    last = frames(at)[-1]
    assert last.count('class="rl-dp"') == 1 and "traceback: 5 of 5 moves, 3 match(es) marked" in last
    assert last.count("rl-mark") == 3 + 1  # three marked cells, and the class in the CSS

    pick(at, "W")
    assert f"Done: WLCS = {lcs(X.split(), Y1.split(), 2.0).value:g}" in last_done(at)  # 16 = 4^2
    assert last_done(at).endswith("✓")

    pick(at, "U")
    hit = evaluate(UNION_CAND, UNION_REF, DEFAULT).measures["ROUGE-L"].counts.hit
    assert f"hits = {hit:g}. rouge_core: {hit:g} ✓" in last_done(at)

    pick(at, "N")
    hit = evaluate(S2, S1, DEFAULT).measures["ROUGE-2"].counts.hit
    assert f"hits = {hit:g}. rouge_core: {hit:g} ✓" in last_done(at)

    pick(at, "S")
    c = evaluate(S2, S1, DEFAULT.with_(skip_distance=-1)).measures["ROUGE-S*"].counts
    assert f"hits = {c.hit:g}. rouge_core: {c.hit:g} ✓" in last_done(at)
    assert f"rouge_core's candidate total {c.peer:g} ✓" in last_done(at)


@pytest.mark.parametrize("section", SECTIONS)
def test_only_the_last_frame_is_done(section):
    """Frame k is step k: the 'Done' line only on the last, the opening text only on the first."""
    at = open_learn(section)
    texts = [shown(f) for f in frames(at)]
    assert [("Done:" in t) for t in texts] == [False] * (len(texts) - 1) + [True]
    assert len(set(texts)) == len(texts)  # every step shows something new


def test_frames_step_one_at_a_time():
    at = open_learn("L")
    assert "Row 0 and column 0" in frame_text(at, 0)
    assert "Cell c[1][2]" in frame_text(at, 2) and "take the cell to the left" in frame_text(at, 2)
    assert "c[1][1] = c[0][0] + 1 = 0 + 1 = 1" in frame_text(at, 1)


def test_rule_text_names_the_tie_rule():
    text = frame_text(open_learn("L"), 6)  # c[2][2]: 'killed' vs 'kill', a tie: up
    assert "Cell c[2][2]" in text and "c[1][2] = 1 ≥ c[2][1] = 1: take the cell above" in text


def test_wlcs_shows_increments_and_runs():
    at = open_learn("W")
    text = frame_text(at, 9)  # c[2][2]: B = B, run of 2
    assert "f(2) − f(1) = 1 + 3 = 4" in text and "w[2][2] = 2" in text
    assert frames(at)[9].count('class="rl-dp"') == 2  # the c table and, below it, the w table


@pytest.mark.parametrize("sample", list(SAMPLES))
def test_every_sample_in_every_section(sample):
    at = open_learn()
    s = SAMPLES[sample]
    for section in SECTIONS:
        pick(at, section)
        at.selectbox(key=f"learn_{section}_sample").set_value(sample).run()
        assert not at.exception, (sample, section, at.exception)
        assert box(at, f"learn_{section}_cand").value == s.candidate
        assert box(at, f"learn_{section}_ref").value == s.references[0]
        if len(s.references) > 1:
            assert "the first was loaded" in text_of(at)
        if players(at):
            line = last_done(at)
            assert line and line.endswith("✓") and "✗" not in line, (sample, section, line)
        else:
            text = text_of(at)
            assert f"up to {MAX_STEP_TOKENS}" in text or "Nothing to step through" in text, (sample, section)
        assert "Worked arithmetic" in text_of(at)


def test_inputs_and_step_survive_a_page_switch():
    at = open_learn("L")
    set_texts(at, "L", S1, "the gunman kill police")
    at.query_params["step"] = "5"  # where the player's script left the address
    at.run()
    assert player(at)["start"] == 5
    at.switch_page("app_pages/inspect.py").run()
    assert not at.exception
    at.switch_page("app_pages/learn.py").run()
    assert not at.exception
    assert at.button_group(key="learn_section").value == "L"
    assert box(at, "learn_L_cand").value == "the gunman kill police"
    assert player(at)["start"] == 5
    pick(at, "N")  # another section keeps its own example ...
    assert box(at, "learn_N_cand").value == S2
    pick(at, "L")  # ... and coming back keeps this one
    assert box(at, "learn_L_cand").value == "the gunman kill police"


def test_sentence_pairs_of_a_multi_sentence_input():
    at = open_learn("L")
    set_texts(at, "L", "the cat sat\npolice killed the gunman", "a dog\npolice kill the gunman")
    at.selectbox(key="learn_L_rs").set_value(1)
    at.selectbox(key="learn_L_cs").set_value(1).run()
    assert "Done: LCS = 3" in last_done(at) and last_done(at).endswith("✓")


def test_long_sentences_say_the_cap():
    long = " ".join(f"w{i}" for i in range(MAX_STEP_TOKENS + 5))
    at = open_learn("L")
    set_texts(at, "L", long, long)
    assert f"works up to {MAX_STEP_TOKENS} words a side" in text_of(at)
    assert "R = LCS / m = 35 / 35 = 1" in text_of(at)
    pick(at, "S")
    set_texts(at, "S", long, long)
    assert f"works up to {MAX_STEP_TOKENS}" in text_of(at)


def test_empty_input_has_nothing_to_step():
    at = open_learn("N")
    set_texts(at, "N", "", "")
    assert "Nothing to step through" in text_of(at)
    pick(at, "L")
    set_texts(at, "L", "...", "police")
    assert "at least one word" in text_of(at) or "Nothing to step through" in text_of(at)


def test_sidebar_alpha_and_profile_drive_the_arithmetic():
    at = open_learn("U")
    assert "Hit budget: on" in text_of(at)
    at.sidebar.slider(key="opt_alpha").set_value(1.0).run()
    assert "α = 1" in text_of(at) and "F = 0.4 × 0.8 / (0 × 0.4 + 1 × 0.8) = 0.32 / 0.8 = 0.4" in text_of(at)
    at.sidebar.selectbox(key="opt_profile").set_value("paper").run()
    text = text_of(at)
    assert "Hit budget: off" in text and "F = (1 + 0) × 0.4 × 0.8 / (0 × 0.4 + 0.8)" in text


def test_user_text_is_escaped():
    evil = "<script>alert(1)</script> police <img src=x onerror=alert(2)>"
    at = open_learn()
    for section in SECTIONS:
        pick(at, section)
        set_texts(at, section, "police killed the gunman <b>now</b>", evil)
        every = frames(at)
        assert len(every) > 2, section
        bodies = [h.proto.body for h in at.get("html")] + [m.value for m in at.markdown] + every
        srcdocs = [e.proto.srcdoc for e in at.get("iframe")]
        assert not any("<img src=x" in d or "<b>now" in d or "<script>alert" in d for d in srcdocs), section
        bodies += [f.proto.spec for f in at.get("plotly_chart")]
        assert not any("<script>" in b or "<img src=x" in b or "<b>now" in b for b in bodies), section


# -- the renderers directly ------------------------------------------------------------------


def test_f_lines_follow_each_profile():
    from rouge_core import Score
    from ui.render.learn import f_lines

    sc = Score(0.4, 0.8, 0.53333)
    assert f_lines(sc, 0.5, True)[-1] == "F = 0.4 × 0.8 / (0.5 × 0.4 + 0.5 × 0.8) = 0.32 / 0.6 = 0.53333"
    assert f_lines(sc, 0.5, False)[-1] == "F = (1 + 1) × 0.4 × 0.8 / (1 × 0.4 + 0.8) = 0.64 / 1.2 = 0.53333"
    assert f_lines(Score(0.4, 0.8, 0.8), 0.0, False) == ["α = 0 (β → ∞): F = R = 0.8"]


@pytest.mark.parametrize(
    ("sample", "profile", "paper_runs", "script_runs"),
    [
        ("paper_wlcs_y1", "rouge155", "4^2 = 16", "4^2 = 16"),
        ("paper_wlcs_y2", "rouge155", "1^2 + 1^2 + 1^2 + 1^2 = 4", "4^2 = 16"),
        ("paper_wlcs_y2", "paper", "1^2 + 1^2 + 1^2 + 1^2 = 4", "4^2 = 16"),
    ],
)
def test_rouge_w_draws_both_runs_and_the_arithmetic_uses_the_drawn_ones(sample, profile, paper_runs, script_runs):
    """Y2 under rouge155: the script counts one run of 4 along the reference (16), the paper four runs
    of 1 (4); the worked arithmetic must use the runs the profile counts, as drawn."""
    at = open_learn()
    at.selectbox(key="opt_profile").set_value(profile).run()
    pick(at, "W")
    at.selectbox(key="learn_W_sample").set_value(sample).run()
    text = text_of(at) + shown(frames(at)[-1])
    assert f"paper: {paper_runs}" in text and f"ROUGE-1.5.5: {script_runs}" in text
    arithmetic = next(c.value for c in at.code if "over the runs" in c.value)
    used = script_runs if profile == "rouge155" else paper_runs
    assert f"over the runs = {used}" in arithmetic, arithmetic
    if sample == "paper_wlcs_y2":
        assert "cannot tell a candidate" in text


def test_section_states_its_settings_and_offers_the_paper_and_the_script():
    at = open_learn("W")
    assert any("Settings in this section: profile **rouge155**" in c.value for c in at.caption)
    assert at.number_input(key="opt_w").disabled and at.checkbox(key="opt_n_on").disabled  # greyed out here
    click(at, "The paper's settings")
    assert at.selectbox(key="opt_profile").value == "paper"
    assert at.number_input(key="learn_w_weight").value == 2.0
    click(at, "ROUGE-1.5.5's settings")
    assert at.selectbox(key="opt_profile").value == "rouge155"
    assert at.number_input(key="learn_w_weight").value == 1.2
    at.switch_page("app_pages/inspect.py").run()
    assert not at.number_input(key="opt_w").disabled  # only the Learn page greys them out


def test_stemming_on_says_it_changes_the_papers_example():
    """Stemming silently turned S2 into 4/4."""
    at = open_learn("L")
    assert not any("change the paper's example" in i.value for i in at.info)
    at.checkbox(key="opt_stem").check().run()
    note = next(i.value for i in at.info if "change the paper" in i.value)
    assert "stemming is on" in note and "R = 1" in note and "R = 0.75" in note


def test_deep_link_opens_section_sample_and_step():
    """A lecturer prepares 'ROUGE-W, Y2, paper, step 40' as a link."""
    at = AppTest.from_file(APP, default_timeout=60)
    cfg = RougeConfig(profile="paper", max_n=4, skip_distance=4, wlcs_weight=1.2)
    for k, v in {"sec": "W", "sample": "paper_wlcs_y2", "step": "40", "cfg": cfg.signature()}.items():
        at.query_params[k] = v
    at.run()
    at.switch_page("app_pages/learn.py").run()
    assert not at.exception, at.exception
    assert at.button_group(key="learn_section").value == "W"
    assert box(at, "learn_W_cand").value == SAMPLES["paper_wlcs_y2"].candidate
    assert player(at)["start"] == 40  # the player opens on the linked step
    assert "step 40 of" in frame_text(at, 40)
    assert at.selectbox(key="opt_profile").value == "paper"
    # the address follows what is shown (the player's script writes ?step= as it steps); a rerun keeps the step
    at.query_params["step"] = "41"
    at.run()
    assert player(at)["start"] == 41
    assert at.query_params["sample"] in ("paper_wlcs_y2", ["paper_wlcs_y2"])


@pytest.mark.parametrize(
    "bad",
    [
        {"sec": "Z"},
        {"sec": "N", "sample": "../../etc/passwd"},
        {"sec": "L", "step": "9" * 50},
        {"sec": "L", "lt": "%%%"},
        {"sec": "U", "cand": "x" * 10_000},
    ],
)
def test_bad_deep_links_are_ignored(bad):
    at = AppTest.from_file(APP, default_timeout=60)
    for k, v in bad.items():
        at.query_params[k] = v
    at.run()
    at.switch_page("app_pages/learn.py").run()
    assert not at.exception, at.exception


def test_typed_learn_texts_survive_a_reload():
    at = open_learn("L")
    set_texts(at, "L", "a b c d", "a c b d")
    link = {k: at.query_params[k] for k in list(at.query_params)}
    link = {k: v[0] if isinstance(v, list) else v for k, v in link.items()}
    fresh = AppTest.from_file(APP, default_timeout=60)  # a reload is a new session with the same address
    for k, v in link.items():
        fresh.query_params[k] = v
    fresh.run()
    fresh.switch_page("app_pages/learn.py").run()
    assert box(fresh, "learn_L_ref").value == "a b c d" and box(fresh, "learn_L_cand").value == "a c b d"


def test_lecture_1_in_the_address_turns_lecture_mode_on_and_stays():
    at = AppTest.from_file(APP, default_timeout=60)
    for k, v in {"sec": "L", "step": "3", "lecture": "1"}.items():
        at.query_params[k] = v
    at.run()
    at.switch_page("app_pages/learn.py").run()
    assert not at.exception, at.exception
    assert at.toggle(key="lecture_mode").value is True
    assert player(at)["lecture"] is True and player(at)["start"] == 3
    assert at.query_params["lecture"] in ("1", ["1"])  # kept in the address: a reload stays in lecture mode
    at.toggle(key="lecture_mode").set_value(False).run()
    assert "lecture" not in at.query_params and player(at)["lecture"] is False


def test_lecture_mode_is_off_without_the_address_switch():
    at = open_learn("L")
    assert at.toggle(key="lecture_mode").value is False and player(at)["lecture"] is False
    at.toggle(key="lecture_mode").set_value(True).run()
    assert at.query_params["lecture"] in ("1", ["1"])


@pytest.mark.parametrize("section", SECTIONS)
def test_the_player_carries_the_walks_questions(section):
    """Ask me first: the answer key of rouge_core.teach.questions travels with the frames."""
    qs = player(open_learn(section))["questions"]
    total = player(open_learn(section))["total"]
    assert qs and all(1 <= q["step"] <= total for q in qs)
    assert {"step", "prompt", "kind", "answer", "reason"} <= set(qs[0])


def test_lcs_questions_match_the_frames():
    """c[1][1] is asked before step 1 and its answer is the value frame 1 shows."""
    at = open_learn("L")
    first = next(q for q in player(at)["questions"] if q["step"] == 1)
    assert first["kind"] == "number" and first["answer"] == 1.0
    assert "c[1][1] = 1" in frame_text(at, 1)
    cells = [q for q in player(at)["questions"] if q["kind"] == "cell"]
    assert cells and all(q["step"] > 16 for q in cells)  # traceback questions come after the 16 cells


def test_a_new_sample_or_section_opens_on_step_0():
    """The address's step belongs to the walk it was written for."""
    at = open_learn("L")
    at.query_params["step"] = "7"
    at.run()
    assert player(at)["start"] == 7
    at.selectbox(key="learn_L_sample").set_value("paper_wlcs_y1").run()
    assert player(at)["start"] == 0 and "step" not in at.query_params
    at.query_params["step"] = "7"
    at.run()
    pick(at, "N")
    assert player(at)["start"] == 0
