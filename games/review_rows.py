"""The game review as its page shows it: the totals, the player's costliest decisions
first, then each deal's decisions in the order they were made, the cards as cards. The
views in ``games.review_views`` orchestrate; this module builds their context."""

from __future__ import annotations

from functools import cached_property

from django.urls import reverse

from counter.discards import DiscardHand
from cribbage.cards import parse_card
from cribbage.discard import CribModel, Role
from cribbage.pegging import GO
from cribbage.review import BEST_WITHIN

from .models import Game

PAGE = "2"
"""The version of the review page's cached part (``games/review.html``): change it with
the markup, so a deploy never serves a fragment cached by the one before."""
BIGGEST = 5
"""The review leads with the player's this many costliest decisions."""
CLASS_WORDS = {
    "best": "Best",
    "good": "Good",
    "inaccuracy": "Inaccuracy",
    "mistake": "Mistake",
    "blunder": "Blunder",
    "forced": "Forced",
}
CRIB_MODEL_WORDS = {
    CribModel.GOOD: "as a good player throws them",
    CribModel.RANDOM: "at random",
}
"""How the review took the other player's two crib cards to be thrown, in words."""


def review_context(game: Game, review: dict) -> dict:
    """The review as the page shows it: totals, the costliest decisions first, then each
    deal's decisions in the order they were made, the cards as cards."""
    return {
        "game": game,
        "review": review,
        "evaluation": review["evaluation"],
        "crib_model_words": CRIB_MODEL_WORDS[CribModel(review["crib_model"])],
        "page": PAGE,
        "rows": ReviewRows(game, review),
        "totals": review["totals"],
        "loss_rows": [
            (label, review["totals"]["you"][kind], review["totals"]["computer"][kind])
            for kind, label in (
                ("discard", "Discards"),
                ("play", "The play"),
                ("muggins", "Muggins"),
            )
        ],
    }


class ReviewRows:
    """Each deal's decisions as the page draws them, worked out only when the page's
    cached part is drawn again."""

    def __init__(self, game: Game, review: dict) -> None:
        self.game, self.review = game, review

    @cached_property
    def deals(self) -> list[dict]:
        deals = []
        model = CribModel(self.review["crib_model"])
        for deal in self.review["deals"]:
            rows = [_row(deal, index, d, model) for index, d in enumerate(deal["decisions"])]
            # A right claim is said once, in a count: the list is for what was decided. An
            # over-claim loses nothing (it is best by points) but was not right: it is listed.
            right = [r for r in rows if r["kind"] == "claim" and r["class"] == "best"]
            right = [r for r in right if not r["over"]]
            deals.append(
                {
                    "number": deal["number"],
                    "you_deal": deal["dealer"] == "you",
                    "starter": deal["starter"] and parse_card(deal["starter"]),
                    "you": [r for r in rows if r["you"] and r["kind"] != "go" and r not in right],
                    "computer": [r for r in rows if not r["you"] and r["kind"] != "go"],
                    "right_claims": len(right),
                    "totals": deal["totals"],
                }
            )
        return deals

    @cached_property
    def biggest(self) -> list[dict]:
        """The player's costliest decisions, the costliest first."""
        yours = [row for deal in self.deals for row in deal["you"] if row["loss"] > BEST_WITHIN]
        return sorted(yours, key=lambda row: -row["loss"])[:BIGGEST]


def _analysis(decision: dict, role: Role, crib_model: CribModel) -> DiscardHand:
    """The analyser's page of a reviewed discard's six, by the crib model of the review."""
    return DiscardHand(_cards(decision["six"]), role, opponent=crib_model)


def _cards(codes) -> tuple:
    return tuple(parse_card(code) for code in codes)


def _row(deal: dict, index: int, decision: dict, crib_model: CribModel) -> dict:
    kind = decision["kind"]
    row = {
        "deal": deal["number"],
        "index": index,
        "kind": kind,
        "you": decision["player"] == "you",
        "loss": decision["loss"],
        "class": decision["class"],
        "word": CLASS_WORDS[decision["class"]],
        "practise": False,
    }
    if kind == "discard":
        role = Role(decision["role"])
        mine = (role is Role.DEALER) == row["you"]
        row.update(
            thrown=_cards(decision["chosen"]),
            best=_cards(decision["best"]),
            hand_loss=decision["hand_loss"],
            crib_loss=decision["crib_loss"],
            rank=decision["rank"],
            crib_owner="your crib" if mine else "the computer's crib",
            url=f"{reverse('counter:discard')}?{_analysis(decision, role, crib_model).query}",
            practise=row["you"],
        )
    elif kind == "lay":
        row.update(
            card=parse_card(decision["chosen"]),
            best=parse_card(decision["best"]),
            count=decision["count"],
            first=decision["turn"] == 0,
            series=_cards(decision["series"]),
            practise=row["you"] and decision["class"] != "forced",
        )
    elif kind == "go":
        row.update(count=decision["count"])
    else:
        card = decision.get("card")
        if decision["source"] == "play":
            what = "the go" if card == GO else f"your {parse_card(card).label}"
        else:
            what = f"your {decision['source']}"
        row.update(
            what=what,
            claimed=decision["chosen"],
            scored=decision["best"],
            missed=decision["missed"],
            over=decision["over_claimed"],
        )
    return row
