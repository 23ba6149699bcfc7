"""CPU time of processes and process trees from /proc, for the capacity benchmark (``bench_capacity``):
the app servers' trees, the bench client (Chromium, Playwright, this script), PostgreSQL's processes and
the whole machine. Linux only, like the rest of the benchmark.

>>> own = tree_cpu(os.getpid())
>>> own > 0.0 and own == own  # a positive number of seconds, not NaN
True
"""

from __future__ import annotations

import os
from typing import Iterable, Optional

_TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str]:
    """The fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses)."""
    with open(f"/proc/{pid}/stat", encoding="ascii") as f:
        return f.read().rsplit(")", 1)[1].split()


def parents() -> dict[int, int]:
    """pid -> parent pid of every process now (processes that vanish while listed are skipped)."""
    out = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                out[int(entry)] = int(_stat(int(entry))[1])
            except (OSError, ValueError, IndexError):
                continue  # exited while listed, or not readable: not ours
    return out


def descendants(roots: Iterable[int], tree: dict[int, int], skip: Iterable[int] = ()) -> set[int]:
    """``roots`` and every process below them in ``tree`` (pid -> parent), ``skip`` and what is below
    it left out.

    >>> sorted(descendants([1], {2: 1, 3: 2, 4: 1, 5: 9}, skip=[4]))
    [1, 2, 3]
    """
    skipped = set(skip)
    ours = set(roots) - skipped
    grew = True
    while grew:
        new = {p for p, pp in tree.items() if pp in ours and p not in ours and p not in skipped}
        grew = bool(new)
        ours |= new
    return ours


def process_cpu(pid: int, reaped: bool = False) -> float:
    """CPU seconds (user + system) of ``pid``; with ``reaped``, plus those of its children that have
    exited and been waited for (fields 16 and 17), so a tree's total does not drop when one ends."""
    fields = _stat(pid)
    ticks = int(fields[11]) + int(fields[12])
    if reaped:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / _TICK


def tree_cpu(root: int) -> float:
    """CPU seconds of ``root``, every process below it now, and its reaped children; 0.0 when ``root``
    has exited (a server that died shows as no work, and its lost judgments show in the table)."""
    total = 0.0
    for pid in descendants([root], parents()):
        try:
            total += process_cpu(pid, reaped=pid == root)
        except OSError:
            continue  # exited since the listing: its time is in its parent's reaped time
    return total


def client_cpu(servers: Iterable[int]) -> dict[int, float]:
    """CPU seconds of this process and every process descended from it, the ``servers`` (and their
    children) excepted: Chromium's, Playwright's driver and the script that drives them."""
    cpu = {}
    for pid in descendants([os.getpid()], parents(), skip=servers):
        try:
            cpu[pid] = process_cpu(pid)
        except OSError:
            continue  # exited since the listing
    return cpu


def machine_cpu() -> float:
    """CPU seconds every core of the machine has been busy (/proc/stat's first line: all but idle and
    iowait; guest time is already in user)."""
    with open("/proc/stat", encoding="ascii") as f:
        user, nice, system, _idle, _iowait, irq, softirq, steal = (int(x) for x in f.readline().split()[1:9])
    return (user + nice + system + irq + softirq + steal) / _TICK


def _comm(pid: int) -> str:
    with open(f"/proc/{pid}/comm", encoding="utf-8", errors="replace") as f:
        return f.read().strip()


def _cmdline(pid: int) -> str:
    with open(f"/proc/{pid}/cmdline", "rb") as f:
        return f.read().replace(b"\0", b" ").decode("utf-8", "replace")


def postmasters(socket_dir: Optional[str] = None) -> list[int]:
    """The PostgreSQL servers running here: processes named ``postgres*`` whose parent is not one. With
    ``socket_dir`` (the URL's ``host=/dir``), only the one whose command line names that directory, when
    one does (a second cluster, e.g. the test suite's, is then not counted); else all of them."""
    tree = parents()
    named = set()
    for pid in tree:
        try:
            if _comm(pid).startswith("postgres"):
                named.add(pid)
        except OSError:
            continue  # exited while listed
    roots = sorted(p for p in named if tree.get(p) not in named)
    if socket_dir:
        mine = []
        for pid in roots:
            try:
                if socket_dir.rstrip("/") in _cmdline(pid):
                    mine.append(pid)
            except OSError:
                continue
        return mine or roots
    return roots
