"""Reading ROUGE-1.5.5 inputs: summary files (SPL, SEE, ISI), XML configs and ``-z`` file lists.

Files are read as bytes and decoded as UTF-8; bytes that are not UTF-8 become
U+0000 (one byte, never a word character), so Perl's byte and word counts hold.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from typing import Optional

_WS = "[ \t\n\r\f\v]"
_SEE = re.compile(r'(?:<a size="[0-9]+" name="[0-9]+">|<a name="[0-9]+">)\[[0-9]+\]</a>'
                  + _WS + r'+<a href="#[0-9]+" id=[0-9]+>([^<]+)')
_ISI = re.compile(r'<S SNTNO="[0-9a-z,]+">([^<]+)</S>')
_ESCAPED_TO_NUL = {cp: 0 for cp in range(0xDC80, 0xDD00)}


class UsageError(Exception):
    """Bad command line or input: one line on stderr, exit code 2."""


@dataclass
class Evaluation:
    """One ``<EVAL>`` (or ``-z`` line): input format, peer files by system ID, model files in order."""

    eval_id: str
    fmt: Optional[str] = None
    peers: dict[str, str] = field(default_factory=dict)
    models: list[str] = field(default_factory=list)


def _read_bytes(path: str) -> bytes:
    try:
        with open(path, "rb") as fh:
            return fh.read()
    except OSError as e:
        raise UsageError(f"Cannot open {path}: {e.strerror}") from None


def read_text(path: str) -> str:
    """A file's text: UTF-8, every undecodable byte turned into U+0000."""
    return _read_bytes(path).decode("utf-8", "surrogateescape").translate(_ESCAPED_TO_NUL)


def read_summary(path: str, fmt: Optional[str]) -> list[str]:
    """The sentences of a summary file in format SPL, SEE or ISI, by ROUGE-1.5.5's reading rules.

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", delete=False) as fh:
    ...     _ = fh.write('<a name="1">[1]</a> <a href="#1" id=1>Police killed the gunman.</a>\\n<p>x</p>\\n')
    >>> read_summary(fh.name, "SEE"); os.remove(fh.name)
    ['Police killed the gunman.']
    """
    kind = (fmt or "").upper()
    if kind not in ("SPL", "SEE", "ISI"):
        raise UsageError(f"Unknown input format: {fmt or '(none)'} (reading {path})")
    lines = read_text(path).split("\n")
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
        raise UsageError(f"bad XML in {path}: a <{node.tag}> element has no ID attribute")
    return node.attrib["ID"]


def read_xml_config(path: str) -> list[Evaluation]:
    """The ``<EVAL>`` elements of a ROUGE-EVAL XML file, in document order (tag names case-insensitive)."""
    try:
        root = ET.fromstring(_read_bytes(path))  # expat honours the declared encoding, as in Perl
    except ET.ParseError as e:
        raise UsageError(f"bad XML in {path}: {e}") from None
    evals: dict[str, Evaluation] = {}
    for node in (n for n in root.iter() if str(n.tag).upper() == "EVAL"):
        ev = evals.setdefault(_id(node, path), Evaluation(_id(node, path)))
        roots = {"PEER-ROOT": "", "MODEL-ROOT": ""}
        peers: list[tuple[str, str]] = []
        models: list[str] = []
        for child in node.iter():
            tag = str(child.tag).upper()
            if tag == "INPUT-FORMAT":
                ev.fmt = child.attrib.get("TYPE", "")
                if ev.fmt.upper() not in ("SEE", "ISI", "SPL", "SIMPLE"):
                    raise UsageError(f"Unknown input type: {ev.fmt} (evaluation {ev.eval_id} in {path})")
            elif tag in roots:
                roots[tag] = _trim(child.text)
            elif tag in ("PEERS", "MODELS"):
                for item in (i for i in child if str(i.tag).upper() == tag[0]):
                    if tag == "PEERS":
                        peers.append((_id(item, path), _trim(item.text)))
                    else:
                        models.append(_trim(item.text))
        ev.peers.update({pid: f"{roots['PEER-ROOT']}/{name}" for pid, name in peers})
        ev.models.extend(f"{roots['MODEL-ROOT']}/{name}" for name in models)
    return list(evals.values())


def read_file_list(path: str, fmt: str, peer_id: str) -> list[Evaluation]:
    """A ``-z`` list: one evaluation per line, ``peer model1 model2 ...``; IDs 1, 2, ... in line order."""
    evals: list[Evaluation] = []
    for line in read_text(path).split("\n"):
        if line.startswith("#") or not _trim(line):
            continue
        files = re.split(_WS + "+", _trim(line))
        if len(files) < 2:
            raise UsageError(f"File list has to have at least 2 filenames per line (peer model1 model2 "
                             f"... modelN): {path}")
        evals.append(Evaluation(str(len(evals) + 1), fmt, {peer_id: files[0]}, files[1:]))
    return evals
