"""Every page reads like a description of the page (issue 18, point 7): a short script (at most 150
lines) that draws its sections in order, each through a function of a small module in ``ui/widgets/``
(at most 300 lines) that owns the session-state keys it draws (``ui/widgets/keys.py``); the page keeps
no widget state of its own. One table below describes each page; Learn's sections are a registry of
their own (tests/unit/test_learn_sections.py)."""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from ui.widgets.keys import KEYS

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Layout:
    """A page: the modules of ui/widgets/ that draw its sections, the functions it calls to draw them
    (in order), its subheadings (in order), and the keys the page script itself may own."""

    page: str
    sections: tuple[str, ...]
    drawn: tuple[str, ...]
    headings: tuple[str, ...]
    page_keys: tuple[str, ...] = ()
    #: other modules that own keys of this page (shared widgets the page draws through its sections)
    shared_owners: tuple[str, ...] = ()


LAYOUTS = (
    Layout(
        "inspect",
        ("inspect_inputs", "inspect_split", "inspect_uploads", "inspect_candidates", "inspect_scores"),
        (
            "init",
            "top_row",
            "split_panel",
            "uploads",
            "text_boxes",
            "scored_pair",
            "candidate_shown",
            "notes",
            "scores",
            "downloads",
            "per_reference",
            "show_match_views",
        ),  # fmt: skip
        ("Scores", "Matches behind the numbers"),
        page_keys=("inspect",),  # the prefix of the match views' own keys
    ),
    Layout(
        "agreement",
        (
            "agreement_source",
            "agreement_variants",
            "agreement_correlations",
            "agreement_table",
            "agreement_scatter",
            "agreement_compare",
            "agreement_pickers",
        ),  # fmt: skip
        (
            "headline",
            "sample_buttons",
            "judgments",
            "arranged",
            "variants",
            "run_settings",
            "tabs",
            "scatter",
            "compare",
        ),  # fmt: skip
        (
            "Human scores",
            "ROUGE variants",
            "Correlations",
            "Human against ROUGE, summary by summary",
            "Do two variants differ?",
        ),  # fmt: skip
    ),
    Layout(
        "systems",
        (
            "systems_choice",
            "systems_documents",
            "systems_ranking",
            "systems_pairs",
            "systems_downloads",
            "systems_scatter",
        ),  # fmt: skip
        (
            "what_to_compare",
            "documents_to_compare",
            "ranking_and_matrix",
            "pairs_table",
            "signature_and_downloads",
            "two_systems",
        ),  # fmt: skip
        ("What to compare", "Ranking and pairwise tests", "Two systems, document by document"),
    ),
    Layout(
        "which_rouge",
        (
            "which_rouge_choice",
            "which_rouge_overview",
            "which_rouge_measure",
            "which_rouge_documents",
            "which_rouge_downloads",
        ),  # fmt: skip
        (
            "follow_selection",
            "a_against_b",
            "compare",
            "overview",
            "one_measure",
            "documents_that_differ",
            "downloads",
        ),  # fmt: skip
        (
            "A against B",
            "One measure, and where its gap comes from",
            "The documents that differ, largest difference first",
            "Downloads",
        ),  # fmt: skip
    ),
    Layout(
        "annotate",
        (
            "annotate_campaign",
            "annotate_corpus",
            "annotate_options",
            "annotate_rubric",
            "annotate_overlap",
            "annotate_message",
            "annotate_item",
            "annotate_agreement",
            "annotate_exchange",
        ),  # fmt: skip
        (
            "page_access",
            "campaign_page",
            "access_note",
            "corpus_to_annotate",
            "stored_corpus",
            "annotator_and_options",
            "rubric_editor",
            "overlap_setting",
            "last_message",
            "annotate_item",
            "agreement",
            "disagreements",
            "import_export",
        ),  # fmt: skip
        (),
        # an item's content units, and a campaign member's assigned item, are drawn by the item's own module
        shared_owners=("content_units", "annotate_assigned"),
    ),
    Layout(
        "campaigns",
        (
            "campaign_gate",
            "campaign_new",
            "campaign_choice",
            "campaign_members",
            "campaign_dashboard",
            "campaign_adjudication",
            "campaign_exports",
        ),  # fmt: skip
        (
            "campaign_gate",
            "campaign_message",
            "may_create",
            "new_campaign",
            "chosen_campaign",
            "members_and_invites",
            "dashboard",
            "adjudication",
            "exports",
        ),  # fmt: skip
        ("New campaign", "Campaign", "Members and invites", "Dashboard", "Adjudication", "Exports"),
    ),
    Layout(
        "differences",
        ("differences_input", "differences_table", "differences_rules"),
        ("arrived", "example_and_source", "the_input", "profiles_side_by_side", "rules_behind"),
        ("The three profiles side by side", "Differences on this input, and the rule behind each"),
    ),
    Layout(
        "corpus",
        (
            "corpus_scoring",
            "corpus_scores",
            "corpus_view",
            "corpus_figures",
            "corpus_filters",
            "corpus_table",
            "corpus_downloads",
        ),  # fmt: skip
        (
            "system_to_score",
            "score_the_corpus",
            "corpus_scores",
            "what_to_show",
            "distribution_and_scatter",
            "pairs_to_show",
            "table_of_pairs",
            "downloads",
        ),  # fmt: skip
        ("Corpus scores", "Every pair", "Downloads"),
    ),
    Layout(
        "blind_spots",
        ("blind_spots_input", "blind_spots_table", "blind_spots_corpus"),
        ("the_pair", "statistic", "perturbations_scored", "on_a_corpus"),
        ("The perturbations, scored", "On a corpus"),
    ),
    Layout(
        "challenges",
        ("challenge_answer",),
        ("choose", "answer", "fits", "hint", "worked_solution"),
        (),  # the one subheading is the chosen challenge's title
    ),
)


def _text(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


def _calls(source: str) -> list[str]:
    """The names of the functions a script calls (``f()`` or ``module.f()``), in source order."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if name is not None:
                found.append((node.lineno, node.col_offset, name))
    return [name for _, _, name in sorted(found)]


def test_calls_are_read_in_source_order():
    assert _calls("a()\nx = m.b(c())\nif d():\n    st.e()") == ["a", "b", "c", "d", "e"]


@pytest.mark.parametrize("page", sorted(p.name for p in (ROOT / "app_pages").glob("*.py")))
def test_every_page_script_is_short(page):
    assert len(_text(f"app_pages/{page}").splitlines()) <= 150


def test_every_page_with_sections_is_described():
    described = {f"{layout.page}.py" for layout in LAYOUTS}
    long_ago = {"__init__.py", "learn.py", "mistakes.py", "tokenizer.py"}  # a registry, or short from the start
    assert described | long_ago == {p.name for p in (ROOT / "app_pages").glob("*.py")}


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.page)
def test_the_page_draws_its_sections_in_order(layout):
    text = _text(f"app_pages/{layout.page}.py")
    assert tuple(re.findall(r'st\.subheader\("([^"]+)"\)', text)) == layout.headings
    drawn = [name for name in _calls(text) if name in layout.drawn]
    assert list(dict.fromkeys(drawn)) == list(layout.drawn)  # each section's first call, in the page's order
    for name in layout.sections:
        assert len(_text(f"ui/widgets/{name}.py").splitlines()) <= 300, name


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda layout: layout.page)
def test_the_section_modules_own_the_keys_they_draw(layout):
    page = f"app_pages/{layout.page}.py"
    modules = {f"ui/widgets/{name}.py" for name in (*layout.sections, *layout.shared_owners)}
    mine = [k for k in KEYS if k.owner in modules or k.owner == page]
    assert len(mine) >= len(layout.sections)
    assert sorted(k.pattern for k in mine if k.owner == page) == sorted(layout.page_keys)
    for k in mine:
        literal = max(re.split(r"\{[^}]*\}", k.pattern), key=len)
        assert literal in _text(k.owner), k
        if k.owner != page:
            assert f'"{literal}' not in _text(page), k  # the page keeps no widget state of its own
