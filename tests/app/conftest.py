"""AppTest set-up shared by the app tests.

Streamlit's AppTest builds a new PagesManager for every run and resets its
class-level ``uses_pages_directory`` flag to None first, so an app with a
``pages/`` folder is taken for an old-style (v1) multipage app on every rerun
and only the page script runs: the sidebar drawn by app.py disappears after the
first run. A real server sets the flag to False for good at the first
st.navigation call; this fixture does the same for the tests.
"""
from __future__ import annotations

import pytest
from streamlit.runtime.pages_manager import PagesManager
from streamlit.testing.v1 import app_test


class _V2PagesManager(PagesManager):
    def __init__(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        PagesManager.uses_pages_directory = False


@pytest.fixture(autouse=True)
def navigation_v2(monkeypatch):
    monkeypatch.setattr(app_test, "PagesManager", _V2PagesManager)
    yield
