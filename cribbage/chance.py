"""Every source of chance in a game, from its seed: the cut for the first deal from
``random.Random(f"{seed}:cut")``, each deal's shuffle and the cut of its starter from
``random.Random(f"{seed}:{deal number}")``.
"""

from __future__ import annotations

import random

from .cards import DECK, Card
from .records import Deal
from .rules import DEALT_EACH

__all__ = ["cut_for_deal", "deal_cards", "new_deal", "shuffled_deck"]


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


def cut_for_deal(seed: str) -> tuple[tuple[Card, Card], ...]:
    """Each player cuts a card (seat 0 first); equal ranks shuffle and cut again."""
    rng = random.Random(f"{seed}:cut")
    cuts = []
    while True:
        first, second = rng.sample(DECK, 2)
        cuts.append((first, second))
        if first.rank is not second.rank:
            return tuple(cuts)


def new_deal(seed: str, number: int, dealer: int) -> Deal:
    """Deal ``number`` with ``dealer`` dealing: each seat's six, in card order."""
    pone_cards, dealer_cards, _ = deal_cards(seed, number)
    dealt = (pone_cards, dealer_cards) if dealer == 1 else (dealer_cards, pone_cards)
    return Deal(number, dealer, (tuple(sorted(dealt[0])), tuple(sorted(dealt[1]))))
