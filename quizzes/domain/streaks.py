"""Runs of right answers. Pure: no Django."""

from collections.abc import Iterable


def streaks(rights: Iterable[bool]) -> tuple[int, int]:
    """The current and the best run of right answers, oldest answer first."""
    best = run = 0
    for right in rights:
        if right:
            run += 1
            if run > best:
                best = run
        else:
            run = 0
    return run, best
