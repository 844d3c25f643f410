import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage.cards import DECK, parse_cards
from cribbage.show import score_show
from quizzes.domain.patterns import Category, Pattern, patterns_of


def show(text: str, crib: bool = False):
    """Four cards and the starter, counted."""
    cards = parse_cards(text)
    return score_show(cards[:4], cards[4], crib=crib)


@pytest.mark.parametrize(
    ("cards", "crib", "expected"),
    [
        ("5H 5C 5S JD 5D", False, {"fifteen-2", "fifteen-3", "double-pair-royal", "nobs"}),
        ("2C 3D 4H 9S KC", False, {"fifteen-3", "run-3"}),
        ("AC 2D 3H 4S 5C", False, {"fifteen-5", "run-5"}),
        ("3C 3D 4H 4S 5C", False, {"fifteen-4", "double-double-run"}),
        ("3C 4D 4H 4S 5C", False, {"fifteen-4", "triple-run"}),
        ("3C 4D 4H 5S KC", False, {"fifteen-2", "double-run"}),
        ("6C 7D 8H 9S KC", False, {"fifteen-2", "run-4"}),
        ("2H 4H 6H 8H KC", False, {"hand-flush-4"}),
        ("2H 4H 6H 8H KC", True, {"crib-four-flush"}),
        ("2H 4H 6H 8H KH", False, {"flush-5"}),
        ("2H 4H 6H 8H KH", True, {"flush-5"}),
        ("2H 4D 6C 8S JC", False, {"heels"}),
        ("AH 4D 6C 2S 7C", False, {"fifteen-3"}),
        ("AH 3D 6C 2S 3C", False, {"fifteen-5", "double-run"}),
        ("2H 4H 6H 8S TH", False, {"three-suited-plus-starter"}),
        ("9H 9C 3S 4D 5C", False, {"pair", "run-3"}),
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
        # A multiple run's pairs score inside it: pairs show up as the run's pattern.
        in_category = any(
            p.scores and (p.category is category or (category is Category.PAIRS and p.multiple_run))
            for p in patterns
        )
        assert has_points == in_category
    assert list(patterns) == sorted(patterns, key=list(Pattern).index)


def test_slugs_round_trip_and_unknown_slugs_are_none():
    for pattern in Pattern:
        assert Pattern.from_slug(pattern.value) is pattern
    assert Pattern.from_slug("royal-flush") is None


def test_pattern_slugs_are_the_engines_group_keys_and_notes():
    from cribbage.show import ShowNote

    keys = {group.key for group in show("3C 4D 4H 5S KC").groups}
    assert keys <= {p.value for p in Pattern}
    assert {ShowNote.CRIB_FOUR_FLUSH.value, ShowNote.HEELS.value} <= {p.value for p in Pattern}
