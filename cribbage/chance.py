"""Every source of chance in a game, from its seed: the cut for the first deal from
``random.Random(f"{seed}:cut")``, each deal's shuffle and the cut of its starter from
``random.Random(f"{seed}:{deal number}")``.

Two players keep the deal they always had (``deal_cards``), so a game's seed deals the
same cards as before; a table of three or four is dealt by ``table_cards``.
"""

from __future__ import annotations

import random

from .cards import DECK, Card
from .records import Deal
from .rules import DEALT_EACH, table_for

__all__ = ["cut_for_deal", "deal_cards", "new_deal", "shuffled_deck", "starter_of", "table_cards"]


def shuffled_deck(seed: int | str, number: int) -> tuple[tuple[Card, ...], int]:
    """Deal ``number``'s deck as shuffled, and where the 40 cards left after the deal are
    cut for the starter (at least 4 cards in each part): the starter is the first card of
    the bottom part, ``deck[12 + cut]``."""
    rng = random.Random(f"{seed}:{number}")
    deck = list(DECK)
    rng.shuffle(deck)
    cut = rng.randrange(4, len(deck) - 2 * DEALT_EACH - 4 + 1)
    return tuple(deck), cut


def deal_cards(seed: str, number: int) -> tuple[tuple[Card, ...], tuple[Card, ...], Card]:
    """Deal ``number``'s cards: six to the pone, six to the dealer (one at a time, the pone
    first) and the starter."""
    deck, cut = shuffled_deck(seed, number)
    pone = deck[0 : 2 * DEALT_EACH : 2]
    dealer = deck[1 : 2 * DEALT_EACH : 2]
    return pone, dealer, deck[2 * DEALT_EACH + cut]


def table_cards(
    seed: str, number: int, dealer: int, players: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], Card]:
    """Deal ``number``'s cards at a table of three or four: five to each seat, one at a
    time from the dealer's left, then (at three) one from the deck to the crib; the rest
    cut for the starter (at least 4 cards in each part). Each seat's cards, the crib's
    card from the deck, and the starter."""
    table = table_for(players)
    rng = random.Random(f"{seed}:{number}")
    deck = list(DECK)
    rng.shuffle(deck)
    dealt = players * table.dealt_each
    left = len(deck) - dealt - table.crib_from_deck
    cut = rng.randrange(4, left - 4 + 1)
    hands: list[list[Card]] = [[] for _ in range(players)]
    for index, card in enumerate(deck[:dealt]):
        hands[(dealer + 1 + index) % players].append(card)
    from_deck = tuple(deck[dealt : dealt + table.crib_from_deck])
    starter = deck[dealt + table.crib_from_deck + cut]
    return tuple(tuple(hand) for hand in hands), from_deck, starter


def starter_of(seed: str, number: int, dealer: int, players: int = 2) -> Card:
    """The starter of deal ``number``."""
    if players == 2:
        return deal_cards(seed, number)[2]
    return table_cards(seed, number, dealer, players)[2]


def cut_for_deal(seed: str, players: int = 2) -> tuple[tuple[Card, ...], ...]:
    """Each player cuts a card (seat 0 first) and the lowest deals; when the lowest rank is
    cut twice, all shuffle and cut again."""
    rng = random.Random(f"{seed}:cut")
    cuts = []
    while True:
        cut = tuple(rng.sample(DECK, players))
        cuts.append(cut)
        lowest = min(card.rank for card in cut)
        if sum(card.rank is lowest for card in cut) == 1:
            return tuple(cuts)


def new_deal(seed: str, number: int, dealer: int, players: int = 2) -> Deal:
    """Deal ``number`` with ``dealer`` dealing: each seat's cards, in card order."""
    if players != 2:
        hands, from_deck, _ = table_cards(seed, number, dealer, players)
        return Deal(
            number,
            dealer,
            tuple(tuple(sorted(hand)) for hand in hands),
            thrown=((),) * players,
            from_deck=from_deck,
        )
    pone_cards, dealer_cards, _ = deal_cards(seed, number)
    dealt = (pone_cards, dealer_cards) if dealer == 1 else (dealer_cards, pone_cards)
    return Deal(number, dealer, (tuple(sorted(dealt[0])), tuple(sorted(dealt[1]))))
