import random

import pytest

from cribbage.cards import card, parse_cards
from cribbage.computer import lay_values
from cribbage.peg_table import play_value_of
from cribbage.review import decision_class
from quizzes.domain.lays import (
    LAY_PATTERNS,
    LayPosition,
    deal_lay,
    grade_lay,
    lay_mistakes,
    mistake_words,
    notation,
    rank_of,
)
from quizzes.domain.patterns import Area, Pattern


def position(play: str, held: str, starter="QH", thrown="2S 3S") -> LayPosition:
    return LayPosition.read(play, parse_cards(held), card(starter), parse_cards(thrown))


# --- the patterns, on positions a player would recognise --------------------------------


@pytest.mark.parametrize(
    ("play", "held", "laid", "best", "expected"),
    [
        # Pone leads a five from 5 T K K: any ten-card makes fifteen.
        ("", "5H TC KH KC", "5H", "KH", {Pattern.LAY_LED_FIVE}),
        # 4 and 10 down, 14: a 7 leaves 21, a ten-card away from 31.
        ("4D TC", "7H KS 8C", "7H", "KS", {Pattern.LAY_INTO_FIFTEEN}),
        # Pairing the pone's eight at 8: a third eight would make a pair royal at 24.
        ("8D", "8C KS 3H 2D", "8C", "KS", {Pattern.LAY_PAIR_ROYAL_CHANCE}),
        # 9 then 8: a 7 or a 10 makes a run of three; a king opens nothing.
        ("9D", "8C KS 4H 4D", "8C", "KS", {Pattern.LAY_RUN_OPENED}),
        # An 8 on the 7 is fifteen for 2; the king pegs nothing.
        ("7D", "8C KS AH AD", "KS", "8C", {Pattern.LAY_POINTS_PASSED}),
        # At 18 the ace is the card for the go: the six leaves it in hand.
        ("KD 8C", "AH 9S 6C", "AH", "6C", {Pattern.LAY_GO_CARD_SPENT}),
        # Another card of the best rank is the best too.
        ("", "KH KC 5H TC", "KC", "KH", set()),
    ],
)
def test_lay_mistakes_names_what_the_card_laid_did_that_the_best_did_not(
    play, held, laid, best, expected
):
    here = position(play, held)
    assert set(lay_mistakes(here, card(laid), card(best))) == expected


def test_no_pair_royal_chance_when_the_other_two_of_the_rank_are_seen():
    # The other two eights are the starter and one thrown: no third can come.
    here = position("8D", "8C KS 3H 2D", starter="8H", thrown="8S 3S")
    assert Pattern.LAY_PAIR_ROYAL_CHANCE not in lay_mistakes(here, card("8C"), card("KS"))


def test_the_lay_patterns_are_patterns_of_their_own_area():
    assert len(LAY_PATTERNS) == 6
    assert all(p.area is Area.LAY for p in LAY_PATTERNS)
    assert all(p.label and p.label != p.value for p in LAY_PATTERNS)


# --- positions ------------------------------------------------------------------------------


def test_a_position_reads_the_play_so_far():
    here = position("4D TC", "7H KS 8C")
    assert (here.me, here.role.value, here.count, notation(here.play)) == (0, "pone", 14, "4D TC")
    assert set(here.seen) == set(parse_cards("7H KS 8C 4D TC QH 2S 3S"))
    assert len(here.unseen) == 52 - 8


@pytest.mark.parametrize(
    ("play", "held", "words"),
    [
        ("4D TC", "7H KS 8C 9C", "not what is left"),  # the pone has laid one
        ("4D TC", "4D KS 8C", "also laid"),
        ("4D TC ZZ", "7H KS 8C", "ZZ"),  # not a play
        ("KD QD TD", "KH QC JC", "must say go"),  # at 30 no ten-card fits
    ],
)
def test_a_position_that_cannot_be_is_refused(play, held, words):
    with pytest.raises(ValueError, match=words):
        position(play, held)


# --- grading --------------------------------------------------------------------------------


def test_the_grade_is_the_strong_searchs_values_and_loss():
    here = position("9D", "8C KS 4H 4D")
    grade = grade_lay(here, card("8C"))
    values = lay_values(here.held, here.play, here.me, here.seen)
    assert grade.values == values
    best = max(sorted(values), key=values.__getitem__)
    assert grade.best == best
    assert grade.loss == pytest.approx(max(values[best] - values[8], 0.0))
    assert grade.klass == decision_class(grade.loss)
    assert grade.options[0][0].rank == best and grade.options[0][2] == 0.0
    assert [row[2] for row in grade.options] == sorted(row[2] for row in grade.options)


def test_the_first_lead_is_judged_against_the_pegging_tables_lead():
    here = position("", "5H TC KH KC")
    lead = play_value_of([5, 10, 13, 13]).lead
    grade = grade_lay(here, card("5H"))
    assert grade.best == lead
    assert grade.loss == pytest.approx(max(grade.values[lead] - grade.values[5], 0.0))
    assert grade_lay(here, grade.best_card).loss == 0.0


def test_given_values_are_used_as_they_are():
    here = position("9D", "8C KS 4H 4D")
    grade = grade_lay(here, card("KS"), {8: 1.5, 13: -0.5, 4: 0.25})
    assert (grade.best, grade.loss, grade.klass) == (8, 2.0, "mistake")
    assert grade.best_card == card("8C")


@pytest.mark.parametrize(("laid", "words"), [("AS", "not in the hand"), ("KS", "past 31")])
def test_a_card_not_held_or_that_does_not_fit_is_refused(laid, words):
    here = position("TD KD 5C", "KS 2C 3C")
    with pytest.raises(ValueError, match=words):
        grade_lay(here, card(laid))


def test_a_mistake_is_only_what_the_position_tempted_and_only_when_it_cost():
    rng = random.Random(5)
    for _ in range(25):
        here, values = deal_lay(rng)
        assert not here.forced
        for fit in here.fitting:
            grade = grade_lay(here, fit, values)
            assert grade.loss >= 0
            assert set(grade.mistakes) <= set(grade.tempting)
            assert not grade.mistakes or not grade.is_best


@pytest.mark.parametrize(
    "pattern",
    [Pattern.LAY_LED_FIVE, Pattern.LAY_POINTS_PASSED, Pattern.LAY_RUN_OPENED],
)
def test_a_position_dealt_for_a_pattern_tempts_it(pattern):
    here, values = deal_lay(random.Random(11), pattern=pattern)
    assert pattern in grade_lay(here, here.fitting[0], values).tempting


def test_rank_of_reads_the_reviews_rank_letters():
    assert [rank_of(letter) for letter in "A5TJQK"] == [1, 5, 10, 11, 12, 13]


@pytest.mark.parametrize(
    ("play", "held", "laid", "best", "pattern", "words"),
    [
        ("", "5H TC KH KC", "5H", "KH", Pattern.LAY_LED_FIVE, "a five led: any of the sixteen"),
        (
            "4D TC",
            "7H KS 8C",
            "7H",
            "KS",
            Pattern.LAY_INTO_FIFTEEN,
            "the count at 21: a ten-card makes 31",
        ),
        (
            "8D",
            "8C KS 3H 2D",
            "8C",
            "KS",
            Pattern.LAY_PAIR_ROYAL_CHANCE,
            "a third makes a pair royal for 6",
        ),
        (
            "9D",
            "8C KS 4H 4D",
            "8C",
            "KS",
            Pattern.LAY_RUN_OPENED,
            "after your eight, a seven or a ten makes a run",
        ),
        (
            "7D",
            "8C KS AH AD",
            "KS",
            "8C",
            Pattern.LAY_POINTS_PASSED,
            "the eight pegged 2 now (fifteen 2)",
        ),
        (
            "KD 8C",
            "AH 9S 6C",
            "AH",
            "6C",
            Pattern.LAY_GO_CARD_SPENT,
            "your ace was the card for a go",
        ),
    ],
)
def test_each_mistake_is_said_in_players_words(play, held, laid, best, pattern, words):
    said = mistake_words(position(play, held), card(laid), card(best), pattern)
    assert words in said
