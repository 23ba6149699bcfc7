"""Shared helpers for the benchmarks: deterministic text and a machine description."""

from __future__ import annotations

import datetime as _dt
import os
import platform
import random
import statistics
import time
from typing import Callable

WORDS = (
    "the of and to a in for is on that by with as at from his her police minister said "
    "government year people city report new first two after over state court team game "
    "president officials week company million health water school river storm market "
    "election bank attack children family season club players fans law vote plan"
).split()


def news_text(rng: random.Random, n_words: int, sentence_len: int = 20) -> str:
    """Deterministic news-like text: a Zipf-ish mix of common words and rarer ones, one sentence a line."""
    words = []
    for _ in range(n_words):
        if rng.random() < 0.7:
            words.append(WORDS[min(int(rng.paretovariate(1.2)) - 1, len(WORDS) - 1)])
        else:
            words.append(f"w{rng.randrange(3000)}")
    lines = [" ".join(words[i : i + sentence_len]) + "." for i in range(0, n_words, sentence_len)]
    return "\n".join(lines)


def perturb(rng: random.Random, text: str, rate: float = 0.3) -> str:
    """A candidate made from a reference: words dropped, replaced and swapped."""
    out_lines = []
    for line in text.splitlines():
        ws = line.rstrip(".").split()
        ws = [w for w in ws if rng.random() > rate / 3]
        ws = [f"x{rng.randrange(3000)}" if rng.random() < rate / 3 else w for w in ws]
        for _ in range(int(len(ws) * rate / 3)):
            i, j = rng.randrange(len(ws)), rng.randrange(len(ws))
            ws[i], ws[j] = ws[j], ws[i]
        out_lines.append(" ".join(ws) + ".")
    return "\n".join(out_lines)


def timeit(fn: Callable[[], object], repeat: int = 9) -> tuple[float, float]:
    """Median and minimum wall time in seconds."""
    fn()  # warm caches (stemmer, stopwords)
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times), min(times)


def machine() -> str:
    cpu = platform.processor() or ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{cpu or 'unknown CPU'}, {os.cpu_count()} cores visible, Python {platform.python_version()}, "
        f"{platform.system()} {platform.release()}; {_dt.date.today().isoformat()}"
    )
