"""The seating of a table of two, three or four: sides, partners, names, muggins, roles."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage.seating import Role, Seating


def test_two_players_are_two_sides_named_you_and_the_computer():
    seating = Seating(2)
    assert seating.sides == 2 and not seating.partners
    assert [seating.name(seat) for seat in seating.seats] == ["you", "the computer"]
    assert seating.side_names == ("You", "The computer")
    assert seating.possessive(0) == "your" and seating.possessive(1) == "the computer's"
    assert seating.opponents(0) == (1,) and seating.partner(0) is None
    assert seating.muggins_taker(0) == 1 and seating.muggins_taker(1) == 0
    assert seating.role(0, dealer=1) is Role.PONE and seating.role(1, dealer=1) is Role.DEALER
    assert seating.roles == (Role.DEALER, Role.PONE)


def test_three_players_sit_west_and_east_of_you_each_on_their_own_track():
    seating = Seating(3)
    assert seating.sides == 3
    assert [seating.name(seat) for seat in seating.seats] == ["you", "West", "East"]
    assert seating.opponents(0) == (1, 2) and seating.opponents(2) == (0, 1)
    assert seating.muggins_taker(0) == 1  # West, on your left, counts next
    assert seating.role(0, dealer=2) is Role.OPPONENT
    assert Role.PARTNER not in seating.roles and Role.PONE not in seating.roles
    assert seating.side_scores((10, 20, 30)) == (10, 20, 30)
    assert seating.racing((10, 20, 30), 0) == 30


def test_four_players_are_two_teams_of_partners_sitting_opposite():
    seating = Seating(4)
    assert seating.sides == 2 and seating.partners
    assert [seating.name(seat) for seat in seating.seats] == ["you", "West", "North", "East"]
    assert seating.side_names == ("You and North", "West and East")
    assert seating.partner(0) == 2 and seating.partner(3) == 1
    assert seating.side_of(2) == 0 and seating.side_seats(1) == (1, 3)
    assert seating.scoring_seats(2) == (0, 2)
    assert seating.opponents(0) == (1, 3) and seating.opponents(1) == (2, 0)
    assert seating.muggins_taker(0) == 1 and seating.muggins_taker(3) == 0
    assert seating.role(2, dealer=0) is Role.PARTNER and seating.role(1, dealer=0) is Role.OPPONENT
    assert seating.side_scores((40, 55, 40, 55)) == (40, 55)


def test_a_table_or_seat_that_does_not_exist_is_refused_in_words():
    with pytest.raises(ValueError, match="a table has 2, 3 or 4"):
        Seating(5)
    with pytest.raises(ValueError, match="seats 0 to 2"):
        Seating(3, human=3)
    with pytest.raises(ValueError, match="seats 0 and 1"):
        Seating(2).check(2)


def test_without_a_human_the_seats_are_numbered_as_people_number_them():
    seating = Seating(4, human=None)
    assert seating.name(0) == "player 1" and seating.side_name(1) == "Player 2 and player 4"


def test_a_table_of_real_players_names_each_as_they_were_named():
    seating = Seating(4, human=None, names=("Ann", "Bo", "Cy", "Di"))
    assert seating.name(1) == "Bo" and seating.possessive(1) == "Bo's"
    assert seating.side_names == ("Ann and Cy", "Bo and Di")
    with pytest.raises(ValueError, match="names each of them"):
        Seating(3, human=None, names=("Ann", "Bo"))
    with pytest.raises(ValueError, match="names each of them"):
        Seating(2, human=0, names=("Ann", "Bo"))


@given(st.sampled_from((2, 3, 4)), st.integers(0, 3))
def test_the_deal_passes_left_and_no_one_is_their_own_opponent(players, seat):
    seating = Seating(players)
    seat %= players
    assert seating.next_dealer(seat) == seating.left_of(seat) == (seat + 1) % players
    assert seat not in seating.opponents(seat)
    assert seating.muggins_taker(seat) in seating.opponents(seat)
    assert set(seating.opponents(seat)) | set(seating.scoring_seats(seat)) == set(seating.seats)
    assert seating.role(seat, seat) is Role.DEALER
    assert all(seating.role(seat, dealer) in seating.roles for dealer in seating.seats)
