"""What a careless user or an attacker does, in Chromium: typed text survives a page switch, and
Markdown payloads from a shared link or pasted text render as text (no image, no link)."""

from __future__ import annotations

import urllib.parse

import pytest

from .conftest import SHOTS, open_app, wait_idle

pytestmark = pytest.mark.browser

CAND = "Candidate (one sentence per line)"


def _on_page(page, title: str) -> bool:
    return page.locator("h1").filter(has_text=title).count() > 0


def _go(page, link: str, title: str) -> None:
    page.get_by_role("link", name=link).click()
    wait_idle(page)
    if not _on_page(page, title):
        # Streamlit (1.67) swallows a navigation click that also blurs a text area being edited (the
        # same in a two-page app); ui/widgets/commit_guard.py re-clicks, this is the fallback.
        page.get_by_role("link", name=link).click()
        wait_idle(page)
    page.locator("h1").filter(has_text=title).first.wait_for(timeout=30_000)


def test_typed_text_survives_clicking_another_page(server, browser):
    page = open_app(browser, server, 1400)
    box = page.get_by_label(CAND, exact=True)
    box.click()
    box.press("Control+a")
    box.type("my own words, typed and never committed", delay=2)
    # no blur, no Ctrl+Enter: straight to another page
    _go(page, "How each measure works", "Learn ROUGE")
    _go(page, "Inspect a pair", "Inspect a pair")
    assert page.get_by_label(CAND, exact=True).input_value() == "my own words, typed and never committed"
    # the next interaction used to wipe every box for good
    page.get_by_text("Stemming (-m)").click()
    wait_idle(page)
    assert page.get_by_label(CAND, exact=True).input_value() == "my own words, typed and never committed"
    assert page.get_by_label("Reference 1", exact=True).input_value() != ""
    page.screenshot(path=str(SHOTS / "text_kept_after_page_switch.png"), full_page=False)


PAYLOAD = "![t](http://127.0.0.1:9/img.png) [Log in again](http://127.0.0.1:9/phish) http://127.0.0.1:9/x"


def _no_injected_elements(page) -> None:
    for sel in (
        "[data-testid='stAlert']",
        "[data-testid='stSidebar'] [data-testid='stAlert']",
        "[data-testid='stCaptionContainer']",
    ):
        for el in page.locator(sel).all():
            assert el.locator("img").count() == 0, el.inner_html()[:300]
            assert el.locator("a").count() == 0, el.inner_html()


def test_markdown_in_a_shared_link_is_shown_as_text(server, browser):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    cfg = urllib.parse.quote("x|profile:![t](http://127.0.0.1:9/img.png)[Log](http://127.0.0.1:9/p)|v:1.0", safe="")
    page.goto(f"{server}/?cfg={cfg}", wait_until="networkidle")
    warning = page.locator("[data-testid='stSidebar'] [data-testid='stAlert']").first
    warning.wait_for(timeout=60_000)
    wait_idle(page)
    text = warning.inner_text().replace("\u2060", "")  # word joiners keep URLs from autolinking
    assert "The settings in the URL were ignored" in text
    assert "![t](http://127.0.0.1:9/img.png)" in text  # literally, as typed
    _no_injected_elements(page)
    assert not any("127.0.0.1:9" in u for u in requests)  # no image was fetched
    page.screenshot(path=str(SHOTS / "url_payload_as_text.png"))
    page.close()


def test_markdown_in_pasted_text_is_shown_as_text(server, browser):
    page = open_app(browser, server, 1400)
    box = page.get_by_label(CAND, exact=True)
    box.fill("Zürich " + PAYLOAD + " café")
    box.press("Control+Enter")
    wait_idle(page)
    info = page.locator("[data-testid='stAlert']").filter(has_text="drops or splits non-ASCII")
    info.first.wait_for(timeout=30_000)
    _no_injected_elements(page)
    page.close()


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("[click](http://127.0.0.1:9/f).json", b'{"![t](http://127.0.0.1:9/i.png)": 1}', "has no 'candidate' field"),
        ("deep.json", b"[" * 50_000, "nests lists and objects deeper than 64 levels"),
        ("bigint.json", b'{"candidate": ' + b"9" * 5000 + b', "references": ["a"]}', "more than 4,300 digits"),
    ],
    ids=["markdown-name", "deep", "bigint"],
)
def test_bad_upload_gives_a_message_as_text(server, browser, name, data, message):
    page = open_app(browser, server, 1400)
    page.get_by_text("Upload files instead").click()
    page.locator("[data-testid='stFileUploaderDropzoneInput']").first.set_input_files(
        files=[{"name": name, "mimeType": "application/json", "buffer": data}]
    )
    wait_idle(page)
    page.get_by_role("button", name="Use the uploaded files").click()
    wait_idle(page)
    alert = page.locator("[data-testid='stAlert']").filter(has_text=message)
    alert.first.wait_for(timeout=30_000)
    _no_injected_elements(page)
    assert page.locator("[data-testid='stException']").count() == 0
    page.close()
