"""Sentence splitting for running text: the rule set named ``abbreviation-aware`` (:data:`SPLITTER`).

ROUGE-L (summary level) takes one sentence per line, so text pasted without line breaks
must be split first. A plain "split after . ! ?" rule cuts "U.S." and "Dr. Smith" in two. This
splitter ends a sentence after ``.``, ``!``, ``?`` (or their CJK forms), optionally followed by
closing quotes or brackets, then white space, then a word (lowercased text such as CNN/DailyMail's
has no capitals to go by), except after

* a known abbreviation (titles such as Dr. Mr. Prof. Gen. Sen., Inc. Ltd. Co. Corp., months,
  e.g. i.e. etc. vs. No. St. ...),
* an initial (a single capital letter: "J. K. Rowling"),
* an acronym written with dots ("U.S.", "U.K.", "a.m."): these end a sentence only before a
  word that cannot continue one, which no rule can know, so they never split here.

A decimal ("3.14") or a dotted name ("rouge_core.evaluate") never has white space after the
dot, so it is never cut. This rule set needs no model files; NLTK's punkt (``splitter="punkt"``,
:mod:`rouge_core.text.punkt`) is there to match the pipelines that split with it.

:data:`SPLITTERS` is the one registry of splitters (name -> :class:`Splitter`): the readers'
sentence modes and the app's choices are read from it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Optional

from .punkt import PUNKT, punkt_sentences, punkt_unavailable

#: The name the app shows for this splitter.
SPLITTER = "abbreviation-aware rule set (rouge_core.text.sentences)"

ABBREVIATIONS = frozenset(
    """
mr mrs ms dr prof rev hon st sr jr gen sen rep gov lt col capt cmdr sgt maj adm pres supt insp det
inc ltd co corp plc bros llc dept univ assn est fig figs no nos vol vols pp ed eds approx
jan feb mar apr jun jul aug sep sept oct nov dec mon tue tues wed thu thur thurs fri sat sun
e.g i.e etc vs cf al viz ca mt ft
""".split()
)

_CJK_STOPS = "\u3002\uff01\uff1f"
_END = re.compile(r"[.!?][\"'\u201d\u2019)\]]*(?=\s)|[\u3002\uff01\uff1f][\"'\u201d\u2019)\]\u300d\u300f]*")
_CJK_GAP = re.compile(r"\s*(?=\S)")
_START = re.compile(r"\s+(?=[\"'\u201c\u2018(\[]?\w)")
_WORD_BEFORE = re.compile(r"(\S+)$")
_ACRONYM = re.compile(r"(?:[A-Za-z]\.){2,}$")


def _is_boundary(text: str, end: int) -> bool:
    """Whether the punctuation ending at ``end`` (exclusive) closes a sentence."""
    stop = text[end - 1] if text[end - 1] in ".!?\u3002\uff01\uff1f" else text.rstrip("\"'\u201d\u2019)]")[-1:]
    word = _WORD_BEFORE.search(text[:end])
    token = word.group(1).strip("\"'\u201c\u2018\u201d\u2019()[]") if word else ""
    if stop != "." or not token.endswith("."):
        return True
    core = token[:-1]
    if _ACRONYM.search(token):
        return False
    if len(core) == 1 and core.isalpha() and core.isupper():
        return False  # an initial
    return core.lower() not in ABBREVIATIONS


def rule_sentences(text: str) -> list[str]:
    """The sentences of ``text`` by the rule set: each line split further, blank ones dropped.

    >>> rule_sentences("One. Two!\\n\\nThree")
    ['One.', 'Two!', 'Three']
    """
    out: list[str] = []
    for line in text.strip().split("\n"):
        start = 0
        for m in _END.finditer(line):
            cjk = m.group()[0] in _CJK_STOPS  # CJK text has no space after its full stop
            gap = (_CJK_GAP if cjk else _START).match(line, m.end())
            if gap is None or not (cjk or _is_boundary(line, m.end())):
                continue
            out.append(line[start : m.end()].strip())
            start = gap.end()
        out.append(line[start:].strip())
    return [s for s in out if s]


@dataclass(frozen=True)
class Splitter:
    """A sentence splitter: its name (``splitter=``), what the app shows, when to use it, the function
    from text to sentences, and a check that says why it cannot run here (``None`` when it can)."""

    name: str
    title: str
    use: str
    sentences: Callable[[str], list[str]]
    unavailable: Callable[[], Optional[str]]


def _always() -> Optional[str]:
    return None


SPLITTERS: dict[str, Splitter] = {
    s.name: s
    for s in (
        Splitter(
            "rules",
            SPLITTER,
            "when nothing is known about how the text was split: abbreviations, initials, acronyms and "
            "decimals are not cut, CJK full stops are, no model files needed",
            rule_sentences,
            _always,
        ),
        Splitter(
            "punkt",
            PUNKT,
            "to reproduce Hugging Face's summarization examples and rouge-score's split_summaries=True, "
            "which split with nltk.sent_tokenize before rougeLsum (needs NLTK's punkt_tab data)",
            punkt_sentences,
            punkt_unavailable,
        ),
    )
}


def get_splitter(name: str) -> Splitter:
    """The registered splitter ``name`` (``ValueError`` naming the known ones otherwise).

    >>> get_splitter("rules").title == SPLITTER
    True
    >>> get_splitter("spacy")
    Traceback (most recent call last):
    ...
    ValueError: unknown sentence splitter 'spacy': the splitters are 'rules', 'punkt'
    """
    found = SPLITTERS.get(name) if isinstance(name, str) else None
    if found is None:
        known = ", ".join(repr(k) for k in SPLITTERS)
        raise ValueError(f"unknown sentence splitter {name!r}: the splitters are {known}")
    return found


def split_sentences(text: str, splitter: str = "rules") -> str:
    """Put each sentence of running text on its own line (for text written without newlines).

    ``splitter="rules"`` (the default) is this module's rule set: existing line breaks are kept, each
    line is split further and blank lines are dropped. ``splitter="punkt"`` is
    ``"\\n".join(nltk.sent_tokenize(text))``, exactly what Hugging Face's summarization examples do
    before rougeLsum; without NLTK's punkt_tab data it raises a ``ValueError`` saying how to get it.

    >>> split_sentences("One. Two! Three")
    'One.\\nTwo!\\nThree'
    >>> split_sentences("The U.S. team won. Dr. Smith said so at 3.5 p.m. on Monday.")
    'The U.S. team won.\\nDr. Smith said so at 3.5 p.m. on Monday.'
    >>> split_sentences("J. K. Rowling wrote it. 警察来了。枪手被击毙。")
    'J. K. Rowling wrote it.\\n警察来了。\\n枪手被击毙。'
    >>> punkt_unavailable() is not None or split_sentences("One. Two.", splitter="punkt") == "One.\\nTwo."
    True
    """
    return "\n".join(get_splitter(splitter).sentences(text))
