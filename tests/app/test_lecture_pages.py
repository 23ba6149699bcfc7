"""Issue 20, point 4: lecture mode on every page a lecturer would show (Inspect, Which ROUGE?,
Agreement): ``lecture=1`` in the address turns it on there, and the toggle keeps the address."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "app.py")
PAGES = ["app_pages/inspect.py", "app_pages/which_rouge.py", "app_pages/agreement.py"]


def _open(page: str, lecture: bool) -> AppTest:
    at = AppTest.from_file(APP, default_timeout=60)
    if lecture:
        at.query_params["lecture"] = "1"
    at.run()
    if page != "app_pages/inspect.py":  # Inspect is the app's first page
        at.switch_page(page).run()
    assert not at.exception, at.exception
    return at


def _styled(at: AppTest) -> bool:
    """Whether the page carries lecture mode's styles (ui/widgets/lecture.py's marker)."""
    return any('data-lecture="on"' in h.proto.body for h in at.get("html"))


@pytest.mark.parametrize("page", PAGES)
def test_lecture_1_turns_lecture_mode_on(page):
    at = _open(page, lecture=True)
    assert at.toggle(key="lecture_mode").value is True and _styled(at)
    assert at.query_params["lecture"] in ("1", ["1"])  # kept for a reload


@pytest.mark.parametrize("page", PAGES)
def test_without_it_the_page_is_as_before_until_the_toggle(page):
    at = _open(page, lecture=False)
    assert at.toggle(key="lecture_mode").value is False and not _styled(at)
    at.toggle(key="lecture_mode").set_value(True).run()
    assert _styled(at) and at.query_params["lecture"] in ("1", ["1"])
