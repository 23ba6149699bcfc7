"""The fuzz suite's payload set and its Markdown-injection checks, shared by the AppTest fuzz files.

``MD_PAYLOADS`` are Markdown/HTML payloads that must never render as an image, a link, an autolink
or raw HTML; ``BAD_TEXTS`` adds empty, blank, control-character, CJK, combining, one-word and long
texts. :func:`assert_no_injection` checks every element of an AppTest run that renders Markdown.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any, Iterator, Optional

from streamlit.testing.v1 import AppTest

HOST = "evil.example"
MD_PAYLOADS = [
    f"![t](http://{HOST}/img.png)",
    f"[Log in again](http://{HOST}/phish)",
    f"see http://{HOST}/x and www.{HOST} or admin@{HOST}",
    f"<img src=x onerror=alert(1)> <script>alert(2)</script> {HOST}",
    f":red[{HOST}] $x^2$ **bold** `code` # heading {HOST}",
]
_rng = random.Random(7)
PROSE = " ".join(_rng.choice(["police", "killed", "the", "gunman", "a", "city", "report"]) for _ in range(18_000))
BAD_TEXTS = {
    "empty": "",
    "spaces": "   \n \n\t",
    "punctuation": "!!! ... ??? --- ,,,",
    "control": "a\x00b\x01c\x7f d\u200b e\u202e f",
    "cjk-emoji": "警察击毙了枪手 🙂🙂 Zürich İstanbul \u212a",
    "combining": "e\u0301 a\u0308" * 50,
    "one-long-word": "x" * 20_000,
    "many-one-word-lines": "\n".join(_rng.choice("abcdefghij") for _ in range(2_000)),
    "100k-prose": PROSE[:100_000],
    **{f"markdown-{i}": p for i, p in enumerate(MD_PAYLOADS)},
}

_MARKDOWN_KINDS = ("markdown", "caption", "info", "warning", "error", "success")
_UNESCAPED_LINK = re.compile(r"(?<!\\)\]\s*(?<!\\)\(")
_UNESCAPED_IMAGE = re.compile(r"(?<!\\)!(?<!\\)\[")
_PLOTLY_MARKUP = re.compile(r"<br>|<extra></extra>")


def injection_in(text: str) -> Optional[str]:
    """What of a payload survives in Markdown ``text`` (None: every payload there is escaped).

    Text without :data:`HOST` holds no payload and passes.

    >>> injection_in(MD_PAYLOADS[1]) is not None
    True
    >>> from ui.render.literal import md_literal
    >>> [injection_in(md_literal(p, 1000)) for p in MD_PAYLOADS]
    [None, None, None, None, None]
    """
    if HOST not in text:
        return None
    if _UNESCAPED_LINK.search(text):
        return "a link"
    if _UNESCAPED_IMAGE.search(text):
        return "an image"
    if "http://" in text or "www." in text:  # autolinks need these intact
        return "an autolink"
    if "<img" in text or "<script" in text:
        return "raw HTML"
    return None


def _nodes(node: Any) -> Iterator[Any]:
    yield node
    for child in getattr(node, "children", {}).values():
        yield from _nodes(child)


def _widget_texts(at: AppTest) -> Iterator[str]:
    """Every other place Streamlit renders Markdown: headings, expander and tab labels, widget labels and
    help tooltips, radio options, metric labels, st.table cells."""
    for node in _nodes(at._tree):
        proto = getattr(node, "proto", None)
        if proto is None:
            continue
        if node.type in ("title", "header", "subheader", "toast"):
            yield str(node.value)
        elif node.type == "table":
            yield from (v for v in node.value.to_numpy().ravel() if isinstance(v, str))
        for name in ("label", "help"):  # widgets, metrics, expanders and tabs
            if name in type(proto).DESCRIPTOR.fields_by_name:
                yield str(getattr(proto, name))
        if node.type == "radio":
            yield from (str(o) for o in proto.options)


def markdown_elements(at: AppTest, widgets: bool = False) -> list[str]:
    """The texts of ``at``'s elements that render Markdown (``widgets``: labels, headings and tables too)."""
    out: list[str] = []
    for kind in _MARKDOWN_KINDS:
        out += [str(e.value) for e in getattr(at, kind)]
        out += [str(e.value) for e in getattr(at.sidebar, kind)]
    out += [str(m.label) for m in at.metric]
    if widgets:
        out += list(_widget_texts(at))
    return out


def assert_no_injection(at: AppTest, widgets: bool = False) -> None:
    """No exception on the page, and every payload in a Markdown element escaped (see :func:`injection_in`);
    ``widgets``: widget labels, headings and st.table cells are checked too, st.html holds no raw
    ``<img``/``<script`` of a payload, and no text of a plotly figure holding a payload has a raw tag."""
    assert not at.exception, at.exception
    for text in markdown_elements(at, widgets):
        found = injection_in(text)
        assert found is None, f"{found}: {text[:300]}"
    if widgets:
        for node in _nodes(at._tree):
            if getattr(node, "type", None) == "html":
                body = str(node.value)
                assert "<img src=x" not in body and "<script>alert" not in body, body[:300]
            elif getattr(node, "type", None) == "plotly_chart":  # plotly renders <a href>, <b>, ... in its texts
                for text in _strings(json.loads(node.proto.spec)):
                    own = _PLOTLY_MARKUP.sub("", text)  # the app's line breaks and hover boxes
                    assert HOST not in text or "<" not in own, text[:300]


def _strings(value: Any) -> Iterator[str]:
    """Every string inside decoded JSON (a plotly figure's titles, labels, hover texts, custom data).

    >>> list(_strings({"a": ["x", {"b": "y"}], "c": 1}))
    ['x', 'y']
    """
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
