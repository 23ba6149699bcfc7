"""A peer's (candidate, reference(s)) texts, read from the summary files its evaluations name.

The command line scores these with :func:`rouge_core.batch.corpus.corpus_columns`. Each summary file is
read once (:class:`SummaryTexts`: the models every peer shares are not read again for the next peer)
and handed to the batch as one text, its sentences one a line
(:func:`rouge_core.io.perl_inputs.read_summary_text`); a pair with one model is two texts, the chunk
path's shortest way in. A run of 10,000 pairs does this 20,000 times, so the loop is kept lean.
"""

from __future__ import annotations

import os
import sys
from typing import Optional, Sequence

from ..batch.score import Pair
from ..io.perl_inputs import Evaluation, InputError, UsageError, read_summary_text, shown


class SummaryTexts:
    """Summary files read as texts (:func:`~rouge_core.io.perl_inputs.read_summary_text`), each file once
    per input format.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".spl", delete=False) as fh:
    ...     _ = fh.write("Police killed the gunman.\\n\\nHe fled.\\n")
    >>> texts = SummaryTexts()
    >>> texts.text(fh.name, "SPL"); os.remove(fh.name)
    'Police killed the gunman.\\nHe fled.'
    >>> texts.text(fh.name, "SPL")  # read once: the file is gone, its text is not
    'Police killed the gunman.\\nHe fled.'
    """

    def __init__(self) -> None:
        # by format, then by path: a -z run has one format, so the lookup per file is one dict's
        self._by_format: dict[Optional[str], dict[str, str]] = {}

    def of_format(self, fmt: Optional[str]) -> dict[str, str]:
        """The texts read so far in format ``fmt``, by path (the dict :meth:`text` fills)."""
        known = self._by_format.get(fmt)
        if known is None:
            known = self._by_format[fmt] = {}
        return known

    def text(self, path: str, fmt: Optional[str]) -> str:
        """The sentences of the summary file ``path``, one a line (read on the first call for the pair)."""
        known = self.of_format(fmt)
        found = known.get(path)
        if found is None:
            found = known[path] = read_summary_text(path, fmt)
        return found


def peer_pairs(evals: Sequence[Evaluation], peer: str, texts: SummaryTexts) -> tuple[list[str], list[Pair]]:
    """The evaluation IDs and (candidate, reference(s)) texts of ``peer``'s evaluations, in the config's
    order. An evaluation without ``peer`` is skipped with ROUGE-1.5.5's warning on stderr; a pair with one
    model has that model's text as its reference, else the list of the models' texts. A summary that
    cannot be read stops the run (:class:`~rouge_core.io.perl_inputs.InputError`), a missing model first
    (:class:`~rouge_core.io.perl_inputs.UsageError`, the script's message).

    >>> import tempfile, os
    >>> d = tempfile.mkdtemp()
    >>> for name, words in (("p", "a b"), ("m1", "a c"), ("m2", "b")):
    ...     with open(os.path.join(d, name), "w") as fh:
    ...         _ = fh.write(words + "\\n")
    >>> evs = [Evaluation("1", "SPL", {"X": f"{d}/p"}, [f"{d}/m1"]), Evaluation("2", "SPL", {"X": f"{d}/p"},
    ...        [f"{d}/m1", f"{d}/m2"])]
    >>> peer_pairs(evs, "X", SummaryTexts())
    (['1', '2'], [('a b', 'a c'), ('a b', ['a c', 'b'])])
    >>> for name in ("p", "m1", "m2"):
    ...     os.remove(os.path.join(d, name))
    >>> os.rmdir(d)
    """
    ids: list[str] = []
    pairs: list[Pair] = []
    fmt: Optional[str] = None
    known = texts.of_format(fmt)
    for ev in evals:
        path = ev.peers.get(peer)
        if path is None:
            print(
                f"*ROUGE Warning: test instance for peer {peer} does not exist for evaluation {ev.eval_id}",
                file=sys.stderr,
            )
            continue
        if ev.fmt != fmt:  # an XML config may name a format per evaluation; a -z list has one
            fmt = ev.fmt
            known = texts.of_format(fmt)
        models = ev.models
        try:
            # the candidate first, then the models in order: the first file that fails is the one named
            cand = known.get(path)
            if cand is None:
                cand = known[path] = read_summary_text(path, fmt)
            if len(models) == 1:  # one model is the reference text itself, as reference_list reads it
                ref = known.get(models[0])
                if ref is None:
                    ref = known[models[0]] = read_summary_text(models[0], fmt)
                pairs.append((cand, ref))
            else:
                pairs.append((cand, [texts.text(m, fmt) for m in models]))
        except InputError:
            # The script's first complaint is a missing model, whatever else is wrong with the files;
            # looked for only now: a stat per model file is 10,000 system calls in a large run.
            missing = [m for m in models if not os.path.exists(m)]
            if missing:
                raise UsageError(f"Cannot find model summary: {shown(missing[0])}") from None
            raise
        ids.append(ev.eval_id)
    return ids, pairs
