"""The Learn section registry (ui/learn/sections.py): every section is complete, its settings and keys
are real, and the page's picker shows exactly the registry, in its order."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from rouge_core import RougeConfig, evaluate
from ui.learn import settings
from ui.learn.sections import BY_ID, SECTIONS, Section
from ui.samples import load_samples
from ui.widgets.keys import declared
from ui.widgets.options import DEFAULT

SAMPLES = load_samples()
APP = str(Path(__file__).resolve().parents[2] / "app.py")
PAPER = RougeConfig(profile="paper", max_n=2, wlcs_weight=2.0, skip_distance=-1, alpha=0.5)


def test_ids_are_unique_and_in_page_order():
    assert [s.id for s in SECTIONS] == ["N", "L", "U", "W", "S"]
    assert list(BY_ID) == [s.id for s in SECTIONS] and all(BY_ID[s.id] is s for s in SECTIONS)


@pytest.mark.parametrize("section", SECTIONS, ids=lambda s: s.id)
def test_every_section_is_complete(section: Section):
    assert section.title.startswith("ROUGE-") and section.prose.startswith("**ROUGE-")
    assert section.formulas and all(f.strip() for f in section.formulas)
    assert section.example in SAMPLES and SAMPLES[section.example].references
    assert callable(section.draw) and callable(section.configure) and callable(section.claims)
    assert section.own_settings().strip() and section.input_height > 0


@pytest.mark.parametrize("section", SECTIONS, ids=lambda s: s.id)
def test_configure_names_a_measure_it_computes(section: Section):
    """The label a section shows is one its config computes, on its own example, with any sidebar profile."""
    example = SAMPLES[section.example]
    for base in (DEFAULT, DEFAULT.with_(profile="paper"), DEFAULT.with_(profile="rouge-score")):
        cfg, label = section.configure(base)
        assert label in evaluate(example.candidate, example.references[0], cfg).measures, (section.id, label)
        assert (cfg.profile, cfg.alpha, cfg.stem) == (base.profile, base.alpha, base.stem)  # the sidebar's


@pytest.mark.parametrize("section", SECTIONS, ids=lambda s: s.id)
def test_claims_hold_on_the_papers_examples(section: Section):
    reports = {k: evaluate(SAMPLES[k].candidate, list(SAMPLES[k].references), PAPER) for k in settings.CLAIM_SAMPLES}
    rows = section.claims(reports)
    assert len(rows) >= 2 and all(c.ok for c in rows), [c for c in rows if not c.ok]


def test_one_click_settings_come_from_the_registry():
    assert settings.PAPER_LOCAL == {"learn_w_weight": 2.0, "learn_s_unlimited": True}
    assert settings.PERL_LOCAL == {"learn_w_weight": 1.2, "learn_s_unlimited": False, "learn_s_dist": 4}
    assert all(declared(k) for k in (*settings.PAPER_LOCAL, *settings.PERL_LOCAL))


def test_the_picker_shows_the_registry_in_order():
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("app_pages/learn.py").run()
    assert not at.exception, at.exception
    picker = at.button_group(key="learn_section")
    assert picker.options == [s.title for s in SECTIONS]
    assert picker.value == SECTIONS[0].id
    for section in SECTIONS:  # every id is a value of the picker, and opens its own section
        at.button_group(key="learn_section").set_value(section.id).run()
        assert not at.exception, (section.id, at.exception)
        assert any(m.value == section.prose for m in at.markdown)
        assert len(at.get("latex")) == len(section.formulas) + 1  # and F from R and P
