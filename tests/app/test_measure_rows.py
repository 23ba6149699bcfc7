"""The app's measure widgets read the measure registry: a sidebar row and a match-view tab for every
family (issue 18, point 1), and the sidebar's rows give back the config they show."""

from __future__ import annotations

import pytest

from rouge_core import RougeConfig
from rouge_core.measures.registry import FAMILIES, VIEWS
from ui.widgets.match_views import VIEW_TABS
from ui.widgets.measure_rows import ROWS, measure_fields, measure_state
from ui.widgets.options import IGNORED_BY_PAGE


def test_every_family_has_exactly_one_sidebar_row_in_the_registrys_order():
    covered = [f for row in ROWS for f in row.families]
    assert covered == [f.family for f in FAMILIES]


def test_every_view_of_the_registry_has_its_tab():
    assert tuple(VIEW_TABS) == VIEWS


def test_learn_greys_out_every_measure_widget():
    assert {k for row in ROWS for k in row.keys} <= set(IGNORED_BY_PAGE["learn"])


@pytest.mark.parametrize(
    "config",
    [
        RougeConfig(),
        RougeConfig(max_n=None, rouge_l=False, flat_lcs=True, wlcs_weight=None, skip_distance=None),
        RougeConfig(max_n=3, wlcs_weight=2.0, skip_distance=-1, rouge_s=False),
        RougeConfig(max_n=1, skip_distance=0, rouge_su=False),
    ],
    ids=lambda c: c.signature(),
)
def test_the_rows_give_back_the_measures_they_show(config):
    back = config.with_(**measure_fields(measure_state(config)))
    assert back.measure_labels() == config.measure_labels()
    assert back.perl_flags() == config.perl_flags()


def test_rows_by_hand():
    state = measure_state(RougeConfig(max_n=2, skip_distance=-1, rouge_s=False, wlcs_weight=None))
    assert state == {
        "opt_n_on": True, "opt_max_n": 2, "opt_l": True, "opt_flat": False, "opt_w_on": False, "opt_w": 1.2,
        "opt_skip_on": True, "opt_skip_unlimited": True, "opt_skip": 4, "opt_s": False, "opt_su": True,
    }  # fmt: skip
