"""What every reader returns: :class:`Corpus` of :class:`Document` records, :class:`Skipped` notes,
:class:`ReadError`, and the limits on what a reader accepts.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping, Optional, Sequence

from ...batch.corpus import Pair
from ..perl_inputs import MAX_SUMMARY_BYTES, shown

#: Largest input read, in bytes (a file, an upload, or the unpacked members of a zip that a reader uses).
MAX_BYTES = MAX_SUMMARY_BYTES
#: Most documents (scored pairs) in one corpus.
MAX_PAIRS = 20_000
#: Most characters of candidate and reference text in one corpus (articles and other fields not counted).
MAX_CHARS = 20_000_000
#: Most files: members of a zip, or reference files given to :func:`~rouge_core.io.readers.read_aligned`.
MAX_FILES = 2_000
#: Deepest nesting of lists and objects in a JSON record.
MAX_JSON_DEPTH = 64

#: Display names of the formats, by :attr:`Corpus.fmt`.
FORMAT_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "jsonl": "JSON Lines",
        "summeval": "SummEval paired JSONL",
        "realsumm": "REALSumm JSONL",
        "csv": "CSV table",
        "tsv": "TSV table",
        "aligned": "line-aligned files",
        "rouge-xml": "ROUGE-1.5.5 XML config (zip)",
        "rouge-list": "ROUGE-1.5.5 -z file list (zip)",
    }
)

_NO_META: Mapping[str, Any] = MappingProxyType({})


class ReadError(ValueError):
    """Input that cannot be read as a corpus; the message names the file, the line (row, item or zip
    member) and the field."""


@dataclass(frozen=True)
class Document:
    """One candidate summary with its references, as sentences.

    ``system`` is ``""`` when the format has none; ``source`` is the article when the data has one;
    ``meta`` keeps every other field of the record unchanged; ``origin`` says where the record came
    from (``"news.jsonl:12"``).
    """

    doc_id: str
    system: str
    candidate: tuple[str, ...]
    references: tuple[tuple[str, ...], ...]
    source: Optional[str] = None
    meta: Mapping[str, Any] = field(default_factory=lambda: _NO_META, hash=False)
    origin: str = ""


@dataclass(frozen=True)
class Skipped:
    """Input that did not become (part of) a document, and why (a blank line, an empty reference cell ...)."""

    origin: str
    reason: str


@dataclass(frozen=True)
class SystemCheck:
    """Whether the systems of a corpus can be compared: the same documents with the same references.

    ``missing`` maps a system to the document IDs it lacks (systems without gaps are left out);
    ``differing_references`` lists the documents whose references are not the same for every system.
    """

    systems: tuple[str, ...]
    doc_ids: tuple[str, ...]
    missing: Mapping[str, tuple[str, ...]]
    differing_references: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """True when every system has every document, with the same references."""
        return not self.missing and not self.differing_references

    @property
    def shared(self) -> tuple[str, ...]:
        """The document IDs every system has (in first-seen order)."""
        lacking = {d for ids in self.missing.values() for d in ids}
        return tuple(d for d in self.doc_ids if d not in lacking)

    def problems(self) -> list[str]:
        """One sentence per problem (empty when :attr:`ok`)."""
        out = [
            f"system {_cut(s)} lacks {len(ids)} of {len(self.doc_ids)} documents: {_list(ids)}"
            for s, ids in self.missing.items()
        ]
        if self.differing_references:
            n = len(self.differing_references)
            out.append(
                f"{n} document(s) have different references for different systems: {_list(self.differing_references)}"
            )
        return out


@dataclass(frozen=True)
class Corpus:
    """Documents read from one input, what was skipped, the format and how sentences were obtained.

    >>> d = Document("1", "A", ("a b.",), (("a c.",),))
    >>> c = Corpus((d, Document("1", "B", ("c.",), (("a c.",),))), (), "jsonl", "lines", "x.jsonl")
    >>> c.systems(), c.pairs("B")
    (('A', 'B'), ([(['c.'], [['a c.']])], ['1']))
    """

    documents: tuple[Document, ...]
    skipped: tuple[Skipped, ...]
    fmt: str
    sentences: str
    name: str

    def systems(self) -> tuple[str, ...]:
        """The systems in first-seen order (``("",)`` for a format without systems)."""
        return tuple(dict.fromkeys(d.system for d in self.documents))

    def for_system(self, system: str) -> tuple[Document, ...]:
        """The documents of one system, in input order."""
        return tuple(d for d in self.documents if d.system == system)

    def pairs(
        self, system: Optional[str] = None, doc_ids: Optional[Sequence[str]] = None
    ) -> tuple[list[Pair], list[str]]:
        """(pairs, ids) of one system, ready for ``evaluate_corpus(pairs, config, ids=ids)``.

        ``system`` may be left out when the corpus has a single system. ``doc_ids`` picks documents
        and their order (e.g. :attr:`SystemCheck.shared`); default: all of the system's, in input order.
        A summary is its list of sentences; references are a list of such lists.
        """
        systems = self.systems()
        if system is None:
            if len(systems) != 1:
                raise ValueError(f"the corpus has {len(systems)} systems ({_list(systems)}): name one")
            system = systems[0]
        docs = self.for_system(system)
        if not docs:
            raise ValueError(f"no system {_cut(system)} in the corpus (systems: {_list(systems)})")
        if doc_ids is not None:
            by_id = {d.doc_id: d for d in docs}
            lacking = [i for i in doc_ids if i not in by_id]
            if lacking:
                raise ValueError(f"system {_cut(system)} has no document {_list(lacking)}")
            docs = tuple(by_id[i] for i in doc_ids)
        pairs: list[Pair] = [(list(d.candidate), [list(r) for r in d.references]) for d in docs]
        return pairs, [d.doc_id for d in docs]

    def check_systems(self) -> SystemCheck:
        """Which documents each system lacks, and where references differ between systems.

        >>> a, b = Document("1", "A", (), (("r",),)), Document("2", "A", (), (("s",),))
        >>> c = Corpus((a, b, Document("2", "B", (), (("t",),))), (), "jsonl", "lines", "x.jsonl")
        >>> chk = c.check_systems()
        >>> chk.ok, dict(chk.missing), chk.differing_references, chk.shared
        (False, {'B': ('1',)}, ('2',), ('2',))
        """
        systems = self.systems()
        refs: dict[str, tuple[tuple[str, ...], ...]] = {}
        have: dict[str, set[str]] = {s: set() for s in systems}
        differ: dict[str, None] = {}
        for d in self.documents:
            have[d.system].add(d.doc_id)
            if refs.setdefault(d.doc_id, d.references) != d.references:
                differ[d.doc_id] = None
        ids = tuple(refs)
        missing = {s: tuple(i for i in ids if i not in have[s]) for s in systems}
        return SystemCheck(systems, ids, MappingProxyType({s: m for s, m in missing.items() if m}), tuple(differ))


def _cut(text: str, limit: int = 80) -> str:
    return repr(shown(text, limit))


def _list(items: Sequence[str], most: int = 10) -> str:
    """Up to ``most`` items, quoted and cut, then how many more."""
    head = ", ".join(_cut(i) for i in items[:most])
    return head + (f" and {len(items) - most:,} more" if len(items) > most else "")
