"""The game review as its page shows it: the totals, the player's errors first with their
cards, then each deal folded, its other decisions in the order they were made. The views
in ``games.review_views`` orchestrate; this module builds their context."""

from __future__ import annotations

from functools import cached_property

from django.urls import reverse

from counter.discards import DiscardHand, TableDiscardHand
from counter.templatetags.cards import points
from cribbage.cards import parse_card
from cribbage.discard import CribModel, Role
from cribbage.pegging import GO
from cribbage.review import BEST_WITHIN, is_error
from cribbage.seating import NAMES

from .models import Game

PAGE = "4"
"""The version of the review page's cached part (``games/review.html``): change it with
the markup, so a deploy never serves a fragment cached by the one before."""
PRACTISED_OVER = BEST_WITHIN
"""A throw or lay that lost more than this is offered as a quiz ("Practise this"): every
error, and the good ones that still lost something; never a best or forced one."""
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
_SAME = 0.005
"""A difference that rounds to 0.00 is said as none."""


def review_context(game: Game, review: dict) -> dict:
    """The review as the page shows it: totals, the player's errors first, then each deal
    folded with its other decisions in the order they were made, the cards as cards."""
    table = ReviewSeats.of(review)
    return {
        "game": game,
        "review": review,
        "seats": table,
        "title": table.title(review["game"]),
        "evaluation": review["evaluation"],
        "crib_model_words": CRIB_MODEL_WORDS[CribModel(review["crib_model"])],
        "page": PAGE,
        "rows": ReviewRows(game, review),
        "totals": review["totals"],
        "practised_over": PRACTISED_OVER,
        "loss_rows": [
            (label, review["totals"]["you"][kind], review["totals"]["computer"][kind])
            for kind, label in (
                ("discard", "Discards"),
                ("play", "The play"),
                ("muggins", "Muggins"),
            )
        ],
    }


class ReviewSeats:
    """Who sits at the table the review is of, as its page names them: at two "you" and
    "the computer"; at three or four each seat by where it sits ("West", "North")."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.names = NAMES[players]
        self.computers = "The computer" if players == 2 else "The computers"

    @classmethod
    def of(cls, review: dict) -> ReviewSeats:
        return cls(review.get("players", 2))

    @property
    def at_table(self) -> bool:
        return self.players != 2

    def name(self, seat: int) -> str:
        """A seat's name as a sentence starts it: "You", "West", "The computer"."""
        name = self.names[min(seat, len(self.names) - 1)]
        return name[0].upper() + name[1:]

    def crib(self, dealer: int) -> str:
        """Whose crib it is, as the middle of a sentence says it: "your crib", "West's crib"
        (at two "the computer's crib")."""
        if dealer == 0:
            return "your crib"
        if self.players == 4 and dealer == 2:
            return "North's crib (your team's)"
        return f"{self.names[dealer]}'s crib"

    def title(self, summary: dict) -> str:
        """The review's heading after "Review: " at three or four: who won and the scores
        ("West won: you 77, West 121, East 98")."""
        if not self.at_table:
            return ""
        if self.players == 4:
            winners = {"you": "you and North", "computer": "West and East"}
            you, them = summary["scores"]["you"], summary["scores"]["computer"]
            score = f"you and North {you}, West and East {them}"
        else:
            seats = summary["seat_scores"]
            # The seat that reached 121; after a resign the better one, West on a tie.
            winners = {"you": "you", "computer": self.names[1 + (seats[2] > seats[1])]}
            score = ", ".join(f"{self.names[s]} {seats[s]}" for s in range(self.players))
        if not summary["over"]:
            return f"a game in progress: {score}"
        return f"{winners[summary['winner']]} won: {score}"


class ReviewRows:
    """Each deal's decisions as the page draws them, worked out only when the page's
    cached part is drawn again."""

    def __init__(self, game: Game, review: dict) -> None:
        self.game, self.review = game, review

    @cached_property
    def deals(self) -> list[dict]:
        deals = []
        model = CribModel(self.review["crib_model"])
        table = ReviewSeats.of(self.review)
        for deal in self.review["deals"]:
            rows = [_row(deal, index, d, model, table) for index, d in enumerate(deal["decisions"])]
            # A right claim is said once, in a count: the list is for what was decided. An
            # over-claim loses nothing (it is best by points) but was not right: it is listed.
            right = [r for r in rows if r["kind"] == "claim" and r["class"] == "best"]
            right = [r for r in right if not r["over"]]
            yours = [r for r in rows if r["you"] and r["kind"] != "go" and r not in right]
            deals.append(
                {
                    "number": deal["number"],
                    "you_deal": deal["dealer"] == "you",
                    "crib": table.crib(deal.get("dealer_seat", deal["dealer"] != "you")),
                    "starter": deal["starter"] and parse_card(deal["starter"]),
                    "errors": [r for r in yours if r["error"]],
                    "you": [r for r in yours if not r["error"]],
                    "computer": [r for r in rows if not r["you"] and r["kind"] != "go"],
                    "right_claims": len(right),
                    "totals": deal["totals"],
                }
            )
        return deals

    @cached_property
    def errors(self) -> list[dict]:
        """The player's errors in the order they were made, deal by deal: what the page
        leads with, each with its cards."""
        return [row for deal in self.deals for row in deal["errors"]]


def _analysis(decision: dict, role: Role, crib_model: CribModel) -> DiscardHand:
    """The analyser's page of a reviewed discard's six, by the crib model of the review."""
    return DiscardHand(_cards(decision["six"]), role, opponent=crib_model)


def _cards(codes) -> tuple:
    return tuple(parse_card(code) for code in codes)


def _row(deal: dict, index: int, decision: dict, crib_model: CribModel, table: ReviewSeats) -> dict:
    kind = decision["kind"]
    you = decision["player"] == "you"
    seat = decision.get("seat", 0 if you else 1)
    row = {
        "who": table.name(seat),
        "deal": deal["number"],
        "starter": deal["starter"] and parse_card(deal["starter"]),
        "index": index,
        "kind": kind,
        "you": you,
        "loss": decision["loss"],
        "class": decision["class"],
        "word": CLASS_WORDS[decision["class"]],
        "error": is_error(decision["class"]),
        "practise": False,
    }
    lost = you and decision["loss"] > PRACTISED_OVER
    if kind == "discard" and table.at_table:
        row.update(_table_discard(deal, decision, table, you=you, lost=lost))
    elif kind == "discard":
        role = Role(decision["role"])
        mine = (role is Role.DEALER) == you
        row.update(
            dealt=_cards(decision["six"]),
            choices=15,
            thrown=_cards(decision["chosen"]),
            keep=_cards(decision["keep"]),
            best=_cards(decision["best"]),
            best_keep=_cards(decision["best_keep"]),
            rank=decision["rank"],
            crib_owner="your crib" if (role is Role.DEALER) == you else "the computer's crib",
            words=discard_words(decision, you=you, own_crib=mine),
            url=f"{reverse('counter:discard')}?{_analysis(decision, role, crib_model).query}",
            practise=lost,
        )
    elif kind == "lay":
        row.update(
            card=parse_card(decision["chosen"]),
            best=parse_card(decision["best"]),
            count=decision["count"],
            first=decision["turn"] == 0,
            series=_cards(decision["series"]),
            practise=lost and decision["class"] != "forced",
        )
    elif kind == "go":
        row.update(count=decision["count"])
    else:
        row.update(_claim(decision))
        row["taker"] = table.names[decision["taker"]] if "taker" in decision else "the computer"
    return row


def _table_discard(
    deal: dict, decision: dict, table: ReviewSeats, *, you: bool, lost: bool
) -> dict:
    """A throw of one from five at three or four: its cards, whose crib it went to, what it
    lost in words, and the analyser's page of the five for the seat."""
    seat = Role(decision["role"])
    dealer = deal["dealer_seat"]
    analysis = TableDiscardHand(_cards(decision["five"]), players=table.players, seat=seat)
    if seat is Role.OPPONENT:
        owner = "you" if dealer == 0 else table.names[dealer]
    elif seat is Role.PARTNER:
        owner = "your partner's crib" if you else "its partner's crib"
    else:
        owner = "your crib" if you else "its crib"
    return {
        "dealt": _cards(decision["five"]),
        "choices": 5,
        "thrown": _cards(decision["chosen"]),
        "keep": _cards(decision["keep"]),
        "best": _cards(decision["best"]),
        "best_keep": _cards(decision["best_keep"]),
        "rank": decision["rank"],
        "crib_owner": table.crib(dealer) if you or seat is not Role.DEALER else "its crib",
        "words": discard_words(decision, you=you, own_crib=seat is not Role.OPPONENT, owner=owner),
        "url": f"{reverse('counter:discard')}?{analysis.query}",
        "practise": lost,
    }


def _claim(decision: dict) -> dict:
    """A claim's cards and words: the show's four and the starter with the count, or the
    move of the play with the cards before it in the series."""
    card = decision.get("card")
    fields = {
        "claimed": decision["chosen"],
        "scored": decision["best"],
        "missed": decision["missed"],
        "over": decision["over_claimed"],
        "show": decision["source"] != "play",
    }
    if decision["source"] == "play":
        fields.update(
            what="the go" if card == GO else f"your {parse_card(card).label}",
            card=None if card == GO else parse_card(card),
            series=_cards(decision.get("series", ())),
            count=decision.get("count"),
            said=decision.get("said", ""),
        )
    else:
        fields.update(
            what=f"your {decision['source']}",
            hand=_cards(decision.get("hand", ())),
            said=decision.get("announce", ""),
            ways=[" and ".join(way) for way in decision.get("missed_ways", ())],
        )
    return fields


def discard_words(decision: dict, *, you: bool, own_crib: bool, owner: str | None = None) -> str:
    """What a throw lost against the best, in words and in positive numbers: what the hand
    kept scores against the best throw's, what the crib gives its owner, and the loss.

    ``hand_loss`` and ``crib_loss`` are the best throw's figures less the throw's (the crib
    counted for the thrower, so the other's crib gains what it loses): each part is said
    as "less" or "more", and the two joined by "but" when one part gains what the other
    loses. ``owner`` names the crib's owner at three or four: the crib itself when it is
    the thrower's side's ("your partner's crib"), else who it gives more to ("West")."""
    kept = "the hand you kept" if you else "the hand it kept"
    hand, crib = decision["hand_loss"], decision["crib_loss"]
    parts = []
    if abs(hand) < _SAME:
        parts.append((0, f"{kept} scores the same as the best throw's"))
    else:
        side = "less" if hand > 0 else "more"
        parts.append((hand, f"{kept} scores {points(abs(hand))} {side} on average"))
    if abs(crib) >= _SAME:
        if own_crib:
            owner = owner or ("your crib" if you else "its crib")
            side = "less" if crib > 0 else "more"
            parts.append((crib, f"{owner} scores {points(abs(crib))} {side}"))
        else:
            owner = owner or ("the computer" if you else "you")
            side = "more" if crib > 0 else "less"
            parts.append((crib, f"the crib gives {owner} {points(abs(crib))} {side}"))
    words = parts[0][1]
    if len(parts) == 2:
        joined = "but" if (parts[0][0] > 0) != (parts[1][0] > 0) else "and"
        words = f"{words}, {joined} {parts[1][1]}"
    return f"{words[0].upper()}{words[1:]}: {points(decision['loss'])} points lost."
