"""The Systems page reads like a description of the page (issue 18, point 7): its sections are drawn by
``ui/widgets/systems_*.py`` modules, each owning the session keys it draws."""

from __future__ import annotations

import re
from pathlib import Path

from ui.widgets.keys import KEYS

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "app_pages" / "systems.py"
SECTIONS = (
    "systems_choice",
    "systems_documents",
    "systems_ranking",
    "systems_pairs",
    "systems_downloads",
    "systems_scatter",
)


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_the_page_is_short_and_names_its_sections_in_order():
    assert _lines(PAGE) <= 150
    text = PAGE.read_text(encoding="utf-8")
    headings = re.findall(r'st\.subheader\("([^"]+)"\)', text)
    assert headings == ["What to compare", "Ranking and pairwise tests", "Two systems, document by document"]
    calls = [m.group(1) for m in re.finditer(r"^(?:\w+ = )?(\w+)\(", text, re.M) if not m.group(1).startswith("st")]
    drawn = [c for c in calls if c in {"what_to_compare", "documents_to_compare", "ranking_and_matrix",
                                       "pairs_table", "signature_and_downloads", "two_systems"}]  # fmt: skip
    assert drawn == [
        "what_to_compare",
        "documents_to_compare",
        "ranking_and_matrix",
        "pairs_table",
        "signature_and_downloads",
        "two_systems",
    ]


def test_each_section_module_is_small_and_owns_the_keys_it_draws():
    for name in SECTIONS:
        assert _lines(ROOT / "ui" / "widgets" / f"{name}.py") <= 300, name
    systems = [k for k in KEYS if k.pattern.startswith("sys_")]
    assert len(systems) == 14
    for k in systems:
        assert k.owner.startswith("ui/widgets/systems_"), k
        literal = max(re.split(r"\{[^}]*\}", k.pattern), key=len)
        assert literal in (ROOT / k.owner).read_text(encoding="utf-8"), k
    assert "sys_" not in PAGE.read_text(encoding="utf-8")  # the page keeps no widget state of its own
