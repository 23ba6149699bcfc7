"""Line-aligned files (the files2rouge layout): one summary a line, line k of every file the same document."""

from __future__ import annotations

from typing import Optional, Sequence

from ..perl_inputs import shown
from . import model
from .common import Collector, check_mode, check_size, decode, describe, label, lines_of, sentences_of
from .model import Corpus, Document, ReadError


def read_aligned(
    candidates: tuple[str, bytes],
    references: Sequence[tuple[str, bytes]],
    sentences: str = "lines",
    separator: Optional[str] = None,
    system: str = "",
) -> Corpus:
    """Read a candidate file and one or more reference files, each given as ``(name, bytes)``.

    Line k of every file is document ``"k"``; all files must have the same number of lines (a final
    line break ends the last line; ``\\r\\n`` ends a line too). A line is one sentence, or is split
    into sentences at ``separator`` (e.g. ``"<q>"``), or by the splitter (``sentences="split"``).
    An empty reference line is dropped, a document with no reference left is skipped (both listed in
    :attr:`Corpus.skipped`); an empty candidate line is kept (it scores 0).

    >>> c = read_aligned(("cand.txt", b"a b .\\nc d .\\n"), [("ref.txt", b"a c .\\n\\n")])
    >>> [(d.doc_id, d.candidate, d.references) for d in c.documents]
    [('1', ('a b .',), (('a c .',),))]
    >>> c.skipped
    (Skipped(origin='ref.txt:2', reason='empty line: no reference left; document skipped'),)
    """
    check_mode(sentences)
    if separator is not None and (not isinstance(separator, str) or not separator or "\n" in separator):
        raise ValueError(f"invalid separator={separator!r}: a non-empty string without line breaks")
    if not references:
        raise ValueError("references: give at least one reference file")
    if len(references) > model.MAX_FILES:
        raise ReadError(f"{len(references):,} reference files: the limit is {model.MAX_FILES:,} files")
    files = [candidates, *references]
    total = 0
    texts = []
    for name, data in files:
        check_size(data, name)
        total += len(data)
        if total > model.MAX_BYTES:
            raise ReadError(f"{label(name)}: the files together are larger than {model.MAX_BYTES:,} bytes, the limit")
        lines = lines_of(decode(data, name))
        if not lines:
            raise ReadError(f"{label(name)}: the file is empty")
        texts.append(lines)
    cand_name, cand_lines = candidates[0], texts[0]
    for (name, _), lines in zip(references, texts[1:]):
        if len(lines) != len(cand_lines):
            raise ReadError(
                f"line counts differ: {label(cand_name)} has {len(cand_lines):,} lines, {label(name)} has "
                f"{len(lines):,} (line-aligned files need one summary a line in every file)"
            )
    how = f"each line split at {shown(separator, 40)!r}" if separator else describe(sentences)
    if separator is None and sentences == "lines":
        how = "one sentence a line (line-aligned files)"
    collector = Collector(cand_name, "aligned", how)

    def split(line: str) -> tuple[str, ...]:
        if separator is not None:
            return tuple(s.strip() for s in line.split(separator) if s.strip())
        return sentences_of(line, sentences)

    for k, cand in enumerate(cand_lines):
        origin, where = f"{cand_name}:{k + 1}", f"{label(cand_name)} line {k + 1}"
        refs = []
        for (name, _), lines in zip(references, texts[1:]):
            if lines[k].strip():
                refs.append(split(lines[k]))
            else:
                note = "no reference left; document skipped" if len(references) == 1 else "reference dropped"
                collector.skip(f"{name}:{k + 1}", f"empty line: {note}")
        if not refs:
            if len(references) > 1:
                collector.skip(origin, "no reference left; document skipped")
            continue
        collector.add(Document(str(k + 1), system, split(cand), tuple(refs), None, origin=origin), where, "line")
    return collector.corpus()
