"""A stored scoreboard read back as the engine's value (``cribbage.scoreboard.Scoreboard``).

A board is stored as its changes, so reading it is replaying them. Each process keeps the
boards it read or changed last, each at its version: a request finds its board there and
replays only the changes made since (by another worker, from another phone), usually none.
Late in a match of seven, replaying every change takes longer than an entry's budget; the
one change since takes a fraction of a millisecond.

A board is kept here only as it is in the database: read inside the transaction that
locked its row, or once the change that made it has committed.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from django.db import transaction
from django.db.models import Q

from cribbage.scoreboard import Scoreboard as Board

from .models import Scoreboard, ScoreboardChange

KEPT = 256
"""How many boards a process keeps: a club's evening of tables."""

_kept: OrderedDict[tuple[int, str], Board] = OrderedDict()
_lock = threading.Lock()


def board_of(row: Scoreboard) -> Board:
    """The board ``row`` stores, at the row's version."""
    key = (row.pk, row.token)
    with _lock:
        kept = _kept.get(key)
    if kept is not None and kept.version == row.version:
        return kept
    start = kept if kept is not None and kept.version < row.version else new_board(row)
    board = start.replay(_changes(row, start.version, row.version))
    if board.version != row.version:
        raise RuntimeError(f"scoreboard {row.pk}: changes to {board.version} of {row.version}")
    keep(row, board)
    return board


def new_board(row: Scoreboard) -> Board:
    """The board as it was started, before its first change."""
    return Board.new(
        row.names, first_dealer=row.first_dealer, muggins=row.muggins, length=row.length
    )


def keep(row: Scoreboard, board: Board) -> None:
    """Keep ``board`` as ``row``'s latest."""
    key = (row.pk, row.token)
    with _lock:
        kept = _kept.get(key)
        if kept is None or kept.version <= board.version:
            _kept[key] = board
        _kept.move_to_end(key)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)


def keep_on_commit(row: Scoreboard, board: Board) -> None:
    """Keep ``board`` once the transaction that stores it has committed."""
    transaction.on_commit(lambda: keep(row, board))


def forget_all() -> None:
    """Keep nothing (tests that change the database behind a board's back)."""
    with _lock:
        _kept.clear()


def _changes(row: Scoreboard, after: int, upto: int):
    """The changes after ``after`` up to ``upto``: not those another phone committed since
    ``row`` was read, which a board at ``row.version`` has not had yet."""
    rows = ScoreboardChange.objects.filter(
        Q(version__gt=after, version__lte=upto) | Q(undone__gt=after, undone__lte=upto),
        board=row,
    ).only("version", "action", "undone", "undo_key")
    changes = [change for each in rows for change in each.changes(after, upto)]
    return sorted(changes, key=lambda change: change.version)
