"""The tokenizer inspector's counts table: one row per tokenizer (no widgets, nothing computed here)."""

from __future__ import annotations

from typing import Mapping, Optional, Sequence

import pandas as pd

from rouge_core.teach.token_stages import TokenStages
from rouge_core.text.tokenize import TOKENIZER_RULES
from rouge_core.text.tokenizers_extra import REQUIREMENTS

#: Column -> what it counts (the page shows these as the columns' help).
COLUMNS: dict[str, str] = {
    "tokenizer": "The tokenizer.",
    "stemmer": "The stemmer it runs with (its own package's), or off.",
    "letters kept": "Letters and digits of the text that survive as parts of tokens, of all of them.",
    "dropped": "Characters the tokenizer drops.",
    "splitting": "Characters at which the tokenizer splits a word.",
    "tokens": "Tokens after case folding and cleaning.",
    "no stopwords": "Tokens after removing stopwords (as many as before when the option is off).",
    "stemmed": "Tokens after stemming (the same tokens, stemmed; fewer distinct ones).",
    "ROUGE-1 R": "ROUGE-1 recall of the Inspect page's pair under this tokenizer (other options from the sidebar).",
}


def counts_frame(stages: Mapping[str, TokenStages], rouge1: Optional[Mapping[str, float]] = None) -> pd.DataFrame:
    """One row per tokenizer, short column names (:data:`COLUMNS` explains them) so the table fits the
    page; ``rouge1``: the Inspect pair's ROUGE-1 recall per tokenizer (no column without it)."""
    rows = []
    for tok, ts in stages.items():
        kept, letters = ts.letters
        row: dict[str, object] = {
            "tokenizer": tok,
            "stemmer": ts.stages[3].rule.split(",")[0] if ts.stages[3].enabled else "off",
            "letters kept": f"{kept} of {letters}",
            "dropped": ts.count("dropped"),
            "splitting": ts.count("split"),
            "tokens": ts.stages[1].count,
            "no stopwords": ts.stages[2].count,
            "stemmed": ts.stages[3].count,
        }
        if rouge1 is not None:
            row["ROUGE-1 R"] = rouge1.get(tok)  # None (an empty cell) for a tokenizer it has no score of
        rows.append(row)
    return pd.DataFrame(rows)


def not_installed_text(names: Sequence[str]) -> str:
    """Markdown naming each tokenizer whose optional package is missing, with its rule's first clause
    and the command that installs it ('' when none is missing).

    >>> not_installed_text(["jieba"]).splitlines()[1]
    "- **jieba** (Chinese words by jieba's default dictionary without its HMM guesses): `pip install 'rouge-core[zh]'`"
    """
    if not names:
        return ""
    lines = [f"- **{n}** ({TOKENIZER_RULES[n].split(';')[0]}): `{REQUIREMENTS[n].install}`" for n in names]
    return "\n".join(["Not installed here, so not shown (each is an optional extra):", *lines])
