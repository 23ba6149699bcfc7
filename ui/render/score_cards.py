"""Inspect's scores as escaped HTML: the line saying how the scores were computed, F of each headline
measure with P and R under it (the cards), and the table of every measure with its counts. One
``st.html`` element instead of a caption, a row of columns with a metric and a caption in each and an
``st.dataframe``: the texts' fragment redraws these on every paste, and each Streamlit element (the
dataframe's canvas grid most) costs the browser far more than its few lines of HTML (issue 22, target 7)."""

from __future__ import annotations

from rouge_core import Report

from .html import esc
from .scores import headline_measures, scores_frame

#: The table's numeric columns, printed with 5 decimals as the Perl script prints them.
_SCORE_COLUMNS = ("precision", "recall", "F")

_CSS = (
    "<style>.rl-cards{display:flex;flex-wrap:wrap;gap:0.6rem 1.2rem;margin:0.2rem 0 0.6rem 0;}"
    ".rl-card{flex:1 1 9rem;min-width:9rem;}"
    ".rl-card-label{font-size:0.875rem;margin:0;}"
    ".rl-card-value{font-size:2.25rem;line-height:1.2;margin:0;font-variant-numeric:tabular-nums;}"
    ".rl-card-pr,.rl-caption{font-size:0.875rem;opacity:0.7;margin:0;}"
    ".rl-scores{overflow-x:auto;}.rl-scores table{border-collapse:collapse;font-size:0.875rem;width:100%;}"
    ".rl-scores th,.rl-scores td{border-bottom:1px solid rgba(128,128,128,0.3);padding:0.2rem 0.5rem;"
    "text-align:right;font-variant-numeric:tabular-nums;}"
    ".rl-scores th:first-child,.rl-scores td:first-child,.rl-scores td:last-child{text-align:left;}</style>"
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


def scores_table_html(report: Report) -> str:
    """Every measure (:func:`ui.render.scores.scores_frame`'s rows and columns): P, R and F with 5 decimals,
    the counts as the frame writes them, the chosen reference when there is one, the notes; all escaped.

    >>> from rouge_core import RougeConfig, evaluate
    >>> html = scores_table_html(evaluate("police kill the gunman", ["police killed the gunman"], RougeConfig()))
    >>> row = html[html.index("<td>ROUGE-L</td>") :].split("</tr>")[0]
    >>> row.replace("</td>", "").split("<td>")[1:8]
    ['ROUGE-L', '0.75000', '0.75000', '0.75000', '3', '4', '4']
    """
    frame = scores_frame(report)
    head = "".join(f"<th>{esc(c)}</th>" for c in frame.columns)
    rows = []
    for record in frame.to_dict("records"):
        cells = [f"{v:.5f}" if c in _SCORE_COLUMNS else v for c, v in record.items()]
        rows.append("<tr>" + "".join(f"<td>{esc(v)}</td>" for v in cells) + "</tr>")
    return f'<div class="rl-scores"><table><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'


def scores_html(report: Report, caption: str) -> str:
    """The caption, the cards and the table (:func:`score_cards_html`, :func:`scores_table_html`): one block.

    >>> from rouge_core import RougeConfig, evaluate
    >>> html = scores_html(evaluate("a b", ["a c"], RougeConfig(max_n=1)), "Profile")
    >>> html.index('class="rl-caption"') < html.index('class="rl-cards"') < html.index('class="rl-scores"')
    True
    """
    return score_cards_html(report, caption) + scores_table_html(report)
