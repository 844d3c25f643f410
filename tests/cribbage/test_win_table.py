"""The chance to win from each score pair, as the app reads it."""

import pytest

from cribbage.win_table import deal_points, dealer_win_chance, win_chance

FIRST_DEALER_WON = 0.550
"""The first dealer's share of the games won in ``crib match strong classic --duplicate
--games 2000 --seed final`` (95 % interval about ± 0.022)."""


def test_the_chance_to_win_grows_with_ones_own_score_and_falls_with_the_others():
    for dealing in (True, False):
        for theirs in range(0, 121, 4):
            row = [win_chance(mine, theirs, dealing) for mine in range(121)]
            assert row == sorted(row)
        for mine in range(0, 121, 4):
            column = [win_chance(mine, theirs, dealing) for theirs in range(121)]
            assert column == sorted(column, reverse=True)


def test_the_two_players_chances_add_up_to_one():
    for mine, theirs in [(0, 0), (60, 90), (118, 119), (100, 40)]:
        assert win_chance(mine, theirs, True) + win_chance(theirs, mine, False) == pytest.approx(1)
        assert dealer_win_chance(theirs, mine) == win_chance(mine, theirs, True)


def test_121_has_won():
    assert win_chance(121, 120, True) == 1.0 and win_chance(119, 125, False) == 0.0


def test_at_love_all_the_first_dealer_wins_as_often_as_in_a_match():
    assert dealer_win_chance(0, 0) == pytest.approx(FIRST_DEALER_WON, abs=0.02)


def test_near_the_end_the_deal_decides():
    # the pone counts first: on 117 against a dealer on 117, most hands win it, if the
    # dealer does not peg four first
    assert win_chance(117, 117, dealing=False) > 0.55
    # a dealer needing 1 wins unless the pone pegs out first
    assert win_chance(120, 100, dealing=True) > 0.95


def test_the_deals_by_role_are_shares_of_the_table_deals():
    for dealer in (True, False):
        points = deal_points(dealer)
        assert sum(share for _, _, share in points) == pytest.approx(1.0)
        assert all(play >= 0 and 0 <= hand <= 29 for play, hand, _ in points)
    mean_hand = [sum(hand * share for _, hand, share in deal_points(d)) for d in (False, True)]
    assert min(mean_hand) > 7 and max(mean_hand) < 9.5
