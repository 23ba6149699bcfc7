"""'What does ROUGE miss?' as escaped HTML tables: rows are perturbations, columns measures, each cell
the score and its change from the original, a fooled cell marked with a word and a symbol (not by
colour alone)."""

from __future__ import annotations

from rouge_core.teach.blind_spots import (
    SHARE,
    TOLERANCE,
    CorpusBlindSpots,
    PairBlindSpots,
    Statistic,
    Verdict,
    verdict,
)
from ui.render import colours
from ui.render.html import esc, page
from ui.render.numbers import number

STATISTICS: dict[str, Statistic] = {"F-measure": "fmeasure", "Recall": "recall", "Precision": "precision"}
# A no-break space keeps each symbol with its word when a narrow column wraps the mark.
FOOLED = "⚠\u00a0fooled"
NOTICED = "✓\u00a0noticed"
NOTHING = "○\u00a0nothing to lose"
MARKS = {"fooled": FOOLED, "noticed": NOTICED, "nothing to lose": NOTHING}
DIGITS = 3

_CSS = f"""<style>
.bs-table{{border-collapse:collapse;font-size:0.86rem;width:100%;}}
.bs-table th,.bs-table td{{border-bottom:1px solid rgba(128,128,128,0.35);padding:0.3rem 0.35rem;vertical-align:top;}}
.bs-table td:first-child{{min-width:9.5rem;}}
.bs-table td.bs-why{{min-width:8rem;}}
.bs-table th{{text-align:left;position:sticky;top:0;background:#ffffff;}}
.bs-table td.bs-num{{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums;}}
.bs-table td.bs-fooled{{background:{colours.CLIPPED};box-shadow:inset 3px 0 0 {colours.CLIPPED_INK};}}
.bs-mark{{display:block;font-size:0.78rem;font-weight:600;white-space:normal;}}
.bs-text{{font-size:0.8rem;color:#333333;margin-top:0.2rem;white-space:pre-wrap;overflow-wrap:anywhere;
 max-height:7.5rem;overflow-y:auto;}}
.bs-why{{font-size:0.82rem;}}
.bs-count{{display:block;font-size:0.74rem;white-space:normal;}}
.bs-wrap{{overflow-x:auto;}}
</style>"""


def rule_text(stat_name: str) -> str:
    """The fooled rule in one sentence, for the page.

    >>> rule_text("F-measure")[:60]
    'A score moves when it drops by more than 0.05 or by more tha'
    """
    return (
        f"A score moves when it drops by more than {TOLERANCE} or by more than {SHARE:.0%} of the original "
        f"score. A cell is marked {FOOLED} when the {stat_name} misjudges the change: it does not move "
        f"although the meaning changed, or (synonyms, which keep the meaning) it moves. Other cells are "
        f"marked {NOTICED}, or {NOTHING} when the score was 0 and stayed 0 (no overlap to lose)."
    )


def _signed(x: float) -> str:
    # A change that rounds to zero is shown as +0.000, not -0.000.
    return ("−" if round(x, DIGITS) < 0 else "+") + number(abs(x), DIGITS)


def _cell(value: float, change: float, judged: Verdict) -> str:
    mark = MARKS[judged]
    cls = "bs-num bs-fooled" if judged == "fooled" else "bs-num"
    return f'<td class="{cls}">{number(value, DIGITS)}<br>{_signed(change)}<span class="bs-mark">{mark}</span></td>'


def _head(first: tuple[str, ...], labels: tuple[str, ...]) -> str:
    cells = "".join(f"<th>{esc(c)}</th>" for c in (*first, *labels))
    return f"<thead><tr>{cells}</tr></thead>"


def pair_html(result: PairBlindSpots, stat: Statistic) -> str:
    """The pair's table: the original first, then one row per perturbation (the perturbed text escaped).

    >>> from rouge_core import RougeConfig
    >>> from rouge_core.teach.blind_spots import pair_blind_spots
    >>> out = pair_html(pair_blind_spots(["<b>a</b> b"], [["a b"]], RougeConfig(max_n=1)), "recall")
    >>> "&lt;b&gt;a&lt;/b&gt;" in out, "<b>a</b>" in out
    (True, False)
    """
    labels = result.labels
    rows = [
        "<tr><td><b>Original</b></td><td class='bs-why'>The candidate as given.</td>"
        + "".join(f'<td class="bs-num">{number(getattr(result.original[lb], stat), DIGITS)}</td>' for lb in labels)
        + "</tr>"
    ]
    for row in result.rows:
        p, done = row.perturbation, row.perturbed
        title = f"<b>{esc(p.title)}</b>"
        if not done.applied:
            rows.append(
                f"<tr><td>{title}</td><td class='bs-why'>{esc(p.meaning)}</td>"
                f"<td colspan='{len(labels)}'><i>Not applied: {esc(done.reason)}.</i></td></tr>"
            )
            continue
        judged = {lb: result.verdict(row, lb, stat) for lb in labels}
        fooled = [lb for lb in labels if judged[lb] == "fooled"]
        said = f"Fooled: {', '.join(fooled)}." if fooled else "No measure fooled."
        cells = "".join(_cell(getattr(row.scores[lb], stat), result.change(row, lb, stat), judged[lb]) for lb in labels)
        rows.append(
            # the text's box scrolls past 7.5rem: focusable and named, so a keyboard can scroll it (WCAG 2.1.1)
            f"<tr><td>{title}<div class='bs-text' tabindex='0' role='region' "
            f"aria-label='{esc(p.title)}: the perturbed text'>{esc(done.text)}</div></td>"
            f"<td class='bs-why'>{esc(p.meaning)}<br><b>{esc(said)}</b></td>{cells}</tr>"
        )
    table = f'<table class="bs-table">{_head(("Perturbation", "What it does to the meaning"), labels)}<tbody>'
    return page(_CSS, f'<div class="bs-wrap">{table}{"".join(rows)}</tbody></table></div>')


def corpus_html(result: CorpusBlindSpots, stat: Statistic) -> str:
    """The corpus table: per perturbation and measure, the average score, the average change and on
    how many pairs the measure was fooled; a cell is marked by the same rule applied to the averages."""
    labels = result.labels
    rows = []
    for row in result.rows:
        p = row.perturbation
        title = f"<b>{esc(p.title)}</b>"
        applied = f"{row.applied} of {row.applied + row.not_applied}"
        if not row.applied:
            rows.append(
                f"<tr><td>{title}</td><td class='bs-num'>{applied}</td>"
                f"<td colspan='{len(labels)}'><i>Applied to no pair of the sample.</i></td></tr>"
            )
            continue
        cells = []
        for lb in labels:
            change = row.mean_change(lb, stat)
            # the same rule as a pair's cells, on the averages
            cell = _cell(
                row.mean_score(lb, stat), change, verdict(p.keeps_meaning, row.mean_original(lb, stat), change)
            )
            count = f"<span class='bs-count'>fooled on {row.fooled_pairs(lb, stat)}&nbsp;of&nbsp;{row.applied}</span>"
            cells.append(cell.replace("</td>", count + "</td>"))
        rows.append(f"<tr><td>{title}</td><td class='bs-num'>{applied}</td>{''.join(cells)}</tr>")
    table = f'<table class="bs-table">{_head(("Perturbation", "Applied to (pairs)"), labels)}<tbody>'
    return page(_CSS, f'<div class="bs-wrap">{table}{"".join(rows)}</tbody></table></div>')
