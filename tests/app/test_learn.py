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


def done_line(at: AppTest) -> str:
    m = re.search(r"Done: [^\n]*", text_of(at))
    return m.group(0).strip() if m else ""


def step_slider(at: AppTest, section: str):
    return at.slider(key=f"learn_{section}_step")


def set_texts(at: AppTest, section: str, reference: str, candidate: str) -> AppTest:
    box(at, f"learn_{section}_ref").set_value(reference)
    box(at, f"learn_{section}_cand").set_value(candidate).run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("section", SECTIONS)
def test_every_section_renders_with_its_paper_example(section):
    at = open_learn(section)
    assert at.get("latex"), "the definition's formula is shown"
    assert {"First", "Back", "Next", "Last"} <= {b.label for b in at.button}
    assert step_slider(at, section).value == 0
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
    click(at, "Last")
    expected = lcs(S1.split(), S2.split())
    assert step_slider(at, "L").value == step_slider(at, "L").max
    line = done_line(at)
    assert f"Done: LCS = {expected.value:g}" in line and f"this pair: {expected.value:g}" in line
    assert line.endswith("✓")
    tables = [h.proto.body for h in at.get("html") if 'class="rl-dp"' in h.proto.body]
    assert len(tables) == 1 and "traceback: 5 of 5 moves, 3 match(es) marked" in tables[0]

    pick(at, "W")
    click(at, "Last")
    assert f"Done: WLCS = {lcs(X.split(), Y1.split(), 2.0).value:g}" in done_line(at)  # 16 = 4^2
    assert done_line(at).endswith("✓")

    pick(at, "U")
    click(at, "Last")
    hit = evaluate(UNION_CAND, UNION_REF, DEFAULT).measures["ROUGE-L"].counts.hit
    assert f"hits = {hit:g}. rouge_core: {hit:g} ✓" in done_line(at)

    pick(at, "N")
    click(at, "Last")
    hit = evaluate(S2, S1, DEFAULT).measures["ROUGE-2"].counts.hit
    assert f"hits = {hit:g}. rouge_core: {hit:g} ✓" in done_line(at)

    pick(at, "S")
    click(at, "Last")
    c = evaluate(S2, S1, DEFAULT.with_(skip_distance=-1)).measures["ROUGE-S*"].counts
    assert f"hits = {c.hit:g}. rouge_core: {c.hit:g} ✓" in done_line(at)
    assert f"rouge_core's candidate total {c.peer:g} ✓" in done_line(at)


@pytest.mark.parametrize("section", SECTIONS)
def test_slider_at_its_max_is_the_last_step(section):
    at = open_learn(section)
    slider = step_slider(at, section)
    slider.set_value(slider.max).run()
    assert not at.exception
    via_slider = done_line(at)
    click(at, "First")
    assert step_slider(at, section).value == 0 and not done_line(at)
    click(at, "Last")
    assert via_slider and done_line(at) == via_slider and via_slider.endswith("✓")


def test_buttons_step_one_at_a_time():
    at = open_learn("L")
    assert "Row 0 and column 0" in text_of(at)
    click(at, "Next")
    click(at, "Next")
    assert step_slider(at, "L").value == 2
    assert "Cell c[1][2]" in text_of(at) and "take the cell to the left" in text_of(at)
    click(at, "Back")
    assert step_slider(at, "L").value == 1 and "c[1][1] = c[0][0] + 1 = 0 + 1 = 1" in text_of(at)
    click(at, "Back")
    click(at, "Back")  # stays at 0
    assert step_slider(at, "L").value == 0


def test_rule_text_names_the_tie_rule():
    at = open_learn("L")
    step_slider(at, "L").set_value(6).run()  # c[2][2]: 'killed' vs 'kill', a tie: up
    text = text_of(at)
    assert "Cell c[2][2]" in text and "c[1][2] = 1 ≥ c[2][1] = 1: take the cell above" in text


def test_wlcs_shows_increments_and_runs():
    at = open_learn("W")
    step_slider(at, "W").set_value(9).run()  # c[2][2]: B = B, run of 2
    text = text_of(at)
    assert "f(2) − f(1) = 1 + 3 = 4" in text and "w[2][2] = 2" in text
    body = next(h.proto.body for h in at.get("html") if 'class="rl-dp"' in h.proto.body)
    assert body.count('class="rl-dp"') == 2  # the c table and, below it, the w table


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
        if any(b.label == "Last" for b in at.button):
            click(at, "Last")
            line = done_line(at)
            assert line and line.endswith("✓") and "✗" not in line, (sample, section, line)
        else:
            text = text_of(at)
            assert f"up to {MAX_STEP_TOKENS}" in text or "Nothing to step through" in text, (sample, section)
        assert "Worked arithmetic" in text_of(at)


def test_inputs_and_step_survive_a_page_switch():
    at = open_learn("L")
    set_texts(at, "L", S1, "the gunman kill police")
    step_slider(at, "L").set_value(5).run()
    at.switch_page("app_pages/inspect.py").run()
    assert not at.exception
    at.switch_page("app_pages/learn.py").run()
    assert not at.exception
    assert at.button_group(key="learn_section").value == "L"
    assert box(at, "learn_L_cand").value == "the gunman kill police"
    assert step_slider(at, "L").value == 5
    pick(at, "N")  # another section keeps its own example ...
    assert box(at, "learn_N_cand").value == S2
    pick(at, "L")  # ... and coming back keeps this one
    assert box(at, "learn_L_cand").value == "the gunman kill police"


def test_sentence_pairs_of_a_multi_sentence_input():
    at = open_learn("L")
    set_texts(at, "L", "the cat sat\npolice killed the gunman", "a dog\npolice kill the gunman")
    at.selectbox(key="learn_L_rs").set_value(1)
    at.selectbox(key="learn_L_cs").set_value(1).run()
    click(at, "Last")
    assert "Done: LCS = 3" in done_line(at) and done_line(at).endswith("✓")


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
        click(at, "Last")
        bodies = [h.proto.body for h in at.get("html")] + [m.value for m in at.markdown]
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
    click(at, "Last")
    text = text_of(at)
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
    assert step_slider(at, "W").value == 40
    assert at.selectbox(key="opt_profile").value == "paper"
    # the address follows what is shown: another step, the same sample
    click(at, "Next")
    assert at.query_params["step"] in ("41", ["41"])
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
