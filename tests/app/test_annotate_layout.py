"""The Annotate page reads like a description of the page (issue 18, point 7): its sections are drawn by
``ui/widgets/annotate_*.py`` modules, each owning the session keys it draws."""

from __future__ import annotations

import re
from pathlib import Path

from ui.widgets.keys import KEYS

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "app_pages" / "annotate.py"
SECTIONS = (
    "annotate_corpus",
    "annotate_options",
    "annotate_rubric",
    "annotate_overlap",
    "annotate_message",
    "annotate_item",
    "annotate_agreement",
    "annotate_exchange",
)
DRAWN = (
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
)


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_the_page_is_short_and_draws_its_sections_in_order():
    assert _lines(PAGE) <= 150
    text = PAGE.read_text(encoding="utf-8")
    calls = [m.group(1) for m in re.finditer(r"^\s*(?:\w+ = )?(\w+)\(", text, re.M)]
    assert [c for c in calls if c in DRAWN] == list(DRAWN)
    assert re.findall(r"st\.tabs\((\[[^]]*\])\)", text) == ['["Agreement", "Disagreements", "Import and export"]']
    assert "def " not in text  # every section is a call; the page defines nothing


def test_each_section_module_is_small_and_owns_the_keys_it_draws():
    for name in SECTIONS:
        assert _lines(ROOT / "ui" / "widgets" / f"{name}.py") <= 300, name
    annotate = [k for k in KEYS if k.pattern.startswith(("annot_", "_annot_"))]
    assert len(annotate) == 38
    for k in annotate:
        # the content units of an item are drawn by the item's own widget module (not moved here)
        assert k.owner.startswith("ui/widgets/annotate_") or k.owner == "ui/widgets/content_units.py", k
        literal = max(re.split(r"\{[^}]*\}", k.pattern), key=len)
        assert literal in (ROOT / k.owner).read_text(encoding="utf-8"), k
    assert "annot_" not in PAGE.read_text(encoding="utf-8")  # the page keeps no widget state of its own
