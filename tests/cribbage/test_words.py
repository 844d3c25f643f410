import pytest

from cribbage.pegging import PegItem, PegKind, pegged_words
from cribbage.words import number_word


@pytest.mark.parametrize(
    ("items", "words"),
    [
        ((), ""),
        (((PegKind.FIFTEEN, 2),), "fifteen two"),
        (((PegKind.THIRTY_ONE, 2),), "thirty-one for two"),
        (((PegKind.PAIR, 2),), "a pair for two"),
        (((PegKind.PAIR, 6),), "a pair royal for six"),
        (((PegKind.RUN, 3),), "a run of three for three"),
        (((PegKind.GO, 1),), "one for the go"),
        (((PegKind.LAST_CARD, 1),), "one for last"),
        (((PegKind.FIFTEEN, 2), (PegKind.PAIR, 2)), "fifteen two and a pair is four"),
        (((PegKind.RUN, 4), (PegKind.GO, 1)), "a run of four and one for the go is five"),
    ],
)
def test_what_a_card_pegged_in_players_words(items, words):
    assert pegged_words(PegItem(kind, points) for kind, points in items) == words


@pytest.mark.parametrize(
    ("n", "word"), [(0, "zero"), (7, "seven"), (29, "twenty-nine"), (60, "sixty"), (70, "70")]
)
def test_numbers_in_words(n, word):
    assert number_word(n) == word
