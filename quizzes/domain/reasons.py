"""Why, in a player's words: the sentence that leads the feedback of a throw and of a card
laid, before any table of figures. Read from the engine's values and said as the game's
hints say it (``cribbage.hints``): for a throw, what the four kept count and are worth with
the starter, and what the crib gets or is given; for a card laid, what it does to the count
and what it leaves the opponent. Pure Python: no Django.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cribbage.cards import Card
from cribbage.discard import DiscardOption
from cribbage.hints import PlayHint, kept_count, lay_reasons
from cribbage.review import BEST_WITHIN

from .discards import BEST_MARGIN
from .lays import LayPosition

__all__ = ["lay_reason", "throw_reason"]


def throw_reason(
    best: DiscardOption, chosen: DiscardOption, *, right: bool, crib: str, own_crib: bool
) -> str:
    """One sentence on a throw, ``chosen`` against the ``best`` of the choices; ``crib``
    names the crib as the seat says it ("your crib", "the dealer's crib"), ``own_crib``
    whether its points are the seat's. Right (``right``): what the keep is worth and what
    the throw gives the crib. Wrong: what the best keep is worth, against the player's."""
    if right:
        throw = f"{_the(chosen)} you throw {'give' if len(chosen.throw) == 2 else 'gives'}"
        return (
            f"The four you keep {_counted(chosen.keep)}, {chosen.hand_ev:.1f} on average with "
            f"the starter, and {throw} {crib} {chosen.crib_ev:.1f} on average."
        )
    hand_gap = best.hand_ev - chosen.hand_ev
    crib_gap = best.crib_ev - chosen.crib_ev
    hand_better = hand_gap > -BEST_MARGIN
    crib_better = crib_gap > -BEST_MARGIN if own_crib else crib_gap < BEST_MARGIN
    joined = "and" if hand_better == crib_better else "but"
    gives = "give" if len(best.throw) == 2 else "gives"
    return (
        f"Throwing {_cards(best.throw)} was best: the four it keeps {_counted(best.keep)} "
        f"and average {best.hand_ev:.1f} with the starter, {_than(hand_gap)} yours, "
        f"{joined} {_the(best)} {gives} {crib} {_than(crib_gap)} yours."
    )


def lay_reason(position: LayPosition, laid: Card, best: Card, values: Mapping[int, float]) -> str:
    """One sentence on the card ``laid`` in ``position``, ``best`` the best card and
    ``values`` each rank's worth over the rest of the play (``computer.lay_values``): why
    the best card is best, read from the position as the game's hint reads it, or, where
    the position says nothing plain, by how much more it pegs over the play."""
    reasons = lay_reasons(position.play, position.held, best, position.seen, position.seating)
    # The hints speak of the computer, the other player at two in a game; here an opponent.
    why = PlayHint(best, reasons).why.replace("the computer", "the opponent")
    gap = max(values[int(best.rank)] - values[int(laid.rank)], 0.0)
    if laid.rank != best.rank:
        if why:
            return (
                f"Lay the {best.short_label}: {why}; your {laid.short_label} pegs "
                f"{gap:.1f} less over the rest of the play, on average."
            )
        return (
            f"Lay the {best.short_label}: over the rest of the play it pegs {gap:.1f} more "
            f"than your {laid.short_label}, on average."
        )
    if why:
        return f"The {best.short_label} is the card: {why}."
    return f"The {best.short_label} is the card: {_against_the_next(position, best, values)}."


def _against_the_next(position: LayPosition, best: Card, values: Mapping[int, float]) -> str:
    """How the best card does against the next best rank that fits, over the play."""
    others = [card for card in position.fitting if card.rank != best.rank]
    if not others:
        return "it is the only rank you hold that fits"
    rival = max(others, key=lambda card: (values[int(card.rank)], card))
    gap = values[int(best.rank)] - values[int(rival.rank)]
    if gap < BEST_WITHIN:
        return f"the {rival.short_label} does about as well over the rest of the play"
    return f"over the rest of the play it pegs {gap:.1f} more than the {rival.short_label}"


def _counted(keep: Sequence[Card]) -> str:
    """What four cards count before the starter, as said: "count 6 already (fifteen two,
    fifteen four and a pair is six)", "count nothing before the starter"."""
    points, said = kept_count(keep)
    return f"count {points} already ({said})" if points else "count nothing before the starter"


def _than(gap: float) -> str:
    """A difference against the player's choice: "1.2 more than", "0.8 less than"."""
    if abs(gap) < BEST_MARGIN:
        return "as much as"
    return f"{abs(gap):.1f} {'more' if gap > 0 else 'less'} than"


def _cards(cards: Sequence[Card]) -> str:
    return " and ".join(card.short_label for card in cards)


def _the(option: DiscardOption) -> str:
    """The cards an option throws, as the subject of a sentence."""
    if len(option.throw) == 2:
        return "the two"
    return f"the {option.throw[0].short_label}"
