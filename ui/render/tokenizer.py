"""The tokenizer inspector's counts table: one row per tokenizer (no widgets, nothing computed here)."""

from __future__ import annotations

from typing import Mapping, Optional

import pandas as pd

from rouge_core.teach.token_stages import TokenStages

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
            row["ROUGE-1 R"] = rouge1[tok]
        rows.append(row)
    return pd.DataFrame(rows)
