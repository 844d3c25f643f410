"""The game review's pages: the review itself, its JSON, a finished game's state to
download, "Practise this", and the game's "Which did you miss?" questions."""

from __future__ import annotations

import json

from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from cribtrainer.htmx import HtmxHttpRequest, private_page, vary_on_htmx, wants_partial
from cribtrainer.throttle import WriteLimit
from quizzes.forms import ExplainForm
from quizzes.models import Attempt
from quizzes.services.answers import attempt_explain

from .forms import PractiseForm
from .review import game_review, practice_of, which_questions
from .review_rows import review_context
from .services import decision_practise
from .views import owned_game

PRACTISES = WriteLimit("practise", "Too many quizzes made from reviews: try again soon.")


@require_safe
@private_page
def review_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = owned_game(request, pk)
    return render(request, "games/review.html", review_context(game, game_review(game)))


@require_safe
@private_page
def review_data(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = owned_game(request, pk)
    return JsonResponse(game_review(game))


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
    """A quiz of one reviewed decision: its six and seat, or the turn a card was laid in;
    one quiz a decision, however often it is asked for."""
    game = owned_game(request, pk)
    review = game_review(game)
    form = PractiseForm(request.POST)
    decision = form.chosen(review) if form.is_valid() else None
    problem = "There is no such decision."
    if decision is None:
        context = {**review_context(game, review), "problem": problem}
        return render(request, "games/review.html", context, status=400)
    if refused := PRACTISES.refused(request):
        return refused
    deal, chosen = decision
    details = practice_of(game.engine, deal, chosen)
    index = int(form.cleaned_data["pick"].split(":")[1])
    row, made = decision_practise(game=game, deal=deal, index=index, now=timezone.now(), **details)
    if made:
        PRACTISES.count(request)
    return redirect("quizzes:deal", pk=row.pk)


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
