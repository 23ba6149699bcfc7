"""The Inspect page reads like a description of itself (issue 18, point 7): its sections are drawn by
ui/widgets/inspect_*.py, and each Inspect key is declared with the module that really uses it."""

from __future__ import annotations

import re
from pathlib import Path

from ui.widgets.keys import KEYS

ROOT = Path(__file__).resolve().parents[2]
PAGE = "app_pages/inspect.py"


def _inspect_keys() -> dict[str, str]:
    return {k.pattern: k.owner for k in KEYS if k.owner == PAGE or k.owner.startswith("ui/widgets/inspect_")}


def test_the_page_is_short():
    lines = (ROOT / PAGE).read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 150, f"{PAGE} has {len(lines)} lines"


def test_the_page_owns_only_the_match_views_prefix():
    # every other key (text boxes' buttons, uploads, the splitter, the pickers) lives in a widget module
    assert [p for p, owner in _inspect_keys().items() if owner == PAGE] == ["inspect"]


def test_each_inspect_key_is_used_by_its_owner():
    keys = _inspect_keys()
    assert {"sample_pick", "_split_preview", "up_record", "inspect_shown", "inspect_grid_stat"} <= set(keys)
    for pattern, owner in keys.items():
        literal = max(re.split(r"\{[^}]*\}", pattern), key=len)
        assert f'"{literal}' in (ROOT / owner).read_text(encoding="utf-8"), (pattern, owner)
