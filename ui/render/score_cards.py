"""Inspect's score cards as one escaped HTML block: the line saying how the scores were computed, then
F of each headline measure with P and R under it. One ``st.html`` element instead of a caption, a row of
columns and a metric and a caption in each: the texts' fragment redraws these on every paste, and each
Streamlit element costs the browser far more than its few lines of HTML (issue 22, target 7)."""

from __future__ import annotations

from rouge_core import Report

from .html import esc
from .scores import headline_measures

_CSS = (
    "<style>.rl-cards{display:flex;flex-wrap:wrap;gap:0.6rem 1.2rem;margin:0.2rem 0 0.6rem 0;}"
    ".rl-card{flex:1 1 9rem;min-width:9rem;}"
    ".rl-card-label{font-size:0.875rem;margin:0;}"
    ".rl-card-value{font-size:2.25rem;line-height:1.2;margin:0;font-variant-numeric:tabular-nums;}"
    ".rl-card-pr,.rl-caption{font-size:0.875rem;opacity:0.7;margin:0;}</style>"
)


def score_cards_html(report: Report, caption: str) -> str:
    """``caption`` (escaped), then a card per headline measure (:func:`ui.render.scores.headline_measures`):
    its F in 5 decimals, P and R under it, all three in the card's tooltip.

    >>> from rouge_core import RougeConfig, evaluate
    >>> html = score_cards_html(evaluate("a b", ["a c"], RougeConfig(max_n=1)), "x < y")
    >>> "x &lt; y" in html, html.count('class="rl-card"'), '<p class="rl-card-value">0.50000</p>' in html
    (True, 4, True)
    >>> html[html.index('aria-label="ROUGE-1 F"') :].split(">")[0]
    'aria-label="ROUGE-1 F" title="F = 0.50000, P = 0.50000, R = 0.50000"'
    """
    cards = []
    for label in headline_measures(report):
        sc = report.measures[label].score
        name = f"{report.display_name(label)} F"
        cards.append(
            f'<div class="rl-card" role="group" aria-label="{esc(name)}" '
            f'title="F = {sc.fmeasure:.5f}, P = {sc.precision:.5f}, R = {sc.recall:.5f}">'
            f'<p class="rl-card-label">{esc(name)}</p>'
            f'<p class="rl-card-value">{sc.fmeasure:.5f}</p>'
            f'<p class="rl-card-pr">P {sc.precision:.5f} · R {sc.recall:.5f}</p></div>'
        )
    return f'{_CSS}<p class="rl-caption">{esc(caption)}</p><div class="rl-cards">{"".join(cards)}</div>'
