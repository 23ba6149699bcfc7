"""A zip holding a ROUGE-1.5.5 setup: an XML config (ROUGE-EVAL) or a ``-z`` file list, and the
summary files it names (SPL, SEE or ISI, read by :mod:`rouge_core.io.perl_inputs`' rules).

Paths are looked up inside the zip, relative to the config's folder first, then to the zip's root.
An absolute path (as written on the machine that ran ROUGE, or ``/file`` from an empty root) is
looked up by its tails, longest first: ``/home/me/run/models/A.1`` finds ``models/A.1``. Nothing is
extracted to disk. Before anything is unpacked, the sizes the zip declares for the members needed
are checked against :data:`~rouge_core.io.readers.model.MAX_BYTES`, and no member is read past its
declared size (a zip bomb stops there).
"""

from __future__ import annotations

import io
import posixpath
import zipfile
import zlib
from types import MappingProxyType
from typing import Optional, Sequence

from ..decoding import decode_text
from ..perl_inputs import InputError, parse_file_list, parse_summary, parse_xml_config, shown
from . import model
from .common import Collector, check_mode, check_size, decode, describe, label, sentences_of
from .model import Corpus, Document, ReadError

_ZIP_ERRORS = (
    zipfile.BadZipFile,
    zipfile.LargeZipFile,
    zlib.error,
    EOFError,
    OSError,
    RuntimeError,
    NotImplementedError,
    ValueError,
)


def read_zip(
    data: bytes,
    name: str,
    sentences: str = "lines",
    config: Optional[str] = None,
    list_format: str = "SPL",
    peer_id: str = "X",
) -> Corpus:
    """Read a zipped ROUGE-1.5.5 setup; each (evaluation ID, peer ID) becomes a document of system
    "peer ID", its references the evaluation's model summaries in config order.

    ``config`` names the config member; by default it is the zip's only ``.xml`` member, else its
    only ``.lst``/``.list`` member (a ``-z`` list: summaries in ``list_format``, system ``peer_id``,
    evaluation IDs 1, 2, ... as in ROUGE-1.5.5). A member is a ``-z`` list unless its name ends in
    ``.xml`` or its text starts with ``<``. ``sentences="split"`` (or ``"punkt"``) splits the sentences the summary
    format gives further. An evaluation that lacks a peer is no error here: see
    :meth:`Corpus.check_systems`. A config that names no evaluation is a :class:`ReadError`; the
    notes of :func:`~rouge_core.io.perl_inputs.parse_xml_config` (two ``<EVAL>`` with one ID merged, as
    ROUGE-1.5.5 merges them) are listed in :attr:`Corpus.skipped`.

    >>> buf = io.BytesIO()
    >>> with zipfile.ZipFile(buf, "w") as z:
    ...     z.writestr("run/list.lst", "peers/1.txt models/1a.txt models/1b.txt\\n")
    ...     z.writestr("run/peers/1.txt", "police kill the gunman\\n")
    ...     z.writestr("run/models/1a.txt", "police killed the gunman\\n")
    ...     z.writestr("run/models/1b.txt", "the gunman was shot\\nby police\\n")
    >>> d = read_zip(buf.getvalue(), "run.zip").documents[0]
    >>> d.doc_id, d.system, d.candidate, d.references
    ('1', 'X', ('police kill the gunman',), (('police killed the gunman',), ('the gunman was shot', 'by police')))
    """
    check_mode(sentences)
    check_size(data, name)
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
    except _ZIP_ERRORS as e:
        raise ReadError(f"{label(name)}: not a readable zip file ({shown(str(e), 120)})") from None
    with zf:
        members = {i.filename: i for i in zf.infolist() if not i.is_dir() and not i.filename.startswith("__MACOSX/")}
        if len(members) > model.MAX_FILES:
            raise ReadError(f"{label(name)}: {len(members):,} files in the zip, the limit is {model.MAX_FILES:,}")
        if not members:
            raise ReadError(f"{label(name)}: the zip holds no files")
        cfg = _find_config(members, config, name)
        where = f"{label(name)} member {shown(cfg, 120)}"
        raw = _read_members(zf, [members[cfg]], name)[cfg]
        head = decode_text(raw[:64], cfg, "surrogateescape")  # after a byte order mark, if any
        is_xml = cfg.lower().endswith(".xml") or head.lstrip(" \t\r\n").startswith("<")
        try:
            if is_xml:
                evals = parse_xml_config(raw, f"{name} member {cfg}")
            else:
                evals = parse_file_list(raw, f"{name} member {cfg}", list_format, peer_id)
        except InputError as e:
            raise ReadError(shown(str(e), 1000)) from None
        if not evals:  # an empty -z list or <ROUGE-EVAL></ROUGE-EVAL>: nothing to read, say why
            raise ReadError(f"{label(name)}: no documents (the config names no evaluation)")
        base = posixpath.dirname(cfg)
        wanted: dict[str, str] = {}  # path as the config writes it -> member
        for ev in evals:
            for role, path in [*(("peer " + p, f) for p, f in ev.peers.items()), *(("model", m) for m in ev.models)]:
                member = _resolve(path, base, members)
                if member is None:
                    raise ReadError(
                        f"{where}: evaluation {shown(ev.eval_id, 80)!r}, {shown(role, 80)}: the file "
                        f"{shown(path, 200)!r} is not in the zip"
                    )
                wanted[path] = member
        texts = _read_members(zf, [members[m] for m in dict.fromkeys(wanted.values())], name)
    fmt = "rouge-xml" if is_xml else "rouge-list"
    kinds = sorted({(ev.fmt or "").upper() for ev in evals}) or ["SPL"]
    how = f"ROUGE-1.5.5's {'/'.join(shown(k, 20) for k in kinds)} reading rules"
    collector = Collector(name, fmt, how + (f", then {describe(sentences)}" if sentences != "lines" else ""))
    parsed: dict[tuple[str, Optional[str]], tuple[str, ...]] = {}

    def summary(path: str, fmt: Optional[str]) -> tuple[str, ...]:
        member = wanted[path]
        if (member, fmt) not in parsed:
            shown_as = f"{name} member {member}"
            try:
                sents = parse_summary(decode(texts[member], shown_as), fmt, shown_as)
            except InputError as e:
                raise ReadError(shown(str(e), 1000)) from None
            parsed[(member, fmt)] = sentences_of("\n".join(sents), sentences) if sentences != "lines" else tuple(sents)
        return parsed[(member, fmt)]

    for ev in evals:
        for note in ev.notes:  # e.g. two <EVAL ID="1"> merged, as ROUGE-1.5.5 merges them
            collector.skip(f"{name}:{cfg}", note)
        if not ev.peers:
            collector.skip(f"{name}:{cfg}", f"evaluation {shown(ev.eval_id, 80)!r} names no peer summary")
        if not ev.models and ev.peers:
            raise ReadError(f"{where}: evaluation {shown(ev.eval_id, 80)!r} names no model (reference) summary")
        refs = tuple(summary(m, ev.fmt) for m in ev.models)
        for peer, path in ev.peers.items():
            meta = {
                "peer_file": wanted[path],
                "model_files": tuple(wanted[m] for m in ev.models),
                "input_format": ev.fmt,
            }
            doc = Document(
                ev.eval_id, peer, summary(path, ev.fmt), refs, None, MappingProxyType(meta), f"{name}:{wanted[path]}"
            )
            collector.add(
                doc, f"{where} (evaluation {shown(ev.eval_id, 80)!r}, peer {shown(peer, 80)!r})", "evaluation"
            )
    return collector.corpus()


def _find_config(members: dict[str, zipfile.ZipInfo], config: Optional[str], name: str) -> str:
    if config is not None:
        if config not in members:
            raise ReadError(f"{label(name)}: no member {shown(config, 120)!r} (named as the config) in the zip")
        return config
    xml = [m for m in members if m.lower().endswith(".xml")]
    lists = [m for m in members if m.lower().endswith((".lst", ".list"))]
    if len(xml) == 1:
        return xml[0]
    if not xml and len(lists) == 1:
        return lists[0]
    found = xml or lists
    listed = ", ".join(repr(shown(m, 60)) for m in found[:5]) + (" ..." if len(found) > 5 else "")
    raise ReadError(
        f"{label(name)}: cannot tell which member is the ROUGE config "
        + (f"(several: {listed})" if found else "(no .xml config or .lst file list)")
        + ": name it with config=..."
    )


def _resolve(path: str, base: str, members: dict[str, zipfile.ZipInfo]) -> Optional[str]:
    """The member a config path names, or None (see the module docstring for the rules)."""
    path = path.replace("\\", "/")
    tries = []
    if not path.startswith("/"):
        tries = [posixpath.join(base, path), path]
    else:
        parts = [p for p in path.split("/") if p not in ("", ".")]
        for i in range(len(parts)):
            tail = "/".join(parts[i:])
            tries += [posixpath.join(base, tail), tail]
    return next((m for m in map(posixpath.normpath, tries) if m in members), None)


def _read_members(zf: zipfile.ZipFile, infos: Sequence[zipfile.ZipInfo], name: str) -> dict[str, bytes]:
    """The bytes of some members, after checking their declared sizes; none is read past its size."""
    declared = sum(i.file_size for i in infos)
    if declared > model.MAX_BYTES:
        raise ReadError(
            f"{label(name)}: the files needed unpack to {declared:,} bytes (as the zip declares), more than "
            f"the limit of {model.MAX_BYTES:,} bytes"
        )
    out = {}
    for info in infos:
        try:
            with zf.open(info) as fh:
                raw = fh.read(info.file_size + 1)
        except _ZIP_ERRORS as e:
            raise ReadError(
                f"{label(name)} member {shown(info.filename, 120)}: cannot unpack ({shown(str(e), 120)})"
            ) from None
        if len(raw) > info.file_size:
            raise ReadError(
                f"{label(name)} member {shown(info.filename, 120)}: unpacks to more than the {info.file_size:,} "
                "bytes the zip declares (a damaged or crafted zip)"
            )
        out[info.filename] = raw
    return out
