"""A campaign's instructions (issue 19, point 1): the organiser's Markdown kept, user text neutralised."""

from __future__ import annotations

import re

from streamlit.testing.v1 import AppTest

from ui.render.instructions import instructions_markdown


def test_formatting_and_web_links_are_kept():
    text = "# Rubric\n\n> Judge the summary, not the source.\n\n* **coherence**: see [the guide](https://x.org/g)"
    assert instructions_markdown(text) == text
    assert instructions_markdown("[ask](mailto:org@uni.edu)") == "[ask](mailto:org@uni.edu)"


def test_html_images_and_other_links_are_text():
    assert instructions_markdown("<script>alert(1)</script>") == "&lt;script&gt;alert(1)&lt;/script&gt;"
    assert instructions_markdown("R&D") == "R&amp;D"
    assert instructions_markdown("![pixel](https://t.example/p.gif)") == "\\![pixel](https://t.example/p.gif)"
    assert (
        instructions_markdown("[x](data:text/html,hi) [y]( file:///etc)")
        == "[x]\\(data:text/html,hi) [y]\\( file:///etc)"
    )


def test_streamlit_renders_no_tag_and_no_image():
    def page() -> None:
        import streamlit as st

        from ui.render.instructions import instructions_markdown

        st.markdown(instructions_markdown("<img src=x onerror=alert(1)> ![p](https://t.example/p.gif) **ok**"))

    at = AppTest.from_function(page).run()
    shown = at.markdown[0].value
    assert "<img" not in shown and "&lt;img" in shown and "**ok**" in shown
    assert re.search(r"(?<!\\)!\[", shown) is None  # the image is escaped: shown as a link, never loaded
