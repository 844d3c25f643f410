"""The realistic crib model: how a good player throws, settled by iterating, and the crib
valued with it exactly."""

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK, Card, Suit, parse_cards
from cribbage.crib_model import CLASSES, CribOdds, ThrowOdds, pair_values, throw_class, throw_odds
from cribbage.discard import _CribOdds
from cribbage.tablegen.crib_model import DEALS

from .strategies import six_card_hands

DEALER, PONE = throw_odds(dealer=True), throw_odds(dealer=False)
SETTLED = {value.ranks: value for value in pair_values(DEALER, PONE)}
RANDOM = {value.ranks: value for value in pair_values(ThrowOdds.random(), ThrowOdds.random())}


def test_a_throws_class_is_its_ranks_and_whether_they_share_a_suit():
    assert throw_class(*parse_cards("8D 7S")) == "78o"
    assert throw_class(*parse_cards("7S 8S")) == "78s"
    assert throw_class(*parse_cards("5H 5C")) == "55"
    assert throw_class(*parse_cards("KH TH")) == "TKs"
    assert len(CLASSES) == 169 == len(set(CLASSES))


def test_the_settled_table_counts_every_deals_throw_in_each_seat():
    for odds in (DEALER, PONE):
        assert set(odds.counts) == set(CLASSES)
        assert sum(odds.counts.values()) == DEALS
        assert sum(odds.shares.values()) == pytest.approx(1)


def test_a_good_dealer_throws_fives_to_their_own_crib_and_a_good_pone_keeps_them():
    def fives(odds):
        return sum(share for name, share in odds.shares.items() if "5" in name[:2])

    assert fives(DEALER) > 10 * fives(PONE)
    # The pone's commonest throw: a ten and a king, as far apart as a ten-card pair goes.
    assert max(PONE.shares, key=PONE.shares.get) == "TKo"


@settings(max_examples=40, deadline=None)
@given(six_card_hands, st.booleans())
def test_with_any_two_alike_the_model_is_the_random_models_crib(cards, dealer):
    unseen = [card for card in DECK if card not in cards]
    uniform, random_model = CribOdds(unseen, ThrowOdds.random()), _CribOdds(unseen)
    for throw in combinations(cards, 2):
        assert uniform.expected_score(throw) == pytest.approx(
            random_model.expected_score(throw), abs=1e-12
        )


@settings(max_examples=40, deadline=None)
@given(six_card_hands, st.booleans(), st.permutations(list(Suit)))
def test_settled_values_are_symmetric_in_the_two_cards_and_blind_to_suit_names(
    cards, dealer, suits
):
    odds = throw_odds(dealer=dealer)
    unseen = [card for card in DECK if card not in cards]
    crib = CribOdds(unseen, odds)
    renamed = dict(zip(Suit, suits, strict=True))

    def rename(card):
        return Card(card.rank, renamed[card.suit])

    other = CribOdds([rename(card) for card in unseen], odds)
    for first, second in combinations(cards, 2):
        value = crib.expected_score((first, second))
        assert crib.expected_score((second, first)) == pytest.approx(value, abs=1e-12)
        assert other.expected_score((rename(first), rename(second))) == pytest.approx(
            value, abs=1e-12
        )


def test_the_settled_table_is_symmetric_in_the_two_ranks():
    assert len(SETTLED) == 91
    spades, hearts = Suit.SPADES, Suit.HEARTS
    for (low, high), value in SETTLED.items():
        if low == high:
            continue
        throw = (Card(high, spades), Card(low, hearts))
        unseen = [card for card in DECK if card not in throw]
        mirrored = (Card(low, spades), Card(high, hearts))
        unseen_mirrored = [card for card in DECK if card not in mirrored]
        assert CribOdds(unseen, PONE).expected_score(throw) == pytest.approx(
            CribOdds(unseen_mirrored, PONE).expected_score(mirrored), abs=1e-12
        )
        assert 0 < value.own < 10 and 0 < value.others < 10


def test_a_seven_eight_the_pone_throws_is_worth_more_to_the_dealer_than_at_random():
    assert SETTLED[7, 8].others > RANDOM[7, 8].others + 0.3
    assert SETTLED[6, 8].others > RANDOM[6, 8].others


def test_a_four_six_the_dealer_throws_is_worth_less_to_them_than_at_random():
    assert SETTLED[4, 6].own < RANDOM[4, 6].own - 0.5


def test_the_published_shape_a_good_pone_gives_less_than_random_a_good_dealer_more():
    """Most throws are worth less in the dealer's crib when a good pone adds two (they keep
    their fives and give wide cards) and more in the pone's gift when a good dealer adds
    two (they give their own crib fives and touching cards)."""
    pairs = list(SETTLED)
    assert sum(SETTLED[p].own < RANDOM[p].own for p in pairs) > 80
    assert sum(SETTLED[p].others > RANDOM[p].others for p in pairs) > 80
