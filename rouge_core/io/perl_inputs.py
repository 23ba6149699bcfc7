"""Reading ROUGE-1.5.5 inputs: summary files (SPL, SEE, ISI), XML configs and ``-z`` file lists.

Each ``read_*`` function reads a path; its ``parse_*`` twin parses the same input given as bytes
or text (used by :mod:`rouge_core.io.readers` for files inside a zip), with the same messages.

Files are read as bytes and decoded by :func:`rouge_core.io.decoding.decode_text`: UTF-8, whose bytes
that are not UTF-8 become U+0000 (one byte, never a word character) and whose byte order mark stays,
so Perl's byte and word counts hold; a file with a UTF-16 or UTF-32 byte order mark is read in that
encoding (Perl would read its bytes, a zero byte between letters).
Only regular files are read (a directory, device or FIFO is refused before any
read), each up to a size limit: :data:`MAX_SUMMARY_BYTES` for a summary,
:data:`MAX_CONFIG_BYTES` for an XML config or a ``-z`` list.
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Optional, Union

from .decoding import TextDecodeError, bom_encoding, decode_text

if TYPE_CHECKING:  # imported where an XML config is parsed: a -z run reads no XML
    import xml.etree.ElementTree as ET

_WS = "[ \t\n\r\f\v]"
_SEE = re.compile(
    r'(?:<a size="[0-9]+" name="[0-9]+">|<a name="[0-9]+">)\[[0-9]+\]</a>'
    + _WS
    + r'+<a href="#[0-9]+" id=[0-9]+>([^<]+)'
)
_WS_RUN = re.compile(_WS + "+")  # compiled once: a -z list of 10,000 lines splits each line
_SPLIT_ONLY = re.compile("[\x1c-\x1f]")  # ASCII characters str.split() splits at, and Perl's \s does not
_ISI = re.compile(r'<S SNTNO="[0-9a-z,]+">([^<]+)</S>')
_ESCAPED_TO_NUL = {cp: 0 for cp in range(0xDC80, 0xDD00)}

#: Largest summary file read, in bytes (50 MB: about 8 million words, far above any summary).
MAX_SUMMARY_BYTES = 50 * 1024 * 1024
#: Largest XML config or ``-z`` file list read, in bytes (50 MB).
MAX_CONFIG_BYTES = 50 * 1024 * 1024
#: Longest name or value an error message repeats whole.
_SHOWN_CHARS = 300


class UsageError(Exception):
    """A bad command line: one ``error:`` line on stderr, exit code 2 (:func:`rouge_core.cli.run.main`)."""


class InputError(Exception):
    """An input that ROUGE-1.5.5's reading rules refuse: a file that cannot be read (missing, not a
    regular file, above its size limit), bad XML, an unknown format. The message says which and why.

    The command line prints it as it prints a :class:`UsageError` (one line, exit code 2);
    :mod:`rouge_core.io.readers` passes it on as a ``ReadError``.

    >>> parse_summary("a", "XYZ", "s.txt")
    Traceback (most recent call last):
    ...
    rouge_core.io.perl_inputs.InputError: Unknown input format: XYZ (reading s.txt)
    """


class FileTooLarge(InputError):
    """A file above the size limit of what it holds."""


@dataclass
class Evaluation:
    """One ``<EVAL>`` (or ``-z`` line): input format, peer files by system ID, model files in order,
    and notes on how the config was read (see :func:`config_notes`)."""

    eval_id: str
    fmt: Optional[str] = None
    peers: dict[str, str] = field(default_factory=dict)
    models: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def shown(text: str, limit: int = _SHOWN_CHARS) -> str:
    """``text`` for a one-line message: control and other unprintable characters escaped, cut to ``limit``.

    >>> shown("a/b.txt"), shown("a\\nb\\x00"), shown("7" * 400, 5)
    ('a/b.txt', 'a\\\\nb\\\\x00', '77777... (400 characters)')
    """
    if len(text) <= limit and text.isprintable():  # the common case, as the loop below would give it
        return text
    out = "".join(c if c.isprintable() else repr(c)[1:-1] for c in text[:limit])
    return out if len(text) <= limit else f"{out}... ({len(text):,} characters)"


def read_bytes(
    path: str, limit: Optional[int] = None, what: str = "a configuration file", prefix: Optional[str] = None
) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (default :data:`MAX_CONFIG_BYTES`).

    The file is opened without blocking (a FIFO with no writer does not hang) and
    checked with ``fstat`` before any read: a directory, device or FIFO is refused
    (``/dev/zero`` would never end), and so is a file above the limit
    (:class:`FileTooLarge`). ``prefix`` replaces the messages' "Cannot open/read PATH".

    >>> read_bytes("/dev/zero")
    Traceback (most recent call last):
    ...
    rouge_core.io.perl_inputs.InputError: Cannot read /dev/zero: it is not a regular file
    """
    limit = MAX_CONFIG_BYTES if limit is None else limit
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError as e:
        raise InputError(f"{prefix or f'Cannot open {shown(path)}'}: {e.strerror or e}") from None
    except ValueError:  # a NUL character in the name
        raise InputError(f"{prefix or f'Cannot open {shown(path)}'}: the name contains a NUL character") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(f"{_reading(path, prefix)}: it is not a regular file")
        size = st.st_size
        if size > limit:
            raise FileTooLarge(_too_big(path, prefix, limit, what))
        # One read of the size fstat gave, plus a byte (at most limit + 1, as size <= limit): a regular
        # file that returns exactly that size (fewer bytes than asked) is at its end, so the usual second,
        # empty read is not made (20,000 system calls in a run of 10,000 pairs). A file of size 0 (/proc's,
        # which have text) or one that changed size after fstat goes on reading to its end, never past the limit.
        first = os.read(fd, size + 1)
        if size and len(first) == size:
            return first
        chunks, left = [first], limit + 1 - len(first)
        while left > 0 and first:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    except OSError as e:
        raise InputError(f"{_reading(path, prefix)}: {e.strerror or e}") from None
    finally:
        os.close(fd)
    data = chunks[0] if len(chunks) == 1 else b"".join(chunks)
    if len(data) > limit:
        raise FileTooLarge(_too_big(path, prefix, limit, what))
    return data


# The messages are made when an error needs them: a corpus of 10,000 pairs reads 20,000 files.
_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def _reading(path: str, prefix: Optional[str]) -> str:
    return prefix or f"Cannot read {shown(path)}"


def _too_big(path: str, prefix: Optional[str], limit: int, what: str) -> str:
    return f"{_reading(path, prefix)}: larger than {limit:,} bytes, the limit for {what} ({limit / 2**20:g} MB)"


def read_text(path: str, limit: Optional[int] = None, what: str = "a summary file") -> str:
    """A file's text (at most ``limit`` bytes, default :data:`MAX_SUMMARY_BYTES`): UTF-8, every
    undecodable byte turned into U+0000, or UTF-16/32 after their byte order mark (see the module docstring)."""
    return _decoded(read_bytes(path, MAX_SUMMARY_BYTES if limit is None else limit, what), path)


def _decoded(data: bytes, path: str) -> str:
    if data.isascii():  # most summaries: no byte order mark (those are not ASCII), no byte to turn into U+0000
        return data.decode("ascii")
    return decode_text(data, shown(path), "surrogateescape", keep_utf8_bom=True).translate(_ESCAPED_TO_NUL)


def read_summary(path: str, fmt: Optional[str]) -> list[str]:
    """The sentences of a summary file in format SPL, SEE or ISI, by ROUGE-1.5.5's reading rules.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", delete=False) as fh:
    ...     _ = fh.write('<a name="1">[1]</a> <a href="#1" id=1>Police killed the gunman.</a>\\n<p>x</p>\\n')
    >>> read_summary(fh.name, "SEE"); os.remove(fh.name)
    ['Police killed the gunman.']
    """
    kind = _check_format(fmt, path)  # before the read: a bad format is said whatever the file
    return _sentences(read_text(path), kind)


def read_summary_text(path: str, fmt: Optional[str]) -> str:
    """The sentences of a summary file, one a line: ``"\\n".join(read_summary(path, fmt))``, the text the
    command line scores (every path turns a list of sentences into that text), made without the list
    when it can be: an SPL file without an empty line is its own text, less a last newline.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", delete=False) as fh:
    ...     _ = fh.write("Police killed the gunman.\\nHe fled.\\n")
    >>> read_summary_text(fh.name, "SPL"); os.remove(fh.name)
    'Police killed the gunman.\\nHe fled.'
    """
    kind = "SPL" if fmt == "SPL" else _check_format(fmt, path)  # checked before the read, as read_summary
    data = read_bytes(path, MAX_SUMMARY_BYTES, "a summary file")
    # An empty line is the only line SPL drops (an empty first line starts with a newline; an empty last
    # one is what the newline that ends the file leaves), so without one the lines are the sentences.
    if kind == "SPL" and data.isascii() and b"\n\n" not in data and data[:1] != b"\n":
        return (data[:-1] if data[-1:] == b"\n" else data).decode("ascii")
    return "\n".join(_sentences(_decoded(data, path), kind))


def _check_format(fmt: Optional[str], name: str) -> str:
    kind = (fmt or "").upper()
    if kind not in ("SPL", "SEE", "ISI"):
        raise InputError(f"Unknown input format: {shown(fmt or '(none)')} (reading {shown(name)})")
    return kind


def parse_summary(text: str, fmt: Optional[str], name: str = "(text)") -> list[str]:
    """The sentences of a summary's text in format SPL, SEE or ISI (``name`` is for messages).

    >>> parse_summary('<S SNTNO="1">Police killed the gunman.</S>\\nnot a sentence\\n', "ISI")
    ['Police killed the gunman.']
    >>> parse_summary("one\\n\\ntwo\\n", "SPL")
    ['one', 'two']
    """
    return _sentences(text, _check_format(fmt, name))


def _sentences(text: str, kind: str) -> list[str]:
    """The sentences of a summary's text in format ``kind`` (checked: SPL, SEE or ISI)."""
    lines = text.split("\n")
    if kind == "SPL":
        return [line for line in lines if line]
    out = []
    for k, line in enumerate(lines):
        m = (_SEE if kind == "SEE" else _ISI).match(line + ("\n" if k < len(lines) - 1 else ""))
        if m:  # SEE: a newline caught by [^<]+ separates words; keep one sentence, same bytes
            out.append(m.group(1).replace("\n", " "))
    return out


def _trim(text: Optional[str]) -> str:
    return (text or "").strip(" \t\n\r\f\v")


def _id(node: ET.Element, path: str) -> str:
    if "ID" not in node.attrib:
        raise InputError(f"bad XML in {shown(path)}: a <{shown(str(node.tag))}> element has no ID attribute")
    return node.attrib["ID"]


def read_xml_config(path: str) -> list[Evaluation]:
    """The ``<EVAL>`` elements of a ROUGE-EVAL XML file, in document order (tag names case-insensitive)."""
    return parse_xml_config(read_bytes(path, MAX_CONFIG_BYTES, "a configuration file"), path)


def parse_xml_config(data: bytes, path: str = "(XML)") -> list[Evaluation]:
    """The ``<EVAL>`` elements of ROUGE-EVAL XML given as bytes (``path`` names it in messages and
    is not opened); peer and model paths are ``root/file`` as written.

    Elements that share an ID are merged as ROUGE-1.5.5's ``readEvals`` merges them: one evaluation
    where the ID first appears, the peers and models of all, the last ``PEER-ROOT``, ``MODEL-ROOT``
    and ``INPUT-FORMAT`` read; a peer or model ID given twice keeps its last file (a model ID given
    twice stays twice in the model list, with that file). Each merge gets a line in the
    evaluation's :attr:`~Evaluation.notes`.

    >>> ev = parse_xml_config(b'<ROUGE-EVAL><EVAL ID="7"><PEER-ROOT>p</PEER-ROOT><MODEL-ROOT>m</MODEL-ROOT>'
    ...     b'<INPUT-FORMAT TYPE="SPL"/><PEERS><P ID="A">a.txt</P></PEERS><MODELS><M ID="1">r.txt</M>'
    ...     b'</MODELS></EVAL><EVAL ID="7"><PEERS><P ID="B">b.txt</P></PEERS></EVAL></ROUGE-EVAL>')[0]
    >>> ev.eval_id, ev.fmt, ev.peers, ev.models
    ('7', 'SPL', {'A': 'p/a.txt', 'B': 'p/b.txt'}, ['m/r.txt'])
    >>> ev.notes
    ["evaluation '7' appears 2 times in (XML): merged into one, as ROUGE-1.5.5 does"]
    """
    import xml.etree.ElementTree as ET  # here, not at the top: a -z run never loads the XML parser

    source: Union[bytes, str] = data
    if bom_encoding(data)[2]:  # a byte order mark names the encoding (expat knows no UTF-32): text for expat
        try:
            source = decode_text(data, f"bad XML in {shown(path)}:")
        except TextDecodeError as e:
            raise InputError(str(e)) from None
    try:
        # expat honours the declared encoding of bytes, as in Perl; it never fetches external entities
        # (a reference to one is an "undefined entity" error) and caps entity expansion.
        root = ET.fromstring(source)
    except ET.ParseError as e:
        raise InputError(f"bad XML in {shown(path)}: {shown(str(e))}") from None
    except (LookupError, ValueError) as e:  # e.g. encoding="x-unknown" in the XML declaration
        raise InputError(f"bad XML in {shown(path)}: {shown(str(e))}") from None
    evals: dict[str, _Parts] = {}
    for node in (n for n in root.iter() if str(n.tag).upper() == "EVAL"):
        parts = evals.setdefault(_id(node, path), _Parts(Evaluation(_id(node, path))))
        parts.elements += 1
        for child in node.iter():
            tag = str(child.tag).upper()
            if tag == "INPUT-FORMAT":
                fmt = parts.ev.fmt = child.attrib.get("TYPE", "")
                if fmt.upper() not in ("SEE", "ISI", "SPL", "SIMPLE"):
                    raise InputError(
                        f"Unknown input type: {shown(fmt)} (evaluation {shown(parts.ev.eval_id)} in {shown(path)})"
                    )
            elif tag in ("PEER-ROOT", "MODEL-ROOT") and child.text is not None:  # Perl sets a root from text only
                parts.roots[tag] = _trim(child.text)
            elif tag in ("PEERS", "MODELS"):
                for item in (i for i in child if str(i.tag).upper() == tag[0]):
                    if tag == "PEERS":
                        parts.add(parts.peers, _id(item, path), _trim(item.text))
                    else:  # a model without an ID is one of its own (Perl would stop on it)
                        key = item.attrib.get("ID", f"\0{len(parts.model_ids)}")
                        parts.model_ids.append(key)
                        parts.add(parts.models, key, _trim(item.text))
    return [parts.evaluation(path) for parts in evals.values()]


@dataclass
class _Parts:
    """What the ``<EVAL>`` elements of one ID say, merged as ROUGE-1.5.5 merges them."""

    ev: Evaluation
    elements: int = 0
    roots: dict[str, str] = field(default_factory=dict)
    peers: dict[str, str] = field(default_factory=dict)
    models: dict[str, str] = field(default_factory=dict)
    model_ids: list[str] = field(default_factory=list)
    twice: dict[tuple[str, str], None] = field(default_factory=dict)

    def add(self, files: dict[str, str], key: str, name: str) -> None:
        """Record a peer's or model's file; a later one replaces an earlier one of the same ID."""
        if key in files:
            self.twice[("peer" if files is self.peers else "model ID", key)] = None
        files[key] = name

    def evaluation(self, path: str) -> Evaluation:
        """The merged evaluation, its paths ``root/file`` with the last roots read, and its notes."""
        ev, peer_root, model_root = self.ev, self.roots.get("PEER-ROOT", ""), self.roots.get("MODEL-ROOT", "")
        ev.peers = {pid: f"{peer_root}/{name}" for pid, name in self.peers.items()}
        ev.models = [f"{model_root}/{self.models[key]}" for key in self.model_ids]
        what = f"evaluation {shown(ev.eval_id, 80)!r}"
        if self.elements > 1:
            ev.notes.append(
                f"{what} appears {self.elements} times in {shown(path)}: merged into one, as ROUGE-1.5.5 does"
            )
        for role, key in self.twice:
            name = self.peers[key] if role == "peer" else self.models[key]
            ev.notes.append(
                f"{what}: {role} {shown(key, 80)!r} is given twice in {shown(path)}: ROUGE-1.5.5 uses its last "
                f"file, {shown(name, 120)!r}" + (" (at each place the ID is listed)" if role == "model ID" else "")
            )
        return ev


def config_notes(evals: list[Evaluation], path: str) -> list[str]:
    """What a user should know about a config that ROUGE-1.5.5 would not say: no evaluation at all
    (nothing to score), and the merges of :func:`parse_xml_config`; one line each.

    >>> config_notes([], "run.xml")
    ['run.xml names no evaluation: nothing to score']
    """
    if not evals:
        return [f"{shown(path)} names no evaluation: nothing to score"]
    return [note for ev in evals for note in ev.notes]


def read_file_list(path: str, fmt: str, peer_id: str) -> list[Evaluation]:
    """A ``-z`` list: one evaluation per line, ``peer model1 model2 ...``; IDs 1, 2, ... in line order.

    Bytes that are not UTF-8 stay in the names (``surrogateescape``), so a file name
    opens as the bytes in the list, as in Perl.
    """
    return parse_file_list(read_bytes(path, MAX_CONFIG_BYTES, "a file list"), path, fmt, peer_id)


def parse_file_list(data: bytes, path: str, fmt: str, peer_id: str) -> list[Evaluation]:
    """A ``-z`` list given as bytes (``path`` names it in messages and is not opened).

    >>> [(e.eval_id, e.peers, e.models) for e in parse_file_list(b"# c\\np1 m1 m2\\n\\np2 m3\\n", "l", "SPL", "X")]
    [('1', {'X': 'p1'}, ['m1', 'm2']), ('2', {'X': 'p2'}, ['m3'])]
    """
    evals: list[Evaluation] = []
    text = decode_text(data, shown(path), "surrogateescape")
    # str.split() splits at Perl's whitespace and at a few more characters (\x1c-\x1f, non-ASCII spaces):
    # a list without those (any list of ordinary file names) is split by it, three times faster.
    plain = text.isascii() and _SPLIT_ONLY.search(text) is None
    for line in text.split("\n"):
        files = line.split() if plain else _WS_RUN.split(_trim(line))
        if not files or not files[0] or line.startswith("#"):  # a blank line splits into [] or [""]
            continue
        if len(files) < 2:
            raise InputError(
                f"File list has to have at least 2 filenames per line (peer model1 model2 ... modelN): {shown(path)}"
            )
        evals.append(Evaluation(str(len(evals) + 1), fmt, {peer_id: files[0]}, files[1:]))
    return evals
