"""What the game page shows, as its one template (``games/game.html``) draws it, for a
table of two, three or four: the board, the seats, the hands, the play count by count,
the counts of the show, the claims said back, a deal's summary and the ending. The views
in ``games.views`` orchestrate; these functions only read the game and build its context.
"""

from __future__ import annotations

from functools import cache, lru_cache

from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from cribbage.seating import Seating

from .board import board

__all__ = ["MatchHoles", "board_holes", "board_svg"]

MatchHoles = tuple[int, int, tuple[int, ...], int]
"""A match on the board: the game's number, the match's length, the games each side has
won, and the games that win it."""


@lru_cache(maxsize=4096)
def board_svg(
    seating: Seating,
    scores: tuple[int, ...],
    previous: tuple[int, ...],
    match: MatchHoles | None = None,
) -> SafeString:
    """The board for ``seating``: each side's front peg at ``scores`` and back peg at
    ``previous`` (by side); in a ``match``, its match holes. Drawn once for each: a game's
    pages show it again at every move."""
    number, length, won, needed = match or (0, 0, (), 0)
    drawn = board(scores, previous, games_won=won, games_needed=needed)
    said = [f"{seating.side_said(side)} {score}" for side, score in enumerate(scores)]
    desc = ", ".join(said)
    desc = f"{desc[0].upper()}{desc[1:]}, of 121"
    if seating.partners:
        desc += ": partners peg on one track"
    desc += ". The skunk line is at 91, the double skunk line at 61."
    if match:
        games = ", ".join(f"{seating.side_said(side)} {n}" for side, n in enumerate(won))
        desc += (
            f" The match holes: game {number} of {length}, games won: {games}, of {needed} "
            "to win the match."
        )
    context = {
        "board": drawn,
        "board_holes": board_holes(len(scores)),
        "desc": desc,
        "tracks": [
            {"label": f"{seating.side_name(side)} {score}", "track": track}
            for side, (score, track) in enumerate(zip(scores, drawn.tracks, strict=True))
        ],
        "match_rows": [
            {
                "label": f"Games: {seating.side_said(side)}"
                if not side
                else seating.side_said(side),
                "row": row,
            }
            for side, row in enumerate(drawn.match)
        ],
    }
    return SafeString(render_to_string("games/_board.html", context))


@cache
def board_holes(tracks: int) -> str:
    """The board's holes, numbers and skunk lines for ``tracks`` tracks, the same on every
    page: drawn once."""
    zeros = (0,) * tracks
    return render_to_string("games/_board_holes.html", {"board": board(zeros, zeros)})
