"""The textbook player: its discard and its list of pegging priorities, position by position."""

import random

import pytest

from cribbage.cards import DECK, parse_card, parse_cards
from cribbage.classic import classic_discard, classic_lay, classic_lead
from cribbage.discard import CribModel, Role, discard_options

from .test_computer import play


@pytest.mark.parametrize("role", [Role.DEALER, Role.PONE])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_classic_discards_by_exact_hand_and_crib_value_alone(role, seed):
    cards = random.Random(seed).sample(DECK, 6)
    best = max(discard_options(cards, role, CribModel.GOOD), key=lambda option: option.net_ev)
    assert set(classic_discard(cards, role)) == set(best.throw)


@pytest.mark.parametrize(
    ("hand", "lead"),
    [
        ("3C 7D 7H KS", "7D"),  # from a pair: a pair back is answered by a pair royal
        ("5H 9C JD KS", "JD"),  # a ten-card with its partner five kept to pair a 5 back
        ("2C 4D 8H KS", "4D"),  # low: the highest card under five
        ("AC 3D 8H 9S", "3D"),
        ("6C 8D 9H KS", "6C"),  # nothing else: the lowest card
        ("5H 5C 8D 9S", "8D"),  # never a five, not even from a pair of them
        ("5H 5C 5D 5S", "5C"),  # only fives: a five it must be
    ],
)
def test_classic_leads_by_the_textbook(hand, lead):
    assert classic_lead(parse_cards(hand)) == parse_card(lead)
    assert classic_lay(parse_cards(hand), play("")) == parse_card(lead)


def test_classic_leads_again_by_the_same_rules_after_a_go():
    state = play("KH QD 9C go go")  # seat 0 pegged the go; seat 1 leads at 0
    assert (state.count, state.to_play) == (0, 1)
    assert classic_lay(parse_cards("5S TD 8C"), state) == parse_card("TD")


@pytest.mark.parametrize(
    ("laid", "hand", "card", "why"),
    [
        ("4H 4C", "4D 7S", "4D", "a pair royal (6) before fifteen (2)"),
        ("4H 6C", "5D 9S", "5D", "a run and fifteen"),
        ("KH", "5C KD", "5C", "fifteen before a pair, which invites a pair royal"),
        ("KH QC 4D", "7D 2S", "7D", "31"),
        ("KH 6C", "5D 2S", "2S", "nothing scores: the count kept off 21"),
        ("2H", "3C 9D", "9D", "nothing scores: the count kept off 5"),
        ("9H", "8C 3D", "3D", "an 8 on a 9 lets a 7 or a 10 make a run"),
        ("9H", "AC QD", "QD", "the highest safe card: the ace is saved for the go"),
        ("3H", "2C 4D", "4D", "no card is safe from both: the run rule goes first"),
    ],
)
def test_classic_pegs_by_its_priority_list(laid, hand, card, why):
    assert classic_lay(parse_cards(hand), play(laid)) == parse_card(card), why


def test_classic_between_lays_that_score_alike_keeps_the_count_off_21():
    # Count 13 (6, 7): an 8 makes a run of three (3) at 21, a 5 a run of three at 18. Both
    # score 3; the 5 leaves no 31 for a ten-card.
    state = play("6H 7C")
    assert classic_lay(parse_cards("8D 5S"), state) == parse_card("5S")


def test_classic_refuses_to_lay_when_nothing_fits():
    with pytest.raises(ValueError, match="say go"):
        classic_lay(parse_cards("KS"), play("KH QD 9C"))
