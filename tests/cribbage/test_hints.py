import re
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK, parse_cards
from cribbage.computer import Level, choose
from cribbage.discard import CribModel, Role, discard_options
from cribbage.game import Counting, Deal, Game, Lay
from cribbage.hints import (
    PlayHint,
    discard_hint,
    discard_reasons,
    kept_count,
    lay_reasons,
    play_hint,
)
from cribbage.pegging import PlayState, pegged_words
from cribbage.show import score_show
from tests.cribbage.reference import _runs as reference_runs


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
    assert "worth" not in hint.why and not re.search(r"-\d|−", hint.why)


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


def cards(text):
    return parse_cards(text)


def test_a_lay_keeping_the_count_off_21_says_so_and_the_low_card_it_saves():
    # The computer led a king, you an ace, the computer a 6: 17, and you hold 7, 4 and 9.
    play = PlayState.start(2, leader=1)
    for card in cards("KC AD 6H"):
        play = play.lay(card)[0]
    held = cards("7D 4C 9S")
    seen = (*held, *cards("AD KC 6H QS"))
    hint = PlayHint(cards("7D")[0], lay_reasons(play, held, cards("7D")[0], seen))
    assert hint.why == "it keeps the count off 21 and saves your 4 for the go"


def test_a_lay_that_pairs_into_a_pair_royal_is_named_with_what_it_gives_away():
    # 5 led; holding a 5 and two queens: the queen makes fifteen, the 5 pairs it, but a
    # third 5 would make fifteen and a pair royal for the computer.
    play = PlayState.start(2, leader=1).lay(cards("5C")[0])[0]
    held = cards("5S QH QS 2H")
    reasons = lay_reasons(play, held, cards("QH")[0], (*held, *cards("5C 3D")))
    assert reasons[:2] == (
        "it pegs fifteen two",
        "the 5 would peg a pair for two but give the computer fifteen two and a pair royal"
        " is eight",
    )


def test_a_lead_says_why_in_the_textbooks_words():
    play = PlayState.start(2, leader=0)
    held = cards("2H 2S 3H JD")
    reasons = lay_reasons(play, held, cards("2H")[0], (*held, *cards("9C")))
    assert reasons == (
        "a lead under five: no card makes fifteen on it",
        "if the computer pairs it, your other 2 makes a pair royal",
    )
    held = cards("5D 9D TC JS")
    reasons = lay_reasons(play, held, cards("TC")[0], (*held, *cards("9C")))
    assert reasons[0] == "if a 5 makes fifteen on it, your 5 pairs it back"


def test_laying_on_alone_after_the_computers_go_says_it():
    play = PlayState.start(2, leader=0)
    for card in cards("TC 9D 9S"):
        play = play.lay(card)[0]
    play = play.say_go()[0]  # the computer at 28: you play on alone
    held = cards("AH 2D")
    reasons = lay_reasons(play, held, cards("AH")[0], (*held, *cards("TC 9D 9S 4H 3H")))
    assert reasons == ("the computer cannot play, and your 2 still fits after it",)


@pytest.mark.parametrize(
    ("keep", "points", "said"),
    [
        (
            "5H 5C JS QH",
            10,
            "fifteen two, fifteen four, fifteen six, fifteen eight and a pair is ten",
        ),
        ("3C 4D 5H 5S", 8, "a double run is eight"),
        ("7C 8D 9H KS", 5, "fifteen two and a run of three is five"),
        ("2H 4H 8H TH", 4, "four for the flush"),
        ("AC 3D 7H 9S", 0, ""),
    ],
)
def test_what_the_four_kept_count_before_the_starter(keep, points, said):
    assert kept_count(cards(keep)) == (points, said)


@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True))
def test_the_four_kept_count_what_the_plain_scorer_counts_without_a_starter(five):
    keep = five[:4]
    ranks = [int(card.rank) for card in keep]
    values = [card.value for card in keep]
    fifteens = sum(
        2 for size in (2, 3, 4) for combo in combinations(values, size) if sum(combo) == 15
    )
    pairs = sum(2 for a, b in combinations(ranks, 2) if a == b)
    flush = 4 if len({card.suit for card in keep}) == 1 else 0
    points, said = kept_count(keep)
    assert points == fifteens + pairs + reference_runs(ranks) + flush
    assert bool(said) == bool(points)
    # A starter never takes points away.
    assert points <= score_show(keep, five[4]).total


def test_the_discard_hint_says_what_the_keep_scores_and_what_the_crib_gets():
    options = discard_options(cards("5H 5C JS QH 6D 2C"), Role.PONE, CribModel.GOOD)
    reasons = discard_reasons(options, Role.PONE)
    best = options[0]
    assert reasons[0].startswith(f"the four you keep count {kept_count(best.keep)[0]} already")
    assert f"{best.hand_ev:.1f} on average with the starter" in reasons[0]
    assert reasons[1].startswith(
        f"the two you throw give the computer's crib {best.crib_ev:.1f} on average"
    )
    dealer = discard_reasons(discard_options(cards("5H 5C JS QH 6D 2C"), Role.DEALER), Role.DEALER)
    assert "your crib" in dealer[1]
    for reason in (*reasons, *dealer):
        assert not re.search(r"-\d|−", reason), reason


@st.composite
def positions(draw):
    """A play part-way through, the seat to play holding a card that fits: the play, that
    seat's cards held, the cards it has seen and the card it lays."""
    deck = draw(st.permutations(DECK))
    hands = (deck[:4], deck[4:8])
    play = PlayState.start(2, leader=draw(st.integers(0, 1)))
    for _ in range(draw(st.integers(0, 7))):
        if play.is_over:
            break
        seat = play.to_play
        laid = {turn.card for turn in play.turns}
        fitting = play.playable(card for card in hands[seat] if card not in laid)
        play = play.lay(draw(st.sampled_from(fitting)))[0] if fitting else play.say_go()[0]
    assume(not play.is_over)
    seat = play.to_play
    laid = {turn.card for turn in play.turns}
    held = tuple(card for card in hands[seat] if card not in laid)
    fitting = play.playable(held)
    assume(fitting)
    seen = (*hands[seat], deck[8], *laid)
    return play, held, seen, draw(st.sampled_from(fitting))


NAMES = "ace|[2-9]|10|jack|queen|king"


@given(positions())
@settings(max_examples=300)
def test_every_reason_for_a_lay_is_true_of_the_position(position):
    play, held, seen, card = position
    reasons = lay_reasons(play, held, card, seen)
    assert len(reasons) <= 2
    count = play.count + card.value
    fitting = play.playable(held)
    others = [each for each in fitting if each.rank is not card.rank]
    # As a player names a card in the play: 7, 10, ace, jack.
    name = {each: each.rank.label if 2 <= each.rank <= 10 else each.rank.word for each in held}
    items = play.lay(card)[1]
    assert (f"it pegs {pegged_words(items)}" in reasons) == bool(items)
    for reason in reasons:
        assert "\n" not in reason and "worth" not in reason
        assert not re.search(r"-\d|−", reason), reason
        if match := re.fullmatch(r"it keeps the count off (\d+)", reason):
            off = int(match[1])
            assert off in (5, 21) and count != off
            assert any(play.count + each.value == off for each in others)
        elif match := re.fullmatch(rf"it saves your ({NAMES}) for the go", reason):
            low = [each for each in held if each is not card and name[each] == match[1]]
            assert low and low[0].value <= 4 < card.value
        elif match := re.fullmatch(r"at (\d+) the computer needs .* to play", reason):
            assert int(match[1]) == count and 21 < count < 31
        elif match := re.match(rf"the ({NAMES}) would ", reason):
            assert any(name[each] == match[1] for each in others)
        elif reason.startswith("a lead under five"):
            assert play.count == 0 and card.value < 5
        elif reason.startswith("if the computer pairs it"):
            assert play.count == 0
            assert any(each.rank is card.rank for each in held if each is not card)
        elif reason == "it is the only rank you hold that fits":
            assert not others
        elif reason.startswith("the computer cannot play"):
            assert 1 - play.to_play in play.said_go or not play.holds_cards(1 - play.to_play)
