"""What the game page's table shows at three or four players (``games.table`` hands such a
game here): the board with three tracks, or two team tracks at four; each player's seat
with their score, the cards they have laid, the cards they hold and whose turn it is; the
play count by count with who laid each card; the counts of the show; the player's claims
said back; a deal's summary and the ending.

The players are named by where they sit, the player in the south: at three West (on the
player's left, next in turn) and East; at four West, North (the partner, opposite) and
East. What the player misses, the next opponent in turn (West) takes (muggins).
"""

from __future__ import annotations

from functools import cache
from urllib.parse import urlencode

from django.template.loader import render_to_string
from django.urls import reverse

from cribbage.game import GAME_POINTS, Phase, Source, pegged_words
from cribbage.muggins import play_claim_said, show_claim_said
from cribbage.show import MAX_SHOW
from cribbage.table_computer import table_discard_hint, table_play_hint
from cribtrainer.htmx import HtmxHttpRequest
from quizzes.domain.marking import AnswerStyle
from quizzes.forms import AnswerForm
from quizzes.views import answer_style

from .board import board
from .models import HUMAN, Game
from .table_play import now_series

NAMES = {
    3: ("you", "West", "East"),
    4: ("you", "West", "North", "East"),
}
"""Each seat's name, in turn order from the player (the player's left plays next)."""
PARTNER = 2
PLAY_MAX = 14
SKUNK_RULE_THREE = (
    "The skunk at three: the ACC text gives no skunk line for three players, so this game "
    "judges it on the runner-up: the winner skunks the table only when both others are "
    "short of 91 (double, of 61), since a player past 91 was not beaten by that much."
)
MUGGINS_RULE = (
    "What you miss, West takes (muggins): the next opponent in turn, on your left, who counts next."
)


def seat_name(seat: int, players: int) -> str:
    """How the page names a seat: "you", "West", "North" (at four "North, your partner")."""
    return NAMES[players][seat]


def whose(seat: int, players: int) -> str:
    """A seat's possessive: "your", "West's", "North's"."""
    return "your" if seat == HUMAN else f"{NAMES[players][seat]}'s"


def side_names(players: int) -> tuple[str, ...]:
    """Each track's name: every player at three; at four the two teams."""
    if players == 4:
        return ("You and North", "West and East")
    return tuple(name if seat else "You" for seat, name in enumerate(NAMES[players]))


@cache
def board_holes(tracks: int) -> str:
    """The board's holes for ``tracks`` tracks, the same on every page: drawn once."""
    zeros = (0,) * tracks
    return render_to_string("games/_board_holes.html", {"board": board(zeros, zeros)})


@cache
def peg_buttons(most: int) -> str:
    return render_to_string("games/_peg_buttons.html", {"buttons": range(most + 1)})


def many_table_context(
    request: HtmxHttpRequest, game: Game, problem: str = "", notice: str = ""
) -> dict:
    """Everything the table of three or four shows (the names as ``games.table``'s, so the
    page's frame and its scripts work alike)."""
    engine = game.engine
    players = engine.players
    deal = engine.deal
    play = deal.play
    phase = engine.phase
    pending = engine.pending
    result = engine.result
    paused = game.pauses_after(engine) if result is None else None
    summary_deal = paused or (deal.number if result else None)
    tracks = _track_scores(engine)
    sides = side_names(players)
    title = " · ".join(f"{name} {score}" for name, score in zip(sides, tracks, strict=True))
    show_claim = pending is not None and pending.source is not Source.PLAY
    claim_what = _claim_what(engine) if pending is not None and pending.player == HUMAN else ""
    your_turn = engine.to_move == HUMAN and pending is None
    return {
        "game": game,
        "move_url": reverse("games:move", args=[game.pk]),  # each form's, drawn once
        "engine": engine,
        "many": True,
        "players": players,
        "deal": deal,
        "phase": phase.value,
        "problem": problem,
        "notice": notice,
        "paused": paused,
        "title": title,
        "match": None,
        "board": board(tracks, _previous_tracks(engine)),
        "board_holes": board_holes(len(tracks)),
        "tracks": [
            {"name": name, "score": score} for name, score in zip(sides, tracks, strict=True)
        ],
        "seats": _seats(engine) if result is None and not paused else [],
        "dealer_name": seat_name(deal.dealer, players),
        "crib_whose": whose(deal.dealer, players),
        "you_deal": deal.dealer == HUMAN,
        "held": deal.held(HUMAN),
        "dealt": deal.dealt[HUMAN],
        "starter": deal.starter,
        "to_move_name": seat_name(engine.to_move, players) if engine.to_move is not None else "",
        "your_move": engine.to_move == HUMAN,
        "pending": pending,
        "show_claim": show_claim,
        "claim_what": claim_what,
        "go_said": _go_said(engine),
        "claim_cards": _claim_cards(engine) if show_claim else (),
        "style": answer_style(request),
        "styles": AnswerStyle,
        "answer_form": AnswerForm() if pending is not None else None,
        "max_points": MAX_SHOW,
        "show_buttons": peg_buttons(MAX_SHOW),
        "play_buttons": peg_buttons(PLAY_MAX),
        "count": play.count if play else 0,
        "fitting": play.playable(deal.held(HUMAN)) if play and not play.is_over else (),
        "now_series": now_series(engine.deal.play, _series(engine, engine.deal)),
        "counts": _counts(engine, deal),
        "counted_now": _counted_now(engine, deal) if show_claim else [],
        "said": _said(engine, paused),
        "log": _log(engine, deal.number),
        "summary": _summary(engine, summary_deal) if summary_deal else None,
        "result": result,
        "ending": _ending(engine) if result else None,
        "you_won": result is not None and result.winner == HUMAN,
        "skunk_rule": SKUNK_RULE_THREE if players == 3 else "",
        "muggins_rule": MUGGINS_RULE if game.counting == "manual" else "",
        "cut": _cut(engine) if deal.number == 1 and phase is Phase.DISCARD else None,
        "hint": _hint(engine) if game.hints and not paused and your_turn else None,
    }


def _hint(engine) -> dict:
    """The best throw, with its link to the analyser at this table, or the card to lay."""
    if engine.deal.play is None:
        hint = table_discard_hint(engine, HUMAN)
        cards = ",".join(card.code for card in engine.deal.dealt[HUMAN])
        query = urlencode({"players": engine.players, "cards": cards, "seat": hint.seat.value})
        return {"throw": hint, "url": f"{reverse('counter:discard')}?{query}"}
    return {"lay": table_play_hint(engine, HUMAN)}


def _track_scores(engine) -> tuple[int, ...]:
    """Each track's score to 121: each player's at three, each team's at four."""
    scores = tuple(min(score, GAME_POINTS) for score in engine.scores)
    return scores[:2] if engine.players == 4 else scores


def _previous_tracks(engine) -> tuple[int, ...]:
    """Where each track's back peg stands: its score before its last peg."""
    tracks = 2 if engine.players == 4 else engine.players
    before = [0] * tracks
    running = [0] * tracks
    for peg in engine.pegs:
        track = peg.player % tracks
        if peg.points:
            before[track] = running[track]
            running[track] += peg.points
    return tuple(before)


def _seats(engine) -> list[dict]:
    """Each player at the table, in turn order from the player: their name, score, the
    cards they have laid this deal, how many they hold and whether it is their turn."""
    deal = engine.deal
    players = engine.players
    play = deal.play
    said_go = play.said_go if play is not None else frozenset()
    rows = []
    for seat in range(players):
        rows.append(
            {
                "seat": seat,
                "name": seat_name(seat, players),
                "partner": players == 4 and seat == PARTNER,
                "score": min(engine.scores[seat], GAME_POINTS),
                "dealer": seat == deal.dealer,
                "laid": deal.laid(seat),
                "holding": len(deal.held(seat)) if play is not None else len(deal.dealt[seat]),
                "thrown": bool(deal.thrown[seat]),
                "turn": engine.to_move == seat and engine.pending is None,
                "said_go": seat in said_go,
            }
        )
    return rows


def _cut(engine) -> dict | None:
    cut = engine.first_cut
    if cut is None:
        return None
    return {
        "cards": [
            {"name": seat_name(seat, engine.players), "card": card} for seat, card in enumerate(cut)
        ],
        "recuts": len(engine.cuts) - 1,
        "dealer": seat_name(engine.deal.dealer, engine.players),
    }


def _claim_what(engine) -> str:
    pending = engine.pending
    if pending.source is Source.HAND:
        return "your hand"
    if pending.source is Source.CRIB:
        return "your crib"
    turn = engine.deal.play.turns[pending.turn]
    return "the go" if turn.is_go else f"your {turn.card.label}"


def _claim_cards(engine) -> tuple:
    result = engine.claim_items(engine.pending)
    return (*result.hand, result.starter)


def _go_said(engine) -> str:
    """For the player's claim of the go: who said go after their last card."""
    pending = engine.pending
    if pending is None or pending.source is not Source.PLAY or pending.player != HUMAN:
        return ""
    turns = engine.deal.play.turns[: pending.turn + 1]
    if not turns[-1].is_go:
        return ""
    last = max(index for index, turn in enumerate(turns) if turn.card is not None)
    said = sorted({turn.player for turn in turns[last + 1 :]} - {HUMAN})
    names = ", ".join(seat_name(seat, engine.players) for seat in said)
    who = f"{names} said go" if names else "No one else holds a card"
    return f"{who}: your {turns[last].card.label} was the last card laid"


def _said(engine, paused: int | None) -> dict | None:
    """The player's last claim, said back when it was short (what scored and who took the
    rest) or over (corrected)."""
    records = [record for record in engine.claims if record.player == HUMAN]
    if not records or records[-1].claimed == records[-1].scored:
        return None
    record = records[-1]
    if record.deal != engine.deal.number and record.deal != paused:
        return None
    taker = seat_name(engine.muggins_taker(HUMAN), engine.players)
    items = engine.claim_items(record)
    if record.source is not Source.PLAY:
        text = show_claim_said(items, record.claimed, opponent=taker)
        return {"text": text, "record": record, "hand": items.hand, "starter": items.starter}
    deal = engine.deals[record.deal - 1]
    turns = deal.play.turns
    turn = turns[record.turn]
    card = next(t.card for t in reversed(turns[: record.turn + 1]) if t.card is not None)
    text = play_claim_said(
        card, items, record.claimed, go=turn.is_go, count=turn.count, opponent=taker
    )
    return {"text": text, "record": record}


def _series(engine, deal) -> list[list[dict]]:
    """The play of ``deal``, count by count: who laid what and what it pegged (the
    player's own card not while its claim is waited for)."""
    play = deal.play
    if play is None:
        return []
    pending = engine.pending if deal is engine.deal else None
    hide_yours = pending is not None and pending.source is Source.PLAY
    taken = {
        record.turn: record.missed
        for record in engine.claims
        if record.deal == deal.number and record.source is Source.PLAY and record.missed
    }
    series: list[list[dict]] = []
    for index, turn in enumerate(play.turns):
        if not series or (turn.card is not None and turn.count == turn.card.value):
            series.append([])
        yours = turn.player == HUMAN
        series[-1].append(
            {
                "turn": turn,
                "who": seat_name(turn.player, engine.players),
                "yours": yours,
                "words": "" if yours and hide_yours else pegged_words(turn.items),
                "taken": taken.get(index, 0),
            }
        )
    return series


def _counts(engine, deal) -> list[dict]:
    """The counts of the show made so far in ``deal``, in order: whose, itemised, and the
    player's claim for their own."""
    claims = {
        record.source: record
        for record in engine.claims
        if record.deal == deal.number and record.source is not Source.PLAY
    }
    return [
        {
            "count": count,
            "whose": whose(count.player, engine.players),
            "yours": count.player == HUMAN,
            "crib": count.source is Source.CRIB,
            "claim": claims.get(count.source) if count.player == HUMAN else None,
            "ident": f"breakdown-{deal.number}-{index}",
        }
        for index, count in enumerate(deal.counts)
    ]


def _counted_now(engine, deal) -> list[dict]:
    """The others' counts made since the player's last one in ``deal``."""
    shown: list[dict] = []
    for count in reversed(_counts(engine, deal)):
        if count["yours"]:
            break
        shown.insert(0, count)
    return shown


def _log(engine, number: int) -> list[dict]:
    return [
        {
            "who": seat_name(peg.player, engine.players),
            "source": peg.source.value,
            "points": peg.points,
        }
        for peg in engine.pegs
        if peg.deal == number and peg.points
    ]


def _summary(engine, number: int) -> dict | None:
    """Deal ``number`` as it went: what each player pegged and from what, each count in
    order, the crib and the play."""
    if number < 1:
        return None
    deal = engine.deals[number - 1]
    players = engine.players
    seats = []
    for seat in range(players):
        sources = engine.points_by_source(seat, number)
        seats.append(
            {
                "name": seat_name(seat, players),
                "total": sum(sources.values()),
                "play": sources[Source.PLAY],
                "heels": sources[Source.HEELS],
                "muggins": sources[Source.MUGGINS],
                "hand": deal.kept(seat),
            }
        )
    teams = None
    if players == 4:
        teams = [
            {"name": name, "total": seats[team]["total"] + seats[team + 2]["total"]}
            for team, name in enumerate(side_names(4))
        ]
    return {
        "number": number,
        "seats": seats,
        "teams": teams,
        "dealer": seat_name(deal.dealer, players),
        "crib_whose": whose(deal.dealer, players),
        "crib": deal.crib,
        "from_deck": deal.from_deck,
        "starter": deal.starter,
        "counts": _counts(engine, deal),
        "series": _series(engine, deal),
    }


def _ending(engine) -> dict:
    """How the game ended: who won (at four, which team), the last score, and each
    track's score to 121."""
    result = engine.result
    players = engine.players
    peg = None if result.resigned or not engine.pegs else engine.pegs[-1]
    sides = side_names(players)
    tracks = _track_scores(engine)
    winner_track = result.winner if players != 4 else result.winner % 2
    loser_track = result.loser if players != 4 else result.loser % 2
    return {
        "peg": peg,
        "who": seat_name(peg.player, players) if peg else "",
        "source": peg.source.value if peg else "",
        "winner": sides[winner_track],
        "winner_score": tracks[winner_track],
        "loser": sides[loser_track],
        "loser_score": tracks[loser_track],
        "others": [
            {"name": name, "score": score}
            for track, (name, score) in enumerate(zip(sides, tracks, strict=True))
            if track != winner_track
        ],
    }
