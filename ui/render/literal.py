"""User text inside Streamlit elements that render Markdown, shown as literal text.

``st.warning``, ``st.info``, ``st.error``, ``st.success``, ``st.caption``,
``st.markdown``, metric labels and ``help=`` tooltips render Markdown: a pasted
``![t](http://host/img.png)`` would load an image, ``[Log in](http://host)`` would be
a link, a bare ``http://host`` an autolink, ``:red[x]`` coloured text, ``$x$`` maths.
Every piece of user-controlled text (pasted text, file names, JSON keys, values from a
shared link, exception messages that quote them) goes through :func:`md_literal` first.
"""

from __future__ import annotations

import re

# CommonMark lets a backslash escape any ASCII punctuation character, and an escaped
# character never starts a link, image, emphasis, autolink, directive or formula.
_PUNCT = re.compile(r"([!-/:-@\[-`{-~])")
# GFM turns bare URLs and e-mail addresses into links after parsing, escapes or not: a word
# joiner (U+2060, invisible) inside "http:", "www." and before "@" keeps them text.
_AUTOLINK = re.compile(r"(?i)(https?|ftp|www|mailto|xmpp)(?=[:.])|(?=@)")


def md_literal(text: object, limit: int = 300) -> str:
    """``text`` escaped so that Markdown shows it character for character (cut to ``limit``).

    >>> md_literal("![t](h/i.png)")
    '\\\\!\\\\[t\\\\]\\\\(h\\\\/i\\\\.png\\\\)'
    >>> md_literal("http://h") == "http\u2060\\\\:\\\\/\\\\/h"
    True
    >>> md_literal("a" * 10, limit=4)
    'aaaa… (10 characters)'
    """
    s = str(text)
    # Line breaks would start new blocks (a list, a heading, a code block): keep one paragraph.
    s = s.replace("\r", " ").replace("\n", " ")
    cut = f"… ({len(s):,} characters)" if len(s) > limit else ""
    return _PUNCT.sub(r"\\\1", _AUTOLINK.sub(lambda m: (m.group(1) or "") + "\u2060", s[:limit])) + cut
