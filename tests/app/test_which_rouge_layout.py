"""The Which ROUGE? (corpus) page reads like a description of the page (issue 18, point 7): its sections are
drawn by ``ui/widgets/which_rouge_*.py`` modules, each owning the session keys it draws, and the plan, budget
and cached comparison stay ``ui/gap_compute.py``'s."""

from __future__ import annotations

import re
from pathlib import Path

from ui.widgets.keys import KEYS

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "app_pages" / "which_rouge.py"
SECTIONS = (
    "which_rouge_choice",
    "which_rouge_overview",
    "which_rouge_measure",
    "which_rouge_documents",
    "which_rouge_downloads",
)
DRAWN = ("follow_selection", "a_against_b", "compare", "overview", "one_measure", "documents_that_differ", "downloads")


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_the_page_is_short_and_names_its_sections_in_order():
    assert _lines(PAGE) <= 150
    text = PAGE.read_text(encoding="utf-8")
    headings = re.findall(r'st\.subheader\("([^"]+)"\)', text)
    assert headings == [
        "A against B",
        "One measure, and where its gap comes from",
        "The documents that differ, largest difference first",
        "Downloads",
    ]
    calls = re.findall(r"^(?:if not |[\w, ]+ = )?(\w+)\(", text, re.M)
    assert [c for c in calls if c in DRAWN] == list(DRAWN)


def test_each_section_module_is_small_and_owns_the_keys_it_draws():
    for name in SECTIONS:
        assert _lines(ROOT / "ui" / "widgets" / f"{name}.py") <= 300, name
    page_keys = [k for k in KEYS if k.pattern.startswith(("gap_", "_gap_"))]
    assert len(page_keys) == 11
    for k in page_keys:
        assert k.owner.startswith("ui/widgets/which_rouge_"), k
        literal = max(re.split(r"\{[^}]*\}", k.pattern), key=len)
        assert literal in (ROOT / k.owner).read_text(encoding="utf-8"), k
    text = PAGE.read_text(encoding="utf-8")
    assert not re.search(r"[\"']_?gap_", text) and "session_state" not in text  # no widget state of its own
