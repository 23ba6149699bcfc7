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

from . import colours

#: (start, end, style, title): character offsets into the text, a class name or
#: colour (several separated by spaces), and a tooltip.
Span = tuple[int, int, str, str]

#: Styles of the known classes (in :data:`CSS`; :func:`page` puts it before every block). Each verdict
#: has a second cue besides its colour (ui/render/colours.py): credited a solid underline, clipped a dashed
#: one, missing a dotted one; spent marks are struck through, dropped text is grey and struck.
CLASS_STYLES: dict[str, str] = {
    "rl-match": f"background:{colours.CREDITED};border-bottom:2px solid {colours.CREDITED_INK};",
    "rl-clipped": f"background:{colours.CLIPPED};border-bottom:2px dashed {colours.CLIPPED_INK};",
    "rl-miss": f"background:{colours.MISSING};border-bottom:2px dotted {colours.MISSING_INK};",
    "rl-spent": f"text-decoration:line-through 2px {colours.CURRENT_INK};",
    "rl-dropped": f"color:{colours.DROPPED_INK};text-decoration:line-through 1px {colours.DROPPED_INK};",
    "rl-shared": f"border-bottom:3px double {colours.CURRENT_INK};",
    "rl-current": f"outline:3px solid {colours.CURRENT_INK};outline-offset:1px;",
    "rl-tok": "box-shadow:inset 0 0 0 1px #8c8c8c;",
    "rl-plain": "",
}

CSS = (
    "<style>\n"
    + "".join(f".{k}{{{v}}}\n" for k, v in CLASS_STYLES.items() if v)
    + """
.rl-text{white-space:pre-wrap;line-height:2.1;font-size:0.98rem;padding:0.35rem 0.5rem;
 border:1px solid rgba(128,128,128,0.25);border-radius:0.4rem;overflow-wrap:anywhere;}
.rl-text span[title]{cursor:help;border-radius:0.2rem;padding:0.05rem 0.05rem;}
[data-tag]::after{content:attr(data-tag);font-size:0.66em;vertical-align:sub;margin-left:0.1em;opacity:0.85;}
.rl-legend{display:flex;flex-wrap:wrap;gap:0.3rem 0.9rem;font-size:0.85rem;margin:0.2rem 0 0.4rem 0;}
.rl-legend span.rl-swatch{display:inline-block;min-width:1.6rem;padding:0 0.25rem;margin-right:0.3rem;
 border-radius:0.2rem;text-align:center;}
.rl-note{font-size:0.85rem;opacity:0.8;margin:0.2rem 0;}
.rl-row{margin:0.25rem 0;}
.rl-sub{margin:0.1rem 0 0.1rem 1.2rem;font-size:0.92rem;}
.rl-scroll{max-height:36rem;overflow-y:auto;padding-right:0.3rem;}
.rl-row b{font-weight:600;}
.rl-table{border-collapse:collapse;font-size:0.88rem;margin:0.3rem 0;}
.rl-table td,.rl-table th{border-bottom:1px solid rgba(128,128,128,0.3);padding:0.15rem 0.6rem;text-align:right;}
.rl-table td:first-child,.rl-table th:first-child{text-align:left;}
</style>"""
)

_CLASS = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")
_COLOUR = re.compile(r"^(#[0-9a-fA-F]{3,8}|rgba?\([0-9.,%\s]+\))$")


def esc(text: object) -> str:
    """Escape any value for HTML text or a quoted attribute.

    >>> esc('<b a="1">')
    '&lt;b a=&quot;1&quot;&gt;'
    """
    return html.escape(str(text), quote=True)


_HEX = re.compile(r"^#[0-9a-fA-F]{3,8}$")
#: A small label drawn after a token (``c2``, ``r3``, ``c1+c2``): the second cue of a sequence colour.
_TAG = re.compile(r"^tag:([A-Za-z0-9+.\-]{1,16})$")


def tagged(colour: str, tag: str) -> str:
    """A style word pair: ``colour`` with the small label ``tag`` after the text.

    >>> tagged("#9c8bdb", "c1")
    '#9c8bdb tag:c1'
    """
    return f"{colour} tag:{tag}"


def stripes(*colours_: str) -> str:
    """A style word for a background split into equal vertical bands, one per colour
    (a token credited from several candidate sentences).

    >>> stripes("#aaa", "#bbb")
    '#aaa/#bbb'
    """
    return "/".join(colours_)


def style_attrs(style: str) -> str:
    """``class``/``style``/``data-tag`` attributes for a space-separated list of class names, colours
    (written without spaces: ``#a6cee3``, ``rgb(1,2,3)``), bands of hex colours (``#aaa/#bbb``)
    and one label (``tag:c2``).

    Unknown words that are none of these are ignored.

    >>> style_attrs("rl-match")
    ' class="rl-match"'
    >>> style_attrs("#ff0000 rl-spent")
    ' class="rl-spent" style="background:#ff0000;"'
    >>> style_attrs("#aaa/#bbb tag:c1+c2")
    ' style="background:linear-gradient(90deg,#aaa 0% 50%,#bbb 50% 100%);" data-tag="c1+c2"'
    >>> style_attrs("x\\" onclick=1 tag:<b>")
    ''
    """
    classes: list[str] = []
    inline: list[str] = []
    tag = ""
    for word in style.split():
        if _COLOUR.match(word):
            inline.append(f"background:{word};")
        elif "/" in word and all(_HEX.match(c) for c in word.split("/")):
            bands = word.split("/")
            n = len(bands)
            stops = ",".join(f"{c} {100 * k / n:g}% {100 * (k + 1) / n:g}%" for k, c in enumerate(bands))
            inline.append(f"background:linear-gradient(90deg,{stops});")
        elif m := _TAG.match(word):
            tag = m.group(1)
        elif _CLASS.match(word):
            classes.append(word)
    out = ""
    if classes:
        out += f' class="{esc(" ".join(classes))}"'
    css = "".join(inline)
    if css:
        out += f' style="{esc(css)}"'
    if tag:
        out += f' data-tag="{esc(tag)}"'
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
    return [
        (d.start - start, d.end - start, "rl-dropped", f"not counted: {d.reason}")
        for d in analysis.dropped
        if d.end > start and d.start < end
    ]


#: Longest text drawn as HTML (about 2,500 tokens); longer texts are cut with a note.
MAX_CHARS = 15_000


def analysis_html(
    analysis: Analysis, spans: Sequence[Span], max_chars: int = MAX_CHARS, start: int = 0, end: Optional[int] = None
) -> str:
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
        attrs = (
            attrs.replace(' class="', ' class="rl-swatch ', 1)
            if ' class="' in attrs
            else (' class="rl-swatch"' + attrs)
        )
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


# -- text on figures ----------------------------------------------------------------------------------

#: Characters per line of a figure title (14 px) and subtitle (11 px) that fit a half-width column
#: (about 430 px at 1280 px with the sidebar open).
TITLE_CHARS = 56
SUBTITLE_CHARS = 72


def wrap(text: str, width: int = TITLE_CHARS) -> str:
    """``text`` escaped and broken into lines of at most ``width`` characters (``<br>`` between), for
    plotly titles, which never wrap by themselves. Words longer than a line are cut.

    >>> wrap("a <b> c", 4)
    'a<br>&lt;b&gt;<br>c'
    """
    lines: list[str] = []
    line = ""
    for word in str(text).split():
        word = short(word, width)
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    if line:
        lines.append(line)
    return "<br>".join(esc(x) for x in lines)


def lines_of(wrapped: str) -> int:
    """How many lines a :func:`wrap` result has (0 for none)."""
    return wrapped.count("<br>") + 1 if wrapped else 0


#: Most token labels one axis shows; past it every k-th token is labelled (the hover names them all).
MAX_TICKS = 30
#: Longest token label on an axis (characters, with the position number).
TICK_CHARS = 12


def token_ticks(
    texts: Sequence[str], first: Optional[str] = None, max_ticks: int = MAX_TICKS
) -> tuple[list[int], list[str]]:
    """Tick positions and escaped labels ``"k. token"`` for an axis of tokens, thinned to at most
    ``max_ticks`` labels; with ``first`` (e.g. ``"∅"`` for the empty prefix), position 0 is that
    label and token k sits at position k.

    >>> token_ticks(["police", "internationalisation"], first="∅")
    ([0, 1, 2], ['∅', '1. police', '2. internat…'])
    >>> len(token_ticks([f"w{i}" for i in range(100)])[0])
    25
    """
    labels = ([first] if first is not None else []) + [short(f"{k + 1}. {t}", TICK_CHARS) for k, t in enumerate(texts)]
    step = max(1, -(-len(labels) // max_ticks))
    vals = list(range(0, len(labels), step))
    return vals, [esc(labels[v]) for v in vals]


def tick_angle(shown: int) -> int:
    """Rotation of ``shown`` column labels: flat for a few, 45 degrees up to 12, upright past that
    (upright labels need only their line height, about 14 px, side by side).

    >>> tick_angle(5), tick_angle(12), tick_angle(13)
    (0, -45, -90)
    """
    return 0 if shown <= 5 else (-45 if shown <= 12 else -90)


def tick_depth(labels: Sequence[str], angle: int, font_px: int = 11) -> int:
    """Pixels a row of tick labels takes across its axis (for the margin that holds it).

    >>> tick_depth(["1. police"], 0), tick_depth(["1. police"], -90)
    (17, 60)
    """
    longest = max((len(html.unescape(x)) for x in labels), default=0) * font_px * 0.55
    if angle == 0:
        return font_px + 6
    if angle == -90:
        return int(longest) + 6
    return int(longest * 0.71 + font_px * 0.71) + 6


def figure_title(title: str, subtitle: str = "") -> tuple[dict, int]:
    """A plotly ``layout.title`` with both texts wrapped to fit a half-width column, placed at the top
    of the figure, and the pixels it takes (the top margin adds the axis labels under it).

    >>> t, px = figure_title("LCS table", "Tie rule: up first")
    >>> t["text"], t["subtitle"]["text"], px
    ('LCS table', 'Tie rule: up first', 52)
    """
    head = wrap(title, TITLE_CHARS)
    sub = wrap(subtitle, SUBTITLE_CHARS)
    out: dict = dict(
        text=head,
        font=dict(size=14),
        x=0.01,
        xanchor="left",
        y=1,
        yanchor="top",
        yref="container",
        pad=dict(t=10),
        automargin=True,
    )
    px = 14 + 19 * lines_of(head)
    if sub:
        out["subtitle"] = dict(text=sub, font=dict(size=11))
        px += 4 + 15 * lines_of(sub)
    return out, px
