"""What the game page's table shows, as its template draws it: the board, the hands, the
play count by count, the counts, the log, a deal's summary and the ending. The views in
``games.views`` orchestrate; these functions only read the game and build its context."""

from __future__ import annotations

from functools import cache, lru_cache
from urllib.parse import urlencode

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString

from cribbage.game import GAME_POINTS, Phase, Source, pegged_words
from cribbage.hints import discard_hint, play_hint
from cribbage.match_score import MatchScore
from cribbage.muggins import play_claim_said, show_claim_said
from cribbage.show import MAX_SHOW
from cribtrainer.htmx import HtmxHttpRequest
from quizzes.domain.marking import AnswerStyle
from quizzes.domain.play import claim_words
from quizzes.forms import AnswerForm
from quizzes.views import answer_style

from .board import board
from .models import COMPUTER, HUMAN, Game
from .review import which_questions
from .table_many import many_table_context
from .table_play import now_series

SEATS = {HUMAN: "you", COMPUTER: "the computer"}
PLAY_MAX = 14
"""A card in the play scores at most 14 (a double pair royal making 31): its claim has a
button for each total from 0, the same for every card, so they give nothing away."""


def claims_show(engine) -> bool:
    """Whether the claim waited for is of a hand or a crib (itemised), not of the play."""
    pending = engine.pending
    return pending is not None and pending.source is not Source.PLAY


def table_context(
    request: HtmxHttpRequest, game: Game, problem: str = "", notice: str = ""
) -> dict:
    """Everything the table shows: the board, the hands, the play, the counts, the log;
    at the end of a deal its summary first, and the next discard only after Next deal.
    A game of three or four is ``games.table_many``'s."""
    if game.players != 2:
        return many_table_context(request, game, problem, notice)
    engine = game.engine
    deal = engine.deal
    play = deal.play
    phase = engine.phase
    pending = engine.pending
    # A winning peg may run past 121: the board and the score line stop at the game hole.
    scores = tuple(min(score, GAME_POINTS) for score in engine.scores)
    previous_scores = _previous_scores(engine)
    result = engine.result
    paused = game.pauses_after(engine) if result is None else None
    summary_deal = paused or (deal.number if result else None)
    summary = _summary(engine, summary_deal) if summary_deal else None
    your_turn = engine.to_move == HUMAN and pending is None
    hinted = game.hints and not paused and your_turn  # shown with each decision, no tap
    match = match_context(game, engine)
    title = f"You {scores[HUMAN]} · Computer {scores[COMPUTER]}"
    context = {
        "game": game,
        "move_url": reverse("games:move", args=[game.pk]),  # each form's, drawn once
        "engine": engine,
        "deal": deal,
        "phase": phase.value,
        "problem": problem,
        "notice": notice,
        "paused": paused,
        "title": f"{match['line']} · {title}" if match else title,
        "match": match,
        "cut": _cut(engine) if deal.number == 1 and phase is Phase.DISCARD else None,
        "hint": _hint(engine) if hinted else None,
        "show_buttons": peg_buttons(MAX_SHOW),
        "play_buttons": peg_buttons(PLAY_MAX),
        "now_series": now_series(engine.deal.play, _series(engine)),
        "board_svg": board_svg(
            scores,
            previous_scores,
            match
            and (match["number"], match["score"].length, match["score"].won, match["score"].needed),
        ),
        "scores": {"you": scores[HUMAN], "computer": scores[COMPUTER]},
        "you_deal": deal.dealer == HUMAN,
        "held": deal.held(HUMAN),
        "dealt": deal.dealt[HUMAN],
        "starter": deal.starter,
        "to_move": engine.to_move,
        "your_move": engine.to_move == HUMAN,
        "pending": pending,
        "claim_what": _claim_what(engine) if pending and pending.player == HUMAN else "",
        "go_said": _go_said(engine),
        "show_claim": claims_show(engine),
        "style": answer_style(request),
        "answer_form": AnswerForm() if claims_show(engine) else None,  # item by item
        "max_points": MAX_SHOW,
        "styles": AnswerStyle,
        "count": play.count if play else 0,
        "fitting": play.playable(deal.held(HUMAN)) if play and not play.is_over else (),
        "counts": _counts(engine, deal),
        "play_claims": _play_claims(engine, deal) if play else [],
        "claim_cards": _claim_cards(engine) if claims_show(engine) else (),
        "said": _said(engine, paused),
        "counted_now": _counted_now(engine, deal) if claims_show(engine) else [],
        "log": _log(engine, deal.number),
        "summary": summary,
        "ending": _ending(engine) if result else None,
        "result": result,
        "you_won": result is not None and result.winner == HUMAN,
        "which": which_questions(game, summary["number"]) if summary else [],
    }
    return context


def match_line(score: MatchScore, number: int) -> str:
    """Game ``number`` of the match and its score as the title says it: "Game 2 of 5 ·
    you 1, the computer 0"."""
    won = score.won
    return f"Game {number} of {score.length} · you {won[HUMAN]}, the computer {won[COMPUTER]}"


def match_context(game: Game, engine) -> dict | None:
    """A game of a match: the match, where it stands at this game (after it, once it is
    over), who lost the game before and so deals first in this one, and what comes next:
    the next game to start or to go to, once this one is over. None for a single game."""
    match = game.match
    if match is None:
        return None
    number = game.match_number or 1
    stands = match.score
    score = MatchScore(match.length, stands.games[: number if engine.is_over else number - 1])
    before = stands.games[number - 2] if number > 1 else None
    later = None
    if engine.is_over and not score.is_over:
        later = match.games.filter(match_number=number + 1).values_list("pk", flat=True).first()
    return {
        "match": match,
        "score": score,
        "line": match_line(score, number),
        "number": number,
        "lost_before": SEATS[before.loser] if before else None,
        "next_game": engine.is_over and not score.is_over and later is None,
        "later": later,
        "points": {"you": score.points[HUMAN], "computer": score.points[COMPUTER]},
        "won": {"you": score.won[HUMAN], "computer": score.won[COMPUTER]},
        "winner": SEATS[score.winner] if score.winner is not None else None,
        "next_dealer": SEATS[score.next_dealer] if score.next_dealer is not None else None,
    }


@lru_cache(maxsize=4096)
def board_svg(
    scores: tuple[int, int],
    previous: tuple[int, int],
    match: tuple[int, int, tuple[int, int], int] | None,
) -> SafeString:
    """The board, its pegs at ``scores`` and back pegs at ``previous``; in a match
    (``match``: the game's number, the match's length, the games won, the games needed),
    its match holes. Drawn once for each: a game's pages show it again at every move."""
    number, length, won, needed = match or (0, 0, (0, 0), 0)
    context = {
        "board": board(scores, previous, games_won=won, games_needed=needed),
        "board_holes": board_holes(),
        "scores": {"you": scores[HUMAN], "computer": scores[COMPUTER]},
        "match": match
        and {
            "number": number,
            "match": {"length": length},
            "won": {"you": won[HUMAN], "computer": won[COMPUTER]},
            "score": {"needed": needed},
        },
    }
    return SafeString(render_to_string("games/game.html#board", context))


@cache
def board_holes() -> str:
    """The board's holes, numbers and skunk lines, the same on every page: drawn once."""
    return render_to_string("games/_board_holes.html", {"board": board((0, 0), (0, 0))})


@cache
def peg_buttons(most: int) -> str:
    """A claim's buttons, 0 to ``most``, the same on every page: drawn once."""
    return render_to_string("games/_peg_buttons.html", {"buttons": range(most + 1)})


def _cut(engine) -> dict | None:
    """The cut for the first deal: each player's card and who deals (the lower card)."""
    cut = engine.first_cut
    if cut is None:
        return None
    return {"you": cut[HUMAN], "computer": cut[COMPUTER], "recuts": len(engine.cuts) - 1}


def _hint(engine) -> dict:
    """The discard's best throw with its link to the analyser, or the card strong lays."""
    if engine.deal.play is None:
        hint = discard_hint(engine, HUMAN)
        query = urlencode(
            {"cards": ",".join(card.code for card in hint.dealt), "role": hint.role.value}
        )
        return {"discard": hint, "url": f"{reverse('counter:discard')}?{query}"}
    return {"play": play_hint(engine, HUMAN)}


def _previous_scores(engine) -> tuple[int, int]:
    """Where each back peg stands: each player's score before their last peg."""
    before = [0, 0]
    running = [0, 0]
    for peg in engine.pegs:
        if peg.points:
            before[peg.player] = running[peg.player]
            running[peg.player] += peg.points
    return before[0], before[1]


def _claim_cards(engine) -> tuple:
    """The hand or crib the player is to count, and the starter."""
    result = engine.claim_items(engine.pending)
    return (*result.hand, result.starter)


def _claim_what(engine) -> str:
    pending = engine.pending
    if pending.source is Source.HAND:
        return "your hand"
    if pending.source is Source.CRIB:
        return "your crib"
    return _turn_name(engine.deal.play.turns[pending.turn])


def _go_said(engine) -> str:
    """For the player's claim of the go, who said go after their last card, as the play
    shows it: "The computer said go and so did you", "The computer said go and you have
    no card left"; "" when no go is claimed."""
    pending = engine.pending
    play = engine.deal.play
    if pending is None or pending.source is not Source.PLAY or pending.player != HUMAN:
        return ""
    turns = play.turns[: pending.turn + 1]
    if not turns[-1].is_go:
        return ""
    last = max(index for index, turn in enumerate(turns) if turn.card is not None)
    said = [turn.player for turn in turns[last + 1 :]]
    card = turns[last].card.label
    if said == [COMPUTER, HUMAN]:
        who = "The computer said go and so did you"
    elif said == [COMPUTER]:
        who = "The computer said go and you have no card left"
    elif play.holds_cards(COMPUTER):
        who = "You said go and the computer has said go already"
    else:
        who = "You said go and the computer has no card left"
    return f"{who}: your {card} was the last card laid"


def _said(engine, paused: int | None) -> dict | None:
    """The player's last claim, said back on the screen right after it when it was short
    (what scored, with its cards, and that the computer took the rest) or over (corrected):
    until the player makes another choice (the rules' forced moves are not theirs)."""
    records = [record for record in engine.claims if record.player == HUMAN]
    if not records or records[-1].claimed == records[-1].scored:
        return None
    record = records[-1]
    if record.deal != engine.deal.number and record.deal != paused:
        return None
    deal = engine.deals[record.deal - 1]
    items = engine.claim_items(record)
    if record.source is not Source.PLAY:
        return {
            "text": show_claim_said(items, record.claimed, opponent=SEATS[COMPUTER]),
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
        card, items, record.claimed, go=turn.is_go, count=turn.count, opponent=SEATS[COMPUTER]
    )
    return {"text": text, "record": record}


def _chosen_since(deal, index: int) -> bool:
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


def _counted_now(engine, deal) -> list[dict]:
    """The computer's counts made since the player's last one in ``deal``: its hand, as
    pone, before the player counts theirs."""
    counts = _counts(engine, deal)
    shown: list[dict] = []
    for count in reversed(counts):
        if count["whose"] != SEATS[COMPUTER]:
            break
        shown.insert(0, count)
    return shown


def _turn_name(turn) -> str:
    """A turn of the player's in the play, as the page names what it claims for."""
    return "the go" if turn.is_go else f"your {turn.card.label}"


def _series(engine, deal=None) -> list[list[dict]]:
    """The play so far, count by count: who laid what and what it pegged, in words (the
    player's own cards not while a claim in the play is waited for: that is theirs to
    say), and the gos said."""
    deal = deal or engine.deal
    play = deal.play
    if play is None:
        return []
    pending = engine.pending if deal is engine.deal else None
    hide_yours = pending is not None and pending.source is Source.PLAY
    # What the player left unclaimed on a turn, the computer took: said on that turn.
    taken = {
        record.turn: record.missed
        for record in engine.claims
        if record.deal == deal.number and record.source is Source.PLAY and record.missed
    }
    series: list[list[dict]] = []
    for index, turn in enumerate(play.turns):
        # A card whose count is its own value opens a new count.
        if not series or (turn.card is not None and turn.count == turn.card.value):
            series.append([])
        seat = turn.player
        words = "" if seat == HUMAN and hide_yours else pegged_words(turn.items)
        if index in taken and not words:
            words = pegged_words(engine.claim_items(_record_at(engine, deal, index)))
        series[-1].append(
            {
                "turn": turn,
                "who": SEATS[seat],
                "words": words,
                "points": turn.points,
                "taken": taken.get(index, 0),
                "html": laid_html(SEATS[seat], turn.card, words, taken.get(index, 0), now=False),
                "now_html": laid_html(SEATS[seat], turn.card, words, taken.get(index, 0), now=True),
            }
        )
    return series


@lru_cache(maxsize=8192)
def laid_html(who: str, card, words: str, taken: int, *, now: bool) -> SafeString:
    """One turn of the play drawn (``templates/games/_laid.html``): a turn drawn once is
    drawn again at every move after it in the deal."""
    context = {"who": who, "card": card, "words": words, "taken": taken, "now": now}
    return SafeString(render_to_string("games/_laid.html", context))


def _record_at(engine, deal, turn: int):
    """The player's claim for turn ``turn`` of ``deal``'s play."""
    return next(
        record
        for record in engine.claims
        if record.deal == deal.number and record.source is Source.PLAY and record.turn == turn
    )


def _ending(engine) -> dict:
    """How the game ended: the last score and what made it (the card laid and what it
    pegged, in words, when the play took it out), and the scores to 121."""
    result = engine.result
    peg = None if result.resigned or not engine.pegs else engine.pegs[-1]
    card, words = None, ""
    if peg is not None and peg.source is Source.PLAY:
        turns = engine.deal.play.turns
        last = next((turn for turn in reversed(turns) if turn.card is not None), None)
        if last is not None:
            card, words = last.card, pegged_words(last.items)
    scores = engine.scores
    return {
        "peg": peg,
        "who": SEATS[peg.player] if peg else "",
        "card": card,
        "words": words,
        "winner_score": min(scores[result.winner], GAME_POINTS),
        "loser_score": min(scores[result.loser], GAME_POINTS),
    }


def _counts(engine, deal) -> list[dict]:
    """The counts of the show made so far in ``deal``: whose, itemised, and the player's
    claim for their own (what was missed, taken by the computer)."""
    claims = {
        record.source: record
        for record in engine.claims
        if record.deal == deal.number and record.source is not Source.PLAY
    }
    return [
        {
            "count": count,
            "whose": SEATS[count.player],
            "crib": count.source is Source.CRIB,
            "claim": claims.get(count.source) if count.player == HUMAN else None,
            "ident": f"breakdown-{deal.number}-{index}",
        }
        for index, count in enumerate(deal.counts)
    ]


def _play_claims(engine, deal) -> list[dict]:
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


def _log(engine, number: int) -> list[dict]:
    """Every score of deal ``number``: who, from what, how much."""
    return [
        {"who": SEATS[peg.player], "source": peg.source.value, "points": peg.points}
        for peg in engine.pegs
        if peg.deal == number and peg.points
    ]


def _summary(engine, number: int) -> dict | None:
    """Deal ``number`` as it went: the hands with the starter, the crib, each count with
    the player's claim, the play with what each card pegged, and the points by source."""
    if number < 1:
        return None
    deal = engine.deals[number - 1]
    yours = engine.points_by_source(HUMAN, number)
    theirs = engine.points_by_source(COMPUTER, number)
    return {
        "number": number,
        "you": sum(yours.values()),
        "computer": sum(theirs.values()),
        "deal": deal,
        "you_deal": deal.dealer == HUMAN,
        "your_hand": deal.kept(HUMAN),
        "computer_hand": deal.kept(COMPUTER),
        "crib": deal.crib,
        "starter": deal.starter,
        "counts": _counts(engine, deal),
        "series": _series(engine, deal),
        "play_claims": _play_claims(engine, deal) if deal.play else [],
        "rows": [
            {
                "source": source.value,
                "you": yours[source],
                "computer": theirs[source],
            }
            for source in Source
        ],
    }
