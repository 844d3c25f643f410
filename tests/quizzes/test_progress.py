import random
import statistics

import pytest

from quizzes.domain.charts import accuracy_line, nice_ceiling, pattern_bars, time_columns
from quizzes.domain.streaks import streaks
from quizzes.owners import Owner
from quizzes.progress import median_seconds, progress_of, rolling
from tests.factories import AttemptFactory, AttemptPatternFactory, DealFactory, UserFactory


def test_streaks_count_the_current_and_best_runs():
    assert streaks([]) == (0, 0)
    assert streaks([True, True, False, True]) == (1, 2)
    assert streaks([False, True, True, True]) == (3, 3)


def test_rolling_accuracy_over_the_last_ten():
    assert rolling([True, False]) == [100, 50]
    assert rolling([False] * 10 + [True] * 10)[-1] == 100
    assert rolling([True] * 10 + [False] * 5)[-1] == 50


def test_accuracy_line_spans_the_plot():
    chart = accuracy_line([0, 50, 100], [1, 2, 3])
    points = [tuple(map(float, p.split(","))) for p in chart.points.split()]
    assert points[0][0] == chart.left
    assert points[-1][0] == chart.plot_right
    assert points[0][1] == chart.bottom
    assert points[1][1] < points[0][1]
    assert (chart.first_label, chart.last_label) == ("#1", "#3")


def test_time_columns_cap_a_long_break():
    chart = time_columns([5.0] * 9 + [600.0], [True] * 10, list(range(1, 11)))
    assert chart.ticks[-1].label == "10 s"
    assert max(float(c.height) for c in chart.columns) == 100
    assert float(chart.columns[0].height) == 50


def test_nice_ceiling():
    assert [nice_ceiling(v) for v in (0, 7, 10.5, 45, 100)] == [10, 10, 20, 60, 120]


def test_pattern_bars_are_as_long_as_the_accuracy():
    chart = pattern_bars([("nobs", 1, 4, 25), ("pair", 4, 4, 100)])
    assert float(chart.bars[0].width) == chart.bar_span / 4
    assert float(chart.bars[1].width) == chart.bar_span
    assert chart.bars[0].weak and not chart.bars[1].weak


@pytest.mark.django_db
@pytest.mark.parametrize(("hands", "cribs"), [(0, 0), (1, 0), (0, 3), (4, 5), (7, 2)])
def test_median_seconds_are_the_median_of_the_hands_and_of_the_cribs(hands, cribs):
    user = UserFactory()
    rng = random.Random(hands * 10 + cribs)
    times = {False: [], True: []}
    for crib in [False] * hands + [True] * cribs:
        seconds = round(rng.uniform(1, 60), 2)
        times[crib].append(seconds)
        AttemptFactory(deal__user=user, deal__crib=crib, seconds=seconds)
    expected = tuple(statistics.median(times[crib]) if times[crib] else None for crib in (0, 1))
    assert median_seconds(Owner(user=user), hands=hands, cribs=cribs) == pytest.approx(expected)


@pytest.mark.django_db
def test_median_seconds_answer_even_after_counts_were_deleted_behind_the_record():
    user = UserFactory()
    AttemptFactory(deal__user=user, deal__crib=False, seconds=4.0)
    # The record says three hands, and one is left: no middle there, so no median (not a 500).
    assert median_seconds(Owner(user=user), hands=3, cribs=0) == (None, None)


@pytest.mark.django_db
@pytest.mark.parametrize("guest", [False, True])
def test_progress_reads_the_players_own_counts_and_marks_only(guest):
    def counts(user, guest_key, seconds, missed):
        for n, time in enumerate(seconds):
            deal = DealFactory(user=user, guest_key=guest_key, crib=n % 2 == 1)
            attempt = AttemptFactory(deal=deal, seconds=time, claimed=0)
            AttemptPatternFactory(attempt=attempt, pattern="pair-royal", missed=missed)

    owner = Owner(guest_key="theirs") if guest else Owner(user=UserFactory())
    counts(owner.user, owner.guest_key, [3.0, 4.0, 6.0, 8.0, 10.0], missed=True)
    # Another guest's and another user's counts, which would change every figure.
    counts(None, "another", [50.0] * 3, missed=False)
    counts(UserFactory(), "", [60.0] * 3, missed=False)
    progress = progress_of(owner)
    assert (progress.attempts, progress.right) == (5, 0)
    assert (progress.median_hand_seconds, progress.median_crib_seconds) == (6.0, 6.0)
    assert [r.seconds for r in progress.recent] == [3.0, 4.0, 6.0, 8.0, 10.0]
    assert [(s.pattern.value, s.seen, s.missed) for s in progress.patterns] == [
        ("pair-royal", 5, 5)
    ]
    assert [(s.pattern.value, s.seen, s.missed) for s in progress.weak_spots] == [
        ("pair-royal", 5, 5)
    ]
