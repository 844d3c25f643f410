"""The play the pegging counter follows: the valid part of what was said, and its URL."""

from counter.plays import TablePlay, player_role
from cribbage.cards import parse_card
from cribbage.pegging import GO


def said(text: str) -> tuple:
    return tuple(GO if token == GO else parse_card(token) for token in text.split())


def test_a_play_keeps_what_was_said_up_to_the_first_impossible_token():
    play, error = TablePlay.read(said("KH QH 5C 2C 9D"), players=2)
    assert play.said == said("KH QH 5C 2C")
    assert error is not None and error.index == 4
    assert str(error).startswith("9♦ (card 5) would make the count 36")
    assert play.state.count == 27
    assert (play.state.to_play, play.to_play_number) == (0, 1)


def test_the_query_string_is_the_notation_of_crib_peg():
    play, _ = TablePlay.read(said("6H 4C 5D go 2C go 9S"), players=2)
    assert play.query == "players=2&play=6H,4C,5D,go,2C,go,9S"
    assert play.query_for(3) == "players=3&play=6H,4C,5D,go,2C,go,9S"
    assert play.text == "6H 4C 5D go 2C go 9S"


def test_a_new_two_player_play_has_the_bare_address():
    assert TablePlay.read((), 2)[0].query == ""
    assert TablePlay.read((), 4)[0].query == "players=4"


def test_the_picker_marks_each_card_with_its_place_in_the_play():
    play, _ = TablePlay.read(said("6H 4C 5D go 2C"), players=2)
    assert play.marks() == {
        parse_card(c): n for c, n in [("6H", "1"), ("4C", "2"), ("5D", "3"), ("2C", "4")]
    }
    assert not play.full


def test_go_needs_a_count_to_be_unable_to_play_on():
    assert not TablePlay.read((), 2)[0].can_say_go
    assert TablePlay.read(said("KH"), 2)[0].can_say_go
    assert not TablePlay.read(said("KH QH JH AC"), 2)[0].can_say_go  # 31: the count starts again


def test_the_play_is_full_when_every_card_is_down():
    play, error = TablePlay.read(said("TC 5D 7S 6H go 2C go 6D 4H 4S"), players=2)
    assert error is None
    assert play.full and play.is_over and not play.can_say_go


def test_players_are_named_by_their_seat():
    assert [player_role(seat, 2) for seat in (0, 1)] == ["pone", "dealer"]
    assert [player_role(seat, 3) for seat in (0, 1, 2)] == ["leads", "", "dealer"]
    assert [player_role(seat, 4) for seat in (0, 1, 2, 3)] == ["leads", "", "", "dealer"]
