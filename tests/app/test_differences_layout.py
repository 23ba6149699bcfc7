"""The Differences page reads like a description of the page (issue 18, point 7): its sections are drawn
by ``ui/widgets/differences_*.py`` modules, each owning the session keys it draws."""

from __future__ import annotations

import re
from pathlib import Path

from ui.widgets.keys import KEYS

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "app_pages" / "differences.py"
SECTIONS = ("differences_input", "differences_table", "differences_rules")
DRAWN = ("arrived", "example_and_source", "the_input", "profiles_side_by_side", "rules_behind")


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_the_page_is_short_and_names_its_sections_in_order():
    assert _lines(PAGE) <= 150
    text = PAGE.read_text(encoding="utf-8")
    headings = re.findall(r'st\.subheader\("([^"]+)"\)', text)
    assert headings == ["The three profiles side by side", "Differences on this input, and the rule behind each"]
    calls = [m.group(1) for m in re.finditer(r"^(?:[\w, ]+ = )?(\w+)\(", text, re.M)]
    assert [c for c in calls if c in DRAWN] == list(DRAWN)
    assert "def " not in text  # every section is a call; the page defines nothing


def test_each_section_module_is_small_and_owns_the_keys_it_draws():
    for name in SECTIONS:
        assert _lines(ROOT / "ui" / "widgets" / f"{name}.py") <= 300, name
    differences = [k for k in KEYS if k.pattern.startswith(("diff_", "_diff_"))]
    assert len(differences) == 11
    for k in differences:
        assert k.owner.startswith("ui/widgets/differences_"), k
        literal = max(re.split(r"\{[^}]*\}", k.pattern), key=len)
        assert literal in (ROOT / k.owner).read_text(encoding="utf-8"), k
    assert "diff_" not in PAGE.read_text(encoding="utf-8")  # the page keeps no widget state of its own
