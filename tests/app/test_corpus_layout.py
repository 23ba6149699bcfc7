"""The Corpus page reads like a description of the page (issue 18, point 7): its sections are drawn by
``ui/widgets/corpus_*.py`` modules, each owning the session keys it draws."""

from __future__ import annotations

import re
from pathlib import Path

from ui.widgets.keys import KEYS

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "app_pages" / "corpus.py"
SECTIONS = (
    "corpus_scoring",
    "corpus_scores",
    "corpus_view",
    "corpus_figures",
    "corpus_filters",
    "corpus_table",
    "corpus_downloads",
)
DRAWN = (
    "system_to_score",
    "score_the_corpus",
    "corpus_scores",
    "what_to_show",
    "distribution_and_scatter",
    "pairs_to_show",
    "table_of_pairs",
    "downloads",
)
# The page's own keys (the loader's "corpus:{key}:..." keys and the way back belong to ui/widgets/corpus_input.py
# and ui/widgets/way_back.py, shared with other pages).
OWN = re.compile(r"corpus_(system|measure|stat|kind|columns|range|sort|search|fig_gen|table|dist|scatter|dl)\b")


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_the_page_is_short_and_names_its_sections_in_order():
    assert _lines(PAGE) <= 150
    text = PAGE.read_text(encoding="utf-8")
    headings = re.findall(r'st\.subheader\("([^"]+)"\)', text)
    assert headings == ["Corpus scores", "Every pair", "Downloads"]
    calls = [m.group(1) for m in re.finditer(r"^(?:[\w, ]+ = )?(\w+)\(", text, re.M)]
    assert [c for c in calls if c in DRAWN] == list(DRAWN)


def test_each_section_module_is_small_and_owns_the_keys_it_draws():
    for name in SECTIONS:
        assert _lines(ROOT / "ui" / "widgets" / f"{name}.py") <= 300, name
    own = [k for k in KEYS if OWN.match(k.pattern)]
    assert len(own) == 13
    for k in own:
        assert k.owner.startswith("ui/widgets/corpus_") and k.owner != "ui/widgets/corpus_input.py", k
        literal = max(re.split(r"\{[^}]*\}", k.pattern), key=len)
        assert literal in (ROOT / k.owner).read_text(encoding="utf-8"), k
        assert literal not in PAGE.read_text(encoding="utf-8"), k  # the page keeps no widget state of its own
