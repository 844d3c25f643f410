from dataclasses import replace

import pytest

from cribbage.cards import parse_cards
from cribbage.computer import Level, choose
from cribbage.discard import CribModel, Role, discard_options
from cribbage.game import Counting, Deal, Game, Lay
from cribbage.hints import discard_hint, play_hint
from cribbage.pegging import PlayState


def test_the_discard_hint_is_the_analysers_best_throw_for_the_seat():
    game = Game.new("hint-discard", counting=Counting.AUTOMATIC)
    hint = discard_hint(game, 0)
    role = Role.DEALER if game.deal.dealer == 0 else Role.PONE
    assert hint.role is role
    # The analyser's default: the other player throws to the crib as a good player does.
    assert hint.best == discard_options(game.deal.dealt[0], role, CribModel.GOOD)[0]
    assert set(hint.dealt) == set(game.deal.dealt[0])


def playing(game: Game) -> Game:
    """``game`` with both discards made, the play begun."""
    for _ in range(2):
        game = game.apply(choose(game, Level.GREEDY))
    return game


@pytest.mark.parametrize("seed", ["hint-play-1", "hint-play-2", "hint-play-3"])
def test_the_play_hint_is_the_card_strong_would_lay_with_a_reason(seed):
    game = playing(Game.new(seed, counting=Counting.AUTOMATIC))
    while game.to_move != 0 or not game.deal.play.playable(game.held(0)):
        game = game.apply(choose(game, Level.GREEDY))
    hint = play_hint(game, 0)
    assert hint is not None
    assert choose(game, Level.STRONG) == Lay(0, hint.card)
    assert hint.why and "\n" not in hint.why


def test_no_play_hint_when_it_is_not_the_players_turn_or_nothing_fits():
    game = Game.new("hint-none", counting=Counting.AUTOMATIC)
    assert play_hint(game, 0) is None  # the discard
    game = playing(game)
    assert play_hint(game, 1 - game.to_move) is None


def test_a_card_that_pegs_says_what_it_pegs():
    # The computer led a 7; holding an 8 and three tens, the 8 makes fifteen.
    deal = Deal(
        1,
        dealer=0,
        dealt=(parse_cards("8H KC KD KS 2C 3C"), parse_cards("7S 9D 4H AD 5C 6C")),
        thrown=(parse_cards("2C 3C"), parse_cards("5C 6C")),
        starter=parse_cards("QH")[0],
        play=PlayState.start(2, leader=1).lay(parse_cards("7S")[0])[0],
    )
    game = replace(Game.new("hint-fifteen", counting=Counting.AUTOMATIC), deals=(deal,))
    assert game.to_move == 0
    hint = play_hint(game, 0)
    assert hint.card == parse_cards("8H")[0]
    assert hint.why == "it pegs fifteen two"
