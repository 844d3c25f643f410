"""What the game page shows, as its one template (``games/game.html``) draws it, for a
table of two, three or four: the board, the seats, the hands, the play count by count,
the counts of the show, the claims said back, a deal's summary and the ending. Every seat
is named by the game's ``Seating`` ("you", "the computer"; "West", "North", "East"). The
views in ``games.views`` orchestrate; these functions only read the game and build its
context.
"""

from __future__ import annotations

from functools import cache, lru_cache
from urllib.parse import urlencode

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString

from cribbage.cards import Card
from cribbage.game import GAME_POINTS, Phase, Source
from cribbage.game import Game as EngineGame
from cribbage.hints import discard_hint, play_hint
from cribbage.match_score import MatchScore
from cribbage.muggins import play_claim_said, show_claim_said
from cribbage.pegging import MAX_TURN_POINTS, pegged_words
from cribbage.records import Deal, PlayState
from cribbage.seating import Seating
from cribbage.show import MAX_SHOW
from cribtrainer.htmx import HtmxHttpRequest
from quizzes.domain.marking import AnswerStyle
from quizzes.domain.play import claim_words
from quizzes.forms import AnswerForm
from quizzes.views import answer_style

from .board import board
from .models import HUMAN, Game
from .review import which_questions

__all__ = ["MatchHoles", "board_holes", "board_svg", "claims_show", "page_context"]

SKUNK_RULE_THREE = (
    "The skunk at three: the ACC text gives no skunk line for three players, so this game "
    "judges it on the runner-up: the winner skunks the table only when both others are "
    "short of 91 (double, of 61), since a player past 91 was not beaten by that much."
)
FIRST_DEALER_RULE_THREE = (
    "The ACC rules have the loser deal first in a match's next game; at three this game "
    "has the player who came last deal first."
)
MatchHoles = tuple[int, int, tuple[int, ...], int]
"""A match on the board: the game's number, the match's length, the games each side has
won, and the games that win it."""


def claims_show(engine: EngineGame) -> bool:
    """Whether the claim waited for is of a hand or a crib (itemised), not of the play."""
    pending = engine.pending
    return pending is not None and pending.source is not Source.PLAY


def page_context(request: HtmxHttpRequest, game: Game, problem: str = "", notice: str = "") -> dict:
    """Everything the table shows: the board, the seats, the hands, the play, the counts,
    the log; at the end of a deal its summary first, and the next discard only after Next
    deal."""
    engine = game.engine
    seating = engine.seating
    deal = engine.deal
    play = deal.play
    phase = engine.phase
    pending = engine.pending
    result = engine.result
    paused = game.pauses_after(engine) if result is None else None
    summary_deal = paused or (deal.number if result else None)
    summary = _summary(engine, summary_deal) if summary_deal else None
    your_turn = engine.to_move == HUMAN and pending is None
    show_claim = claims_show(engine)
    # A winning peg may run past 121: the board and the score line stop at the game hole.
    scores = seating.side_scores([min(score, GAME_POINTS) for score in engine.scores])
    match = match_context(game, engine)
    sides = _side_labels(seating)
    title = " · ".join(f"{side} {score}" for side, score in zip(sides, scores, strict=True))
    taker = seating.name(seating.muggins_taker(HUMAN))
    return {
        "game": game,
        "move_url": reverse("games:move", args=[game.pk]),  # each form's, drawn once
        "engine": engine,
        "seating": seating,
        "many": seating.players > 2,
        "players": seating.players,
        "deal": deal,
        "phase": phase.value,
        "problem": problem,
        "notice": notice,
        "paused": paused,
        "title": f"{match['line']} · {title}" if match else title,
        "match": match,
        "cut": _cut(engine) if deal.number == 1 and phase is Phase.DISCARD else None,
        "hint": _hint(engine) if game.hints and not paused and your_turn else None,
        "show_buttons": peg_buttons(MAX_SHOW),
        "play_buttons": peg_buttons(MAX_TURN_POINTS),
        "peg_choices": peg_choices() if engine.is_manual(HUMAN) else "",
        "now_series": now_series(play, _series(engine, deal)),
        "board_svg": board_svg(
            seating,
            scores,
            _previous_scores(engine),
            match
            and (match["number"], match["score"].length, match["score"].won, match["score"].needed),
        ),
        "sides": [
            {"name": name, "score": score} for name, score in zip(sides, scores, strict=True)
        ],
        "scores_said": "–".join(str(score) for score in scores),
        # In the show the seats have nothing left to say: the counts take their room.
        "seats": _seats(engine)
        if seating.players > 2 and phase in (Phase.DISCARD, Phase.PLAY) and not paused
        else [],
        "crib_whose": seating.possessive(deal.dealer),
        "dealer": seating.name(deal.dealer),
        "you_deal": deal.dealer == HUMAN,
        "taker": taker,
        "held": deal.held(HUMAN),
        "dealt": deal.dealt[HUMAN],
        "starter": deal.starter,
        "to_move_name": seating.name(engine.to_move) if engine.to_move is not None else "",
        "your_move": engine.to_move == HUMAN,
        "pending": pending,
        "claim_what": _claim_what(engine) if pending and pending.player == HUMAN else "",
        "go_said": _go_said(engine),
        "show_claim": show_claim,
        "style": answer_style(request),
        "answer_form": AnswerForm() if show_claim else None,  # item by item
        "max_points": MAX_SHOW,
        "styles": AnswerStyle,
        "count": play.count if play else 0,
        "fitting": play.playable(deal.held(HUMAN)) if play and not play.is_over else (),
        "counts": _counts(engine, deal),
        "play_claims": _play_claims(engine, deal) if play else [],
        "claim_cards": _claim_cards(engine) if show_claim else (),
        "said": _said(engine, paused),
        "counted_now": _counted_now(engine, deal) if show_claim else [],
        "log": _log(engine, deal.number),
        "summary": summary,
        "ending": _ending(engine) if result else None,
        "result": result,
        "you_won": result is not None and seating.side_of(result.winner) == seating.side_of(HUMAN),
        "which": which_questions(game, summary["number"]) if summary else [],
        "skunk_rule": SKUNK_RULE_THREE if seating.players == 3 else "",
    }


def _side_labels(seating: Seating) -> tuple[str, ...]:
    """Each side as the score line and the title name it: "You", "Computer"; "West"."""
    if seating.players == 2:
        return ("You", "Computer")
    return seating.side_names


def match_line(score: MatchScore, number: int, seating: Seating) -> str:
    """Game ``number`` of the match and its score as the title says it: "Game 2 of 5 ·
    you 1, the computer 0"."""
    won = ", ".join(f"{seating.side_said(side)} {n}" for side, n in enumerate(score.won))
    return f"Game {number} of {score.length} · {won}"


def match_context(game: Game, engine: EngineGame) -> dict | None:
    """A game of a match: the match, where it stands at this game (after it, once it is
    over), who lost the game before and so deals first in this one, and what comes next:
    the next game to start or to go to, once this one is over. None for a single game."""
    match = game.match
    if match is None:
        return None
    seating = engine.seating
    number = game.match_number or 1
    stands = match.score
    score = stands.before(number + 1 if engine.is_over else number)
    before = stands.games[number - 2] if number > 1 else None
    later = None
    if engine.is_over and not score.is_over:
        later = match.games.filter(match_number=number + 1).values_list("pk", flat=True).first()
    next_dealer = score.next_dealer
    return {
        "match": match,
        "score": score,
        "line": match_line(score, number, seating),
        "number": number,
        "lost_before": seating.name(before.last) if before else None,
        "next_game": engine.is_over and not score.is_over and later is None,
        "later": later,
        "sides": [
            {"name": seating.side_said(side), "won": won, "points": points}
            for side, (won, points) in enumerate(zip(score.won, score.points, strict=True))
        ],
        "winner": seating.side_said(score.winner) if score.winner is not None else None,
        "you_win": score.winner == seating.side_of(HUMAN),
        "next_dealer": seating.name(next_dealer) if next_dealer is not None else None,
        "first_dealer_rule": FIRST_DEALER_RULE_THREE if seating.players == 3 else "",
    }


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


@cache
def peg_buttons(most: int) -> str:
    """A claim's buttons, 0 to ``most``, the same on every page: drawn once."""
    return render_to_string("games/_peg_buttons.html", {"buttons": range(most + 1)})


@cache
def peg_choices() -> str:
    """What a card laid pegs, said with it: a choice for each total, 0 chosen, drawn once."""
    return render_to_string("games/_peg_choices.html", {"choices": range(MAX_TURN_POINTS + 1)})


def _cut(engine: EngineGame) -> dict | None:
    """The cut for the first deal: each player's card and who deals (the lowest card)."""
    cut = engine.first_cut
    if cut is None:
        return None
    seating = engine.seating
    return {
        "cards": [{"name": seating.name(seat), "card": card} for seat, card in enumerate(cut)],
        "recuts": len(engine.cuts) - 1,
    }


def _hint(engine: EngineGame) -> dict:
    """The discard's best throw with its link to the analyser, or the card strong lays."""
    if engine.deal.play is None:
        hint = discard_hint(engine, HUMAN)
        cards = ",".join(card.code for card in hint.dealt)
        if hint.players == 2:
            query = {"cards": cards, "role": hint.role.value}
        else:
            query = {"players": str(hint.players), "cards": cards, "seat": hint.role.value}
        return {"discard": hint, "url": f"{reverse('counter:discard')}?{urlencode(query)}"}
    return {"play": play_hint(engine, HUMAN)}


def _previous_scores(engine: EngineGame) -> tuple[int, ...]:
    """Where each side's back peg stands: its score before its last peg."""
    seating = engine.seating
    before = [0] * seating.sides
    running = [0] * seating.sides
    for peg in engine.pegs:
        if peg.points:
            side = seating.side_of(peg.player)
            before[side] = running[side]
            running[side] += peg.points
    return tuple(before)


def _seats(engine: EngineGame) -> list[dict]:
    """Each player at a table of three or four, in turn order from the player: their name,
    score, the cards they have laid this deal, how many they hold and whether it is their
    turn."""
    deal = engine.deal
    seating = engine.seating
    play = deal.play
    said_go = play.said_go if play is not None else frozenset()
    return [
        {
            "seat": seat,
            "name": seating.name(seat),
            "partner": seat == seating.partner(HUMAN),
            "score": min(engine.scores[seat], GAME_POINTS),
            "dealer": seat == deal.dealer,
            "laid": deal.laid(seat),
            "holding": len(deal.held(seat)) if play is not None else len(deal.dealt[seat]),
            "thrown": bool(deal.thrown[seat]),
            "turn": engine.to_move == seat and engine.pending is None,
            "said_go": seat in said_go,
        }
        for seat in seating.seats
    ]


def _claim_cards(engine: EngineGame) -> tuple[Card, ...]:
    """The hand or crib the player is to count, and the starter."""
    result = engine.claim_items(engine.pending)
    return (*result.hand, result.starter)


def _claim_what(engine: EngineGame) -> str:
    pending = engine.pending
    if pending.source is Source.HAND:
        return "your hand"
    if pending.source is Source.CRIB:
        return "your crib"
    return _turn_name(engine.deal.play.turns[pending.turn])


def _go_said(engine: EngineGame) -> str:
    """For the player's claim of the go, who said go after their last card, as the play
    shows it: "The computer said go and so did you", "West and East said go"; "" when no
    go is claimed."""
    pending = engine.pending
    play = engine.deal.play
    if pending is None or pending.source is not Source.PLAY or pending.player != HUMAN:
        return ""
    turns = play.turns[: pending.turn + 1]
    if not turns[-1].is_go:
        return ""
    last = max(index for index, turn in enumerate(turns) if turn.card is not None)
    card = turns[last].card.label
    seating = engine.seating
    if seating.players == 2:
        who = _go_said_at_two(play, [turn.player for turn in turns[last + 1 :]], seating)
    else:
        said = sorted({turn.player for turn in turns[last + 1 :]} - {HUMAN})
        names = " and ".join(seating.name(seat) for seat in said)
        who = f"{names} said go" if names else "No one else holds a card"
    return f"{who}: your {card} was the last card laid"


def _go_said_at_two(play: PlayState, said: list[int], seating: Seating) -> str:
    other = seating.opponents(HUMAN)[0]
    name = seating.name(other)
    if said == [other, HUMAN]:
        return f"{name.capitalize()} said go and so did you"
    if said == [other]:
        return f"{name.capitalize()} said go and you have no card left"
    if play.holds_cards(other):
        return f"You said go and {name} has said go already"
    return f"You said go and {name} has no card left"


def _said(engine: EngineGame, paused: int | None) -> dict | None:
    """The player's last claim, said back on the screen right after it when it was short
    (what scored, with its cards, and who took the rest) or over (corrected): until the
    player makes another choice (the rules' forced moves are not theirs)."""
    records = [record for record in engine.claims if record.player == HUMAN]
    if not records or records[-1].claimed == records[-1].scored:
        return None
    record = records[-1]
    if record.deal != engine.deal.number and record.deal != paused:
        return None
    taker = engine.seating.name(engine.muggins_taker(HUMAN))
    deal = engine.deals[record.deal - 1]
    items = engine.claim_items(record)
    if record.source is not Source.PLAY:
        return {
            "text": show_claim_said(items, record.claimed, opponent=taker),
            "record": record,
            "hand": items.hand,
            "starter": items.starter,
        }
    turns = deal.play.turns
    if record.deal == engine.deal.number and _chosen_since(deal, record.turn):
        return None
    turn = turns[record.turn]
    card = next(t.card for t in reversed(turns[: record.turn + 1]) if t.card is not None)
    text = play_claim_said(
        card, items, record.claimed, go=turn.is_go, count=turn.count, opponent=taker
    )
    return {"text": text, "record": record}


def _chosen_since(deal: Deal, index: int) -> bool:
    """Whether the player chose a card in the play after turn ``index`` (a go, or the one
    card that fits, is laid for them)."""
    turns = deal.play.turns
    for at in range(index + 1, len(turns)):
        turn = turns[at]
        if turn.player != HUMAN or turn.card is None:
            continue
        laid = {t.card for t in turns[:at] if t.player == HUMAN}
        held = [card for card in deal.kept(HUMAN) if card not in laid]
        room = 31 - (turn.count - turn.card.value)
        if sum(card.value <= room for card in held) > 1:
            return True
    return False


def _counted_now(engine: EngineGame, deal: Deal) -> list[dict]:
    """The others' counts made since the player's last one in ``deal``: the hands counted
    before the player counts theirs."""
    shown: list[dict] = []
    for count in reversed(_counts(engine, deal)):
        if count["yours"]:
            break
        shown.insert(0, count)
    return shown


def _turn_name(turn) -> str:
    """A turn of the player's in the play, as the page names what it claims for."""
    return "the go" if turn.is_go else f"your {turn.card.label}"


def now_series(play: PlayState | None, series: list[list[dict]]) -> dict | None:
    """The count being played (or the one just ended, with why it starts again at 0), of
    ``series``: the play's turns, count by count, as the page draws them."""
    if not series or play is None:
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


def _series(engine: EngineGame, deal: Deal) -> list[list[dict]]:
    """The play of ``deal`` so far, count by count: who laid what and what it pegged, in
    words (the player's own cards not while a claim in the play is waited for: that is
    theirs to say), and the gos said."""
    play = deal.play
    if play is None:
        return []
    seating = engine.seating
    pending = engine.pending if deal is engine.deal else None
    hide_yours = pending is not None and pending.source is Source.PLAY
    # What the player left unclaimed on a turn, its taker took: said on that turn.
    taken = {
        record.turn: record.missed
        for record in engine.claims
        if record.deal == deal.number and record.source is Source.PLAY and record.missed
    }
    taker = seating.name(seating.muggins_taker(HUMAN))
    series: list[list[dict]] = []
    for index, turn in enumerate(play.turns):
        # A card whose count is its own value opens a new count.
        if not series or (turn.card is not None and turn.count == turn.card.value):
            series.append([])
        seat = turn.player
        who = seating.name(seat)
        by = who if seating.players > 2 or seat == HUMAN else "it"
        words = "" if seat == HUMAN and hide_yours else pegged_words(turn.items)
        if index in taken and not words:
            words = pegged_words(engine.claim_items(_record_at(engine, deal, index)))
        laid = (who, turn.card, words, taken.get(index, 0))
        series[-1].append(
            {
                "turn": turn,
                "who": who,
                "words": words,
                "points": turn.points,
                "taken": taken.get(index, 0),
                "html": laid_html(*laid, now=False, by=by, taker=taker),
                "now_html": laid_html(*laid, now=True, by=by, taker=taker),
            }
        )
    return series


@lru_cache(maxsize=8192)
def laid_html(
    who: str, card: Card | None, words: str, taken: int, *, now: bool, by: str, taker: str
) -> SafeString:
    """One turn of the play drawn (``templates/games/_laid.html``): ``who`` laid ``card``
    (None: said go), pegging ``words``, or ``taken`` points by ``taker``; ``by`` as the
    card's tag names them ("you", "it", "West"). A turn drawn once is drawn again at every
    move after it in the deal."""
    context = {
        "who": who,
        "card": card,
        "words": words,
        "taken": taken,
        "now": now,
        "by": by,
        "taker": taker,
    }
    return SafeString(render_to_string("games/_laid.html", context))


def _record_at(engine: EngineGame, deal: Deal, turn: int):
    """The player's claim for turn ``turn`` of ``deal``'s play."""
    return next(
        record
        for record in engine.claims
        if record.deal == deal.number and record.source is Source.PLAY and record.turn == turn
    )


def _ending(engine: EngineGame) -> dict:
    """How the game ended: who won and the scores to 121 (at three each beaten player's,
    the skunk judged on the runner-up), the last score and what made it (the card laid and
    what it pegged, in words, when the play took it out)."""
    result = engine.result
    seating = engine.seating
    peg = None if result.resigned or not engine.pegs else engine.pegs[-1]
    card, words = None, ""
    if peg is not None and peg.source is Source.PLAY:
        turns = engine.deal.play.turns
        last = next((turn for turn in reversed(turns) if turn.card is not None), None)
        if last is not None:
            card, words = last.card, pegged_words(last.items)
    scores = seating.side_scores([min(score, GAME_POINTS) for score in engine.scores])
    winner = seating.side_of(result.winner)
    loser = seating.side_of(result.loser)
    yours = peg is not None and peg.player == HUMAN
    return {
        "peg": peg,
        "who": seating.name(peg.player) if peg else "",
        "yours": yours,
        "their": "your" if yours else ("its" if seating.players == 2 else "their"),
        "card": card,
        "words": words,
        "winner": seating.side_said(winner),
        "resigner": seating.side_said(1 - winner) if seating.players != 3 else "you",
        "winner_score": scores[winner],
        "loser_score": scores[loser],
        "others": [
            {"name": seating.side_name(side), "score": score}
            for side, score in enumerate(scores)
            if side != winner
        ],
    }


def _counts(engine: EngineGame, deal: Deal) -> list[dict]:
    """The counts of the show made so far in ``deal``, in order: whose, itemised, and the
    player's claim for their own (what was missed, taken by its taker)."""
    seating = engine.seating
    claims = {
        record.source: record
        for record in engine.claims
        if record.deal == deal.number and record.source is not Source.PLAY
    }
    return [
        {
            "count": count,
            "whose": seating.possessive(count.player),
            "yours": count.player == HUMAN,
            "counter": "it" if seating.players == 2 else seating.name(count.player),
            "crib": count.source is Source.CRIB,
            "claim": claims.get(count.source) if count.player == HUMAN else None,
            "ident": f"breakdown-{deal.number}-{index}",
        }
        for index, count in enumerate(deal.counts)
    ]


def _play_claims(engine: EngineGame, deal: Deal) -> list[dict]:
    """The player's claims in the play of ``deal`` that were not right: what they claimed
    and what the move scored, item by item."""
    rows = []
    for record in engine.claims:
        if record.deal != deal.number or record.source is not Source.PLAY:
            continue
        if record.claimed == record.scored:
            continue
        items = engine.claim_items(record)
        turn = deal.play.turns[record.turn]
        rows.append(
            {
                "record": record,
                "what": _turn_name(turn),
                "items": items,
                "words": claim_words(items, record.claimed, turn.count),
            }
        )
    return rows


def _log(engine: EngineGame, number: int) -> list[dict]:
    """Every score of deal ``number``: who, from what, how much."""
    seating = engine.seating
    return [
        {"who": seating.name(peg.player), "source": peg.source.value, "points": peg.points}
        for peg in engine.pegs
        if peg.deal == number and peg.points
    ]


def _summary(engine: EngineGame, number: int) -> dict | None:
    """Deal ``number`` as it went: what each player pegged and from what (at four each
    team's total), the hands with the starter, the crib, each count with the player's
    claim, the play with what each card pegged."""
    if number < 1:
        return None
    seating = engine.seating
    deal = engine.deals[number - 1]
    by_seat = [engine.points_by_source(seat, number) for seat in seating.seats]
    seats = [
        {
            "name": seating.name(seat),
            "whose": seating.possessive(seat),
            "total": sum(sources.values()),
            "play": sources[Source.PLAY],
            "heels": sources[Source.HEELS],
            "muggins": sources[Source.MUGGINS],
            "hand": deal.kept(seat),
        }
        for seat, sources in enumerate(by_seat)
    ]
    teams = None
    if seating.partners:
        teams = [
            {
                "name": seating.side_name(side),
                "total": sum(seats[seat]["total"] for seat in seating.side_seats(side)),
            }
            for side in range(seating.sides)
        ]
    return {
        "number": number,
        "seats": seats,
        "teams": teams,
        "deal": deal,
        "crib_whose": seating.possessive(deal.dealer),
        "crib": deal.crib,
        "from_deck": deal.from_deck,
        "starter": deal.starter,
        "counts": _counts(engine, deal),
        "series": _series(engine, deal),
        "play_claims": _play_claims(engine, deal) if deal.play else [],
        "rows": [
            {"source": source.value, "points": [sources[source] for sources in by_seat]}
            for source in Source
        ],
    }
