"""How the command line reads its option values and writes its lines, shared by :mod:`rouge_core.cli`
(the ROUGE-1.5.5 drop-in) and :mod:`rouge_core.cli.corpus` (corpus files and system comparisons):
Perl's number syntax for option values, the measure names Perl prints (``ROUGE-W-1.20`` as typed),
and printing on stdout whatever bytes a system ID holds.
"""

from __future__ import annotations

import re
import sys
from decimal import Decimal
from typing import Any, Mapping

from ..config import UNLIMITED, RougeConfig
from ..io.perl_inputs import UsageError, shown

#: The characters Perl's ``\s`` matches: what an option value may have around it.
PERL_SPACE = " \t\n\r\f\v"
#: A number as Perl reads one from the start of a string (decimal, exponent, inf, nan).
PERL_NUMBER = re.compile(
    r"[ \t\n\r\f\v]*([+-]?(?:(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
    r"|inf(?:inity)?|nan))",
    re.IGNORECASE,
)
_INTEGER = re.compile(r"[+-]?[0-9]{1,30}")  # well inside int()'s digit limit
#: The largest magnitude an integer option may be written with (a double's, as Perl would read it).
_LARGEST = Decimal(sys.float_info.max)


def option_number(opts: Mapping[str, Any], key: str, kind: type = int) -> Any:
    """An option's value: a Perl number filling the whole text (spaces around allowed).

    ``kind=int`` also takes the exponent and decimal forms of a whole number, as Perl
    would use them (``1e3`` is 1000); it refuses fractions, ``inf``, ``nan`` and
    numbers beyond a double (never calls ``int()`` on a long digit string).

    >>> option_number({"-r": "1e3"}, "-r"), option_number({"-n": " 4 "}, "-n")
    (1000, 4)
    >>> option_number({"-p": ".5"}, "-p", float)
    0.5
    >>> option_number({"-r": "2.5"}, "-r")
    Traceback (most recent call last):
    ...
    rouge_core.io.perl_inputs.UsageError: invalid value for -r: '2.5' (expected a whole number)
    """
    text = opts[key]
    m = PERL_NUMBER.match(text)
    expected = "an integer" if kind is int else "a number"
    if not m or text[m.end() :].strip(PERL_SPACE):
        raise UsageError(f"invalid value for {key}: '{shown(text, 40)}' (expected {expected})")
    number = m.group(1)
    if kind is not int:
        return float(number)
    if _INTEGER.fullmatch(number):
        return int(number)
    value = Decimal(number)  # exact: 12345678901234567e2 keeps its digits (a float would not)
    # copy_abs and comparisons need no context: an exponent like 1e99999999999999999 does not overflow
    too_large = value.is_finite() and value.copy_abs() > _LARGEST
    if not value.is_finite() or too_large or value != value.to_integral_value():
        raise UsageError(
            f"invalid value for {key}: '{shown(text, 40)}' (expected a whole number"
            + ("; this one is too large)" if too_large else ")")
        )
    return int(value)


def perl_labels(config: RougeConfig, opts: dict[str, Any]) -> dict[str, str]:
    """The names Perl prints for the config's ROUGE-W and ROUGE-S<d>: the option text as typed.

    >>> perl_labels(RougeConfig(wlcs_weight=1.2, skip_distance=4), {"-w": "1.20", "-2": " 4"})
    {'ROUGE-W-1.2': 'ROUGE-W-1.20', 'ROUGE-S4': 'ROUGE-S4', 'ROUGE-SU4': 'ROUGE-SU4'}
    """
    out = {}
    for label in config.measure_labels():
        if label.startswith("ROUGE-W-"):
            out[label] = "ROUGE-W-" + opts["-w"].strip(PERL_SPACE)
        elif label.startswith("ROUGE-S") and config.resolved.skip_distance != UNLIMITED:
            out[label] = label.rstrip("0123456789") + opts["-2"].strip(PERL_SPACE)
    return out


def emit(text: str) -> None:
    """Print ``text`` and a newline on stdout, even if the stream's encoding cannot hold every character.

    A system ID from the command line may carry bytes that are not UTF-8 (``surrogateescape``):
    they are written back as those bytes, as Perl prints them; anything else unencodable is
    backslash-escaped.

    >>> emit("ROUGE-1 Average_R: 0.50000")
    ROUGE-1 Average_R: 0.50000
    """
    out = sys.stdout
    try:
        out.write(text + "\n")
        return
    except UnicodeEncodeError:
        pass
    enc = getattr(out, "encoding", None) or "utf-8"
    try:
        data = (text + "\n").encode(enc, "surrogateescape")
    except UnicodeEncodeError:
        data = (text + "\n").encode(enc, "backslashreplace")
    buf = getattr(out, "buffer", None)
    if buf is not None:
        out.flush()
        buf.write(data)
        buf.flush()
    else:
        out.write(data.decode(enc, "backslashreplace"))
