"""Every session-state key in the code is declared in ui/widgets/keys.py, and every declared key is used."""

from __future__ import annotations

import re
from pathlib import Path

from ui.widgets.keys import KEYS, declared

ROOT = Path(__file__).resolve().parents[2]
# A key given to a widget, read or written in session state, or named to ui.widgets.kept.
_KEY = re.compile(
    r"""(?:\bkey\s*=\s*|session_state\[|session_state\.(?:get|pop|setdefault)\(|\bss\[|\bss\.(?:get|pop|setdefault)\("""
    r"""|kept\.(?:value_widget\([^,]+,[^,]+,\s*|get_value\(|set_value\(|forget_value\(|text_area\([^,]+,\s*"""
    r"""|set_text\(|get_text\(|forget\())f?(["'])(.+?)\1"""
)


def _sources() -> dict[Path, str]:
    files = [ROOT / "app.py", *(ROOT / "app_pages").glob("*.py"), *(ROOT / "ui").rglob("*.py")]
    return {p: p.read_text(encoding="utf-8") for p in files if p.name != "keys.py"}


def _keys_in_code() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for path, text in _sources().items():
        for m in _KEY.finditer(text):
            found.setdefault(m.group(2), path)
    return found


def test_the_scan_finds_the_keys_it_should():
    found = _keys_in_code()
    assert {"opt_profile", "learn_{sec}_step", "diff_ref_{i}", "tok_source", "_split_undo"} <= set(found)
    assert len(found) > 60


def test_every_key_in_the_code_is_declared():
    undeclared = {k: str(p.relative_to(ROOT)) for k, p in _keys_in_code().items() if not declared(k)}
    assert not undeclared, f"declare these in ui/widgets/keys.py: {undeclared}"


def test_every_declared_key_is_used():
    found = set(_keys_in_code())
    code = "\n".join(_sources().values())
    unused = []
    for k in KEYS:
        literal = max(re.split(r"\{[^}]*\}", k.pattern), key=len)
        if not any(k.matches(f) for f in found) and f'"{k.pattern}"' not in code and literal not in code:
            unused.append(k.pattern)
    assert not unused, f"declared in ui/widgets/keys.py but not used: {unused}"


def test_keys_are_declared_once_and_name_their_owner():
    patterns = [k.pattern for k in KEYS]
    assert len(patterns) == len(set(patterns))
    assert all((ROOT / k.owner).exists() and k.holds for k in KEYS)
