from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from counter.cribbage.computer import Level
from counter.cribbage.game import GAME_POINTS, Counting, GameError, Phase, Source
from counter.cribbage.show import MAX_SHOW
from cribtrainer.htmx import HtmxHttpRequest, private_page, vary_on_htmx, wants_partial
from quizzes.domain.marking import AnswerStyle
from quizzes.domain.play import claim_words
from quizzes.forms import AnswerForm
from quizzes.owners import owner_of
from quizzes.views import answer_style, remember_style

from .board import board
from .forms import MoveForm, NewGameForm
from .models import COMPUTER, HUMAN, Game
from .review import which_questions
from .services import game_move, game_start

SEATS = {HUMAN: "you", COMPUTER: "the computer"}


@require_safe
@private_page
def games_page(request: HtmxHttpRequest) -> HttpResponse:
    return render(
        request, "games/games.html", {"form": NewGameForm(), "games": _recent_games(request)}
    )


@require_POST
def game_new(request: HtmxHttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST)
    if not form.is_valid():
        context = {"form": form, "games": _recent_games(request)}
        return render(request, "games/games.html", context, status=400)
    game = game_start(
        owner=owner_of(request, create=True),
        level=Level(form.cleaned_data["level"]),
        counting=Counting(form.cleaned_data["counting"]),
        now=timezone.now(),
    )
    return redirect("games:game", pk=game.pk)


def _recent_games(request: HtmxHttpRequest):
    owner = owner_of(request)
    return Game.objects.owned_by(owner).order_by("-updated_at")[:20] if owner else []


def owned_game(request: HtmxHttpRequest, pk: int) -> Game:
    return get_object_or_404(Game.objects.owned_by(owner_of(request)), pk=pk)


@require_safe
@vary_on_htmx
@private_page
def game_page(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = owned_game(request, pk)
    template = "games/game.html" + ("#table" if wants_partial(request) else "")
    return render(request, template, table_context(request, game))


@require_POST
@vary_on_htmx
@private_page
def move(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    game = owned_game(request, pk)
    engine = game.engine
    pending = engine.pending
    show_claim = pending is not None and pending.source is not Source.PLAY
    form = MoveForm(request.POST, hand=engine.deal.dealt[HUMAN], show_claim=show_claim)
    problem = ""
    if form.is_valid():
        try:
            game = game_move(
                game=game,
                action=form.engine_action,
                expected=form.cleaned_data["move"],
                answer=form.answer if show_claim else None,
                now=timezone.now(),
            ).game
        except GameError as error:
            problem = str(error)
    else:
        problem = " ".join(e for errors in form.errors.values() for e in errors)
    if wants_partial(request):
        template = "games/game.html#table"
        response = render(request, template, table_context(request, game, problem))
    elif problem:
        context = table_context(request, game, problem)
        response = render(request, "games/game.html", context, status=400)
    else:
        response = redirect("games:game", pk=game.pk)
    if not problem and show_claim and form.answer is not None:
        remember_style(request, response, form.answer.style.value)
    return response


def table_context(request: HtmxHttpRequest, game: Game, problem: str = "") -> dict:
    """Everything the table shows: the board, the hands, the play, the counts, the log."""
    engine = game.engine
    deal = engine.deal
    play = deal.play
    phase = engine.phase
    pending = engine.pending
    # A winning peg may run past 121: the board and the score line stop at the game hole.
    scores = tuple(min(score, GAME_POINTS) for score in engine.scores)
    previous_scores = _previous_scores(engine)
    summary = _summary(engine, deal.number - 1) if phase is Phase.DISCARD else None
    context = {
        "game": game,
        "engine": engine,
        "deal": deal,
        "phase": phase.value,
        "problem": problem,
        "board": board(scores, previous_scores),
        "scores": {"you": scores[HUMAN], "computer": scores[COMPUTER]},
        "you_deal": deal.dealer == HUMAN,
        "held": deal.held(HUMAN),
        "dealt": deal.dealt[HUMAN],
        "starter": deal.starter,
        "to_move": engine.to_move,
        "your_move": engine.to_move == HUMAN,
        "pending": pending,
        "claim_what": _claim_what(engine) if pending and pending.player == HUMAN else "",
        "show_claim": pending is not None and pending.source is not Source.PLAY,
        "style": answer_style(request),
        "answer_form": AnswerForm(),
        "max_points": MAX_SHOW,
        "styles": AnswerStyle,
        "series": _series(engine),
        "count": play.count if play else 0,
        "fitting": play.playable(deal.held(HUMAN)) if play and not play.is_over else (),
        "counts": _counts(engine, deal),
        "play_claims": _play_claims(engine, deal) if play else [],
        "claim_cards": _claim_cards(engine)
        if pending and pending.source is not Source.PLAY
        else (),
        "log": _log(engine, deal.number),
        "summary": summary,
        "which": _which(game, summary, engine),
        "last_counts": _counts(engine, engine.deals[-2])
        if len(engine.deals) > 1 and phase is Phase.DISCARD
        else (),
        "result": engine.result,
    }
    return context


def _which(game: Game, summary: dict | None, engine) -> list:
    """The "Which did you miss?" questions of the deal just ended: shown in its summary,
    or when the game is over, of the last deal."""
    if engine.is_over:
        return which_questions(game, engine.deal.number)
    return which_questions(game, summary["number"]) if summary else []


def _previous_scores(engine) -> tuple[int, int]:
    """Where each back peg stands: each player's score before their last peg."""
    before = [0, 0]
    running = [0, 0]
    for peg in engine.pegs:
        if peg.points:
            before[peg.player] = running[peg.player]
            running[peg.player] += peg.points
    return before[0], before[1]


def _claim_cards(engine) -> tuple:
    """The hand or crib the player is to count, and the starter."""
    result = engine.claim_items(engine.pending)
    return (*result.hand, result.starter)


def _claim_what(engine) -> str:
    pending = engine.pending
    if pending.source is Source.HAND:
        return "your hand"
    if pending.source is Source.CRIB:
        return "your crib"
    return _turn_name(engine.deal.play.turns[pending.turn])


def _turn_name(turn) -> str:
    """A turn of the player's in the play, as the page names what it claims for."""
    return "the go" if turn.is_go else f"your {turn.card.label}"


def _series(engine) -> list[list[dict]]:
    """The play so far, count by count: who laid what, and the gos said."""
    play = engine.deal.play
    if play is None:
        return []
    series: list[list[dict]] = []
    for turn in play.turns:
        # A card whose count is its own value opens a new count.
        if not series or (turn.card is not None and turn.count == turn.card.value):
            series.append([])
        series[-1].append({"turn": turn, "who": SEATS[engine.deal.seat(turn.player)]})
    return series


def _counts(engine, deal) -> list[dict]:
    """The counts of the show made so far in ``deal``: whose, itemised, and the player's
    claim for their own (what was missed, taken by the computer)."""
    claims = {
        record.source: record
        for record in engine.claims
        if record.deal == deal.number and record.source is not Source.PLAY
    }
    return [
        {
            "count": count,
            "whose": SEATS[count.player],
            "crib": count.source is Source.CRIB,
            "claim": claims.get(count.source) if count.player == HUMAN else None,
        }
        for count in deal.counts
    ]


def _play_claims(engine, deal) -> list[dict]:
    """The player's claims in the play of ``deal`` that were not right: what they claimed
    and what the move scored, item by item."""
    rows = []
    for record in engine.claims:
        if record.deal != deal.number or record.source is not Source.PLAY:
            continue
        if record.claimed == record.scored:
            continue
        items = engine.claim_items(record)
        turn = deal.play.turns[record.turn]
        rows.append(
            {
                "record": record,
                "what": _turn_name(turn),
                "items": items,
                "words": claim_words(items, record.claimed, turn.count),
            }
        )
    return rows


def _log(engine, number: int) -> list[dict]:
    """Every score of deal ``number``: who, from what, how much."""
    return [
        {"who": SEATS[peg.player], "source": peg.source.value, "points": peg.points}
        for peg in engine.pegs
        if peg.deal == number and peg.points
    ]


def _summary(engine, number: int) -> dict | None:
    if number < 1:
        return None
    yours = engine.points_by_source(HUMAN, number)
    theirs = engine.points_by_source(COMPUTER, number)
    return {
        "number": number,
        "you": sum(yours.values()),
        "computer": sum(theirs.values()),
        "rows": [
            {
                "source": source.value,
                "you": yours[source],
                "computer": theirs[source],
            }
            for source in Source
        ],
    }
