"""``-o/--output FILE`` of :mod:`rouge_core.cli`: the output written whole, or not at all.

What the run prints goes to a temporary file in ``FILE``'s folder (``.FILE.<random>.tmp``), which is
renamed onto ``FILE`` (:func:`os.replace`, atomic on one file system) when the run succeeds: a reader
sees the previous file or this run's whole output, never a mix of two runs writing at once, and a
failed or interrupted run leaves the previous file and no temporary one. The new file gets the
previous file's permissions, else the usual ones (``0o666`` less the umask), not the temporary
file's ``0o600``.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from typing import Iterator, Optional

from ..io.perl_inputs import UsageError, shown
from .interrupt import finishing, handling

#: Errors of a write that found no room (a full disk, a file size limit, a quota).
_FULL = {errno.ENOSPC, errno.EFBIG, errno.EDQUOT}


def _target(path: str) -> str:
    """The file to replace: ``path``, or what it links to (the link stays a link); checked to be writable there."""
    if not path:
        raise UsageError("option -o needs a file name")
    real = os.path.realpath(path) if os.path.islink(path) else path
    if os.path.isdir(real):
        raise UsageError(f"-o {shown(path)}: is a directory")
    folder = os.path.dirname(os.path.abspath(real))
    if not os.path.isdir(folder):
        raise UsageError(f"-o {shown(path)}: the folder {shown(folder)} does not exist")
    return real


def _mode(target: str) -> int:
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except FileNotFoundError:
        mask = os.umask(0)  # read the umask: setting it is the only way
        os.umask(mask)
        return 0o666 & ~mask


@contextlib.contextmanager
def output_file(path: Optional[str]) -> Iterator[None]:
    """While the block runs, ``sys.stdout`` is a temporary file beside ``path``, renamed onto ``path``
    when the block ends without an exception and removed when it raises (any exception, Ctrl-C too).
    ``path`` None: stdout as it is. A path that cannot be written is a :class:`UsageError`, before
    anything runs.

    >>> import tempfile
    >>> folder = tempfile.mkdtemp()
    >>> with output_file(os.path.join(folder, "out.txt")):
    ...     print("scores")
    >>> open(os.path.join(folder, "out.txt")).read(), os.listdir(folder)
    ('scores\\n', ['out.txt'])
    """
    if path is None:
        yield
        return
    target = _target(path)
    folder, name = os.path.split(os.path.abspath(target))
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
    except OSError as e:
        raise UsageError(f"-o {shown(path)}: cannot write in {shown(folder)} ({e.strerror or e})") from None
    stream = open(fd, "w", encoding="utf-8")
    try:
        with contextlib.redirect_stdout(stream):
            yield
    except BaseException as e:  # the run failed or was interrupted: the previous file stays
        if isinstance(e, KeyboardInterrupt):
            handling()  # taken: a further Ctrl-C must not stop the removal
        with contextlib.suppress(OSError):  # closing flushes: the disk may still be full
            stream.close()
        _remove(temp)
        if isinstance(e, OSError) and e.errno in _FULL:  # writing the output itself failed
            raise UsageError(f"-o {shown(path)}: cannot write it ({e.strerror or e})") from None
        raise
    try:
        with finishing():  # the run is over: a Ctrl-C from here on does not leave the temporary file
            with stream:
                stream.flush()
                os.fsync(stream.fileno())  # the data on disk before the name points at it
            os.chmod(temp, _mode(target))
            os.replace(temp, target)
    except KeyboardInterrupt:  # between the run's end and the commit: the previous file stays
        handling()
        with contextlib.suppress(OSError):
            stream.close()
        _remove(temp)
        raise
    except OSError as e:  # a full disk, the folder gone, a directory put in the file's place
        _remove(temp)
        raise UsageError(f"-o {shown(path)}: cannot write it ({e.strerror or e})") from None


def _remove(temp: str) -> None:
    try:
        os.unlink(temp)
    except FileNotFoundError:
        pass
    except OSError as e:  # said, not hidden: the user may want to delete it
        print(f"rouge_core: warning: cannot remove the temporary file {shown(temp)} ({e})", file=sys.stderr)
