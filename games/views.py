"""The games' pages: the list with a new game, a game's table, a move, and deleting a
finished game. What the table shows is built in ``games.page``."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.db.models import OuterRef, Subquery
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from cribbage.computer import Level
from cribbage.game import Counting, GameError, Resign
from cribbage.rules import table_for
from cribtrainer.htmx import HtmxHttpRequest, private_page, vary_on_htmx, wants_partial
from cribtrainer.throttle import WriteLimit
from quizzes.domain.marking import AnswerStyle
from quizzes.owners import owner_of
from quizzes.views import remember_style

from .forms import MoveForm, NewGameForm
from .models import HUMAN, Game, Match
from .page import claims_show, page_context
from .services import (
    Move,
    game_hint,
    game_move,
    game_next_deal,
    game_start,
    guest_games_over_cap,
    match_next_game,
    match_start,
)

MOVED_ON = "The game had moved on: this is where it stands now."
NEW_GAMES = WriteLimit("game_new", "Too many new games started: finish or resign one first.")
GUEST_GAMES_RESIGNED = (
    "Your least recently played game was resigned: a guest keeps {cap} unfinished games "
    "at most. Sign up to keep them all."
)


@require_safe
@private_page
def games_page(request: HtmxHttpRequest) -> HttpResponse:
    context = {
        "form": NewGameForm(),
        "games": _recent_games(request),
        "matches": _matches_in_play(request),
    }
    return render(request, "games/games.html", context)


@require_POST
def game_new(request: HtmxHttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST)
    if not form.is_valid():
        context = {
            "form": form,
            "games": _recent_games(request),
            "matches": _matches_in_play(request),
        }
        return render(request, "games/games.html", context, status=400)
    if refused := NEW_GAMES.refused(request):
        return refused
    owner = owner_of(request, create=True)
    if guest_games_over_cap(owner):
        messages.info(request, GUEST_GAMES_RESIGNED.format(cap=settings.GUEST_UNFINISHED_GAMES))
    options = {
        "owner": owner,
        "level": Level(form.cleaned_data["level"]),
        "counting": Counting(form.cleaned_data["counting"]),
        "hints": form.cleaned_data["hints"],
        "players": form.cleaned_data["players"],
        "now": timezone.now(),
    }
    length = form.cleaned_data["match"]
    game = game_start(**options) if length == 1 else match_start(length=length, **options)
    NEW_GAMES.count(request)
    return redirect("games:game", pk=game.pk)


@require_POST
def match_next(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The match's next game, the loser of the last (at three the last player) dealing
    first (a second click finds
    the game the first started)."""
    match = get_object_or_404(Match.objects.owned_by(owner_of(request)), pk=pk)
    latest = match.games.order_by("-match_number").first()
    score = match.score
    if latest is not None and (latest.match_number == score.number or not latest.is_over):
        return redirect("games:game", pk=latest.pk)  # nothing to start: the match's game
    if refused := NEW_GAMES.refused(request):
        return refused
    if guest_games_over_cap(match.owner):
        messages.info(request, GUEST_GAMES_RESIGNED.format(cap=settings.GUEST_UNFINISHED_GAMES))
    game = match_next_game(match=match, now=timezone.now())
    if game is None:
        return redirect("games:games")
    NEW_GAMES.count(request)
    return redirect("games:game", pk=game.pk)


def _recent_games(request: HtmxHttpRequest):
    owner = owner_of(request)
    if not owner:
        return []
    return Game.objects.owned_by(owner).select_related("match").order_by("-updated_at")[:20]


def _matches_in_play(request: HtmxHttpRequest) -> list[dict]:
    """The player's unfinished matches, each with where it stands and its latest game,
    the one to resume."""
    owner = owner_of(request)
    if not owner:
        return []
    latest = Game.objects.filter(match=OuterRef("pk")).order_by("-match_number")
    matches = (
        Match.objects.owned_by(owner)
        .filter(winner=Match.Winner.NONE)
        .annotate(
            latest=Subquery(latest.values("pk")[:1]),
            latest_number=Subquery(latest.values("match_number")[:1]),
        )
        .order_by("-updated_at")
    )
    return [
        {"match": match, "score": match.score, "game": match.latest, "number": match.latest_number}
        for match in matches
    ]


def owned_game(request: HtmxHttpRequest, pk: int, *, defer: tuple[str, ...] = ()) -> Game:
    return get_object_or_404(Game.objects.owned_by(owner_of(request)).defer(*defer), pk=pk)


@require_safe
@vary_on_htmx
@private_page
def game_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    # The table never reads the stored review, the largest column of a long game.
    game = owned_game(request, pk, defer=("review", "skill"))
    template = "games/game.html" + ("#table" if wants_partial(request) else "")
    response = render(request, template, page_context(request, game))
    if request.GET.get("style") in {style.value for style in AnswerStyle}:
        # The style chosen for this count stays for the next one (the crib after the hand).
        remember_style(request, response, request.GET["style"])
    return response


@require_http_methods(["GET", "HEAD", "POST"])
@private_page
def game_delete(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A finished game taken off the list, once the player confirms it."""
    game = owned_game(request, pk)
    problem = ""
    if not game.is_over:
        problem = "Only a finished game can be deleted: resign it first."
    elif game.match is not None and not game.match.is_over:
        problem = "A game of a match still being played cannot be deleted: finish the match first."
    if problem:
        context = {"game": game, "problem": problem}
        return render(request, "games/delete.html", context, status=400)
    if request.method == "POST":
        game.delete()
        messages.success(request, "The game is deleted.")
        return redirect("games:games")
    return render(request, "games/delete.html", {"game": game})


@require_POST
@vary_on_htmx
@private_page
def move(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    # Only the state is read before the move; the move itself reads the row again, locked.
    game = owned_game(request, pk, defer=("review", "skill"))
    engine = game.engine
    show_claim = claims_show(engine)
    form = MoveForm(
        request.POST,
        hand=engine.deal.dealt[HUMAN],
        show_claim=show_claim,
        throw_each=table_for(engine.players).thrown_each,
    )
    problem = notice = ""
    answer = None
    if _stale(request, game):
        # Made on a page the game has moved on from: its cards may be gone, so say so first.
        notice = MOVED_ON
    elif not form.is_valid():
        problem = " ".join(e for errors in form.errors.values() for e in errors)
    else:
        try:
            made = _make(game, form, show_claim=show_claim)
        except GameError as error:
            problem = str(error)
        else:
            game = made.game
            notice = "" if made.made else MOVED_ON
            answer = form.answer if show_claim else None
    response = _moved(request, game, problem, notice)
    if answer is not None:
        remember_style(request, response, answer.style.value)
    return response


def _moved(request: HtmxHttpRequest, game: Game, problem: str, notice: str) -> HttpResponse:
    """The answer to a move: the table for htmx; else the page with what was wrong (400),
    or back to the game, with the notice as a message."""
    if wants_partial(request):
        context = page_context(request, game, problem, notice)
        return render(request, "games/game.html#table", context)
    if problem:
        return render(request, "games/game.html", page_context(request, game, problem), status=400)
    if notice:
        messages.info(request, notice)
    return redirect("games:game", pk=game.pk)


def _stale(request: HtmxHttpRequest, game: Game) -> bool:
    """Whether the move was sent from a page of an earlier move of the game."""
    try:
        return int(request.POST.get("move", "")) != game.moves
    except ValueError:
        return False


def _make(game: Game, form: MoveForm, *, show_claim: bool) -> Move:
    """The move the form asks for, made. Raises ``GameError`` naming what is wrong with it
    (nothing changed)."""
    action = form.cleaned_data["action"]
    expected = form.cleaned_data["move"]
    if action == "next":
        return game_next_deal(game=game, expected=expected)
    if action == "hint":
        return game_hint(game=game, expected=expected)
    return game_move(
        game=game,
        action=Resign(HUMAN) if action == "resign" else form.engine_action,
        expected=expected,
        answer=form.answer if show_claim else None,
        pegged=form.pegged,
        now=timezone.now(),
    )
