"""A claim said back at once, as a coach beside the player would say it: what the move or
count scored, with its cards, and who took what was missed (muggins) or that an
over-claim was corrected.

"Your 2♦ made fifteen — 2. You pegged 0: the computer takes the 2 (muggins)."
"Your hand is 12: fifteen two, fifteen four and a double run is twelve. You claimed 10:
the computer takes 2 (muggins)."
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .pegging import PegItem, PegKind
from .show import ShowResult

__all__ = ["play_claim_said", "show_claim_said"]

_PLAY_WORDS = {
    PegKind.FIFTEEN: "fifteen",
    PegKind.THIRTY_ONE: "thirty-one",
    PegKind.GO: "one for the go",
    PegKind.LAST_CARD: "one for last",
}


def _play_item(item: PegItem) -> str:
    return _PLAY_WORDS.get(item.kind) or f"a {item.name}"


def play_claim_said(
    card: Card,
    items: Sequence[PegItem],
    claimed: int,
    *,
    go: bool = False,
    count: int = 0,
    opponent: str = "your opponent",
) -> str:
    """A claim for a card laid in the play (or, ``go``, for the go point of ``card``, the
    last card laid), said back: what it made and what came of the claim. ``count`` is the
    count after the card, said when it made nothing."""
    scored = sum(item.points for item in items)
    if go:
        made = f"The go is yours, your {card.short_label} the last card laid: one for the go — 1."
    elif items:
        made = (
            f"Your {card.short_label} made {' and '.join(_play_item(i) for i in items)} — {scored}."
        )
    else:
        made = f"Your {card.short_label} made nothing: the count is {count}."
    return f"{made} {_outcome(claimed, scored, opponent, play=True)}"


def show_claim_said(result: ShowResult, claimed: int, *, opponent: str = "your opponent") -> str:
    """A claim for a hand or crib, said back: its total counted out as players announce it
    (``ShowResult.announce``), then what came of the claim ("You claimed 10: the computer
    takes 2.")."""
    whose = "crib" if result.crib else "hand"
    if result.total:
        made = f"Your {whose} is {result.total}: {result.announce}."
    else:
        made = f"Your {whose} scores nothing: nineteen, as players say."
    return f"{made} {_outcome(claimed, result.total, opponent, play=False)}"


def _outcome(claimed: int, scored: int, opponent: str, *, play: bool) -> str:
    if claimed < scored:
        missed = scored - claimed
        if play:
            return f"You pegged {claimed}: {opponent} takes the {missed} (muggins)."
        return f"You claimed {claimed}: {opponent} takes {missed} (muggins)."
    if claimed > scored:
        return f"You claimed {claimed}: {claimed - scored} too many, corrected to {scored}."
    return f"You pegged {scored}: right."
