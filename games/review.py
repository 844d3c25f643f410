"""A game's review (``cribbage.review``) stored with the game, and the figures of it kept
for the progress page's skill trend (``games.progress.games_skill``).

The review is made deal by deal as each show ends (``reviewed``, called when a game is
saved), so a finished game's review is there when it is asked for, and each deal is
reviewed once. Stored with it is the engine's ``EVALUATION``: when that changes, every
deal is reviewed again the next time the game is read.
"""

from __future__ import annotations

from typing import Any

from cribbage.game import GAME_POINTS
from cribbage.game import Game as EngineGame
from cribbage.pegging import GO
from cribbage.review import EVALUATION, DealReview, Decision, assemble, review_game
from quizzes.domain.lays import LayPosition, rank_of
from quizzes.models import Attempt

from .models import HUMAN, Game

SKILL_KINDS = ("discard", "play", "muggins")


def reviewed(
    stored: dict[str, Any], engine: EngineGame
) -> tuple[dict[str, Any], tuple[DealReview, ...]]:
    """The stored review brought up to date, and the deals it reviewed now as the engine's
    values: the deals reviewable now and not reviewed yet are added (every deal again when
    the evaluation has changed). Returns ``stored`` itself when there is nothing new."""
    current = stored.get("evaluation") == EVALUATION
    deals = list(stored.get("deals", ())) if current else []
    new = review_game(engine, start=len(deals) + 1)
    if current and not new:
        return stored, ()
    deals.extend(review.to_dict(HUMAN) for review in new)
    return {**stored, "evaluation": EVALUATION, "deals": deals}, new


def keep_review(game: Game, stored: dict[str, Any]) -> None:
    """Give ``game`` the review ``stored`` and, beside it, the review's skill figures
    (``Game.skill``): the skill trend reads those few numbers from an index instead of
    decoding 30 reviews of about 30 KB each."""
    game.review = stored
    # The skill trend is of two-player games: at three or four the discard has five
    # choices, not 15, and "the computer" is two or three players.
    figures = skill_figures(stored.get("deals", [])) if game.players == 2 else None
    game.skill = figures and {"evaluation": stored.get("evaluation"), **figures}


def unpractised(stored: dict[str, Any], new: tuple[DealReview, ...]) -> list[DealReview]:
    """The deals of ``new`` (just reviewed) whose mistakes have not gone to the practice
    yet."""
    return [review for review in new if review.number > stored.get("practised", 0)]


def practised(stored: dict[str, Any]) -> dict[str, Any]:
    """The review with every reviewed deal's mistakes gone to the practice."""
    return {**stored, "practised": len(stored.get("deals", ()))}


LAY_PRACTISED = ("mistake", "blunder")
"""The classes of the player's lays that go to the lay practice (a loss over 1 point)."""


def lay_position(engine: EngineGame, number: int, turn: int) -> LayPosition:
    """The turn ``turn`` of deal ``number``'s play, a card laid, as a lay quiz deals it."""
    deal = engine.deals[number - 1]
    assert deal.play is not None and deal.starter is not None
    turns = deal.play.turns[:turn]
    seat = deal.play.turns[turn].player
    laid = {earlier.card for earlier in turns}
    held = [card for card in deal.kept(seat) if card not in laid]
    play = " ".join(GO if earlier.card is None else earlier.card.code for earlier in turns)
    return LayPosition.read(play, held, deal.starter, deal.thrown[seat], deal.players)


def lay_values_of(decision: Decision) -> dict[int, float]:
    """A reviewed lay's values per rank, as the search gave them."""
    return {rank_of(letter): value for letter, value in decision.details["values"].items()}


def game_review(game: Game) -> dict[str, Any]:
    """The review of ``game`` as ``review.json`` gives it: the deals the player has seen
    to the end, each decision against the best, and the points lost. Stored again only
    when it had to be brought up to date; read without replaying the game when it is."""
    stored = game.review
    due = len(game.state["deals"]) - (0 if game.is_over else 1)
    if stored.get("evaluation") != EVALUATION or len(stored.get("deals", ())) < due:
        keep_review(game, reviewed(stored, game.engine)[0])
        # Only the review and its figures are written: a move made meanwhile keeps its state.
        Game.objects.filter(pk=game.pk).update(review=game.review, skill=game.skill)
        stored = game.review
    summary = {
        "id": game.pk,
        "level": game.level,
        "scores": {"you": game.human_score, "computer": game.computer_score},
        "over": game.is_over,
        "winner": {"human": "you", "computer": "computer"}.get(game.winner),
        "counting": game.counting,
    }
    if game.players != 2:
        summary["players"] = game.players
        summary["seats"] = [game.engine.seating.name(seat) for seat in range(game.players)]
        summary["seat_scores"] = [min(score, GAME_POINTS) for score in game.engine.scores]
    return assemble(summary, stored["deals"][:due])


def skill_figures(deals: list[dict[str, Any]]) -> dict[str, dict[str, float]] | None:
    """Points lost per deal of the reviewed ``deals``, by kind and in all, for each player;
    None with no deal. Kept beside the review (``keep_review``), so the progress page
    reads these few numbers and not every decision of 30 games."""
    if not deals:
        return None
    figures = {}
    for player in ("you", "computer"):
        totals = {kind: 0.0 for kind in (*SKILL_KINDS, "all")}
        for deal in deals:
            for kind in totals:
                totals[kind] += deal["totals"][player][kind]
        figures[player] = {kind: total / len(deals) for kind, total in totals.items()}
    return figures


def which_questions(game: Game, number: int) -> list[Attempt]:
    """The player's claims in deal ``number`` of ``game`` whose "Which did you miss?" is
    not answered yet, oldest first."""
    attempts = Attempt.objects.filter(
        deal__details__game=game.pk, deal__details__deal=number
    ).order_by("pk")
    return [attempt for attempt in attempts if attempt.question is not None]
