from __future__ import annotations

from functools import cache
from urllib.parse import urlencode

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from cribbage.computer import Level
from cribbage.game import (
    GAME_POINTS,
    Counting,
    GameError,
    Phase,
    Resign,
    Source,
    pegged_words,
)
from cribbage.hints import discard_hint, play_hint
from cribbage.show import MAX_SHOW
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
from .services import game_hint, game_move, game_next_deal, game_start

SEATS = {HUMAN: "you", COMPUTER: "the computer"}
MOVED_ON = "The game had moved on: this is where it stands now."
PLAY_MAX = 14
"""A card in the play scores at most 14 (a double pair royal making 31): its claim has a
button for each total from 0, the same for every card, so they give nothing away."""


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
        hints=form.cleaned_data["hints"],
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
    response = render(request, template, table_context(request, game))
    if request.GET.get("style") in {style.value for style in AnswerStyle}:
        # The style chosen for this count stays for the next one (the crib after the hand).
        remember_style(request, response, request.GET["style"])
    return response


@require_http_methods(["GET", "HEAD", "POST"])
@private_page
def game_delete(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """A finished game taken off the list, once the player confirms it."""
    game = owned_game(request, pk)
    if not game.is_over:
        context = {"game": game, "problem": "Only a finished game can be deleted: resign it first."}
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
    game = owned_game(request, pk)
    engine = game.engine
    pending = engine.pending
    show_claim = pending is not None and pending.source is not Source.PLAY
    form = MoveForm(request.POST, hand=engine.deal.dealt[HUMAN], show_claim=show_claim)
    problem = notice = ""
    answer = None
    if _stale(request, game):
        # Made on a page the game has moved on from: its cards may be gone, so say so first.
        notice = MOVED_ON
    elif form.is_valid():
        made = _make(game, form)
        if isinstance(made, str):
            problem = made
        else:
            game = made.game
            notice = "" if made.made else MOVED_ON
            answer = form.answer if show_claim else None
    else:
        problem = " ".join(e for errors in form.errors.values() for e in errors)
    if wants_partial(request):
        template = "games/game.html#table"
        response = render(request, template, table_context(request, game, problem, notice))
    elif problem:
        context = table_context(request, game, problem)
        response = render(request, "games/game.html", context, status=400)
    else:
        if notice:
            messages.info(request, notice)
        response = redirect("games:game", pk=game.pk)
    if answer is not None:
        remember_style(request, response, answer.style.value)
    return response


def _stale(request: HtmxHttpRequest, game: Game) -> bool:
    """Whether the move was sent from a page of an earlier move of the game."""
    try:
        return int(request.POST.get("move", "")) != game.moves
    except ValueError:
        return False


def _make(game: Game, form: MoveForm):
    """The move the form asks for, made: the ``Move``, or what was wrong with it."""
    action = form.cleaned_data["action"]
    expected = form.cleaned_data["move"]
    if action == "next":
        return game_next_deal(game=game, expected=expected)
    if action == "hint":
        return game_hint(game=game, expected=expected)
    engine_action = Resign(HUMAN) if action == "resign" else form.engine_action
    pending = game.engine.pending
    show_claim = pending is not None and pending.source is not Source.PLAY
    try:
        return game_move(
            game=game,
            action=engine_action,
            expected=expected,
            answer=form.answer if show_claim else None,
            now=timezone.now(),
        )
    except GameError as error:
        return str(error)


def table_context(
    request: HtmxHttpRequest, game: Game, problem: str = "", notice: str = ""
) -> dict:
    """Everything the table shows: the board, the hands, the play, the counts, the log;
    at the end of a deal its summary first, and the next discard only after Next deal."""
    engine = game.engine
    deal = engine.deal
    play = deal.play
    phase = engine.phase
    pending = engine.pending
    # A winning peg may run past 121: the board and the score line stop at the game hole.
    scores = tuple(min(score, GAME_POINTS) for score in engine.scores)
    previous_scores = _previous_scores(engine)
    result = engine.result
    paused = game.pauses_after(engine) if result is None else None
    summary_deal = paused or (deal.number if result else None)
    summary = _summary(engine, summary_deal) if summary_deal else None
    your_turn = engine.to_move == HUMAN and pending is None
    hinted = game.hints and game.hinted_at == game.moves and not paused and your_turn
    context = {
        "game": game,
        "engine": engine,
        "deal": deal,
        "phase": phase.value,
        "problem": problem,
        "notice": notice,
        "paused": paused,
        "title": f"You {scores[HUMAN]} · Computer {scores[COMPUTER]}",
        "cut": _cut(engine) if deal.number == 1 and phase is Phase.DISCARD else None,
        "hint": _hint(engine) if hinted else None,
        "show_buttons": peg_buttons(MAX_SHOW),
        "play_buttons": peg_buttons(PLAY_MAX),
        "now_series": _now_series(engine),
        "board": board(scores, previous_scores),
        "board_holes": board_holes(),
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
        "answer_form": AnswerForm() if pending is not None else None,
        "max_points": MAX_SHOW,
        "styles": AnswerStyle,
        "count": play.count if play else 0,
        "fitting": play.playable(deal.held(HUMAN)) if play and not play.is_over else (),
        "counts": _counts(engine, deal),
        "play_claims": _play_claims(engine, deal) if play else [],
        "claim_cards": _claim_cards(engine)
        if pending and pending.source is not Source.PLAY
        else (),
        "log": _log(engine, deal.number),
        "summary": summary,
        "ending": _ending(engine) if result else None,
        "result": result,
        "you_won": result is not None and result.winner == HUMAN,
        "which": which_questions(game, summary["number"]) if summary else [],
    }
    return context


@cache
def board_holes() -> str:
    """The board's holes, numbers and skunk lines, the same on every page: drawn once."""
    return render_to_string("games/_board_holes.html", {"board": board((0, 0), (0, 0))})


@cache
def peg_buttons(most: int) -> str:
    """A claim's buttons, 0 to ``most``, the same on every page: drawn once."""
    return render_to_string("games/_peg_buttons.html", {"buttons": range(most + 1)})


def _cut(engine) -> dict | None:
    """The cut for the first deal: each player's card and who deals (the lower card)."""
    cut = engine.first_cut
    if cut is None:
        return None
    return {"you": cut[HUMAN], "computer": cut[COMPUTER], "recuts": len(engine.cuts) - 1}


def _hint(engine) -> dict:
    """The discard's best throw with its link to the analyser, or the card strong lays."""
    if engine.deal.play is None:
        hint = discard_hint(engine, HUMAN)
        query = urlencode(
            {"cards": ",".join(card.code for card in hint.dealt), "role": hint.role.value}
        )
        return {"discard": hint, "url": f"{reverse('counter:discard')}?{query}"}
    return {"play": play_hint(engine, HUMAN)}


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


def _series(engine, deal=None) -> list[list[dict]]:
    """The play so far, count by count: who laid what and what it pegged, in words (the
    player's own cards not while a claim in the play is waited for: that is theirs to
    say), and the gos said."""
    deal = deal or engine.deal
    play = deal.play
    if play is None:
        return []
    pending = engine.pending if deal is engine.deal else None
    hide_yours = pending is not None and pending.source is Source.PLAY
    series: list[list[dict]] = []
    for turn in play.turns:
        # A card whose count is its own value opens a new count.
        if not series or (turn.card is not None and turn.count == turn.card.value):
            series.append([])
        seat = deal.seat(turn.player)
        words = "" if seat == HUMAN and hide_yours else pegged_words(turn.items)
        series[-1].append({"turn": turn, "who": SEATS[seat], "words": words, "points": turn.points})
    return series


def _now_series(engine) -> dict | None:
    """The count being played (or the one just ended, with why it starts again at 0)."""
    play = engine.deal.play
    series = _series(engine)
    if not series:
        return None
    current = series[-1]
    last_card = next((t["turn"] for t in reversed(current) if not t["turn"].is_go), None)
    ended = ""
    if play.count == 0 and last_card is not None:
        if last_card.count == 31:
            ended = "31 — the count starts again at 0"
        else:
            ended = f"{last_card.count} and a go — the count starts again at 0"
        if play.is_over:
            ended = f"{last_card.count}: the play is over"
    return {"turns": current, "earlier": series[:-1], "count": play.count, "ended": ended}


def _ending(engine) -> dict:
    """How the game ended: the last score and what made it (the card laid and what it
    pegged, in words, when the play took it out), and the scores to 121."""
    result = engine.result
    peg = None if result.resigned or not engine.pegs else engine.pegs[-1]
    card, words = None, ""
    if peg is not None and peg.source is Source.PLAY:
        turns = engine.deal.play.turns
        last = next((turn for turn in reversed(turns) if turn.card is not None), None)
        if last is not None:
            card, words = last.card, pegged_words(last.items)
    scores = engine.scores
    return {
        "peg": peg,
        "who": SEATS[peg.player] if peg else "",
        "card": card,
        "words": words,
        "winner_score": min(scores[result.winner], GAME_POINTS),
        "loser_score": min(scores[result.loser], GAME_POINTS),
    }


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
            "ident": f"breakdown-{deal.number}-{index}",
        }
        for index, count in enumerate(deal.counts)
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
    """Deal ``number`` as it went: the hands with the starter, the crib, each count with
    the player's claim, the play with what each card pegged, and the points by source."""
    if number < 1:
        return None
    deal = engine.deals[number - 1]
    yours = engine.points_by_source(HUMAN, number)
    theirs = engine.points_by_source(COMPUTER, number)
    return {
        "number": number,
        "you": sum(yours.values()),
        "computer": sum(theirs.values()),
        "deal": deal,
        "you_deal": deal.dealer == HUMAN,
        "your_hand": deal.kept(HUMAN),
        "computer_hand": deal.kept(COMPUTER),
        "crib": deal.crib,
        "starter": deal.starter,
        "counts": _counts(engine, deal),
        "series": _series(engine, deal),
        "play_claims": _play_claims(engine, deal) if deal.play else [],
        "rows": [
            {
                "source": source.value,
                "you": yours[source],
                "computer": theirs[source],
            }
            for source in Source
        ],
    }
