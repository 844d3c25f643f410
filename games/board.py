"""The cribbage board: where the holes and the pegs go on the 121 track, drawn as SVG by
the template. Pure Python: no Django.

Each player has a track of 120 holes in four rows of 30 (five-hole groups, a gap between
groups), run as a board's streets are: out along the first row, back along the second, and
so on; the 121st is the game hole at the end. A player has two pegs: the front one at
their score, the back one where they were before their last score. The holes stand in
fives; each row's end is numbered (30, 60, 90, 120), and each track's skunk line (before
91) and double skunk line (before 61) are drawn across it and named. In a match, a row
under the tracks holds each player's match holes, one for each game that wins the match,
pegged as they win games (the ACC board's game pegs).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

HOLES = 120
ROWS = 4
PER_ROW = HOLES // ROWS
GROUP = 5
HOLE_GAP = 10
GROUP_GAP = 6
ROW_GAP = 12
TRACK_GAP = 22
LEFT = 22
TOP = 16
SKUNK_HOLES = (61, 91)
MATCH_ROW = 18
"""The height of the row of match holes under the tracks, in a match."""
MATCH_LABEL = 80
MATCH_LABEL_THREE = 60
MATCH_GAP = 12


@dataclass(frozen=True, slots=True)
class Hole:
    number: int
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Number:
    """A hole's number, written beside it."""

    number: int
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class SkunkLine:
    """A short line across a track between ``hole`` and the one before: a loser who has
    not passed it is skunked (double skunked, before 61)."""

    hole: int
    name: str
    x1: float
    x2: float
    y: float
    label_x: float
    label_anchor: str

    @property
    def double(self) -> bool:
        return self.hole == SKUNK_HOLES[0]


@dataclass(frozen=True, slots=True)
class Track:
    """One player's holes and pegs."""

    holes: tuple[Hole, ...]
    front: Hole | None
    back: Hole | None
    label_y: float
    numbers: tuple[Number, ...] = ()
    skunk_lines: tuple[SkunkLine, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchHole:
    """One of a player's match holes: a game of the match, pegged once they won it."""

    x: float
    y: float
    won: bool


@dataclass(frozen=True, slots=True)
class MatchRow:
    """A player's match holes, as many as the games that win the match, and their label."""

    label_x: float
    label_y: float
    holes: tuple[MatchHole, ...]


@dataclass(frozen=True, slots=True)
class Board:
    width: float
    height: float
    tracks: tuple[Track, ...]
    game_hole: Hole
    match: tuple[MatchRow, ...] = ()
    """Each player's match holes below the tracks, in a match; none for a single game."""


def _x(column: int) -> float:
    return LEFT + column * HOLE_GAP + (column // GROUP) * GROUP_GAP


WIDTH = _x(PER_ROW - 1) + LEFT + 14


def _hole(track: int, number: int) -> Hole:
    """Hole ``number`` (1-120) of track ``track`` (0 or 1)."""
    row, column = divmod(number - 1, PER_ROW)
    if row % 2:
        column = PER_ROW - 1 - column  # streets run back and forth
    y = TOP + track * (ROWS * ROW_GAP + TRACK_GAP) + row * ROW_GAP
    return Hole(number, _x(column), y)


def board(
    scores: tuple[int, ...],
    previous: tuple[int, ...],
    *,
    games_won: tuple[int, ...] = (),
    games_needed: int = 0,
) -> Board:
    """The board for the sides' scores (two tracks; three for three players, two team
    tracks for four), the back pegs at ``previous``; in a match (``games_needed`` > 1),
    each side's match holes, one a game to win, pegged for each of its ``games_won``."""
    count = len(scores)
    middle = TOP + (count - 1) * (ROWS * ROW_GAP + TRACK_GAP) / 2 + (ROWS - 1) * ROW_GAP / 2
    game_hole = Hole(121, WIDTH - 12, middle)
    tracks = []
    for track, (score, before) in enumerate(zip(scores, previous, strict=True)):
        holes = _holes(track)
        tracks.append(
            Track(
                holes=holes,
                front=_peg(track, score, game_hole),
                back=_peg(track, before, game_hole) if before != score else None,
                label_y=TOP + track * (ROWS * ROW_GAP + TRACK_GAP) - 6,
                numbers=_numbers(track),
                skunk_lines=_skunk_lines(track),
            )
        )
    height = TOP + count * ROWS * ROW_GAP + (count - 1) * TRACK_GAP
    if games_needed <= 1:
        return Board(WIDTH, height, tuple(tracks), game_hole)
    match = _match_rows(games_won, games_needed, height)
    return Board(WIDTH, height + MATCH_ROW, tuple(tracks), game_hole, match)


def _match_rows(won: tuple[int, ...], needed: int, top: float) -> tuple[MatchRow, ...]:
    """The match holes in one row below the tracks, a group a side from the left, each
    after its label (a shorter label for three sides)."""
    y = top + MATCH_ROW / 2 - 2
    label = MATCH_LABEL if len(won) == 2 else MATCH_LABEL_THREE
    rows = []
    for side, games in enumerate(won):
        start = 4 + side * (WIDTH - 8) / len(won) if side else 4
        first = start + label
        holes = tuple(
            MatchHole(first + game * MATCH_GAP, y, game < games) for game in range(needed)
        )
        rows.append(MatchRow(start, y + 3, holes))
    return tuple(rows)


@cache
def _holes(track: int) -> tuple[Hole, ...]:
    """A track's 120 holes: the same for every board, worked out once."""
    return tuple(_hole(track, number) for number in range(1, HOLES + 1))


@cache
def _numbers(track: int) -> tuple[Number, ...]:
    """Each row's last hole numbered, beside it, outside the track."""
    numbers = []
    for hole in _holes(track)[PER_ROW - 1 :: PER_ROW]:
        outside = -1 if hole.x < WIDTH / 2 else 1
        numbers.append(Number(hole.number, hole.x + outside * 9, hole.y + 2.5))
    return tuple(numbers)


@cache
def _skunk_lines(track: int) -> tuple[SkunkLine, ...]:
    """The double skunk line before 61 and the skunk line before 91, each between its
    hole and the one before (the rows turn there), named beside it."""
    lines = []
    for number, name in zip(SKUNK_HOLES, ("double skunk", "skunk"), strict=True):
        hole, before = _hole(track, number), _hole(track, number - 1)
        y = (hole.y + before.y) / 2
        at_left = hole.x < WIDTH / 2
        label_x, anchor = (hole.x + 7, "start") if at_left else (hole.x - 7, "end")
        lines.append(SkunkLine(number, name, hole.x - 5, hole.x + 5, y, label_x, anchor))
    return tuple(lines)


def _peg(track: int, score: int, game_hole: Hole) -> Hole | None:
    if score <= 0:
        return None
    if score > HOLES:
        return game_hole
    return _hole(track, score)
