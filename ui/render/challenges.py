"""A challenge's verdict as a table and sentences; the student's text echoed as literal text."""

from __future__ import annotations

import pandas as pd

from rouge_core.teach.challenges import Verdict
from ui.render.literal import md_literal


def verdict_frame(verdict: Verdict) -> pd.DataFrame:
    """The numbers the checker compared: one row each, with what the task wants and whether it is met.

    >>> from rouge_core.teach.challenges import Compared
    >>> verdict_frame(Verdict.of((Compared("ROUGE-2 F", 0.25, "> 0.5", False),))).to_dict("records")
    [{'number': 'ROUGE-2 F', 'value': 0.25, 'the task wants': '> 0.5', 'met': '✗ not yet'}]
    """
    return pd.DataFrame(
        [
            {"number": c.name, "value": c.value, "the task wants": c.wanted, "met": "✓ yes" if c.met else "✗ not yet"}
            for c in verdict.compared
        ],
        columns=["number", "value", "the task wants", "met"],
    )


def missing_markdown(verdict: Verdict) -> str:
    """What is still missing, one bullet each (the checker's own sentences, escaped as text).

    >>> missing_markdown(Verdict.refused("The box is *empty*."))
    '- The box is \\\\*empty\\\\*\\\\.'
    """
    return "\n".join(f"- {md_literal(m, 1000)}" for m in verdict.missing)


def refusal_markdown(verdict: Verdict) -> str:
    """Why an answer could not be scored (an empty box, no words, too long), as one paragraph.

    >>> print(refusal_markdown(Verdict.refused("The box is empty.")))
    The box is empty\\.
    """
    return " ".join(md_literal(m, 1000) for m in verdict.missing)


def echo(label: str, text: str) -> str:
    """The text that was checked, quoted literally (HTML and Markdown in it stay visible as typed), its
    lines joined by ⏎ (sentence boundaries matter to ROUGE-L).

    >>> echo("Your candidate", "<b>hi</b>\\nthere")
    'Your candidate, as checked: «\\\\<b\\\\>hi\\\\<\\\\/b\\\\> ⏎ there»'
    """
    lines = " ⏎ ".join(md_literal(line) for line in text.splitlines() if line.strip())
    return f"{md_literal(label)}, as checked: «{lines}»"


def given_markdown(label: str, text: str) -> str:
    """A fixed text of the task (the reference, the candidate to beat), as literal text.

    >>> given_markdown("Reference S1", "police killed the gunman")
    '**Reference S1**: «police killed the gunman»'
    """
    return f"**{md_literal(label)}**: «{md_literal(text)}»"
