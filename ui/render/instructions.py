"""A campaign's instructions: Markdown written by its organiser, shown at the top of every item.

The organiser's formatting is kept (headings, lists, emphasis, links to web pages), but the text is
still user text: raw HTML is shown as text, an image is shown as its link instead of being loaded (no
tracking pixel in front of every annotator), and a link that is not ``http(s)://`` or ``mailto:``
is shown as text. Long instructions are cut, saying so.

>>> instructions_markdown("**Read** the <b>source</b> first: ![x](http://t.example/p.png)")
'**Read** the &lt;b&gt;source&lt;/b&gt; first: \\\\![x](http://t.example/p.png)'
>>> instructions_markdown("[go](javascript:alert(1))")
'[go]\\\\(javascript:alert(1))'
"""

from __future__ import annotations

import re

#: Longest instructions shown whole (characters); the rest is cut with a note.
MAX_INSTRUCTIONS = 20_000
_IMAGE = re.compile(r"!(?=\[)")
_LINK_TARGET = re.compile(r"\]\((?!\s*(?:https?://|mailto:))")


def instructions_markdown(text: str, limit: int = MAX_INSTRUCTIONS) -> str:
    """``text`` made safe to give to ``st.markdown`` (see the module docstring).

    >>> instructions_markdown("a" * 30, limit=10)
    'aaaaaaaaaa\\n\\n*(instructions cut at 10 of 30 characters)*'
    """
    cut = len(text) > limit
    s = text[:limit].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    # A blockquote's ">" at the start of a line is Markdown, not HTML: keep it.
    s = re.sub(r"(?m)^(\s{0,3})&gt;", r"\1>", s)
    s = _LINK_TARGET.sub("]\\\\(", _IMAGE.sub("\\\\!", s))
    if cut:
        s += f"\n\n*(instructions cut at {limit:,} of {len(text):,} characters)*"
    return s
