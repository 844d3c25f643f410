import pytest
from hypothesis import given
from hypothesis import strategies as st

from counter.cribbage.cards import DECK, parse_cards
from counter.cribbage.show import score_show
from quizzes.patterns import Answer, Category, Pattern, mark_answer, patterns_of


def show(text: str, crib: bool = False):
    cards = parse_cards(text)
    return score_show(cards[:4], cards[4], crib=crib)


@pytest.mark.parametrize(
    ("cards", "crib", "expected"),
    [
        ("5H 5C 5S JD 5D", False, {"fifteen-2", "fifteen-3", "double-pair-royal", "nobs"}),
        ("2C 3D 4H 9S KC", False, {"fifteen-3", "run-3"}),
        ("AC 2D 3H 4S 5C", False, {"fifteen-5", "run-5"}),
        ("3C 3D 4H 4S 5C", False, {"fifteen-4", "pair", "double-double-run"}),
        ("3C 4D 4H 4S 5C", False, {"fifteen-4", "pair-royal", "triple-run"}),
        ("3C 4D 4H 5S KC", False, {"fifteen-2", "pair", "double-run"}),
        ("6C 7D 8H 9S KC", False, {"fifteen-2", "run-4"}),
        ("2H 4H 6H 8H KC", False, {"hand-flush-4"}),
        ("2H 4H 6H 8H KC", True, {"crib-four-flush"}),
        ("2H 4H 6H 8H KH", False, {"flush-5"}),
        ("2H 4H 6H 8H KH", True, {"flush-5"}),
        ("2H 4D 6C 8S JC", False, {"heels"}),
        ("AH 4D 6C 2S 7C", False, {"fifteen-3"}),
        ("AH 3D 6C 2S 3C", False, {"fifteen-5", "pair", "double-run"}),
    ],
)
def test_patterns_of_names_what_players_count(cards, crib, expected):
    assert {p.value for p in patterns_of(show(cards, crib))} == expected


def test_a_hand_with_nothing_has_no_patterns():
    assert patterns_of(show("2C 4D 6H 8S TC")) == ()


@given(st.permutations(DECK).map(lambda cards: cards[:5]), st.booleans())
def test_every_scoring_kind_shows_up_as_a_pattern_in_its_category(five, crib):
    result = score_show(five[:4], five[4], crib=crib)
    patterns = patterns_of(result)
    for category in Category:
        has_points = result.points_of(category.kind) > 0
        assert has_points == any(p.category is category and p.scores for p in patterns)
    assert list(patterns) == sorted(patterns, key=list(Pattern).index)


def test_a_right_total_misses_nothing():
    marking = mark_answer(show("5H 5C 5S JD 5D"), Answer(total=29))
    assert marking.right
    assert marking.missed == frozenset()


def test_a_wrong_total_misses_every_pattern():
    result = show("5H 5C 5S JD 5D")
    marking = mark_answer(result, Answer(total=28))
    assert not marking.right
    assert marking.missed == frozenset(patterns_of(result))


def test_itemised_answer_misses_only_the_categories_it_got_wrong():
    # 3-4-4-5 + K: fifteens 2, pairs 2, runs 6.
    result = show("3C 4D 4H 5S KC")
    answer = Answer.itemised({Category.FIFTEENS: 2, Category.PAIRS: 2, Category.RUNS: 3})
    marking = mark_answer(result, answer)
    assert not marking.right
    assert marking.missed == {Pattern.DOUBLE_RUN}
    runs = next(m for m in marking.categories if m.category is Category.RUNS)
    assert (runs.claimed, runs.correct, runs.missed, runs.over_claimed) == (3, 6, 3, 0)


def test_over_claiming_a_crib_four_flush_misses_that_rule():
    result = show("2H 4H 6H 8H KC", crib=True)
    marking = mark_answer(result, Answer.itemised({Category.FIFTEENS: 2, Category.FLUSH: 4}))
    assert marking.missed == {Pattern.CRIB_FOUR_FLUSH}
    flush = next(m for m in marking.categories if m.category is Category.FLUSH)
    assert flush.over_claimed == 4


def test_claiming_nobs_for_a_jack_starter_misses_heels():
    result = show("2H 4D 6C 8S JC")
    marking = mark_answer(result, Answer.itemised({Category.NOBS: 2}))
    assert marking.missed == {Pattern.HEELS}


def test_itemised_answer_totals_its_parts():
    answer = Answer.itemised({Category.FIFTEENS: 6, Category.NOBS: 1})
    assert answer.total == 7
    assert answer.points[Category.RUNS] == 0


def test_slugs_round_trip_and_unknown_slugs_are_none():
    for pattern in Pattern:
        assert Pattern.from_slug(pattern.value) is pattern
    assert Pattern.from_slug("royal-flush") is None
