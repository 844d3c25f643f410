"""The pegging table as the app reads it."""

from itertools import combinations_with_replacement

from cribbage.peg_table import PlayValue, play_value_of


def test_every_four_ranks_have_an_entry_that_leads_one_of_them():
    for ranks in combinations_with_replacement(range(1, 14), 4):
        value = play_value_of(ranks)
        assert value.lead in ranks
        assert -12 < value.pone < 6 and -6 < value.dealer < 12
    assert play_value_of((10, 2, 5, 1)) == play_value_of((1, 2, 5, 10))


def test_a_pair_royal_of_fives_is_worth_more_to_the_dealer_than_four_faces():
    assert play_value_of((5, 5, 5, 10)).dealer > play_value_of((10, 11, 12, 13)).dealer
    assert isinstance(play_value_of((1, 1, 1, 1)), PlayValue)
