from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import unquote, urlsplit

from django.http import HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_safe
from django_htmx.http import push_url, replace_url

from cribbage.cards import Card
from cribbage.pegging import MAX_PLAYERS, MIN_PLAYERS, PegKind
from cribtrainer.htmx import HtmxHttpRequest, current_path, vary_on_htmx, wants_partial

from .discards import SEAT_LABELS, Analysis, DiscardHand, TableDiscardHand
from .entry import Entry
from .examples import SAID_IN_THE_PLAY, THREE_PLAYERS, shown_with_text
from .forms import (
    DISCARD_PLAYERS,
    ROUND_FORMS,
    ROUND_PLAYERS,
    CountForm,
    DiscardForm,
    PicksForm,
    PlayForm,
    TableDiscardForm,
    read_players,
)
from .plays import TablePlay, player_role
from .rounds import Round, RoundCount, TableCount, TableRound, player_key


@require_safe
@vary_on_htmx
def counter_page(request: HtmxHttpRequest) -> HttpResponse:
    """The hand counter; its query string is the count, so every count has a URL."""
    form = CountForm(request.GET)
    valid = form.is_valid()
    entry = form.entry
    share_url = _url_of("counter:counter", entry.query)
    message = form.message
    if _off(request, share_url, message):
        return redirect(share_url)
    result = entry.count() if valid else None
    partial = wants_partial(request)
    context = {
        "form": form,
        "entry": entry,
        "result": result,
        "message": message or entry.prompt,
        "status": _status(result, message or entry.prompt),
        "share_url": share_url,
        "share_url_absolute": request.build_absolute_uri(share_url),
        "round_url": _url_of("counter:round", Round(starter=entry.starter).query),
        "page_title": _title(entry, result),
    }
    if not partial:
        return render(request, "counter/counter.html", context)
    response = render(request, "counter/counter.html#count", {**context, "oob": True})
    return _record_in_history(response, request, share_url, CountForm, result is not None)


@require_safe
@vary_on_htmx
def round_page(request: HtmxHttpRequest) -> HttpResponse:
    """The counts of one deal with one starter: pone's hand, dealer's hand, crib; or, at a
    table of three or four (``players=3|4``), each hand from the dealer's left, then the
    crib."""
    players, wrong_players = read_players(
        request.GET.get("players", ""), sizes=ROUND_PLAYERS, what="a round"
    )
    form_class = ROUND_FORMS[players]
    form = form_class(request.GET)
    valid = form.is_valid()
    deal = form.round
    share_url = _url_of("counter:round", deal.query)
    message = wrong_players or form.message
    if _off(request, share_url, message):
        return redirect(share_url)
    valid = valid and not wrong_players
    if players == 2:
        count = deal.count() if valid else RoundCount((), False)
    else:
        count = deal.count() if valid else TableCount(players, (), False)
    partial = wants_partial(request)
    shows = {show.place.key: show for show in count.shows}
    filling = deal.filling
    context = {
        "form": form,
        "deal": deal,
        "count": count,
        "players": players,
        "table": players != 2,
        "rows": [
            {
                "place": place,
                "slots": slots,
                "show": shows.get(place.key),
                "text": " ".join(slot.card.code for slot in slots if slot.card),
                "filling": filling is not None and place.key == filling.key,
                "dealer": players != 2 and place.key == player_key(players - 1),
            }
            for place, slots in _slots_by_place(deal)
        ],
        "player_counts": [
            (n, _url_of("counter:round", "" if n == 2 else f"players={n}")) for n in ROUND_PLAYERS
        ],
        "counter_url": reverse("counter:counter"),
        "message": message or deal.prompt,
        "problem": bool(form.errors or wrong_players),
        "status": message or _round_status(deal, count),
        "share_url": share_url,
        "page_title": _round_title(deal, count),
    }
    status = 400 if wrong_players else 200
    if not partial:
        return render(request, "counter/round.html", context, status=status)
    response = render(request, "counter/round.html#round", {**context, "oob": True}, status=status)
    if wrong_players:
        return response
    return _record_in_history(response, request, share_url, form_class, valid and deal.complete)


@require_safe
@vary_on_htmx
def pegging_page(request: HtmxHttpRequest) -> HttpResponse:
    """The pegging counter: a play laid card by card, what each card pegs, and the totals."""
    form = PlayForm(request.GET)
    form.is_valid()
    play = form.play
    share_url = _url_of("counter:pegging", play.query)
    message = form.message
    if _off(request, share_url, message):
        return redirect(share_url)
    partial = wants_partial(request)
    seats = range(play.players)
    who = [f"Player {seat + 1}" for seat in seats]
    roles = [player_role(seat, play.players) for seat in seats]
    status = message or _play_status(play)
    context = {
        "form": form,
        "play": play,
        "who": who,
        "roles": roles,
        "totals": [
            {"who": who[player], "role": roles[player], "points": points}
            for player, points in play.record.totals.items()
        ],
        "player_counts": [
            (count, _url_of("counter:pegging", play.query_for(count)))
            for count in range(MIN_PLAYERS, MAX_PLAYERS + 1)
        ],
        "message": message,
        "status": status,
        "share_url": share_url,
        "page_title": _play_title(play),
    }
    if not partial:
        return render(request, "counter/pegging.html", context)
    response = render(request, "counter/pegging.html#pegging", {**context, "oob": True})
    # Every card changes the address, so that a reload or a shared link keeps the play, but
    # Back leaves the page rather than taking back one card at a time: "Take back" does that.
    if unquote(current_path(request)) != share_url:
        return replace_url(response, share_url)
    return response


@require_safe
def rules_page(request: HtmxHttpRequest) -> HttpResponse:
    """The rules, with worked examples the engine counts: the deal of three among them, with
    the round and pegging counters' addresses of its show and its play."""
    three = THREE_PLAYERS
    context = {
        "three": three,
        "three_names": ",".join(three.names),
        "three_said": SAID_IN_THE_PLAY,
        "three_show": shown_with_text(three),
        "three_round_url": _url_of("counter:round", three.round_query),
        "three_pegging_url": _url_of("counter:pegging", three.pegging_query),
    }
    return render(request, "rules/rules.html", context)


def _slots_by_place(deal: Round | TableRound) -> list[tuple]:
    slots = deal.slots
    return [
        (place, tuple(slot for slot in slots if slot.place.key == place.key))
        for place in deal.places
    ]


def _off(request: HtmxHttpRequest, share_url: str, message: str) -> bool:
    """Whether a full page was asked for at an address other than its own, with no problem
    to name there. Without JavaScript each tap is a form's GET, landing with the tap in the
    query string: the canonical address is the one to share and to stay on."""
    return (
        not wants_partial(request) and not message and unquote(request.get_full_path()) != share_url
    )


def _url_of(name: str, query: str) -> str:
    path = reverse(name)
    return f"{path}?{query}" if query else path


def _status(result, message: str) -> str:
    if result is None:
        return message
    return f"{result.total} points in the {'crib' if result.crib else 'hand'}."


def _title(entry: Entry, result) -> str:
    if result is None:
        return "Hand counter · Cribtrainer"
    return f"{result.total} · {_labels(entry.hand)} + {entry.starter.short_label} · Cribtrainer"


def _round_status(deal: Round | TableRound, count: RoundCount | TableCount) -> str:
    if not count.shows:
        return deal.prompt
    said = [f"{show.place.name} {show.result.total}" for show in count.shows]
    return ", ".join(said) + (f". {deal.prompt}" if deal.prompt else ".")


def _round_title(deal: Round | TableRound, count: RoundCount | TableCount) -> str:
    table = f" of {deal.players}" if isinstance(deal, TableRound) else ""
    if not deal.complete:
        return f"Count a round{table} · Cribtrainer"
    totals = " ".join(str(show.result.total) for show in count.shows)
    return f"{totals} · {deal.starter.short_label} · Round{table} · Cribtrainer"


def _play_status(play: TablePlay) -> str:
    """The last turn and what comes next, as the page announces it after each tap."""
    said = []
    turn = play.last_turn
    if turn is not None:
        who = f"Player {turn.player + 1}"
        if turn.is_go:
            said.append(f"{who} says go.")
            said.append(_go_point(play))
        else:
            scored = "".join(f", {item.name} {item.points}" for item in turn.items)
            said.append(f"{who} lays the {turn.card.label}: {turn.count}{scored}.")
    state = play.state
    if play.is_over:
        totals = ", ".join(f"player {p + 1} {points}" for p, points in play.record.totals.items())
        said.append(f"The play is over. Pegged: {totals}.")
    elif state.count == 0:
        said.append(f"Player {play.to_play_number} leads{' again' if turn else ''}, at 0.")
    else:
        said.append(f"Count {state.count}: player {play.to_play_number} to play, or say go.")
    return " ".join(said)


def _go_point(play: TablePlay) -> str:
    """Who pegged the go just said: the last to lay a card, once no one can play on."""
    turns = play.record.turns
    laid = next((turn for turn in reversed(turns) if not turn.is_go), None)
    if laid is None or not any(item.kind is PegKind.GO for item in laid.items):
        return ""
    if turns[-1].is_go and play.state.count == 0:
        return f"One for the go to player {laid.player + 1}."
    return ""


def _play_title(play: TablePlay) -> str:
    if not play.said:
        return "Pegging counter · Cribtrainer"
    totals = "–".join(str(points) for points in play.record.totals.values())
    return f"{totals} · the play · Cribtrainer"


def _record_in_history(
    response: HttpResponse,
    request: HtmxHttpRequest,
    url: str,
    form_class: type[PicksForm],
    counted: bool,
) -> HttpResponse:
    """Put counts into the history, never the cards picked on the way to them.

    Cards picked or taken out leave the address alone, so Back and Forward move between
    counts. A count pushes a new entry, unless the page shows a half-entered deal (opened
    from a link, say): then the count takes that entry's place.
    """
    if not counted:
        return response
    current = current_path(request)
    if unquote(current) == url:
        return response
    before, problem = form_class.read_places(QueryDict(urlsplit(current).query))
    if not problem and before.all_cards and not before.full:
        return replace_url(response, url)
    return push_url(response, url)


# --- the discard analyser ---------------------------------------------------------------


@require_safe
@vary_on_htmx
def discard_page(request: HtmxHttpRequest) -> HttpResponse:
    """Which two of six cards to throw: the 15 choices with their expected points, best
    first, and what the keep looked at can score; at a table of three or four
    (``players=3|4``), which one of five."""
    players, wrong_players = read_players(
        request.GET.get("players", ""), sizes=DISCARD_PLAYERS, what="the discard"
    )
    table = players != 2
    form_class = TableDiscardForm if table else DiscardForm
    form = form_class(request.GET)
    cards_read = form.is_valid() and not wrong_players
    hand = form.hand
    share_url = _url_of("counter:discard", hand.query)
    message = wrong_players or form.message
    if _off(request, share_url, message):
        return redirect(share_url)
    analysis = hand.analyse() if cards_read else None
    partial = wants_partial(request)
    context = {
        "form": form,
        "hand": hand,
        "table": table,
        "players": players,
        "player_counts": _discard_player_counts(),
        "seats": [(seat, SEAT_LABELS[seat]) for seat in hand.seats] if table else [],
        "analysis": analysis,
        "message": message or hand.prompt,
        "problem": form.problem or bool(wrong_players),
        "typed": hand.text if cards_read else form.raw_cards,
        "status": message or _discard_status(analysis) or hand.prompt,
        "share_url": share_url,
        "share_url_absolute": request.build_absolute_uri(share_url),
        "page_path": reverse("counter:discard"),
        "page_title": _discard_title(hand, analysis),
    }
    if not partial:
        # At three or four a seat the table does not have is a form error, and bad cards
        # are named there as a 400 too; at two the page names them as part of the picking.
        refused = wrong_players or (table and form.errors)
        return render(request, "counter/discard.html", context, status=400 if refused else 200)
    # htmx swaps nothing on an error status, so a typing mistake sent from the page comes
    # back as the page's own message; a number of players the analyser does not have is a
    # 400 in every form.
    response = render(
        request,
        "counter/discard.html#discard",
        {**context, "oob": True},
        status=400 if wrong_players else 200,
    )
    return _record_in_history(response, request, share_url, form_class, analysis is not None)


def _discard_player_counts() -> list[tuple[int, str]]:
    return [
        (n, _url_of("counter:discard", "" if n == 2 else f"players={n}")) for n in DISCARD_PLAYERS
    ]


def _discard_status(analysis: Analysis | None) -> str:
    if analysis is None:
        return ""
    best = analysis.best.option
    said = (
        f"Best: keep {_labels(best.keep)}, throw {_labels(best.throw)}, "
        f"{best.net_ev:.2f} points net."
    )
    if analysis.chosen is not analysis.best:
        chosen = analysis.chosen.option
        said += f" Shown: keep {_labels(chosen.keep)}, {analysis.behind:.2f} behind."
    return said


def _discard_title(hand: DiscardHand | TableDiscardHand, analysis: Analysis | None) -> str:
    if isinstance(hand, TableDiscardHand):
        what = f"Which one to throw, {hand.players} players"
        if analysis is None:
            return f"{what} · Cribtrainer"
        return f"{_labels(hand.cards)} as {hand.seat_name} · {what} · Cribtrainer"
    if analysis is None:
        return "Which two to throw · Cribtrainer"
    return f"{_labels(hand.cards)} as {hand.role.value} · Which two to throw · Cribtrainer"


def _labels(cards: Iterable[Card]) -> str:
    return " ".join(card.short_label for card in cards)
