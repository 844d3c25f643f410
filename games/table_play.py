"""The count being played, as both tables (two players, and three or four) show it: its
turns, the counts before it, and why it started again at 0."""

from __future__ import annotations


def now_series(play, series: list[list[dict]]) -> dict | None:
    """The count being played (or the one just ended, with why it starts again at 0), of
    ``series``: the play's turns, count by count, as a table draws them."""
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
