"""The tables of the rules: the deal for two, three and four, the show's order, partners."""

import pytest

from cribbage.rules import (
    HAND_SIZE,
    TABLES,
    dealer_seat,
    partner_seats,
    show_order,
    table_for,
    team_of,
    team_totals,
)


def test_each_table_deals_so_that_every_hand_and_the_crib_hold_four():
    # The ACC rules: two players six each, two thrown; three and four five each, one thrown,
    # and for three one card from the deck to the crib.
    deals = {n: (t.dealt_each, t.thrown_each, t.crib_from_deck) for n, t in TABLES.items()}
    assert deals == {2: (6, 2, 0), 3: (5, 1, 1), 4: (5, 1, 0)}
    for table in TABLES.values():
        assert table.dealt_each - table.thrown_each == HAND_SIZE
        assert table.crib_size == HAND_SIZE
    assert [table.partners for table in TABLES.values()] == [False, False, True]


@pytest.mark.parametrize("players", [0, 1, 5, -2])
def test_a_table_the_rules_do_not_have_is_refused(players):
    with pytest.raises(ValueError, match=f"{players} players: a table has 2, 3 or 4"):
        table_for(players)
    with pytest.raises(ValueError, match="a table has 2, 3 or 4"):
        show_order(players)


def test_the_show_goes_from_the_dealers_left_and_the_dealer_shows_last():
    assert show_order(2) == (0, 1)
    assert show_order(3) == (0, 1, 2)
    assert show_order(4) == (0, 1, 2, 3)
    assert [dealer_seat(n) for n in (2, 3, 4)] == [1, 2, 3]


def test_partners_sit_opposite():
    assert [team_of(seat, 4) for seat in range(4)] == [0, 1, 0, 1]
    assert partner_seats(0) == (0, 2) and partner_seats(1) == (1, 3)
    assert team_of(dealer_seat(4), 4) == 1
    assert team_totals([7, 8, 5, 12]) == (12, 20)


def test_partners_are_only_four():
    with pytest.raises(ValueError, match="3 players play without partners"):
        team_of(0, 3)
    with pytest.raises(ValueError, match="seat 4"):
        team_of(4, 4)
    with pytest.raises(ValueError, match="team 2"):
        partner_seats(2)
    with pytest.raises(ValueError, match="3 seats"):
        team_totals([1, 2, 3])
