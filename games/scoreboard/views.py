"""The scoreboard's pages: the start (a new game, the player's boards, the code to follow
another phone's), a board with its tap pad, a count checked from its cards, an entry, an
undo, the next deal or game, the figures of every game, and the follow check.

A board's address holds its secret token: whoever has the link (or typed the code) sees
and scores the game, anyone else gets a 404. Every change is a plain form without
JavaScript (a 400 page naming what is wrong, else back to the board); with htmx the
scoreboard comes back drawn again, a problem said on it.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django_htmx.http import push_url, reswap, retarget

from cribbage.scoreboard import Scoreboard as Board
from cribbage.scoreboard import ScoreError, What
from cribtrainer.clients import client_address
from cribtrainer.htmx import HtmxHttpRequest, private_page, vary_on_htmx, wants_partial
from cribtrainer.throttle import Throttle, WriteLimit, throttled
from quizzes.owners import owner_of

from .forms import CheckForm, JoinForm, NewScoreboardForm, NextForm, PegForm, UndoForm, first_error
from .models import Scoreboard
from .page import board_context, check_context, games_context, phase
from .services import scoreboard_change, scoreboard_start
from .state import board_of

TEMPLATE = "games/scoreboard.html"
NEW_BOARDS = WriteLimit("game_new", "Too many new games started: wait a minute, then start one.")
WRONG_CODES = Throttle("scoreboard-code", "THROTTLE_SCOREBOARD_CODE")
NO_SUCH_CODE = "No game has the code {code}: check it on the other phone (letters and digits)."


# --- the start: a new board, the player's boards, a code to follow -------------------


@require_safe
@private_page
def start_page(request: HtmxHttpRequest) -> HttpResponse:
    return _start(request, NewScoreboardForm(), JoinForm())


def _start(request, form, join, status: int = 200) -> HttpResponse:
    owner = owner_of(request)
    boards = Scoreboard.objects.owned_by(owner).order_by("-updated_at")[:20] if owner else []
    context = {"form": form, "join": join, "boards": boards}
    return render(request, "games/scoreboard_start.html", context, status=status)


@require_POST
def new(request: HtmxHttpRequest) -> HttpResponse:
    form = NewScoreboardForm(request.POST)
    if not form.is_valid():
        return _start(request, form, JoinForm(), status=400)
    if refused := NEW_BOARDS.refused(request):
        return refused
    data = form.cleaned_data
    try:
        row = scoreboard_start(
            owner=owner_of(request, create=True),
            names=data["names"],
            first_dealer=form.first_dealer,
            muggins=data["muggins"],
            length=data["length"],
            me=data["me"],
            now=timezone.now(),
        )
    except ScoreError as error:
        form.add_error(None, str(error))
        return _start(request, form, JoinForm(), status=400)
    NEW_BOARDS.count(request)
    return redirect("scoreboard:board", token=row.token)


@require_http_methods(["GET", "HEAD", "POST"])
@private_page
def join(request: HtmxHttpRequest) -> HttpResponse:
    """Follow a game by its code: typed here, or in a link ``?code=``. Wrong codes are
    limited per address, so that codes cannot be tried one after another."""
    data = request.POST if request.method == "POST" else request.GET
    if "code" not in data:
        return _start(request, NewScoreboardForm(), JoinForm())
    form = JoinForm(data)
    if not form.is_valid():
        return _start(request, NewScoreboardForm(), form, status=400)
    address = client_address(request)
    if until := WRONG_CODES.blocked_until(address):
        return throttled(request, until, "Too many wrong codes: wait, then try again.")
    code = form.cleaned_data["code"]
    token = Scoreboard.objects.filter(code=code).values_list("token", flat=True).first()
    if token is None:
        WRONG_CODES.count(address)
        form.add_error("code", NO_SUCH_CODE.format(code=code[:8]))
        return _start(request, NewScoreboardForm(), form, status=404)
    return redirect("scoreboard:board", token=token)


# --- a board ---------------------------------------------------------------------------


def _row(token: str) -> Scoreboard:
    return get_object_or_404(Scoreboard, token=token)


@require_safe
@vary_on_htmx
@private_page
def board_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The board, the box, the last entry and the tap pad. Asked by a poll (htmx, with
    ``since``, the version the page shows): 204 with nothing when nothing changed, read
    from one column of one row; else the board drawn again, or the whole scoreboard when
    the game ended or another began."""
    since = request.GET.get("since")
    if since is not None and wants_partial(request):
        return _poll(request, token, since, request.GET.get("shown", ""))
    row = _row(token)
    return _board(request, row, board_of(row))


def _poll(request: HtmxHttpRequest, token: str, since: str, shown: str) -> HttpResponse:
    version = Scoreboard.objects.filter(token=token).values_list("version", flat=True).first()
    if version is None:
        raise Http404("No such scoreboard.")
    if str(version) == since:
        return HttpResponse(status=204)
    row = _row(token)
    board = board_of(row)
    context = board_context(request, row, board)
    if phase(board) == shown:
        return render(request, f"{TEMPLATE}#board-state", {**context, "oob": True})
    response = render(request, f"{TEMPLATE}#scoreboard", context)
    return push_url(reswap(retarget(response, "#scoreboard"), "outerHTML"), context["urls"].board)


def _board(
    request: HtmxHttpRequest, row: Scoreboard, board: Board, *, problem: str = "", status: int = 200
) -> HttpResponse:
    context = board_context(request, row, board, problem=problem)
    if wants_partial(request):
        response = render(request, f"{TEMPLATE}#scoreboard", context)
        return push_url(response, context["urls"].board)
    return render(request, TEMPLATE, context, status=status)


def _changed(request: HtmxHttpRequest, row: Scoreboard, change) -> HttpResponse:
    """``change`` made to the board: the scoreboard drawn again for htmx, with the problem
    if it was refused; without JavaScript back to the board, or its page with a 400."""
    try:
        row, board = scoreboard_change(scoreboard=row, change=change, now=timezone.now())
    except ScoreError as error:
        return _refused(request, row, str(error))
    if wants_partial(request):
        return _board(request, row, board)
    return redirect("scoreboard:board", token=row.token)


def _refused(request: HtmxHttpRequest, row: Scoreboard, problem: str) -> HttpResponse:
    """The board as it stands, with what was wrong: 200 for htmx, which swaps nothing
    of an error status, else the page with its 400."""
    row.refresh_from_db()
    return _board(request, row, board_of(row), problem=problem, status=400)


def _posted(request: HtmxHttpRequest, token: str, form_class, change) -> HttpResponse:
    """A change of the board posted by a ``form_class`` form, made by ``change(board,
    form)``: the board drawn back, or the board as it stands with what was wrong."""
    row = _row(token)
    form = form_class(request.POST)
    if not form.is_valid():
        return _refused(request, row, first_error(form))
    return _changed(request, row, lambda board: change(board, form))


@require_POST
@vary_on_htmx
@private_page
def peg(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _posted(request, token, PegForm, lambda board, form: board.apply(form.action))


@require_POST
@vary_on_htmx
@private_page
def undo(request: HtmxHttpRequest, token: str) -> HttpResponse:
    def take_back(board, form):
        return board.undo(form.cleaned_data["key"], seen=form.cleaned_data["seen"])

    return _posted(request, token, UndoForm, take_back)


@require_POST
@vary_on_htmx
@private_page
def next_(request: HtmxHttpRequest, token: str) -> HttpResponse:
    return _posted(request, token, NextForm, lambda board, form: board.apply(form.action))


@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_htmx
@private_page
def count(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A hand or the crib checked from its cards (the counter's picker), the deal's starter
    kept: the itemised count, and the buttons that peg it (the right count, or muggins).
    The picker's taps come as GETs with JavaScript, as POSTs without; a POST with ``peg``
    pegs the count."""
    row = _row(token)
    board = board_of(row)
    data = _check_data(board, request.POST if request.method == "POST" else request.GET)
    form = CheckForm(data)
    valid = form.is_valid()
    if valid and request.method == "POST" and form.cleaned_data["peg"]:
        try:
            seat = board.check_seat(form.cleaned_data["seat"])
            action = form.count(seat)
        except ScoreError as error:
            return _checking(request, row, board, form, problem=str(error), status=400)
        return _changed(request, row, lambda board: board.apply(action))
    return _checking(request, row, board, form, status=200 if valid else 400)


def _check_data(board: Board, data: QueryDict) -> QueryDict:
    """What the check form was sent, with the count likely next (whose, hand or crib) and
    the deal's starter, once a count of the deal was checked, where it was sent none."""
    data = data.copy()
    if not data.get("seat"):
        seat, what = board.show_next()
        data["seat"] = str(seat)
        if "crib" not in data:
            data["crib"] = "1" if what is What.CRIB else ""
    starter = board.starter()
    if starter is not None:
        data["starter"] = starter.code
    return data


def _checking(
    request: HtmxHttpRequest,
    row: Scoreboard,
    board: Board,
    form: CheckForm,
    problem: str = "",
    status: int = 200,
) -> HttpResponse:
    context = {
        **board_context(request, row, board),
        "check": check_context(board, form, problem),
        "checking": True,
    }
    if wants_partial(request):
        if request.htmx.target == "check":  # a tap in the picker: only the cards again
            return render(request, f"{TEMPLATE}#check", context)
        response = render(request, f"{TEMPLATE}#scoreboard", context)
        return push_url(response, context["urls"].count)
    if context["check"]["problem"] and status == 200:
        status = 400
    return render(request, TEMPLATE, context, status=status)


@require_safe
@private_page
def stats(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """Every game of the board, each player's figures: points by kind, the average and
    best hand, the counts checked and corrected."""
    row = _row(token)
    board = board_of(row)
    context = {**board_context(request, row, board), "games": games_context(board)}
    return render(request, "games/scoreboard_stats.html", context)
