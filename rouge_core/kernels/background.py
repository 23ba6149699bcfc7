"""Compiling the kernels in a background process while the first calls compute in pure Python.

On the first run after install every kernel group a call uses would be compiled before its first
result (10-25 s of CPU). Instead, :func:`rouge_core.kernels.backend.ready` asks :func:`wait_for`
first: when a group has never passed its check on this machine, one *builder* process
(``python -m rouge_core.kernels``, detached) compiles every group into numba's cache, the caller
computes in pure Python meanwhile (the same numbers), and a later call switches to the compiled
kernels as soon as the group's *stamp* is there (its check then loads it from the cache).

A stamp is a small file saying "this group's check passed here", written by any process right after
the check passes (:func:`mark`). Stamps live in the folder numba caches our kernels in (asked of
numba, per process), and their names carry numba's version, Python's version and a digest of the
kernel sources (:func:`key_of`), so an edited or upgraded tree starts cold again. Looking for a
stamp is one ``stat``. Beside them: the builder's lock file (its pid: concurrent callers start one
builder; a lock whose process is gone is taken over) and its log (the builder's stderr).

The group compiles in the calling process instead (with :mod:`~rouge_core.kernels.warmup`'s usual
notice) when ``ROUGE_LENS_COMPILE=foreground`` is set, when numba cannot cache here or the folder is
not writable, when no builder can be started, when the builder ended without the group's stamp, and
when it has run for more than :data:`BUILD_LIMIT` seconds. Stamps are also keyed by this CPU's model
and features (numba's cache holds machine code for one CPU). After checking every group, the builder
also compiles the batch's kernels ahead of time (:mod:`rouge_core.kernels.aot`).
Once a process has given up waiting it never waits again.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import sys
import threading
import time
from pathlib import Path
from typing import Any, Optional, Sequence

_log = logging.getLogger(__name__)

#: The environment variable that says where kernels compile: ``foreground`` (in the process that
#: first needs them, before its result) or ``background`` (the default, read when first needed).
SWITCH = "ROUGE_LENS_COMPILE"
#: Seconds a missing stamp stays missing before it is looked for again (calls can be very frequent).
LOOK_EVERY = 0.25
#: The builder's command line after ``python``: the command that compiles every group.
BUILDER_ARGS = ["-m", "rouge_core.kernels"]
#: Seconds after the builder's start when a caller stops waiting for it and compiles what it needs
#: itself (a builder takes about 30 s of CPU; one that hangs must not keep its callers in pure Python).
BUILD_LIMIT = 900.0

_PACKAGE = Path(__file__).resolve().parents[1]  # the rouge_core folder
# The kernels package's modules that decide, say and build, but hold nothing numba compiles.
_MACHINERY = frozenset(
    ("backend.py", "background.py", "warmup.py", "__main__.py", "preload.py", "aot.py", "aot_build.py")
)
_where: list[Optional[Path]] = []  # numba's cache folder for our kernels, once asked (None: it has none)
_key: list[str] = []  # key_of(...) for this process's numba, Python and sources, once computed
_builder: list[Any] = []  # the builder's Popen when this process started it, else its pid (an int)
_since: list[float] = []  # when that builder started (time.time(); for a joined one, its lock's time)
_gave_up: list[str] = []  # why this process compiles in the foreground from now on (empty: it may wait)
_looked: dict[str, float] = {}  # group -> time.monotonic() of the last look at its missing stamp
_mode: list[str] = []  # ROUGE_LENS_COMPILE as read on the first question


def key_of(numba_version: str, python: Sequence[int], digest: str) -> str:
    """The part of every stamp's name that changes with numba, Python or the kernel sources.

    >>> key_of("0.68.1", (3, 11, 7), "0123456789abcdef0123")
    'numba0.68.1-py3.11-0123456789ab'
    """
    return f"numba{numba_version}-py{python[0]}.{python[1]}-{digest[:12]}"


def stamp_name(group: str, key: str) -> str:
    """The file name of ``group``'s stamp under ``key``.

    >>> stamp_name("union LCS kernels", "numba0.68.1-py3.11-0123456789ab")
    'rouge-lens.numba0.68.1-py3.11-0123456789ab.union-lcs-kernels.stamp'
    """
    return f"rouge-lens.{key}.{re.sub(r'[^a-z0-9]+', '-', group.lower()).strip('-')}.stamp"


def sources() -> list[Path]:
    """The source files a stamp depends on: the kernels package, the measures' functions it compiles
    as they are (``ngram_total``, ``pair_total``, ...), and the chunk engine's checks.

    >>> [p.name for p in sources()][-3:]
    ['ngrams.py', 'skipbigram.py', 'compiled.py']
    """
    kernels = [p for p in sorted((_PACKAGE / "kernels").glob("*.py")) if p.name not in _MACHINERY]
    measures = [_PACKAGE / "measures" / "ngrams.py", _PACKAGE / "measures" / "skipbigram.py"]
    return kernels + measures + [_PACKAGE / "batch" / "compiled.py"]


def files_digest(paths: Sequence[Path], *extra: str) -> str:
    """The SHA-256 (hex) of the files' names and contents, then of ``extra``: what a cached build depends on.

    >>> files_digest([], "x") == hashlib.sha256(b"x\\0").hexdigest()
    True
    """
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    for part in extra:
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()


def _this_key() -> str:
    if not _key:
        from .aot import cpu_identity  # numba's cache holds machine code for one CPU: so does a stamp
        from .backend import numba_module

        numba = numba_module()
        python = (sys.version_info.major, sys.version_info.minor)
        digest = files_digest(sources(), cpu_identity())
        _key.append(key_of(str(getattr(numba, "__version__", "none")), python, digest))
    return _key[0]


def cache_dir() -> Optional[Path]:
    """The folder numba caches our kernels in (asked of numba: a kernel's cache locator), or None
    when numba is not the backend or cannot cache them here. Asked once a process."""
    if not _where:
        from .backend import numba_module

        where: Optional[Path] = None
        if numba_module() is not None:
            from .bootstrap import perl_sums  # a small kernel module: numba places every one the same way

            found = getattr(perl_sums, "stats", None)
            path = getattr(found, "cache_path", None)  # None: numba found no writable place (no cache)
            where = Path(path) if path else None
        _where.append(where)
    return _where[0]


def stamp(group: str) -> Optional[Path]:
    """Where ``group``'s stamp is (or would be); None when numba cannot cache here."""
    where = cache_dir()
    return None if where is None else where / stamp_name(group, _this_key())


def mark(group: str) -> None:
    """Write ``group``'s stamp (its check has just passed in this process), unless it is there."""
    path = stamp(group)
    if path is None or path.exists():
        return
    record = {"group": group, "key": _this_key(), "pid": os.getpid(), "time": time.time()}
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    try:  # written aside and renamed: a reader sees a whole stamp or none
        part.write_text(json.dumps(record) + "\n", encoding="utf-8")
        os.replace(part, path)
    except OSError as e:  # a full disk or a read-only folder: later processes compile in the foreground
        _log.info("the stamp of the %s was not written: %s", group, e)


def _give_up(why: str, level: int = logging.INFO) -> bool:
    _gave_up.append(why)
    _log.log(level, "compiling the ROUGE kernels in this process instead of waiting: %s", why)
    return False


def wait_for(group: str) -> bool:
    """True when ``group`` is to be computed in pure Python for now, while the builder compiles it
    (starting the builder, or joining the one running, on the first call); False when its check is
    to run now in this process: its stamp is there, or compiling in the background is off, not
    possible here, or failed. The caller holds :mod:`~rouge_core.kernels.backend`'s lock."""
    if _gave_up:
        return False
    now = time.monotonic()
    if _builder and now - _looked.get(group, float("-inf")) < LOOK_EVERY:
        return True  # looked a moment ago: a stat per call would cost a busy caller
    if not _builder and _foreground_asked():
        return _give_up(f"{SWITCH}=foreground is set", logging.DEBUG)
    path = stamp(group)
    if path is None:
        return _give_up("numba cannot cache the kernels here (NUMBA_CACHE_DIR can name a writable folder)")
    if path.exists():
        return False
    _looked[group] = now
    if not _builder:
        why = _start_or_join(path.parent)
        if why is not None:
            return _give_up(why)
        from .warmup import say_background

        say_background()
        return True
    if _running():
        if time.time() - _since[0] <= BUILD_LIMIT:
            return True
        why = f"the background compilation has run for more than {BUILD_LIMIT:.0f} s (its log: {_log_of(path)})"
        return _give_up(why, logging.WARNING)
    if path.exists():  # the builder wrote it between the two looks
        return False
    return _give_up(f"the background compilation ended without the {group} (its log: {_log_of(path)})", logging.WARNING)


def _log_of(stamp_path: Path) -> Path:
    """The builder's log, beside the stamps."""
    return stamp_path.parent / f"rouge-lens.{_this_key()}.builder.log"


def _foreground_asked() -> bool:
    """Whether ``ROUGE_LENS_COMPILE`` asks for the foreground (read once a process; a value that is
    neither ``foreground`` nor ``background`` is said once and means the default)."""
    if not _mode:
        mode = os.environ.get(SWITCH, "").strip().lower()
        if mode not in ("", "background", "foreground"):
            _log.warning("%s=%r is neither 'foreground' nor 'background': compiling in the background", SWITCH, mode)
        _mode.append(mode)
    return _mode[0] == "foreground"


def _start_or_join(where: Path) -> Optional[str]:
    """Start the builder, or join the one running: None, or why neither is possible here."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system: no lock to share one builder
        return "no file locks on this system"
    if not os.access(where, os.W_OK):
        return f"the cache folder {where} is not writable"
    lock = where / f"rouge-lens.{_this_key()}.builder.lock"
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as e:
        return f"the builder's lock {lock} cannot be opened: {e}"
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # held only while a builder is started: concurrent callers start one
        held = os.read(fd, 32).decode("ascii", "replace").strip()
        if held.isdigit() and _alive(int(held)):
            _builder.append(int(held))
            _since.append(os.fstat(fd).st_mtime)  # the lock was written when that builder started
            return None
        proc = _launch(lock.with_suffix(".log"))  # a lock left by a process that is gone is taken over
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(proc.pid).encode("ascii"), 0)
        _builder.append(proc)
        _since.append(time.time())
        # Reaped as soon as it ends, not at this process's next look (a long-lived caller, such as the
        # app's server, would otherwise hold it as a zombie until then)
        threading.Thread(target=proc.wait, name="rouge-kernels-builder", daemon=True).start()
        return None
    except OSError as e:
        return f"the builder cannot be started: {e}"
    finally:
        os.close(fd)  # releases the lock


def _launch(log: Path) -> Any:
    """The builder: ``python -m rouge_core.kernels`` in a session of its own (it outlives this
    process), its stderr appended to ``log``. It starts in the folder that holds this process's
    rouge_core, which ``-m`` puts first on its path: it compiles the same tree, wherever that is."""
    import subprocess

    with open(log, "ab") as err:
        return subprocess.Popen(
            [sys.executable, *BUILDER_ARGS],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=err,
            cwd=_PACKAGE.parent,
            start_new_session=True,
        )


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a running builder (not a pid reused by another program, nor a zombie)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: it exists
        pass
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:  # no /proc here: the pid is all there is to go by
        return True
    return BUILDER_ARGS[-1].encode() in command


def _running() -> bool:
    builder = _builder[0]
    if isinstance(builder, int):
        return _alive(builder)
    return bool(builder.poll() is None)  # our child: poll() also reaps it once it ends


def building() -> bool:
    """Whether this process waits for a background build (it started or joined one, and has not
    given up on it): its calls compute in pure Python until each group's stamp is there.

    >>> building() in (True, False)
    True
    """
    return bool(_builder) and not _gave_up


def state() -> dict[str, Any]:
    """What this process knows of the background build (for tests and ``rouge_core.backend()``'s readers):
    the builder's pid and whether this process started it, and why it gave up waiting, if it did.

    >>> sorted(state())
    ['builder', 'gave_up', 'started_here']
    """
    builder = _builder[0] if _builder else None
    pid = builder if isinstance(builder, int) or builder is None else int(builder.pid)
    return {
        "builder": pid,
        "started_here": builder is not None and not isinstance(builder, int),
        "gave_up": list(_gave_up),
    }
