"""The cribbage board: where the holes and the pegs go on the 121 track, drawn as SVG by
the template. Pure Python: no Django.

Each player has a track of 120 holes in four rows of 30 (five-hole groups, a gap between
groups), run as a board's streets are: out along the first row, back along the second, and
so on; the 121st is the game hole at the end. A player has two pegs: the front one at
their score, the back one where they were before their last score.
"""

from __future__ import annotations

from dataclasses import dataclass

HOLES = 120
ROWS = 4
PER_ROW = HOLES // ROWS
GROUP = 5
HOLE_GAP = 10
GROUP_GAP = 6
ROW_GAP = 12
TRACK_GAP = 22
LEFT = 16
TOP = 16
SKUNK_HOLES = (61, 91)


@dataclass(frozen=True, slots=True)
class Hole:
    number: int
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Track:
    """One player's holes and pegs."""

    holes: tuple[Hole, ...]
    front: Hole | None
    back: Hole | None
    label_y: float


@dataclass(frozen=True, slots=True)
class Board:
    width: float
    height: float
    tracks: tuple[Track, ...]
    game_hole: Hole
    skunk_marks: tuple[Hole, ...]


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


def board(scores: tuple[int, int], previous: tuple[int, int]) -> Board:
    """The board for two players' scores, the back pegs at ``previous``."""
    game_hole = Hole(121, WIDTH - 12, TOP + ROWS * ROW_GAP + TRACK_GAP / 2 - ROW_GAP / 2)
    tracks = []
    for track, (score, before) in enumerate(zip(scores, previous, strict=True)):
        holes = tuple(_hole(track, number) for number in range(1, HOLES + 1))
        tracks.append(
            Track(
                holes=holes,
                front=_peg(track, score, game_hole),
                back=_peg(track, before, game_hole) if before != score else None,
                label_y=TOP + track * (ROWS * ROW_GAP + TRACK_GAP) - 6,
            )
        )
    height = TOP + 2 * ROWS * ROW_GAP + TRACK_GAP
    skunks = tuple(_hole(track, number) for track in (0, 1) for number in SKUNK_HOLES)
    return Board(WIDTH, height, tuple(tracks), game_hole, skunks)


def _peg(track: int, score: int, game_hole: Hole) -> Hole | None:
    if score <= 0:
        return None
    if score > HOLES:
        return game_hole
    return _hole(track, score)
