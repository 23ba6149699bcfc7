"""The README's Python example runs as written (its outputs are checked, so it cannot drift)."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_python_block_runs():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)
    assert blocks, "the README has no python block"
    for block in blocks:
        test = doctest.DocTestParser().get_doctest(block, {}, "README.md", str(README), 0)
        assert test.examples, "the README's python block has no >>> examples"
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
        result = runner.summarize(verbose=False)
        assert result.failed == 0, f"{result.failed} README example(s) failed"


def test_readme_names_the_real_folders():
    text = README.read_text(encoding="utf-8")
    root = README.parent
    for folder in re.findall(r"`([a-z_]+)/`", text):
        if folder in {"unit", "property", "conformance", "app", "fuzz", "browser", "data", "pages"}:
            continue
        assert (root / folder).is_dir(), folder
    assert "`pages/` (thin" not in text
