"""One frozen, validated description of a ROUGE computation.

Every option lives here, is checked here (``ValueError`` naming the option and
the allowed values), and round-trips through :meth:`RougeConfig.signature`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any, Literal, Optional, Union, get_args

from .profiles import Profile, check_quirks, format_quirks, parse_quirks, resolve
from .text.custom_tokenizer import CUSTOM_PREFIX, CustomTokenizer, TokenizerCallable
from .text.stem import Exceptions, ExceptionTable
from .text.tokenizers_extra import missing_message

if TYPE_CHECKING:  # it imports this module's types
    from .resolved import ResolvedConfig

VERSION = "1.0"

#: The profiles, tokenizers and multi-reference modes a config accepts (type checkers see them as these
#: literal strings; the config also checks them at run time, for callers without a type checker).
ProfileName = Literal["rouge155", "rouge-score", "paper"]
TokenizerName = Literal["rouge155", "rouge-score", "unicode", "jieba", "fugashi", "thai"]
MultiRefMode = Literal["pooled", "best", "jackknife"]
PROFILES: tuple[ProfileName, ...] = get_args(ProfileName)
TOKENIZERS: tuple[TokenizerName, ...] = get_args(TokenizerName)
MULTI_REF_MODES: tuple[MultiRefMode, ...] = get_args(MultiRefMode)


@dataclass(frozen=True)
class MultiRefText:
    """How people read a ``multi_ref`` mode: ``label`` names it where it is chosen (the app's
    sidebar), ``short`` in a caption that lists several configs.

    >>> MULTI_REF_TEXT["best"].label, MULTI_REF_TEXT["best"].short
    ('best reference (-f B / score_multi)', 'best reference')
    """

    label: str
    short: str


#: The one description of each of :data:`MULTI_REF_MODES` (same keys, same order).
MULTI_REF_TEXT: dict[str, MultiRefText] = {
    "pooled": MultiRefText("pooled over references (-f A)", "references pooled (-f A)"),
    "best": MultiRefText("best reference (-f B / score_multi)", "best reference"),
    "jackknife": MultiRefText("jackknifing (average of leave-one-out best)", "jackknifing"),
}
AVERAGING: tuple[int, ...] = (0, 1, 2)
MAX_N = 9
#: ROUGE-W's f(k) = k^w: w = 1 is plain LCS (Lin 2004 defines f for w > 1). Above 5 the
#: ROUGE-1.5.5 denominator (sum |M_i|^w)^w would overflow a float for a 10^12-word text
#: (it is |M|^(w*w)); up to 5 every count stays finite for any text that fits in memory.
MIN_WLCS_WEIGHT = 1.0
MAX_WLCS_WEIGHT = 5.0
#: Most bootstrap resamples (-r): 100 times the script's default of 1,000.
MAX_BOOTSTRAP_SAMPLES = 100_000
#: The signature key of :attr:`RougeConfig.exception_table` (written only when one is set).
EXC_TABLE_KEY = "exc_table"

#: Longest signature :meth:`RougeConfig.from_signature` reads (a full one is about 200 characters).
MAX_SIGNATURE_CHARS = 1_000
#: Largest value of an integer option (limits, skip distance, seed): far above any text's length.
MAX_INT_OPTION = 10**15

#: Skip distance meaning "no limit" (Perl's ``-2 -1``).
UNLIMITED = -1


def _short(value: Any, limit: int = 40) -> str:
    """``repr(value)``, cut to ``limit`` characters (messages never echo a long input whole)."""
    r = repr(value)
    return r if len(r) <= limit else r[:limit] + f"... ({len(r):,} characters)"


def _fail(option: str, value: Any, allowed: str) -> None:
    raise ValueError(f"invalid {option}={_short(value)}: allowed values are {allowed}")


@dataclass(frozen=True)
class RougeConfig:
    """Everything that decides a ROUGE number.

    ``None`` for ``tokenizer``, ``multi_ref`` and ``flat_lcs`` means "the
    profile's default" and is resolved on construction.

    >>> c = RougeConfig(profile="rouge155", max_n=2, stem=True)
    >>> c.tokenizer, c.multi_ref
    ('rouge155', 'pooled')
    >>> RougeConfig.from_signature(c.signature()) == c
    True
    >>> RougeConfig(alpha=2)
    Traceback (most recent call last):
    ...
    ValueError: invalid alpha=2: allowed values are a number in [0, 1]

    A tokenizer may be a callable str -> list[str] (or an object with a ``.tokenize`` method); the
    signature names it, and cannot carry it back:

    >>> RougeConfig(tokenizer=str.split).signature().split("|")[2]
    'tok:custom:str.split'
    """

    profile: ProfileName = "rouge155"
    #: A name of :data:`TOKENIZERS`, or a callable str -> list[str] (or an object with ``.tokenize``),
    #: kept as a :class:`~rouge_core.text.custom_tokenizer.CustomTokenizer` (signature ``tok:custom:<name>``).
    tokenizer: Optional[Union[TokenizerName, CustomTokenizer, TokenizerCallable]] = None
    stem: bool = False
    stem_exceptions: bool = True
    remove_stopwords: bool = False
    max_n: Optional[int] = 4
    rouge_l: bool = True
    flat_lcs: Optional[bool] = None
    wlcs_weight: Optional[float] = 1.2
    skip_distance: Optional[int] = 4
    rouge_s: bool = True
    rouge_su: bool = True
    alpha: float = 0.5
    multi_ref: Optional[MultiRefMode] = None
    word_limit: Optional[int] = None
    byte_limit: Optional[int] = None
    confidence: float = 95.0
    bootstrap_samples: int = 1000
    averaging: int = 0
    seed: int = 0
    #: Overrides of the profile record's quirk fields (a profile *variant*, see :mod:`.profiles`).
    quirks: tuple[tuple[str, Any], ...] = ()
    #: The stem exception table used instead of the pinned WordNet 2.0 map (ROUGE-1.5.5 stemming with
    #: ``stem_exceptions``; the CLI's ``-e DIR`` sets it from that directory's DB). None: the pinned map.
    exception_table: Optional[ExceptionTable] = None

    def __post_init__(self) -> None:
        if self.profile not in PROFILES:
            _fail("profile", self.profile, ", ".join(PROFILES))
        object.__setattr__(self, "quirks", check_quirks(self.quirks))
        record = resolve(self.profile)
        if self.tokenizer is None:
            object.__setattr__(self, "tokenizer", record.tokenizer)
        if isinstance(self.tokenizer, str):
            _check_tokenizer_name(self.tokenizer)
        else:  # a callable: kept with its name, one record so the config stays hashable and comparable
            object.__setattr__(self, "tokenizer", CustomTokenizer.of(self.tokenizer))
        if self.multi_ref is None:
            object.__setattr__(self, "multi_ref", record.multi_ref)
        if self.multi_ref not in MULTI_REF_MODES:
            _fail("multi_ref", self.multi_ref, ", ".join(MULTI_REF_MODES))
        if self.flat_lcs is None:
            object.__setattr__(self, "flat_lcs", record.flat_lcs)
        for name in ("stem", "stem_exceptions", "remove_stopwords", "rouge_l", "flat_lcs", "rouge_s", "rouge_su"):
            if not isinstance(getattr(self, name), bool):
                _fail(name, getattr(self, name), "True or False")
        if self.exception_table is not None and not isinstance(self.exception_table, ExceptionTable):
            _fail("exception_table", self.exception_table, "None or a rouge_core.text.stem.ExceptionTable")
        if self.max_n is not None and (not _is_int(self.max_n) or not 1 <= self.max_n <= MAX_N):
            _fail("max_n", self.max_n, f"an integer from 1 to {MAX_N}, or None for no ROUGE-N")
        if self.wlcs_weight is not None:
            if not _is_number(self.wlcs_weight) or not MIN_WLCS_WEIGHT <= self.wlcs_weight <= MAX_WLCS_WEIGHT:
                _fail(
                    "wlcs_weight",
                    self.wlcs_weight,
                    f"a number from {MIN_WLCS_WEIGHT:g} to {MAX_WLCS_WEIGHT:g} (f(k) = k^w; 1 is plain LCS), "
                    "or None for no ROUGE-W",
                )
            object.__setattr__(self, "wlcs_weight", float(self.wlcs_weight))
        if self.skip_distance is not None:
            if not _is_int(self.skip_distance):
                _fail("skip_distance", self.skip_distance, "an integer >= 0, -1 for unlimited, or None for no ROUGE-S")
            if self.skip_distance > MAX_INT_OPTION:
                _fail("skip_distance", self.skip_distance, f"at most {MAX_INT_OPTION:.0e} (or -1 for unlimited)")
            if self.skip_distance < 0:
                object.__setattr__(self, "skip_distance", UNLIMITED)
        if not _is_number(self.alpha) or not 0 <= self.alpha <= 1:
            _fail("alpha", self.alpha, "a number in [0, 1]")
        object.__setattr__(self, "alpha", float(self.alpha))
        for name in ("word_limit", "byte_limit"):
            v = getattr(self, name)
            if v is not None and (not _is_int(v) or not 0 < v <= MAX_INT_OPTION):
                _fail(name, v, f"a positive integer up to {MAX_INT_OPTION:.0e}, or None")
        if self.word_limit is not None and self.byte_limit is not None:
            raise ValueError("invalid word_limit/byte_limit: use at most one of the two length limits")
        if not _is_number(self.confidence) or not 0 <= self.confidence <= 100:
            _fail("confidence", self.confidence, "a number in [0, 100]")
        object.__setattr__(self, "confidence", float(self.confidence))
        if not _is_int(self.bootstrap_samples) or not 1 <= self.bootstrap_samples <= MAX_BOOTSTRAP_SAMPLES:
            _fail("bootstrap_samples", self.bootstrap_samples, f"an integer from 1 to {MAX_BOOTSTRAP_SAMPLES:,}")
        if not _is_int(self.averaging) or self.averaging not in AVERAGING:
            _fail("averaging", self.averaging, "0 (mean of scores), 1 (pooled counts), 2 (raw counts)")
        if not _is_int(self.seed) or not 0 <= self.seed <= MAX_INT_OPTION:
            _fail("seed", self.seed, f"an integer from 0 to {MAX_INT_OPTION:.0e}")

    # -- derived -------------------------------------------------------------
    @property
    def resolved(self) -> ResolvedConfig:
        """This config without ``None``: defaults filled in, "off" explicit (what the engine reads).

        >>> RougeConfig(max_n=None).resolved.max_n, RougeConfig().resolved.tokenizer
        (0, 'rouge155')
        """
        from .resolved import resolve_config  # it imports this module's types

        return resolve_config(self)

    @property
    def behaviour(self) -> Profile:
        """The profile's record with this config's ``quirks`` applied: what the engine reads.

        >>> RougeConfig(profile="paper").behaviour.union_budget
        False
        """
        return resolve(self.profile, self.quirks)

    @property
    def beta(self) -> float:
        """The paper's beta for this alpha (alpha = 1 / (1 + beta^2)); inf when alpha = 0."""
        return float("inf") if self.alpha == 0 else ((1 - self.alpha) / self.alpha) ** 0.5

    @staticmethod
    def alpha_from_beta(beta: float) -> float:
        """alpha = 1 / (1 + beta^2).

        >>> RougeConfig.alpha_from_beta(1.0)
        0.5
        """
        if not _is_number(beta) or beta < 0:
            _fail("beta", beta, "a number >= 0")
        return 1.0 / (1.0 + beta * beta)

    def with_(self, **changes: Any) -> RougeConfig:
        """A copy with some options changed (validated again)."""
        return replace(self, **changes)

    # -- signature -----------------------------------------------------------
    def signature(self) -> str:
        """Every setting, as ``key:value`` fields joined by ``|`` (parse with :meth:`from_signature`).

        >>> RougeConfig(max_n=1, wlcs_weight=None, skip_distance=None).signature().split("|")[0]
        'ROUGE-1,ROUGE-L'
        """
        head = ",".join(self.measure_labels()) or "none"
        parts = [head] + [
            f"{_SIG_KEYS[f.name]}:{format_number(getattr(self, f.name))}" for f in fields(self) if f.name in _SIG_KEYS
        ]
        if self.quirks:  # only a profile variant says so: every other signature stays as it was
            parts.append(f"quirks:{format_quirks(self.quirks)}")
        if self.exception_table is not None:  # likewise: only a config with another table says so
            parts.append(f"{EXC_TABLE_KEY}:{self.exception_table.tag}")
        return "|".join(parts + [f"v:{VERSION}"])

    @property
    def stem_lookup(self) -> Exceptions:
        """What ROUGE-1.5.5 stemming looks a token up in: the pinned WordNet 2.0 map (True), nothing
        (False), or :attr:`exception_table`.

        >>> RougeConfig().stem_lookup, RougeConfig(stem_exceptions=False).stem_lookup
        (True, False)
        """
        if not self.stem_exceptions:
            return False
        return True if self.exception_table is None else self.exception_table

    @classmethod
    def from_signature(cls, signature: str) -> RougeConfig:
        """Parse a :meth:`signature` string back into a config.

        Strict, since a signature may come from a shared link: printable ASCII only, each
        key at most once, this version (``v:1.0``), and a head (the measure list) that the
        fields agree with. Fields left out take their default.

        >>> RougeConfig.from_signature("ROUGE-1,ROUGE-L|n:1|w:none|skip:none|v:1.0").max_n
        1
        >>> RougeConfig.from_signature("ROUGE-1|n:1|n:2|v:1.0")
        Traceback (most recent call last):
        ...
        ValueError: invalid signature: the key 'n' appears twice
        """
        if not isinstance(signature, str):
            raise TypeError(f"signature must be a str, not {type(signature).__name__}")
        if len(signature) > MAX_SIGNATURE_CHARS:
            raise ValueError(
                f"invalid signature: {len(signature):,} characters, the longest accepted is {MAX_SIGNATURE_CHARS:,}"
            )
        bad = next((ch for ch in signature if not "!" <= ch <= "~"), None)
        if bad is not None:
            raise ValueError(f"invalid signature: character {bad!r} (only printable ASCII, no spaces)")
        by_key = {v: k for k, v in _SIG_KEYS.items()}
        head, *parts = signature.split("|")
        kwargs: dict[str, Any] = {}
        version = None
        for part in parts:
            key, sep, value = part.partition(":")
            if not sep:
                raise ValueError(f"invalid signature field {_short(part)}: expected key:value")
            if key == "quirks":
                if "quirks" in kwargs:
                    raise ValueError("invalid signature: the key 'quirks' appears twice")
                kwargs["quirks"] = parse_quirks(value)
                continue
            if key == "tok" and value.startswith(CUSTOM_PREFIX):  # likewise: a name, not the function
                raise ValueError(
                    f"invalid signature: it names a custom tokenizer ({_short(value)}) that a signature cannot "
                    "carry; build the config with RougeConfig(tokenizer=<the same callable>)"
                )
            if key == EXC_TABLE_KEY:  # the hash names the table; the table itself is not in the string
                raise ValueError(
                    f"invalid signature: it names a stem exception table ({_short(value)}) that a signature "
                    "cannot carry; build the config with RougeConfig(exception_table=ExceptionTable.of(...))"
                )
            if key != "v" and key not in by_key:
                raise ValueError(f"invalid signature key {_short(key)}: allowed keys are {', '.join(by_key)}, v")
            name = by_key.get(key, "v")
            if name in kwargs or (key == "v" and version is not None):
                raise ValueError(f"invalid signature: the key {key!r} appears twice")
            if key == "v":
                version = value
                continue
            kwargs[name] = _parse(name, value)
        if version != VERSION:
            raise ValueError(
                f"invalid signature version {_short(version)}: this is version {VERSION} "
                f"(the signature must end in |v:{VERSION})"
            )
        config = cls(**kwargs)
        expected = ",".join(config.measure_labels()) or "none"
        if head != expected:
            raise ValueError(f"invalid signature: it names the measures {_short(head)}, but its fields give {expected}")
        return config

    def measure_labels(self) -> list[str]:
        """The labels of the measures this config computes, in Perl's print order (read from the
        measure registry, :data:`rouge_core.measures.registry.FAMILIES`).

        >>> RougeConfig(max_n=2, skip_distance=4, rouge_s=False).measure_labels()
        ['ROUGE-1', 'ROUGE-2', 'ROUGE-L', 'ROUGE-W-1.2', 'ROUGE-SU4']
        """
        from .measures.registry import measure_labels  # the registry imports this module

        return measure_labels(self)

    def perl_flags(self) -> str:
        """The equivalent ROUGE-1.5.5.pl option string (see :meth:`perl_differences`); the measure
        options come from the measure registry.

        >>> RougeConfig(max_n=4, skip_distance=4, stem=True).perl_flags()
        '-n 4 -w 1.2 -2 4 -U -m -c 95 -r 1000 -f A -p 0.5 -t 0 -a'
        """
        from .measures.registry import measure_perl_flags  # the registry imports this module

        f: list[str] = measure_perl_flags(self)
        if self.stem:
            f.append("-m")
        if self.remove_stopwords:
            f.append("-s")
        if self.word_limit:
            f += ["-l", str(self.word_limit)]
        if self.byte_limit:
            f += ["-b", str(self.byte_limit)]
        f += [
            "-c",
            format_number(self.confidence),
            "-r",
            str(self.bootstrap_samples),
            "-f",
            "B" if self.multi_ref == "best" else "A",
            "-p",
            format_number(self.alpha),
            "-t",
            str(self.averaging),
            "-a",
        ]
        return " ".join(x for x in f if x)

    def perl_differences(self) -> list[str]:
        """Settings that ROUGE-1.5.5.pl cannot express, one sentence each (empty when exact).

        >>> RougeConfig(tokenizer=str.split).perl_differences()
        ['tokenizer custom:str.split: a Python callable; Perl keeps ASCII letters and digits only']
        """
        out = []
        if self.profile != "rouge155":
            out.append(f"profile {self.profile}: the Perl script computes the rouge155 profile only")
        if isinstance(self.tokenizer, CustomTokenizer):
            out.append(f"tokenizer {self.tokenizer}: a Python callable; Perl keeps ASCII letters and digits only")
        elif self.tokenizer != "rouge155":
            out.append(f"tokenizer {self.tokenizer}: Perl keeps ASCII letters and digits only")
        if self.multi_ref == "jackknife":
            out.append("jackknifing was removed from the script in v1.4")
        if self.flat_lcs:
            out.append("ROUGE-Lflat (LCS over the whole text, rouge-score's rougeL) has no Perl option")
        if self.stem and not self.stem_exceptions:
            out.append("stemming without WordNet exceptions = Perl run with an empty exception DB")
        if self.quirks:
            out.append(f"a variant of the {self.profile} profile ({format_quirks(self.quirks)}) has no Perl option")
        if self.stem and self.stem_exceptions and self.exception_table is not None:
            out.append(f"the exception table {self.exception_table.tag}: run the script with -e on its data directory")
        return out


_SIG_KEYS = {
    "profile": "profile",
    "tokenizer": "tok",
    "stem": "stem",
    "stem_exceptions": "exc",
    "remove_stopwords": "stop",
    "max_n": "n",
    "rouge_l": "L",
    "flat_lcs": "Lflat",
    "wlcs_weight": "w",
    "skip_distance": "skip",
    "rouge_s": "S",
    "rouge_su": "SU",
    "alpha": "alpha",
    "multi_ref": "refs",
    "word_limit": "l",
    "byte_limit": "b",
    "confidence": "c",
    "bootstrap_samples": "r",
    "averaging": "t",
    "seed": "seed",
}
_BOOL = {"stem", "stem_exceptions", "remove_stopwords", "rouge_l", "flat_lcs", "rouge_s", "rouge_su"}
_INT = {"max_n", "skip_distance", "word_limit", "byte_limit", "bootstrap_samples", "averaging", "seed"}
_FLOAT = {"wlcs_weight", "alpha", "confidence"}


def _check_tokenizer_name(name: str) -> None:
    """A ``ValueError`` for a name outside :data:`TOKENIZERS`, or one whose package is not installed."""
    if name.startswith(CUSTOM_PREFIX):
        raise ValueError(
            f"invalid tokenizer={_short(name)}: a custom tokenizer is a Python callable, given as "
            "RougeConfig(tokenizer=fn) (the API only); named tokenizers are " + ", ".join(TOKENIZERS)
        )
    if name not in TOKENIZERS:
        _fail("tokenizer", name, ", ".join(TOKENIZERS))
    missing = missing_message(name)  # jieba, fugashi, thai: optional packages (find_spec, no import)
    if missing is not None:
        raise ValueError(f"invalid tokenizer={name!r}: {missing}")


def format_number(v: Any) -> str:
    """A setting's value as the signature and the option strings write it.

    >>> format_number(1.2), format_number(2.0), format_number(None), format_number(True)
    ('1.2', '2', 'none', 'yes')
    """
    if v is None:
        return "none"
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        r = repr(v)  # 1.0 -> "1", but 1e+16 stays "1e+16"
        return r[:-2] if r.endswith(".0") else r
    return str(v)


_INT_TEXT = re.compile(r"-?[0-9]{1,16}")
_FLOAT_TEXT = re.compile(r"-?(?:[0-9]{1,18}(?:\.[0-9]*)?|\.[0-9]+)(?:e[-+]?[0-9]{1,3})?")


def _parse(name: str, value: str) -> Any:
    if value == "none":
        return None
    if name in _BOOL and value in ("yes", "no"):
        return value == "yes"
    if name in _INT and _INT_TEXT.fullmatch(value):
        return int(value)
    if name in _FLOAT and _FLOAT_TEXT.fullmatch(value):
        return float(value)
    if name not in _BOOL | _INT | _FLOAT:
        return value
    raise ValueError(
        f"invalid signature value {name}={_short(value)}: expected "
        + ("yes or no" if name in _BOOL else "an integer" if name in _INT else "a number")
    )


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == v
