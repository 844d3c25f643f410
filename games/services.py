"""Writes that span models: starting a game, a move (the player's, then the computer's
until it is the player's turn again), and moving a guest's games into an account."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import IntegrityError, transaction

from cribbage.computer import Level, choose
from cribbage.game import (
    GAME_POINTS,
    Action,
    Claim,
    Counting,
    Discard,
    GameError,
    GameResult,
    Lay,
    Resign,
    Source,
    action_to_dict,
)
from cribbage.game import Game as EngineGame
from cribbage.match_score import GameOutcome
from cribbage.pegging import GO, peg_play
from quizzes.domain.marking import Answer
from quizzes.domain.play import over_claims
from quizzes.models import Deal
from quizzes.owners import Owner
from quizzes.services.dealing import practice_create
from quizzes.services.game_records import (
    game_count_record,
    game_discard_record,
    game_lay_record,
    game_play_record,
    game_table_discard_record,
)

from .models import COMPUTER, HUMAN, Game, GameAction, Match, PractisedDecision
from .progress import game_figures
from .review import (
    LAY_PRACTISED,
    keep_review,
    lay_position,
    lay_values_of,
    practised,
    reviewed,
    unpractised,
)


def game_start(
    *,
    owner: Owner,
    level: Level,
    counting: Counting,
    now: datetime,
    hints: bool = False,
    match: Match | None = None,
    players: int = 2,
) -> Game:
    """A new game for ``owner``: cut for the deal, dealt, the computer's moves made if it
    is to move first (it discards first when it is the pone). ``hints`` offers a learner
    the best throw and lay. A guest keeps at most ``GUEST_UNFINISHED_GAMES`` unfinished
    games: their oldest are resigned to make room (``guest_games_over_cap``). The next
    game of ``match`` is not cut for: the loser of the game before deals first. ``players``
    3 or 4 seats the player against two computers, or with a computer partner (seat 2)
    against two."""
    score = match.score if match is not None else None
    engine = EngineGame.new(
        secrets.token_hex(8),
        human=HUMAN,
        counting=counting,
        first_dealer=score.next_dealer if score is not None else None,
        players=players,
    )
    with transaction.atomic():
        for oldest in guest_games_over_cap(owner):
            game_move(game=oldest, action=Resign(HUMAN), expected=oldest.moves, now=now)
        game = Game.objects.create(
            **owner.fields,
            seed=engine.seed,
            level=level.value,
            counting=counting.value,
            state=engine.to_dict(),
            hints=hints,
            players=players,
            started_at=now,
            updated_at=now,
            match=match,
            match_number=score.number if score is not None else None,
        )
        _computer_moves(game, engine, now, [])
    return game


def match_start(
    *,
    owner: Owner,
    length: int,
    level: Level,
    counting: Counting,
    now: datetime,
    hints: bool,
    players: int = 2,
) -> Game:
    """A new match of ``length`` games (3, 5 or 7) for ``owner`` at a table of ``players``,
    and its first game (cut for the deal); its games are played with the options given."""
    with transaction.atomic():
        match = Match.objects.create(
            **owner.fields,
            length=length,
            level=level.value,
            counting=counting.value,
            hints=hints,
            players=players,
            started_at=now,
            updated_at=now,
        )
        return game_start(
            owner=owner,
            level=level,
            counting=counting,
            now=now,
            hints=hints,
            match=match,
            players=players,
        )


def match_next_game(*, match: Match, now: datetime) -> Game | None:
    """The match's next game, the loser of the last one (at three the last player) dealing
    first; when it is started
    already (a second click), that game. None when there is none to start: the match is
    over, or its current game is still being played."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        latest = match.games.order_by("-match_number").first()
        score = match.score
        if latest is not None and latest.match_number == score.number:
            return latest  # started already, or still being played
        if score.is_over or (latest is not None and not latest.is_over):
            return None
        return game_start(
            owner=match.owner,
            level=Level(match.level),
            counting=Counting(match.counting),
            now=now,
            hints=match.hints,
            match=match,
            players=match.players,
        )


def _match_game_over(game: Game, result: GameResult, now: datetime) -> None:
    """A game of a match has ended: its outcome goes to the match (once), which ends when
    one side has the majority of its games, or when the game was resigned."""
    match = Match.objects.select_for_update().get(pk=game.match_id)
    score = match.score
    if score.is_over or len(score.games) >= (game.match_number or 0):
        return  # counted already
    score = score.after(GameOutcome.of(result))
    match.results = score.to_list()
    yours = match.seating.side_of(HUMAN)
    match.human_points = score.points[yours]
    match.computer_points = max(p for side, p in enumerate(score.points) if side != yours)
    match.updated_at = now
    if score.winner is not None:
        match.winner = Match.Winner.HUMAN if score.winner == yours else Match.Winner.COMPUTER
        match.resigned = score.resigned
        match.finished_at = now
    match.save()
    game.match = match


def guest_games_over_cap(owner: Owner) -> list[Game]:
    """A guest's unfinished games that a new one leaves over ``GUEST_UNFINISHED_GAMES``,
    the least recently played first; none for an account."""
    if owner.user is not None:
        return []
    unfinished = Game.objects.owned_by(owner).filter(winner=Game.Winner.NONE)
    keep = settings.GUEST_UNFINISHED_GAMES - 1
    return list(unfinished.order_by("-updated_at", "-pk")[keep:])


@dataclass(frozen=True, slots=True)
class Move:
    """What became of a move: the game after it, and whether it was made (False: the game
    had moved on already, as for a second click on the same button)."""

    game: Game
    made: bool


def game_move(
    *,
    game: Game,
    action: Action,
    expected: int,
    now: datetime,
    answer: Answer | None = None,
    pegged: int | None = None,
) -> Move:
    """The player's ``action``, made when the game is still at move ``expected`` (a repeat
    of a move already made changes nothing), then the computer's moves until the player is
    to move again or the game is over. A claim may come with the itemised ``answer`` it
    totals, for the marks kept with the player's progress. A card laid may come with the
    points ``pegged`` the player says as it goes down, as at the table: their claim for it,
    made with the card (ignored when the game counts for them).

    Raises ``GameError`` (naming what is wrong, nothing changed) for a move not allowed now.
    """
    with transaction.atomic():
        # The owner comes with the row: a claim keeps the player's progress.
        locked = Game.objects.select_related("user").select_for_update(of=("self",))
        game = locked.get(pk=game.pk)
        if game.moves != expected:
            return Move(game, made=False)
        engine = game.engine
        if isinstance(action, Discard) and game.pauses_after(engine):
            return Move(game, made=False)  # a discard from before the deal's summary
        game.deals_seen = max(game.deals_seen, engine.deal.number - 1)
        after = engine.apply(action)
        _count_hint(game, action, expected)
        if isinstance(action, Claim):
            _record_claim(game, engine, action, answer, now)
        log = [_logged(game, action, now)]
        if pegged is not None and isinstance(action, Lay) and _claim_waits(after):
            claim = Claim(HUMAN, pegged)
            _record_claim(game, after, claim, None, now)
            log.append(_logged(game, claim, now))
            after = after.apply(claim)
        _computer_moves(game, after, now, log)
    return Move(game, made=True)


def _claim_waits(engine: EngineGame) -> bool:
    """Whether the game waits for the player's claim for the card they have just laid."""
    pending = engine.pending
    return pending is not None and pending.player == HUMAN and pending.source is Source.PLAY


def game_next_deal(*, game: Game, expected: int) -> Move:
    """The player moves on from the summary of the deal just over to the next discard (a
    repeat changes nothing)."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        deal = game.pauses_after(game.engine)
        if game.moves != expected or deal is None:
            return Move(game, made=False)
        game.deals_seen = deal
        game.save(update_fields=["deals_seen"])
    return Move(game, made=True)


NO_HINTS = "This game was started without hints: start a new game with hints to see them."
NO_HINT_AT_PAUSE = (
    "No hint at the pause between deals: the next deal's hint shows with its discard, "
    "after Next deal."
)


def game_hint(*, game: Game, expected: int) -> Move:
    """The player asks for a hint at move ``expected`` (a page from before hints showed
    with each decision). In a game with hints the hint is on the page already and is
    counted with the decision made beside it (``game_move``), so asking changes nothing.

    Raises ``GameError`` naming why there is no hint: the game has none, or it is at the
    pause after a deal, where no decision waits (nothing counted either way).
    """
    if game.moves != expected or game.is_over:
        return Move(game, made=False)
    if not game.hints:
        raise GameError(NO_HINTS)
    if game.pauses_after(game.engine):
        raise GameError(NO_HINT_AT_PAUSE)
    return Move(game, made=True)


def _count_hint(game: Game, action: Action, expected: int) -> None:
    """A throw or a card laid by the player in a game with hints was made with its hint
    shown beside it: counted, once a move (the rules' forced moves show none)."""
    if game.hints and isinstance(action, Discard | Lay) and action.player == HUMAN:
        game.hinted_at = expected
        game.hints_used += 1


def forced(engine: EngineGame) -> Action | None:
    """The player's move in the play when the rules leave them one (a go when no card
    fits, the one card that does), made for them; None when they have a choice."""
    if engine.to_move != HUMAN or engine.pending is not None or engine.deal.play is None:
        return None
    legal = engine.legal_actions()
    return legal[0] if len(legal) == 1 else None


def _computer_moves(game: Game, engine: EngineGame, now: datetime, log: list[GameAction]) -> None:
    """The computer's moves, and the player's forced ones, until the player has a choice
    or the game is over; then save, with every action of the move in ``log``."""
    level = Level(game.level)
    while _computer_to_move(engine) or (action := forced(engine)) is not None:
        if _computer_to_move(engine):
            action = choose(engine, level)
        engine = engine.apply(action)
        log.append(_logged(game, action, now))
    game.engine_keep(engine)
    _review(game, engine, now)
    game.human_score = min(engine.scores[HUMAN], GAME_POINTS)
    game.computer_score = min(_best_opponent(engine), GAME_POINTS)
    game.updated_at = now
    for field, value in game_figures(engine).items():
        setattr(game, field, value)
    result = engine.result
    if result is not None:
        game.winner = Game.Winner.HUMAN if result.winner == HUMAN else Game.Winner.COMPUTER
        game.skunk = result.skunk
        game.finished_at = now
        if game.match_id is not None:
            _match_game_over(game, result, now)
    elif game.match_id is not None:
        Match.objects.filter(pk=game.match_id).update(updated_at=now)
    GameAction.objects.bulk_create(log)
    game.save()


def _computer_to_move(engine: EngineGame) -> bool:
    """Whether a computer is to move: the one opponent, or at three or four any seat but
    the player's (a partner at four is a computer too)."""
    return engine.to_move is not None and engine.to_move != HUMAN


def _best_opponent(engine: EngineGame) -> int:
    """The score the player is racing: the computer's, at three the better of the two, at
    four the other team's."""
    if engine.players == 4:
        return engine.scores[COMPUTER]
    return max(engine.scores[seat] for seat in range(engine.players) if seat != HUMAN)


def _review(game: Game, engine: EngineGame, now: datetime) -> None:
    """Review each deal as its show ends, and send the player's discards in it to the
    practice, marked as a discard quiz's would be (their patterns, the review queue; at
    three or four as the quiz's at that table and seat), and their costly lays
    (``LAY_PRACTISED``) as a lay quiz's, by the review's own values."""
    stored, new = reviewed(game.review, engine)
    if stored is game.review:
        return
    seating = engine.seating
    for review in unpractised(stored, new):
        deal = engine.deals[review.number - 1]
        source = {"game": game.pk, "deal": review.number}
        common = {"owner": game.owner, "source": source, "dealt_at": game.updated_at, "now": now}
        dealt = tuple(sorted(deal.dealt[HUMAN]))
        role = seating.role(HUMAN, deal.dealer)
        for decision in review.decisions:
            if decision.player != HUMAN:
                continue
            if decision.kind == "discard" and engine.players != 2:
                game_table_discard_record(
                    five=dealt, players=engine.players, seat=role, throw=decision.chosen, **common
                )
            elif decision.kind == "discard":
                game_discard_record(six=dealt, role=role, throw=decision.chosen, **common)
            elif decision.kind == "lay" and decision.klass in LAY_PRACTISED:
                game_lay_record(
                    position=lay_position(engine, review.number, decision.details["turn"]),
                    card=decision.chosen,
                    values=lay_values_of(decision),
                    **common,
                )
    keep_review(game, practised(stored))


def _logged(game: Game, action: Action, now: datetime) -> GameAction:
    """The action as the game's next in its log, to be saved with the move."""
    logged = GameAction(
        game=game, number=game.moves, seat=action.player, action=action_to_dict(action), at=now
    )
    game.moves += 1
    return logged


def _record_claim(
    game: Game, engine: EngineGame, claim: Claim, answer: Answer | None, now: datetime
) -> None:
    """Keep the player's claim with their progress, marked as a quiz's would be."""
    pending = engine.pending
    owner = game.owner
    scored = engine.claim_items(pending)
    source = {"game": game.pk, "deal": engine.deal.number}
    if pending.source is Source.PLAY:
        turns = engine.deal.play.turns[: pending.turn + 1]
        play = " ".join(GO if turn.is_go else turn.card.code for turn in turns)
        record = peg_play(play, engine.players)
        slips = () if turns[-1].is_go else tuple(over_claims(record, len(record.plays) - 1))
        game_play_record(
            owner=owner,
            play=play,
            items=scored,
            claimed=claim.points,
            slips=slips,
            dealt_at=game.updated_at,
            now=now,
            source=source,
        )
        return
    game_count_record(
        owner=owner,
        hand=scored.hand,
        starter=scored.starter,
        crib=scored.crib,
        answer=answer or Answer(total=claim.points),
        dealt_at=game.updated_at,
        now=now,
        source=source,
    )


def guest_games_claim(sender, user, guest_key: str, **kwargs) -> None:
    """A guest's games and matches move into the account they signed up or logged in to."""
    Game.objects.owned_by(Owner(guest_key=guest_key)).update(user=user, guest_key="")
    Match.objects.owned_by(Owner(guest_key=guest_key)).update(user=user, guest_key="")


def decision_practise(
    *, game: Game, deal: int, index: int, now: datetime, **details
) -> tuple[Deal, bool]:
    """The quiz of decision ``index`` of deal ``deal`` of ``game``'s review, made by
    ``practice_create`` from ``details`` the first time it is asked for; asked again, or
    twice at once, the same quiz (the one_quiz_per_decision constraint decides a race, and
    the loser's quiz is rolled back with it). With it, whether this call made it."""
    decision = {"game": game, "deal": deal, "index": index}
    made = PractisedDecision.objects.filter(**decision).select_related("quiz").first()
    if made is not None:
        return made.quiz, False
    try:
        with transaction.atomic():
            quiz = practice_create(owner=game.owner, now=now, **details)
            PractisedDecision.objects.create(**decision, quiz=quiz)
    except IntegrityError:
        return PractisedDecision.objects.select_related("quiz").get(**decision).quiz, False
    return quiz, True
