"""The game review: each decision of a game measured against the best one, as a coach would.

``review_game(game)`` takes an engine ``Game`` and returns its reviewed deals, each with
its decisions in the order they were made:

- a **discard**: the two cards thrown against the best throw by exact expected value of
  hand and crib, the other player's two crib cards thrown as a good player throws them
  (``discard_options`` with ``CRIB_MODEL``, the model the analyser, the discard quiz and
  the computer use: the figures of ``crib discard --crib-model good --json``); the loss is
  the difference of net values, split into what the hand loses and what the crib loses
  (or gives the opponent), with the throw's rank among the 15;
- a **lay**: the card laid against the best card by the strong computer's search of the
  rest of the play (``computer.lay_values``, with no endgame: expected pegging points, own
  minus the opponent's), over the opponent's possible hands given what the player had seen
  then (their own six, the starter, the cards laid). The first lead of a deal is judged as
  strong leads: the best lead is the pegging table's for the four ranks (``peg_table``,
  300 searches of the whole play per hand), so strong's own leads lose nothing; another
  lead loses what the search (``lay_values``) makes of the table's lead over it, never
  less than 0. The search of a first lead is the longest of the deal, made only then;
- a **go**: forced, never a loss;
- a **claim** (manual counting): the points claimed against the score; the loss is what
  muggins took. An over-claim costs nothing (it is corrected) but is not right. Each claim
  keeps what it was for: a show's four cards, the starter and the count item by item
  (``score_show``'s items, grouped as players say them), and the ways the points missed
  could be made of those items (``missed_ways``); a move in the play, the cards laid
  before it in the series, the count it made and what it pegged.

Each decision is classed by its loss, by one rule (``decision_class``) that the quizzes
use too: within 0.05 points it is best (near ties are common, and the quizzes grade a
discard the same way); up to 0.3 good, about the noise of the sampled play search and of
the pegging the exact discard values leave out; more than 0.3 an inaccuracy, more than 1.0
a mistake (a whole point given away by one choice), more than 2.0 a blunder (a pair or a
fifteen's worth). A claim that missed one point is an inaccuracy, two a mistake, three or
more a blunder; an over-claim is classed by its loss too (``claim_class``). A go, and a card
laid when only one rank fits, are forced. Inaccuracies, mistakes and blunders are errors
(``ERRORS``), marked ✗ wherever a verdict is shown; the other classes ✓ (``verdict_mark``).

Only deals whose show is over are reviewed while a game goes on (``reviewable``): the
current deal holds cards the player has not seen. A finished game is reviewed whole.

At three or four players the same decisions, classed by the same rule: each throw of one
from five by ``discard_options`` for the seat (the crib the dealer's, at four the dealer's
team's, against an opponent; its other cards any the deck still holds, all alike: the
review names the random model); each card laid by the search of the rest of the play at
the table (``lay_values``, ``maxn``), as deep as at two, so strong's own lays lose nothing;
each claim as at two, with the seat that took what was missed (``taker``). Each decision
names its ``seat``, each deal its ``dealer_seat`` and each seat's losses
(``seat_totals``); "computer" is every computer at the table together.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .cards import Card
from .computer import lay_values
from .discard import CRIB_MODEL, CribModel, DiscardOption, discard_options
from .game import Game
from .hints import discard_reasons, lay_hint
from .peg_table import play_value_of
from .pegging import GO, PegItem, PlayState, pegged_words
from .records import ClaimRecord, Deal
from .rules import GAME_POINTS, HAND_SIZE, other
from .seating import Seating
from .show import ShowGroup, ShowKind, ShowResult
from .words import number_word

__all__ = [
    "CLASSES",
    "ERRORS",
    "EVALUATION",
    "KINDS",
    "DealReview",
    "Decision",
    "claim_class",
    "decision_class",
    "is_error",
    "missed_ways",
    "review_deal",
    "review_game",
    "review_json",
    "reviewable",
    "verdict_mark",
]

EVALUATION = "6"
"""The version of the evaluation a review was made with: change it whenever
``discard_options`` or ``lay_values`` would value a decision differently, and stored
reviews are made again. 2: discards valued with the good player's crib (``CRIB_MODEL``),
as the analyser and the quizzes value them, no longer the random one. 3: an over-claim
classed by its loss, 0 (``claim_class``), no longer an inaccuracy. 4: each claim keeps its
cards and items, and the ways its points missed are made (``missed_ways``). 5: a card laid
at three or four valued by the search of the rest of the play (``maxn``), no longer by a
look one card ahead. 6: each error of the human's throws and lays says why the best was
better (``why``, the hints' words)."""

BEST_WITHIN = 0.05
CLASSES: tuple[tuple[str, float], ...] = (
    ("blunder", 2.0),
    ("mistake", 1.0),
    ("inaccuracy", 0.3),
    ("good", BEST_WITHIN),
)
"""Each class and the loss it must exceed, worst first; a loss of 0.05 or less is best."""
ERRORS = frozenset(("inaccuracy", "mistake", "blunder"))
"""The classes that are errors: a loss over 0.3 points, more than the noise of the values."""
KINDS = ("discard", "play", "muggins")
"""What the totals add up, by the kind of decision: discards, lays, and claims (muggins)."""
_TIE = 1e-9


def decision_class(loss: float) -> str:
    """The class of a decision that lost ``loss`` expected points (see the module): the one
    rule of the review, the discard quiz and the lay quiz."""
    for name, above in CLASSES:
        if loss > above:
            return name
    return "best"


def claim_class(missed: int) -> str:
    """The class of a claim that let muggins take ``missed`` points, by the same rule.

    An over-claim is classed by its loss like any decision: under muggins the points
    claimed beyond the score are corrected and nobody takes anything, so it loses 0 and is
    best by points (it was an inaccuracy before, a class that says over 0.3 points were
    lost, and a claim that costs nothing loses less than a card laid 0.2 behind the best).
    What was wrong with it is said beside the class ("over by 2, corrected"), and the review
    never counts it among the right claims."""
    return decision_class(float(missed))


def is_error(klass: str) -> bool:
    """Whether a decision of class ``klass`` is an error: an inaccuracy or worse."""
    return klass in ERRORS


def verdict_mark(klass: str) -> str:
    """The mark a page shows beside a decision of class ``klass``: ✗ for an error, ✓ for a
    best, good or forced one; never a ✗ beside "Good"."""
    return "✗" if is_error(klass) else "✓"


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision reviewed. ``chosen`` and ``best`` are cards (a discard's two, a lay's
    one), "go", or points (a claim); ``loss`` is in expected points, 0 for the best."""

    kind: str
    player: int
    chosen: Any
    best: Any
    loss: float
    klass: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self, human: int) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "player": "you" if self.player == human else "computer",
            "chosen": _json(self.chosen),
            "best": _json(self.best),
            "loss": self.loss,
            "class": self.klass,
            **self.details,
        }


@dataclass(frozen=True, slots=True)
class DealReview:
    number: int
    dealer: int
    starter: Card | None
    decisions: tuple[Decision, ...]
    players: int = 2

    def lost(self, player: int) -> dict[str, float]:
        """Points ``player`` lost in this deal, by kind (``KINDS``) and in all."""
        return _lost(self.decisions, (player,))

    def to_dict(self, human: int) -> dict[str, Any]:
        if self.players != 2:
            return self._table_dict(human)
        computer = other(human)
        return {
            "number": self.number,
            "dealer": "you" if self.dealer == human else "computer",
            "starter": None if self.starter is None else self.starter.code,
            "decisions": [decision.to_dict(human) for decision in self.decisions],
            "totals": {"you": self.lost(human), "computer": self.lost(computer)},
        }

    def _table_dict(self, human: int) -> dict[str, Any]:
        """At three or four, the same fields ("computer" is every computer at the table
        together), the dealer's seat, and each seat's losses (``seat_totals``)."""
        computers = tuple(seat for seat in range(self.players) if seat != human)
        return {
            "number": self.number,
            "dealer": "you" if self.dealer == human else "computer",
            "dealer_seat": self.dealer,
            "starter": None if self.starter is None else self.starter.code,
            "decisions": [decision.to_dict(human) for decision in self.decisions],
            "totals": {"you": self.lost(human), "computer": _lost(self.decisions, computers)},
            "seat_totals": [self.lost(seat) for seat in range(self.players)],
        }


def _lost(decisions: Iterable[Decision], players: tuple[int, ...]) -> dict[str, float]:
    totals = dict.fromkeys(KINDS, 0.0)
    for decision in decisions:
        if decision.player in players:
            totals[_KIND_TOTAL[decision.kind]] += decision.loss
    totals["all"] = sum(totals.values())
    return totals


_KIND_TOTAL = {"discard": "discard", "lay": "play", "go": "play", "claim": "muggins"}


def reviewable(game: Game) -> tuple[Deal, ...]:
    """The deals a review may show: every deal of a finished game; while it goes on, the
    deals before the current one (whose show is over: every card of them has been seen)."""
    return game.deals if game.is_over else game.deals[:-1]


def review_game(game: Game, *, start: int = 1) -> tuple[DealReview, ...]:
    """Each reviewable deal of ``game`` from deal number ``start`` on, reviewed."""
    return tuple(review_deal(game, deal) for deal in reviewable(game) if deal.number >= start)


def review_deal(game: Game, deal: Deal) -> DealReview:
    """One deal's decisions, in the order they were made: each throw from the dealer's
    left (at two the pone's, then the dealer's), the play, then the human's claims. At
    three or four each decision names its ``seat``, and each claim the seat that took what
    was missed (``taker``). Each error of the human's throws and lays says ``why`` the
    best was better, as the hints say it ("it keeps the count off 21")."""
    seating = game.seating
    decisions = [
        _discard(deal, seat, seating) for seat in deal.seats_from_left if deal.thrown[seat]
    ]
    decisions.extend(_play(deal, seating))
    table = deal.players != 2
    for record in game.claims:
        if record.deal != deal.number or record.player != game.human:
            continue
        claim = _claim(deal, record, game.claim_items(record))
        if table:
            taker = {"taker": game.muggins_taker(record.player)}
            claim = replace(claim, details={**claim.details, **taker})
        decisions.append(claim)
    if table:
        decisions = [replace(d, details={"seat": d.player, **d.details}) for d in decisions]
    return DealReview(deal.number, deal.dealer, deal.starter, tuple(decisions), deal.players)


def review_json(game: Game, reviews: Iterable[DealReview] | None = None) -> dict[str, Any]:
    """The review as one JSON-able object: ``game``, ``deals`` and ``totals`` (what the
    ``review.json`` page and ``crib review`` print)."""
    human = 0 if game.human is None else game.human
    reviews = review_game(game) if reviews is None else tuple(reviews)
    return assemble(game_summary(game), [review.to_dict(human) for review in reviews])


def game_summary(game: Game) -> dict[str, Any]:
    """What the review says of the game itself; nothing of cards not yet seen (no seed)."""
    human = 0 if game.human is None else game.human
    winner = game.winner
    # The score the human races: the other player's, at three the better opponent's, at
    # four the other team's.
    racing = max(game.scores[seat] for seat in _opponents(game.players, human))
    if winner is not None and game.players == 4:
        winner = human if winner % 2 == human % 2 else winner
    summary = {
        # A winning peg may run past 121: the scores stop at the game hole, as on the board.
        "scores": {
            "you": min(game.scores[human], GAME_POINTS),
            "computer": min(racing, GAME_POINTS),
        },
        "over": game.is_over,
        "winner": None if winner is None else ("you" if winner == human else "computer"),
        "counting": game.counting.value,
    }
    if game.players != 2:
        summary["players"] = game.players
        summary["seat_scores"] = [min(score, GAME_POINTS) for score in game.scores]
    return summary


def _opponents(players: int, human: int) -> tuple[int, ...]:
    partner = (human + 2) % 4 if players == 4 else human
    return tuple(seat for seat in range(players) if seat not in (human, partner))


def assemble(game: dict[str, Any], deals: list[dict[str, Any]]) -> dict[str, Any]:
    """The review object from the game's summary and its deals' JSON (``to_dict``), the
    totals added up: points lost by kind, per player, in all and per deal on average."""
    totals = {}
    for player in ("you", "computer"):
        kinds = {kind: 0.0 for kind in (*KINDS, "all")}
        for deal in deals:
            for kind, lost in deal["totals"][player].items():
                kinds[kind] += lost
        kinds["per_deal"] = kinds["all"] / len(deals) if deals else 0.0
        totals[player] = kinds
    players = game.get("players", 2)
    review = {
        "evaluation": EVALUATION,
        # At three or four the crib's other cards are any the deck still holds, all alike
        # (``table_discard_options``): the random model's way.
        "crib_model": (CRIB_MODEL if players == 2 else CribModel.RANDOM).value,
        "game": game,
        "deals": deals,
        "totals": totals,
    }
    if players != 2:  # a table of three or four says so; two as it was
        review["players"] = players
    return review


# --- the decisions ---------------------------------------------------------------------


def _discard(deal: Deal, seat: int, seating: Seating) -> Decision:
    """A throw against the best for the seat: at two by the good player's crib model, at
    three or four with the crib's other cards any left (``discard_options``); the human's
    error with why the best throw was better."""
    role = seating.role(seat, deal.dealer)
    dealt = deal.dealt[seat]
    model = CRIB_MODEL if deal.players == 2 else CribModel.RANDOM
    options = discard_options(dealt, role, model, players=deal.players)
    sign = 1 if role.owns_crib else -1
    name = "six" if deal.players == 2 else "five"
    decision = _discard_decision(deal, seat, options, sign, (name, dealt), role.value)
    if seat != seating.human or not is_error(decision.klass):
        return decision
    crib = f"{seating.possessive(deal.dealer)} crib"
    # What the keep and the throw are worth; not the next best throw's gap, a figure.
    why = "; ".join(discard_reasons(options, role, crib=crib)[:2])
    return replace(decision, details={**decision.details, "why": why})


def _discard_decision(
    deal: Deal,
    seat: int,
    options: Sequence[DiscardOption],
    sign: int,
    dealt: tuple[str, Sequence[Card]],
    role: str,
) -> Decision:
    """The throw ``seat`` made in ``deal`` against the best of ``options`` (best first),
    its loss in the hand and in the crib (``sign``: +1 for the thrower's side's crib),
    with the cards dealt under their name (``dealt``: "six" or "five", and the cards) and
    the seat's ``role``."""
    thrown = set(deal.thrown[seat])
    chosen = next(option for option in options if set(option.throw) == thrown)
    best = options[0]
    loss = max(best.net_ev - chosen.net_ev, 0.0)
    name, cards = dealt
    return Decision(
        "discard",
        seat,
        chosen.throw,
        best.throw,
        loss,
        decision_class(loss),
        {
            "hand_loss": best.hand_ev - chosen.hand_ev,
            "crib_loss": sign * (best.crib_ev - chosen.crib_ev) + 0.0,
            "rank": options.index(chosen) + 1,
            name: [card.code for card in cards],
            "role": role,
            "keep": [card.code for card in chosen.keep],
            "best_keep": [card.code for card in best.keep],
        },
    )


def _play(deal: Deal, seating: Seating) -> list[Decision]:
    """Each turn of the play: a lay valued by the search (the human's error with why the
    best card was better), a go as forced."""
    if deal.play is None or deal.starter is None:
        return []
    decisions = []
    state = PlayState.start(deal.players, deal.pone)
    laid: dict[int, list[Card]] = {seat: [] for seat in range(deal.players)}
    for index, turn in enumerate(deal.play.turns):
        seat = turn.player
        if turn.card is None:
            decisions.append(
                Decision("go", seat, GO, GO, 0.0, "forced", {"turn": index, "count": state.count})
            )
            state = state.say_go()[0]
            continue
        held = tuple(card for card in deal.kept(seat) if card not in laid[seat])
        decisions.append(_lay(deal, seat, state, held, turn.card, index, seating))
        laid[seat].append(turn.card)
        state = state.lay(turn.card)[0]
    return decisions


def _lay(
    deal: Deal,
    seat: int,
    state: PlayState,
    held: tuple[Card, ...],
    card: Card,
    index: int,
    seating: Seating,
) -> Decision:
    fitting = state.playable(held)
    details = {
        "turn": index,
        "count": state.count,
        "series": [laid.code for laid in state.series],
        "hand": [own.code for own in held],
    }
    if len({int(fit.rank) for fit in fitting}) == 1:
        return Decision("lay", seat, card, card, 0.0, "forced", details)
    lead = None
    first_lead = not state.turns and len(held) == HAND_SIZE
    if first_lead and deal.players == 2:  # the first lead: strong's, from the table
        lead = play_value_of([int(own.rank) for own in held]).lead
        if card.rank == lead:
            return Decision("lay", seat, card, card, 0.0, "best", details)
    assert deal.starter is not None
    seen = (*deal.dealt[seat], deal.starter, *(t.card for t in state.turns if t.card))
    values = lay_values(held, state, seat, seen)  # at three or four, the table's search
    rank = max(sorted(values), key=lambda r: values[r]) if lead is None else lead
    loss = values[rank] - values[int(card.rank)]
    if loss <= _TIE:
        best, loss = card, 0.0
    else:
        best = min(fit for fit in fitting if fit.rank == rank)
    details["values"] = {_rank_letter(fitting, rank): value for rank, value in values.items()}
    klass = decision_class(loss)
    if seat == seating.human and is_error(klass):
        details["why"] = lay_hint(state, held, best, seen, seating, values).why
    return Decision("lay", seat, card, best, loss, klass, details)


def _rank_letter(fitting: tuple[Card, ...], rank: int) -> str:
    return next(card for card in fitting if card.rank == rank).rank.letter


def _claim(deal: Deal, record: ClaimRecord, scored: tuple[PegItem, ...] | ShowResult) -> Decision:
    details: dict[str, Any] = {
        "source": record.source.value,
        "missed": record.missed,
        "over_claimed": record.over_claimed,
    }
    if isinstance(scored, ShowResult):
        details.update(_show_details(scored, record.missed))
    else:
        assert deal.play is not None and record.turn is not None
        turn = deal.play.turns[record.turn]
        card = turn.card
        state = PlayState.start(deal.players, deal.pone)
        for before in deal.play.turns[: record.turn]:
            state = state.say_go()[0] if before.card is None else state.lay(before.card)[0]
        details["turn"] = record.turn
        details["card"] = GO if card is None else card.code
        details["series"] = [laid.code for laid in state.series]
        details["count"] = turn.count
        details["items"] = [
            {"kind": item.kind.value, "name": item.name, "points": item.points} for item in scored
        ]
        details["said"] = pegged_words(scored)
    klass = claim_class(record.missed)
    return Decision(
        "claim", record.player, record.claimed, record.scored, float(record.missed), klass, details
    )


def _show_details(result: ShowResult, missed: int) -> dict[str, Any]:
    """A show claim's cards and count: the four, the starter, the items and their groups."""
    return {
        "hand": [card.code for card in result.hand],
        "starter": result.starter.code,
        "crib": result.crib,
        "items": [
            {
                "kind": item.kind.value,
                "cards": [card.code for card in item.cards],
                "points": item.points,
            }
            for item in result.items
        ],
        "groups": [
            {
                "key": group.key,
                "said": group_words(group),
                "cards": [card.code for card in group.cards],
                "points": group.points,
            }
            for group in result.groups
        ],
        "announce": result.announce,
        "missed_ways": [list(way) for way in missed_ways(result, missed)],
    }


def group_words(group: ShowGroup) -> str:
    """A scoring group as a coach names it: "a fifteen", "a pair of fours", "a double run
    of three", "a flush of four", "his nobs"."""
    if group.kind is ShowKind.PAIR:
        return f"a {group.name} of {group.cards[0].rank.plural}"
    if group.kind is ShowKind.NOBS:
        return "his nobs"
    return f"a {group.name}"


WAYS = 3
"""At most this many ways of making a shortfall are said: more tell the player nothing."""


def missed_ways(result: ShowResult, missed: int) -> tuple[tuple[str, ...], ...]:
    """The ways the ``missed`` points of a count short by that much could be made of its
    items, each the groups or parts left out, as a coach would name them ("a fifteen for
    2", "the pair of fours in a double run of three for 2"): a total claimed does not say
    which items were counted, so every way that adds up is a guess. Distinct ways only,
    the fewest items first; none when there are more than ``WAYS``, or nothing missed."""
    if missed <= 0:
        return ()
    pieces: list[tuple[int, str, int]] = []  # (group index, words, points)
    for index, group in enumerate(result.groups):
        said = group_words(group)
        pieces.append((index, f"{said} for {number_word(group.points)}", group.points))
        for part, points in group.parts[1:]:
            words = f"the {part.removeprefix('a ')} in {said} for {number_word(points)}"
            pieces.append((index, words, points))
        if group.key == "flush-5":
            pieces.append((index, "the starter's point in the flush for one", 1))
    ways: set[tuple[str, ...]] = set()

    def search(start: int, left: int, used: frozenset[int], words: tuple[str, ...]) -> None:
        if left == 0:
            ways.add(tuple(sorted(words)))
            return
        for n in range(start, len(pieces)):
            index, said, points = pieces[n]
            if index not in used and points <= left:
                search(n + 1, left - points, used | {index}, (*words, said))

    search(0, missed, frozenset(), ())
    if len(ways) > WAYS:
        return ()
    return tuple(sorted(ways, key=lambda way: (len(way), way)))


def _json(value: Any) -> Any:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, tuple):
        return [_json(item) for item in value]
    return value
