"""Writes that span the scoreboard's rows: a new board, a change (an entry, an undo, the
next deal or game) saved with the board's row under its lock, and a guest's boards moved
into the account they sign up or log in to."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from datetime import datetime

from django.db import IntegrityError, transaction

from cribbage.rules import Seat
from cribbage.scoreboard import Scoreboard as Board
from cribbage.scoreboard import action_to_dict
from quizzes.owners import Owner

from .models import Scoreboard, ScoreboardChange
from .progress import board_figures
from .state import board_of, keep, keep_on_commit

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""A code's letters: none that reads as another (no O and 0, no I and 1)."""
CODE_LENGTH = 6
TRIES = 5


def new_code() -> str:
    """A short code to type on a second phone: six letters of 32, a billion codes."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def scoreboard_start(
    *,
    owner: Owner,
    names: Sequence[str],
    first_dealer: Seat,
    muggins: bool,
    length: int,
    me: Seat | None,
    now: datetime,
) -> Scoreboard:
    """A new board for ``owner``: the players ``names`` in turn order, ``first_dealer``
    dealing first, one game or a match of ``length``. ``me`` is the owner's seat (None:
    only keeping the score). Raises ``ScoreError`` naming what is wrong."""
    board = Board.new(names, first_dealer=first_dealer, muggins=muggins, length=length)
    fields = {
        **owner.fields,
        "names": list(board.names),
        "first_dealer": first_dealer,
        "muggins": muggins,
        "length": length,
        "me": me,
        "scores": list(board.scores),
        "started_at": now,
        "updated_at": now,
    }
    for attempt in range(TRIES):
        try:
            with transaction.atomic():
                row = Scoreboard.objects.create(
                    token=secrets.token_urlsafe(16), code=new_code(), **fields
                )
        except IntegrityError:
            if attempt == TRIES - 1:
                raise
            continue  # a code another board has: draw another
        keep(row, board)
        return row
    raise AssertionError("unreachable")


def scoreboard_change(
    *, scoreboard: Scoreboard, change: Callable[[Board], Board], now: datetime
) -> tuple[Scoreboard, Board]:
    """``change`` made to the board, under its row's lock, so that changes sent at once
    from two phones are made one after the other, each to the board the one before left.
    Returns the row and the board after it; the same board when ``change`` was a repeat.
    ``ScoreError`` from ``change`` leaves everything as it was."""
    with transaction.atomic():
        row = Scoreboard.objects.select_for_update().get(pk=scoreboard.pk)
        before = board_of(row)
        after = change(before)
        if after.version == before.version:
            return row, before
        assert after.version == before.version + 1, (before.version, after.version)
        if after.made and after.made[-1].version == after.version:
            made = after.made[-1]
            ScoreboardChange.objects.create(
                board=row, version=made.version, action=action_to_dict(made.action), at=now
            )
        else:
            undone = after.undone[-1]
            ScoreboardChange.objects.filter(board=row, version=undone.made.version).update(
                undone=undone.version, undo_key=undone.key
            )
        fields = _standing(row, before, after, now)
        for name, value in fields.items():
            setattr(row, name, value)
        row.save(update_fields=list(fields))
        keep_on_commit(row, after)
    return row, after


def _standing(row: Scoreboard, before: Board, after: Board, now: datetime) -> dict:
    """The row's fields that say where the board stands after a change, and the progress
    figures when a game ended or was taken back to before its end."""
    over = after.match_over
    fields = {
        "version": after.version,
        "game_number": after.game.number,
        "scores": list(after.scores),
        "over": over,
        "updated_at": now,
        "finished_at": (row.finished_at or now) if over else None,
    }
    if before.is_over or after.is_over:
        fields.update(board_figures(after, row.me))
    return fields


def guest_scoreboards_claim(sender, user, guest_key: str, **kwargs) -> None:
    """A guest's boards move into the account they signed up or logged in to."""
    Scoreboard.objects.owned_by(Owner(guest_key=guest_key)).update(user=user, guest_key="")
