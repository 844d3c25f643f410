"""The game review's pages: the review itself, its JSON, a finished game's state to
download, "Practise this", and the game's "Which did you miss?" questions."""

from __future__ import annotations

import json
from functools import cached_property

from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from counter.discards import DiscardHand
from cribbage.cards import parse_card
from cribbage.discard import Role
from cribbage.pegging import GO
from cribbage.review import BEST_WITHIN
from cribtrainer.htmx import HtmxHttpRequest, private_page, vary_on_htmx, wants_partial
from quizzes.forms import ExplainForm
from quizzes.models import Attempt
from quizzes.services.answers import attempt_explain
from quizzes.services.dealing import practice_create

from .forms import PractiseForm
from .models import Game
from .review import game_review, lay_position, which_questions
from .views import owned_game

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


@require_safe
@private_page
def review_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = owned_game(request, pk)
    return render(request, "games/review.html", review_context(game, game_review(game)))


@require_safe
@private_page
def review_data(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    return JsonResponse(game_review(owned_game(request, pk)))


@require_safe
@private_page
def state_download(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A finished game's state, for ``crib review``; never an unfinished one's, whose
    state holds the cards still to come."""
    game = owned_game(request, pk)
    if not game.is_over:
        raise Http404("The state of a game is there to download once it is over.")
    response = HttpResponse(json.dumps(game.state), content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="game-{game.pk}.json"'
    return response


@require_POST
@private_page
def practise(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A quiz of one reviewed decision: its six and seat, or the turn a card was laid in."""
    game = owned_game(request, pk)
    review = game_review(game)
    form = PractiseForm(request.POST)
    decision = form.chosen(review) if form.is_valid() else None
    if decision is None:
        context = {**review_context(game, review), "problem": "There is no such decision."}
        return render(request, "games/review.html", context, status=400)
    deal, chosen = decision
    owner = game.owner
    if chosen["kind"] == "discard":
        six = tuple(parse_card(code) for code in chosen["six"])
        row = practice_create(owner=owner, six=six, role=Role(chosen["role"]), now=timezone.now())
    else:
        position = lay_position(game.engine, deal, chosen)
        row = practice_create(owner=owner, position=position, now=timezone.now())
    return redirect("quizzes:deal", pk=row.pk)


def review_context(game: Game, review: dict) -> dict:
    """The review as the page shows it: totals, the costliest decisions first, then each
    deal's decisions in the order they were made, the cards as cards."""
    return {
        "game": game,
        "review": review,
        "evaluation": review["evaluation"],
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
        for deal in self.review["deals"]:
            rows = [_row(deal, index, d) for index, d in enumerate(deal["decisions"])]
            # A right claim is said once, in a count: the list is for what was decided.
            right = [r for r in rows if r["kind"] == "claim" and r["class"] == "best"]
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


def _cards(codes) -> tuple:
    return tuple(parse_card(code) for code in codes)


def _row(deal: dict, index: int, decision: dict) -> dict:
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
            url=f"{reverse('counter:discard')}?{DiscardHand(_cards(decision['six']), role).query}",
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


# --- "Which did you miss?" in a game ---------------------------------------------------


@require_POST
@vary_on_htmx
@private_page
def which(request: HtmxHttpRequest, pk: int, attempt: int) -> HttpResponse:
    """The answer to a game claim's "Which did you miss?": a choice, or skip. Shown again
    (the deal's remaining questions) for htmx; else back to the game."""
    game = owned_game(request, pk)
    asked = get_object_or_404(
        Attempt.objects.owned_by(game.owner), pk=attempt, deal__details__game=game.pk
    )
    form = ExplainForm(request.POST, question=asked.question)
    if form.is_valid():
        asked = attempt_explain(
            attempt=asked, choice=form.cleaned_data["choice"], now=timezone.now()
        )
    if wants_partial(request):
        number = asked.deal.details["deal"]
        context = {"game": game, "which": which_questions(game, number), "explained": asked}
        if not form.is_valid():
            context["which_form"], context["which_attempt"] = form, asked.pk
        return render(request, "games/_which.html", context)
    return redirect("games:game", pk=game.pk)
