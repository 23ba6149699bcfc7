"""Drop-in adapters for the ROUGE libraries people already call, computed by rouge_core.

* :class:`RougeScorer`: rouge-score's ``rouge_scorer.RougeScorer`` (``score(target, prediction)``,
  ``score_multi``), plus ``score_batch`` for many pairs at once;
* :func:`compute`: Hugging Face evaluate's ``evaluate.load("rouge").compute``.

Both give rouge-score 0.1.2's numbers exactly (the ``rouge-score`` profile; tests compare them on
generated text). docs/switching.md shows the change each caller needs.

>>> from rouge_core.compat import RougeScorer, compute
>>> RougeScorer(["rouge1"]).score("the cat sat", "the cat ran")["rouge1"].fmeasure
0.6666666666666666
>>> compute(["the cat ran"], ["the cat sat"], rouge_types=["rouge1"], use_aggregator=False)
{'rouge1': [0.6666666666666666]}
"""

from .hf_evaluate import compute
from .names import DEFAULT_TYPES, ROUGE_TYPES
from .scorer import RougeScorer, Score

__all__ = ["RougeScorer", "Score", "compute", "ROUGE_TYPES", "DEFAULT_TYPES"]
