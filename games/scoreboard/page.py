"""What the scoreboard's pages show, as ``games/scoreboard.html`` draws them: the board
(``games.page.board_svg``, the game page's), who has the box, the last entry and its undo,
the tap pad with its likely player and kind chosen, the count being checked, the history
of the game's entries by deal, and once a game is over its result and each player's
figures. The views orchestrate; these functions only read the board."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.urls import reverse

from cribbage.records import Source
from cribbage.rules import GAME_POINTS
from cribbage.scoreboard import SHOW_NEVER, Checked, Count, Entry, GameScore, ScoreError, What
from cribbage.scoreboard import Scoreboard as Board
from cribbage.show import MAX_SHOW
from cribtrainer.htmx import HtmxHttpRequest

from ..page import board_svg
from .forms import BY_NUMBER, FIXED
from .models import Scoreboard

POLL_MS = 1500
"""How often a page asks whether another phone changed the board: within 2 s, with room
for the answer on a phone's connection."""
KINDS = {
    What.PLAY: "Play",
    What.HAND: "Hand",
    What.CRIB: "Crib",
    What.MUGGINS: "Muggins",
}
FIXED_LABELS = {What.GO: "Go", What.LAST: "Last", What.THIRTY_ONE: "31", What.HEELS: "Heels"}
SKUNKS = {0: "", 1: "a skunk", 2: "a double skunk"}
BY_KIND = (
    (Source.PLAY, "Pegging"),
    (Source.HAND, "Hands"),
    (Source.CRIB, "Cribs"),
    (Source.HEELS, "Heels"),
    (Source.MUGGINS, "Muggins taken"),
)


@dataclass(frozen=True, slots=True)
class Urls:
    """A board's addresses, worked out once a page."""

    board: str
    peg: str
    count: str
    undo: str
    next: str
    stats: str
    follow: str

    @classmethod
    def of(cls, request: HtmxHttpRequest, row: Scoreboard) -> Urls:
        board = reverse("scoreboard:board", args=[row.token])
        return cls(
            board=board,
            peg=f"{board}peg/",
            count=f"{board}count/",
            undo=f"{board}undo/",
            next=f"{board}next/",
            stats=f"{board}stats/",
            follow=request.build_absolute_uri(board),
        )


def phase(board: Board) -> str:
    """What the pad looks like, as a poll tells it: the game's number and whether it is
    over. A poll that finds it changed draws the whole scoreboard again, not only the
    board."""
    return f"{board.game.number}-{int(board.is_over)}"


def board_context(
    request: HtmxHttpRequest,
    row: Scoreboard,
    board: Board,
    *,
    problem: str = "",
) -> dict:
    """Everything the board page shows."""
    urls = Urls.of(request, row)
    game = board.game
    seating = board.seating
    match = board.match if board.length > 1 else None
    holes = (game.number, board.length, match.won, match.needed) if match else None
    last = board.last
    scores = board.scores
    sides = [
        {
            "name": seating.side_name(side),
            "score": score,
            "needs": GAME_POINTS - score,
            "box": board.dealer in seating.side_seats(side),
            "number": side + 1,
        }
        for side, score in enumerate(scores)
    ]
    title = " · ".join(f"{side['name']} {side['score']}" for side in sides)
    return {
        "row": row,
        "board": board,
        "urls": urls,
        "version": board.version,
        "phase": phase(board),
        "poll_ms": POLL_MS,
        "problem": problem,
        "board_svg": board_svg(seating, scores, board.previous, holes),
        "sides": sides,
        "dealer": board.name(board.dealer),
        "deal": game.deal,
        "game": game,
        "match": match,
        "match_line": _match_line(board) if match else "",
        "last": board.said(last) if last else "",
        "undo_key": secrets.token_urlsafe(12),
        "pad": None if board.is_over else pad(board),
        "history": history(board, game),
        "ending": ending(board, game) if board.is_over else None,
        "page_title": f"{title} · Scoreboard",
    }


def _match_line(board: Board) -> str:
    match = board.match
    won = ", ".join(
        f"{board.seating.side_said(side)} {games}" for side, games in enumerate(match.won)
    )
    return f"Game {board.game.number} of a match of {board.length} (games won: {won})"


def pad(board: Board) -> dict:
    """The tap pad: each player (the box marked), what the points are for, the numbers,
    and what always pegs the same; the player and kind likely next chosen, so a count is
    pegged in one to three taps."""
    in_show = board.show_begun or any(entry.what is What.LAST for entry in board.game.in_deal())
    seat, what = board.show_next() if in_show else (board.play_next(), What.PLAY)
    kinds = [kind for kind in BY_NUMBER if kind is not What.MUGGINS or board.muggins]
    return {
        "seats": [
            {"seat": each, "name": board.name(each), "box": each == board.dealer}
            for each in board.seating.seats
        ],
        "seat": seat,
        "kinds": [(kind.value, KINDS[kind]) for kind in kinds],
        "what": what.value,
        "numbers": range(MAX_SHOW + 1),
        "fixed": [(kind.value, FIXED_LABELS[kind], kind.fixed) for kind in FIXED],
        "key": secrets.token_urlsafe(12),
    }


def history(board: Board, game: GameScore) -> list[dict]:
    """The game's entries by deal, the latest deal first: who dealt, and each entry (the
    player, what for, the points, the cards of a count checked)."""
    deals: dict[int, dict] = {}
    for entry in game.entries:
        deal = deals.setdefault(
            entry.deal, {"number": entry.deal, "dealer": board.name(entry.dealer), "rows": []}
        )
        deal["rows"].append(_row(board, entry))
    if game.deal not in deals and not game.is_over:
        deals[game.deal] = {"number": game.deal, "dealer": board.name(game.dealer), "rows": []}
    return sorted(deals.values(), key=lambda deal: -deal["number"])


def _row(board: Board, entry: Entry) -> dict:
    checked = entry.checked
    return {
        "who": board.name(entry.seat),
        "what": entry.what.said,
        "kind": entry.what.value,
        "points": entry.points,
        "counted": entry.counted,
        "pegged": entry.pegged,
        "cards": checked.cards if checked else (),
        "starter": checked.starter if checked else None,
        "said": checked.said if checked and checked.corrected else None,
    }


def ending(board: Board, game: GameScore) -> dict:
    """How a finished game ended: the winner and the score, its skunk, the match, and each
    player's figures."""
    result = board.result_of(game)
    assert result is not None
    seating = board.seating
    winner = seating.side_of(result.winner)
    match = board.match if board.length > 1 else None
    return {
        "winner": seating.side_name(winner),
        "score": game.scores[winner],
        "loser_score": result.loser_score,
        "skunk": SKUNKS[result.skunk],
        "match_points": result.match_points,
        "match": match,
        "match_winner": seating.side_name(match.winner)
        if match is not None and match.winner is not None
        else "",
        "next_dealer": board.name(match.next_dealer)
        if match is not None and match.next_dealer is not None
        else "",
        "figures": figures(board, game),
    }


def figures(board: Board, game: GameScore) -> dict:
    """Each player's figures for ``game``, a column a player: points by kind and in all,
    the average and best hand, the counts checked from the cards and those corrected, and
    the points others took from them by muggins."""
    players = board.figures(game)
    return {
        "names": [board.name(mine.seat) for mine in players],
        "by_kind": [
            (label, [mine.by_kind[source] for mine in players]) for source, label in BY_KIND
        ],
        "totals": [mine.total for mine in players],
        "hands": [(mine.average_hand, len(mine.hands)) for mine in players],
        "best": [_row(board, mine.best_hand) if mine.best_hand else None for mine in players],
        "checked": [(len(mine.checked), len(mine.corrected)) for mine in players],
        "muggins_lost": [mine.muggins_lost for mine in players],
        "corrected": [
            (board.name(mine.seat), [_row(board, entry) for entry in mine.corrected])
            for mine in players
            if mine.corrected
        ],
    }


def games_context(board: Board) -> list[dict]:
    """Every game of the board, for its figures: the number, how it ended (or where it
    stands), each player's figures."""
    seating = board.seating
    return [
        {
            "number": game.number,
            "ending": ending(board, game) if game.is_over else None,
            "sides": [
                f"{seating.side_name(side)} {score}" for side, score in enumerate(game.scores)
            ],
            "figures": figures(board, game),
        }
        for game in board.games
    ]


def check_context(board: Board, form, problem: str = "") -> dict:
    """The count being checked from its cards: whose it is, the cards in (the deal's
    starter kept), the itemised count once all five are, what the player said against
    what the cards score, and what may be pegged: the right count, or, under muggins and
    short of it, what was said with the rest to the next opponent. ``problem``: what was
    wrong with the count, if anything."""
    entry = form.entry
    problem = problem or form.message
    result = checked = None
    seat = None
    if not form.errors:
        try:
            seat = board.check_seat(form.cleaned_data["seat"])
            checked = form.checked()
            if checked is not None:
                result = checked.result
                board.check(Count(seat, Checked(checked.cards, checked.starter, checked.crib)))
        except ScoreError as error:
            problem = problem or str(error)
    if seat is None:
        seat = board.show_next()[0]
    said = checked.said if checked else None
    scored = result.total if result else None
    starter = board.starter()
    return {
        "form": form,
        "entry": entry,
        "seat": seat,
        "whose": f"{board.name(seat)}'s {'crib' if entry.crib else 'hand'}",
        "seats": [{"seat": each, "name": board.name(each)} for each in board.seating.seats],
        "starter_kept": starter,
        "result": result,
        "said": said,
        "scored": scored,
        "said_choices": [n for n in range(MAX_SHOW + 1) if n not in SHOW_NEVER],
        "pegs": problem == "" and result is not None,
        "corrected": said is not None and said != scored,
        "missed": (scored - said) if said is not None and scored is not None else 0,
        "muggins": board.muggins and said is not None and scored is not None and said < scored,
        "taker": board.name(board.seating.muggins_taker(seat)),
        "problem": problem,
        "prompt": entry.prompt,
        "key": secrets.token_urlsafe(12),
    }
