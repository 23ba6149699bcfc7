"""Escaped HTML for texts with highlighted token spans, a small CSS block and legends.

Every piece of user text (the text itself, titles, legend labels) goes through
:func:`html.escape`; styles are either known class names or validated colours,
so nothing a user types can become markup.
"""
from __future__ import annotations

import html
import re
from typing import Iterable, Optional, Sequence

from rouge_core import Analysis, Token

#: (start, end, style, title): character offsets into the text, a class name or
#: colour (several separated by spaces), and a tooltip.
Span = tuple[int, int, str, str]

#: Styles of the known classes (in :data:`CSS`; :func:`page` puts it before every block).
CLASS_STYLES: dict[str, str] = {
    "rl-match": "background:#b7e4c7;border-bottom:2px solid #2d6a4f;",
    "rl-clipped": "background:#ffe8a3;border-bottom:2px dashed #b08900;",
    "rl-miss": "background:#fde2e1;",
    "rl-spent": "text-decoration:line-through 2px #c0392b;opacity:0.8;",
    "rl-dropped": "color:#9a9a9a;text-decoration:line-through 1px #b5b5b5;",
    "rl-plain": "",
}

#: Qualitative colours (candidate sentences, runs), light enough for black text.
PALETTE: tuple[str, ...] = (
    "#a6cee3", "#b2df8a", "#fdbf6f", "#cab2d6", "#fb9a99", "#ffff99",
    "#8dd3c7", "#bebada", "#80b1d3", "#fccde5", "#d9d9d9", "#ccebc5",
)

#: Darker partners of :data:`PALETTE` for lines and markers on figures.
PALETTE_DARK: tuple[str, ...] = (
    "#1f78b4", "#33a02c", "#ff7f00", "#6a3d9a", "#e31a1c", "#b15928",
    "#1b9e77", "#7570b3", "#386cb0", "#e7298a", "#666666", "#4daf4a",
)

CSS = "<style>\n" + "".join(f".{k}{{{v}}}\n" for k, v in CLASS_STYLES.items() if v) + """
.rl-text{white-space:pre-wrap;line-height:2.0;font-size:0.98rem;padding:0.35rem 0.5rem;
 border:1px solid rgba(128,128,128,0.25);border-radius:0.4rem;overflow-wrap:anywhere;}
.rl-text span[title]{cursor:help;border-radius:0.2rem;padding:0.05rem 0.05rem;}
.rl-legend{display:flex;flex-wrap:wrap;gap:0.3rem 0.9rem;font-size:0.85rem;margin:0.2rem 0 0.4rem 0;}
.rl-legend span.rl-swatch{display:inline-block;min-width:1.6rem;padding:0 0.25rem;margin-right:0.3rem;
 border-radius:0.2rem;text-align:center;}
.rl-note{font-size:0.85rem;opacity:0.8;margin:0.2rem 0;}
.rl-row{margin:0.25rem 0;}
.rl-scroll{max-height:36rem;overflow-y:auto;padding-right:0.3rem;}
.rl-row b{font-weight:600;}
</style>"""

_CLASS = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
_COLOUR = re.compile(r"^(#[0-9a-fA-F]{3,8}|rgba?\([0-9.,%\s]+\))$")


def color(i: int, dark: bool = False) -> str:
    """The i-th palette colour (cycling).

    >>> color(0), color(12)
    ('#a6cee3', '#a6cee3')
    """
    pal = PALETTE_DARK if dark else PALETTE
    return pal[i % len(pal)]


def esc(text: object) -> str:
    """Escape any value for HTML text or a quoted attribute.

    >>> esc('<b a="1">')
    '&lt;b a=&quot;1&quot;&gt;'
    """
    return html.escape(str(text), quote=True)


def style_attrs(style: str) -> str:
    """``class``/``style`` attributes for a space-separated list of class names and colours
    (colours written without spaces: ``#a6cee3``, ``rgb(1,2,3)``).

    Unknown words that are neither a class name nor a colour are ignored.

    >>> style_attrs("rl-match")
    ' class="rl-match"'
    >>> style_attrs("#ff0000 rl-spent")
    ' class="rl-spent" style="background:#ff0000;"'
    >>> style_attrs("x\\" onclick=1")
    ''
    """
    classes: list[str] = []
    inline: list[str] = []
    for word in style.split():
        if _COLOUR.match(word):
            inline.append(f"background:{word};")
        elif _CLASS.match(word):
            classes.append(word)
    out = ""
    if classes:
        out += f' class="{esc(" ".join(classes))}"'
    css = "".join(inline)
    if css:
        out += f' style="{esc(css)}"'
    return out


def highlight(text: str, spans: Iterable[Span], wrap: bool = True) -> str:
    """``text`` as escaped HTML with the spans marked.

    Overlapping spans split the text at every boundary; a piece covered by
    several spans takes the style of the last one given and all their titles.
    Spans are clipped to the text. With ``wrap`` the result is a ``div.rl-text``
    (white space and line breaks kept).

    >>> highlight("a <b> c", [(2, 5, "rl-match", "the 'b'")], wrap=False)
    'a <span class="rl-match" title="the &#x27;b&#x27;">&lt;b&gt;</span> c'
    """
    n = len(text)
    clean: list[Span] = []
    for s, e, style, title in spans:
        s, e = max(0, int(s)), min(n, int(e))
        if e > s:
            clean.append((s, e, style, title))
    points = sorted({0, n, *(s for s, _, _, _ in clean), *(e for _, e, _, _ in clean)})
    starts: dict[int, list[int]] = {}
    ends: dict[int, list[int]] = {}
    for k, (s, e, _, _) in enumerate(clean):
        starts.setdefault(s, []).append(k)
        ends.setdefault(e, []).append(k)
    active: set[int] = set()
    out: list[str] = []
    for a, b in zip(points, points[1:]):
        for k in ends.get(a, ()):
            active.discard(k)
        active.update(starts.get(a, ()))
        piece = esc(text[a:b])
        if not active:
            out.append(piece)
            continue
        order = sorted(active)
        style = clean[order[-1]][2]
        titles = list(dict.fromkeys(clean[k][3] for k in order if clean[k][3]))
        title = f' title="{esc("; ".join(titles))}"' if titles else ""
        out.append(f"<span{style_attrs(style)}{title}>{piece}</span>")
    body = "".join(out)
    return f'<div class="rl-text">{body}</div>' if wrap else body


def token_span(token: Token, style: str, title: str, offset: int = 0) -> Span:
    """A span over one token (offsets shifted by ``-offset`` for a slice of the text)."""
    return (token.start - offset, token.end - offset, style, title)


def dropped_spans(analysis: Analysis, start: int = 0, end: Optional[int] = None) -> list[Span]:
    """Grey, struck-through spans for the text that never reaches a count, titled with the reason."""
    end = len(analysis.text) if end is None else end
    return [(d.start - start, d.end - start, "rl-dropped", f"not counted: {d.reason}")
            for d in analysis.dropped if d.end > start and d.start < end]


#: Longest text drawn as HTML (about 2,500 tokens); longer texts are cut with a note.
MAX_CHARS = 15_000


def analysis_html(analysis: Analysis, spans: Sequence[Span], max_chars: int = MAX_CHARS,
                  start: int = 0, end: Optional[int] = None) -> str:
    """The text (or its slice ``start:end``) with ``spans`` and the dropped text marked.

    ``spans`` use offsets relative to ``start``. Text past ``max_chars`` is cut
    and the cut is said in a note.
    """
    end = len(analysis.text) if end is None else end
    text = analysis.text[start:end]
    note = ""
    if len(text) > max_chars:
        note = note_html(f"shown: the first {max_chars:,} of {len(text):,} characters")
        text = text[:max_chars]
    # Dropped text first, so token marks win where they touch.
    return highlight(text, [*dropped_spans(analysis, start, end), *spans]) + note


def legend(items: Sequence[tuple[str, str]], sample: str = "abc") -> str:
    """A row of swatches: (style, label) pairs; labels are escaped.

    >>> 'x&lt;y' in legend([("rl-match", "x<y")])
    True
    """
    parts = []
    for style, label in items:
        attrs = style_attrs(style)
        attrs = attrs.replace(' class="', ' class="rl-swatch ', 1) if ' class="' in attrs else (
            ' class="rl-swatch"' + attrs)
        parts.append(f"<span><span{attrs}>{esc(sample)}</span>{esc(label)}</span>")
    return f'<div class="rl-legend">{"".join(parts)}</div>'


def note_html(text: str) -> str:
    """A small escaped note line."""
    return f'<div class="rl-note">{esc(text)}</div>'


def row_html(label: str, inner_html: str) -> str:
    """A labelled row: escaped ``label`` then already-escaped ``inner_html``."""
    return f'<div class="rl-row"><b>{esc(label)}</b>{inner_html}</div>'


def scroll(*parts: str) -> str:
    """Already-escaped parts in a box that scrolls past about 36 lines."""
    return f'<div class="rl-scroll">{"".join(parts)}</div>'


def page(*parts: str) -> str:
    """The CSS block followed by already-escaped parts, ready for ``st.html``."""
    return CSS + "".join(parts)


def short(text: str, limit: int = 14) -> str:
    """Truncate a label to ``limit`` characters with an ellipsis (not escaped).

    >>> short("internationalisation", 8)
    'interna…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"
