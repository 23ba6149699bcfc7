"""The measure registry (issue 18, point 1): one record per family, and every measure list read from it."""

from __future__ import annotations

import dataclasses

import pytest

from rouge_core import RougeConfig
from rouge_core.cli.format import option_number
from rouge_core.cli.options import _FLAGS, _WITH_VALUE, USAGE, parse_args
from rouge_core.cli.run import build_config
from rouge_core.measures.registry import (
    FAMILIES,
    FAMILY,
    VIEWS,
    Family,
    kernel_rows,
    measure_specs,
    measures_from_perl,
    narrowed_fields,
)
from rouge_core.teach.which_rouge.settings import all_groups, kinds, narrowed

CONFIGS = [
    RougeConfig(),
    RougeConfig(max_n=4, skip_distance=4),
    RougeConfig(max_n=2, rouge_l=False, wlcs_weight=1.2, skip_distance=-1, rouge_s=False),
    RougeConfig(max_n=None, flat_lcs=True, wlcs_weight=None, skip_distance=0, rouge_su=False),
    RougeConfig(profile="rouge-score", max_n=3),
]


def test_every_enum_family_is_registered_once_in_print_order():
    assert [f.family for f in FAMILIES] == list(Family)
    assert set(FAMILY) == set(Family)
    codes = [f.kernel_code for f in FAMILIES]
    assert len(set(codes)) == len(codes)
    assert VIEWS == ("N-grams", "LCS", "WLCS", "Skip-bigrams")


def test_labels_by_hand():
    assert RougeConfig(max_n=4, skip_distance=4).measure_labels() == [
        "ROUGE-1", "ROUGE-2", "ROUGE-3", "ROUGE-4", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-S4", "ROUGE-SU4",
    ]  # fmt: skip
    assert CONFIGS[2].measure_labels() == ["ROUGE-1", "ROUGE-2", "ROUGE-W-1.2", "ROUGE-SU*"]
    assert CONFIGS[3].measure_labels() == ["ROUGE-L", "ROUGE-Lflat", "ROUGE-S0"]
    assert [s.label for s in measure_specs(CONFIGS[3])] == CONFIGS[3].measure_labels()


def test_a_family_names_only_real_config_fields_and_each_is_a_which_rouge_setting():
    names = {f.name for f in dataclasses.fields(RougeConfig)}
    grouped = {field for g in all_groups() for field in g.fields}
    for f in FAMILIES:
        assert set(f.fields) <= names, f.family
        assert set(f.fields) <= grouped, f.family


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.signature())
def test_the_perl_options_of_a_config_give_back_its_measures(config):
    if config.profile != "rouge155" or config.flat_lcs:
        pytest.skip("the script computes rouge155 measures only")
    back = build_config(parse_args(config.perl_flags().split() + ["c.xml"])[0])
    assert back.measure_labels() == config.measure_labels()


def test_the_command_line_takes_and_lists_every_measure_option():
    for f in FAMILIES:
        for option in f.options:
            assert option[1] in _WITH_VALUE | _FLAGS, option
            assert f"  {option} " in USAGE, option
            off = measures_from_perl({}, option_number)
            given = measures_from_perl({option: "2" if option[1] in _WITH_VALUE else True}, option_number)
            assert given != off, option  # the option changes a measure field


def test_the_command_lines_measure_options_by_hand():
    got = measures_from_perl({"-n": "3", "-x": True, "-2": "-1", "-U": True}, option_number)
    assert got == {"max_n": 3, "rouge_l": False, "wlcs_weight": None, "skip_distance": -1, "rouge_s": True,
                   "rouge_su": True}  # fmt: skip
    assert (
        RougeConfig(max_n=2, rouge_l=False, skip_distance=4, rouge_s=False)
        .perl_flags()
        .startswith("-n 2 -w 1.2 -2 4 -u -x ")
    )


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.signature())
def test_narrowing_keeps_exactly_the_wanted_kinds(config):
    every = list(kinds(config))
    for k in every:
        assert list(kinds(narrowed(config, [k]))) == (
            [k] if not k.startswith("ROUGE-") else [x for x in every if x.startswith("ROUGE-") and x <= k]
        )
    assert narrowed_fields(config, every) == {
        f: getattr(narrowed(config, every), f) for f in narrowed_fields(config, every)
    }


def test_the_kernel_is_told_codes_not_positions():
    specs = measure_specs(CONFIGS[3])  # L, Lflat, S0: no ROUGE-N row first
    assert kernel_rows(specs) == [(1, 0), (2, 0), (4, 0)]
    assert kernel_rows(measure_specs(RougeConfig(max_n=2, wlcs_weight=None, skip_distance=None))) == [
        (0, 1), (0, 2), (1, 0),
    ]  # fmt: skip
