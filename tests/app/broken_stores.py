"""Annotation stores that cannot be opened, for the Annotate and Agreement pages' tests: a file that is not
SQLite, a store of a newer schema, a folder where the file should be, and ROUGE_LENS_DATA naming a file.
Each gives the message both pages must show (by hand, from the store's refusal) and the path whose
bytes and modification time must not change."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from annotation import CURRENT_VERSION, AnnotationStore

KINDS = ("not sqlite", "newer schema", "a folder", "data folder is a file")
OPENING = "The annotation store cannot be opened: "


def plain(text: object) -> str:
    """Markdown text without its escapes."""
    return str(text).replace("\\", "")


def make(kind: str, data_dir: Path) -> tuple[Path, str]:
    """Break the store under ``data_dir`` (ROUGE_LENS_DATA) as ``kind`` says: the path left as it is, and
    the message the pages show. May point ROUGE_LENS_DATA elsewhere (the caller's monkeypatch restores it)."""
    path = data_dir / "annotations.sqlite3"
    if kind == "not sqlite":
        path.write_bytes(b"my notes, not a database\n" * 200)
        return path, f"{OPENING}{path}: not a usable SQLite database: file is not a database"
    if kind == "newer schema":
        with AnnotationStore(path) as s:
            s.summeval_rubric()
        conn = sqlite3.connect(path)
        conn.execute(f"PRAGMA user_version = {CURRENT_VERSION + 1}")
        conn.commit()
        conn.close()
        return path, (
            f"{OPENING}{path}: the annotation store has schema version {CURRENT_VERSION + 1}, newer than the "
            f"{CURRENT_VERSION} this version of rouge_core knows; open it with a newer release "
            "(the file was not changed)"
        )
    if kind == "a folder":
        path.mkdir()
        (path / "inside.txt").write_text("kept")
        return path, f"{OPENING}{path}: a folder is where the store's file should be"
    if kind == "data folder is a file":
        folder = data_dir / "not-a-folder"
        folder.write_text("a file where the data folder should be")
        os.environ["ROUGE_LENS_DATA"] = str(folder)
        return folder, f"{OPENING}{folder}: the data folder is a file (ROUGE_LENS_DATA must name a folder)"
    raise ValueError(kind)


def fingerprint(path: Path) -> tuple[bytes, int, list[str]]:
    """What must not change: the bytes (or a folder's file names) and the modification time."""
    if path.is_dir():
        return b"", path.stat().st_mtime_ns, sorted(p.name for p in path.iterdir())
    return path.read_bytes(), path.stat().st_mtime_ns, []
