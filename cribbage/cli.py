"""The ``crib`` command: count a show, score a play, value discards, tabulate all deals.

``crib match`` plays computer levels against each other and prints one JSON object.
``crib review STATE.json`` reviews a game (a state as ``Game.to_dict`` gives it): each
decision against the best, as one JSON object, the same as the review page's JSON.

``crib peg`` scores cards in the order laid, ``go`` marking where no one could play; with
``--players N`` it follows a play for 2, 3 or 4 players, each ``go`` said by the player
whose turn it is, and says who pegged what (player 1 leads, the dealer is N).

``crib discard --players 3|4`` values the five ways to throw one of five cards, for the
dealer (``--dealer``), the dealer's partner at four (``--partner``) or an opponent
(``--opponent``, or ``--pone``).

With cards on the command line each subcommand answers once (``--json`` for one JSON
object). With none, ``count``, ``peg`` and ``discard`` read one deal per line from stdin
and write one JSON line per deal; a bad line gives ``{"error": "..."}`` on its line and the
rest go on. Bad input on the command line gives one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import Any, NamedTuple, NoReturn, TextIO

from .cards import Card, CardError, format_cards, parse_cards, split_tokens
from .computer import pegging_term
from .discard import CribModel, DiscardOption, Role, discard_options
from .pegging import GO, MAX_PLAYERS, MIN_PLAYERS, PegItem, Play, PlayRecord, peg_play, peg_sequence
from .rules import DEALT_EACH
from .show import ShowResult, score_show
from .stats import MAX_SHOW, ShowDistribution, show_distribution

USAGE_ERROR = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: {message}\n")


def _codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


# --- count -----------------------------------------------------------------------------


def _count(tokens: Sequence[str], crib: bool) -> ShowResult:
    cards = parse_cards(tokens)
    if len(cards) != 5:
        raise CardError(f"expected 5 cards (four in the hand, then the starter), got {len(cards)}")
    return score_show(cards[:4], cards[4], crib=crib)


def show_json(result: ShowResult) -> dict[str, Any]:
    return {
        "hand": _codes(result.hand),
        "starter": result.starter.code,
        "crib": result.crib,
        "total": result.total,
        "items": [
            {"kind": item.kind.value, "cards": _codes(item.cards), "points": item.points}
            for item in result.items
        ],
        "announce": result.announce,
        "heels": result.heels,
        "groups": [
            {
                "key": group.key,
                "name": group.name,
                "cards": _codes(group.cards),
                "points": group.points,
            }
            for group in result.groups
        ],
    }


def show_text(result: ShowResult) -> str:
    what = "Crib" if result.crib else "Hand"
    lines = [f"{what}: {format_cards(result.hand)}   starter: {result.starter.code}"]
    for item in result.items:
        lines.append(f"  {item.kind.value:<8} {format_cards(item.cards):<15} {item.points:>2}")
    lines.append(f"Total: {result.total}")
    lines.append(result.announce)
    lines.extend(note.text for note in result.notes)
    return "\n".join(lines)


# --- peg -------------------------------------------------------------------------------


def _peg(tokens: Sequence[str]) -> tuple[Play, ...]:
    return peg_sequence(token for part in tokens for token in split_tokens(part))


def _peg_item_json(item: PegItem) -> dict[str, Any]:
    return {"kind": item.kind.value, "points": item.points}


def peg_json(plays: tuple[Play, ...]) -> dict[str, Any]:
    return {
        "plays": [
            {
                "card": play.card.code,
                "count": play.count,
                "points": play.points,
                "items": [_peg_item_json(item) for item in play.items],
            }
            for play in plays
        ]
    }


def peg_text(plays: tuple[Play, ...]) -> str:
    lines = []
    for play in plays:
        scored = ", ".join(f"{item.kind.value} {item.points}" for item in play.items)
        line = f"{play.card.code:<3} count {play.count:>2}"
        lines.append(f"{line}   {scored} = {play.points}" if scored else line)
    lines.append(f"Total: {sum(play.points for play in plays)}")
    return "\n".join(lines)


def play_record_json(record: PlayRecord) -> dict[str, Any]:
    """The cards laid as ``peg_json`` gives them, with who laid each, and the totals; the
    players numbered from 1 (the leader) as people number them."""
    return {
        "players": record.players,
        "plays": [
            {
                "card": turn.card.code,
                "count": turn.count,
                "points": turn.points,
                "items": [{**_peg_item_json(item), "name": item.name} for item in turn.items],
                "player": turn.player + 1,
            }
            for turn in record.plays
            if turn.card is not None
        ],
        "totals": {str(player + 1): points for player, points in record.totals.items()},
        "over": record.is_over,
    }


def play_record_text(record: PlayRecord) -> str:
    lines = []
    for turn in record.turns:
        said = GO if turn.card is None else turn.card.code
        line = f"player {turn.player + 1}  {said:<3} count {turn.count:>2}"
        scored = ", ".join(f"{item.name} {item.points}" for item in turn.items)
        lines.append(f"{line}   {scored} = {turn.points}" if scored else line)
    if not record.is_over:
        down, all_cards = len(record.plays), 4 * record.players
        lines.append(f"The play goes on: {down} of {all_cards} cards are down")
    for player, points in record.totals.items():
        dealer = " (dealer)" if player == record.players - 1 else ""
        lines.append(f"Total for player {player + 1}{dealer}: {points}")
    return "\n".join(lines)


# --- discard ---------------------------------------------------------------------------


class _DiscardAnswer(NamedTuple):
    cards: tuple[Card, ...]
    players: int
    role: Role
    options: tuple[DiscardOption, ...]
    crib_model: CribModel = CribModel.RANDOM


def _discard(
    tokens: Sequence[str], players: int, role: Role, crib_model: CribModel = CribModel.RANDOM
) -> _DiscardAnswer:
    cards = parse_cards(tokens, count=DEALT_EACH if players == 2 else None)
    options = discard_options(cards, role, crib_model, players=players)
    return _DiscardAnswer(cards, players, role, options, crib_model)


def _role_at(players: int, role: Role) -> Role:
    """The role a flag names at the table: --pone and --opponent are one seat at two (the
    pone) and at three or four (an opponent of the dealer)."""
    if role in (Role.PONE, Role.OPPONENT):
        return Role.PONE if players == 2 else Role.OPPONENT
    return role


_ROLE_WORDS = {
    Role.DEALER: "dealer",
    Role.PONE: "pone",
    Role.PARTNER: "the dealer's partner",
    Role.OPPONENT: "an opponent",
}
CRIB_MODEL_WORDS = {
    CribModel.GOOD: "the other player throws to the crib like a good player",
    CribModel.RANDOM: "the other player throws two cards at random",
}
_TABLE_CRIB_WORDS = "the other cards in it and the starter are any of the unseen alike"


def discard_json(answer: _DiscardAnswer) -> dict[str, Any]:
    """At two: ``cards``, ``role``, ``crib_model`` and the options with the pegging
    estimate; at three or four ``players`` and ``seat`` in the role's place."""
    two = answer.players == 2
    options = []
    for option in answer.options:
        row = {
            "keep": _codes(option.keep),
            "throw": _codes(option.throw),
            "hand_ev": option.hand_ev,
            "crib_ev": option.crib_ev,
            "net_ev": option.net_ev,
        }
        if two:  # an estimate, kept apart from the exact figures and out of net_ev
            row["pegging_ev"] = pegging_term(option.keep, answer.role)
        options.append(row)
    seat: dict[str, object] = {"role": answer.role.value} if two else {"players": answer.players}
    if not two:
        seat["seat"] = answer.role.value
    return {
        "cards": _codes(answer.cards),
        **seat,
        "crib_model": answer.crib_model.value,
        "options": options,
    }


def discard_text(answer: _DiscardAnswer) -> str:
    two = answer.players == 2
    crib_sign = "+" if answer.role.owns_crib else "-"
    table = "" if two else f" at {answer.players} players"
    lines = [
        f"{format_cards(answer.cards)}{table} as {_ROLE_WORDS[answer.role]}: "
        f"net = hand {crib_sign} crib",
        f"  crib: {CRIB_MODEL_WORDS[answer.crib_model] if two else _TABLE_CRIB_WORDS}",
        f"  {'keep':<12} {'throw':<6} {'hand':>8} {'crib':>8} {'net':>8}"
        + (f" {'peg*':>7}" if two else ""),
    ]
    for option in answer.options:
        line = (
            f"  {format_cards(option.keep):<12} {format_cards(option.throw):<6} "
            f"{option.hand_ev:>8.4f} {option.crib_ev:>8.4f} {option.net_ev:>8.4f}"
        )
        if two:
            line += f" {pegging_term(option.keep, answer.role):>+7.2f}"
        lines.append(line)
    if two:
        lines.append(PEGGING_NOTE)
    return "\n".join(lines)


PEGGING_NOTE = (
    "* peg: what the kept four may peg in the play, yours minus the opponent's, as the strong "
    "computer estimates it (sampled hands); an estimate, not in net."
)


# --- stats -----------------------------------------------------------------------------


def stats_json(distribution: ShowDistribution) -> dict[str, Any]:
    return {
        "rules": "crib" if distribution.crib else "hand",
        "deals": distribution.deals,
        "counts": {str(total): n for total, n in enumerate(distribution.counts)},
        "mean": distribution.mean,
    }


def stats_text(distribution: ShowDistribution) -> str:
    rules = "crib" if distribution.crib else "hand"
    lines = [
        f"{distribution.deals:,} deals, {rules} rules",
        f"  {'total':>5} {'deals':>10} {'%':>8}",
    ]
    for total in range(MAX_SHOW + 1):
        n = distribution.counts[total]
        lines.append(f"  {total:>5} {n:>10,} {100 * n / distribution.deals:>8.4f}")
    lines.append(f"mean {distribution.mean:.6f}")
    return "\n".join(lines)


# --- running ---------------------------------------------------------------------------


Answer = Callable[[Sequence[str]], Any]
"""What a command makes of the cards it is given (raising CardError on bad ones)."""
ToJson = Callable[[Any], dict[str, Any]]
ToText = Callable[[Any], str]


def _each_line(stdin: TextIO, stdout: TextIO, answer: Answer, to_json: ToJson) -> int:
    for line in stdin:
        if not line.strip():
            continue
        try:
            reply = to_json(answer([line]))
        except CardError as error:
            reply = {"error": str(error)}
        stdout.write(json.dumps(reply) + "\n")
    return 0


def _players_option(command: argparse.ArgumentParser, default: int | None, said: str) -> None:
    command.add_argument(
        "--players",
        type=int,
        choices=range(MIN_PLAYERS, MAX_PLAYERS + 1),
        default=default,
        metavar="N",
        help=said,
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="crib", description="Cribbage counting, pegging and discard values.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    count = commands.add_parser("count", help="count four cards and the starter")
    count.add_argument(
        "cards", nargs="*", help="four hand cards, then the starter (5H 5C 5S JD 5D)"
    )
    count.add_argument("--crib", action="store_true", help="count as the crib")

    peg = commands.add_parser("peg", help="score the play, cards in the order laid")
    peg.add_argument("cards", nargs="*", help="cards laid in order; 'go' where no one could play")
    _players_option(
        peg,
        None,
        "follow a play for N = 2, 3 or 4 players: 'go' is said by each player who "
        "cannot play; player 1 leads and player N deals",
    )

    discard = commands.add_parser(
        "discard",
        help="value the 15 ways to throw two to the crib (at 3 or 4 players, the 5 ways to "
        "throw one)",
    )
    discard.add_argument(
        "cards", nargs="*", help="the six cards dealt (five with --players 3 or 4)"
    )
    role = discard.add_mutually_exclusive_group(required=True)
    for seat, said in (
        (Role.DEALER, "the dealer"),
        (Role.PONE, "the dealer's opponent at 2 (an opponent at 3 or 4)"),
        (Role.PARTNER, "the dealer's partner (4 players)"),
        (Role.OPPONENT, "an opponent of the dealer (the pone at 2)"),
    ):
        role.add_argument(
            f"--{seat.value}", dest="role", action="store_const", const=seat, help=said
        )
    _players_option(
        discard,
        2,
        "the table: 2 (six dealt, two thrown; the default), 3 or 4 (five dealt, one thrown)",
    )
    discard.add_argument(
        "--crib-model",
        type=_crib_model,
        default=None,
        metavar="{good,random}",
        help="how the other player's two crib cards are thrown: like a good player, or at "
        "random (the default; at 3 and 4 players, random only)",
    )

    stats = commands.add_parser("stats", help="how many of all 12,994,800 deals score each total")
    stats.add_argument("--crib", action="store_true", help="count with crib rules")

    for command in (count, peg, discard, stats):
        command.add_argument("--json", action="store_true", help="print JSON")

    match = commands.add_parser(
        "match",
        help="play games between two computer levels and print one JSON object",
        description="Play games between two computer levels (greedy, classic, strong), each "
        "dealing first in half of them, and print one JSON object: wins, skunks and double "
        "skunks per side, the first side's match points per game minus the second's (1/2/3 "
        "and ACC tournament 2/3 scoring, with the half-width of the 95 % interval) and mean "
        "points per finished deal by role and source. With --duplicate each shuffled deck "
        "is played twice, the seats swapped, so that the luck of the cards cancels out; the "
        "interval is then over the pairs of games. The same seed and number of games give "
        "the same figures, however many workers play them.",
    )
    match.add_argument(
        "levels", nargs=2, choices=LEVELS, metavar="LEVEL", help="greedy, classic or strong"
    )
    match.add_argument("--games", type=_positive, default=1000, help="games to play (1000)")
    match.add_argument("--seed", default="1", help="the match's seed (1)")
    match.add_argument(
        "--workers", type=_positive, default=None, help="processes to play on (one per core)"
    )
    match.add_argument(
        "--duplicate",
        action="store_true",
        help="play each deck twice with the seats swapped (an even number of games)",
    )
    _players_option(
        match,
        2,
        "the table: 2 (the default), 3 (the first level alone against two of the "
        "second, each deck three times, the first level in each seat) or 4 (a team of each, "
        "partners opposite, each deck twice, the teams swapped): always duplicate, with the "
        "first level's wins, match points and points a deal over the decks, and the decision "
        "times of each level in ms",
    )
    review = commands.add_parser(
        "review",
        help="review a game's decisions and print one JSON object",
        description="Review a game: each discard, lay, go and claim of the deals played "
        "against the best, with the points it lost (the same JSON as /play/<id>/review.json).",
    )
    review.add_argument(
        "state", type=argparse.FileType("r"), help="a game's state as JSON ('-' for stdin)"
    )
    return parser


LEVELS = ("greedy", "classic", "strong")


def _crib_model(text: str) -> CribModel:
    try:
        return CribModel(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not good or random") from None


def _positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"{number} is not 1 or more")
    return number


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; returns the exit status (0, or 2 for bad input)."""
    try:
        return _run(build_parser().parse_args(argv), sys.stdin, sys.stdout, sys.stderr)
    except BrokenPipeError:
        # The reader went away (``crib count < deals | head``): stop quietly.
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:
        return 130


def _run(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    if args.command == "match":
        from .match import play_match, rotations  # the computer is loaded only for a match

        per = rotations(args.players, args.duplicate)
        if args.games % per:
            how = (
                "--duplicate plays each deck twice: give an even number of games"
                if args.players == 2
                else f"each deck is played {per} times at {args.players} players: give "
                f"a multiple of {per} games"
            )
            stderr.write(f"crib match: {how}, not {args.games}\n")
            return USAGE_ERROR
        match = play_match(
            args.games,
            args.seed,
            args.levels,
            workers=args.workers,
            duplicate=args.duplicate,
            players=args.players,
        )
        stdout.write(json.dumps(match.to_dict()) + "\n")
        return 0

    if args.command == "review":
        return _review(args.state, stdout, stderr)

    if args.command == "stats":
        distribution = show_distribution(crib=args.crib)
        stdout.write(
            (json.dumps(stats_json(distribution)) if args.json else stats_text(distribution)) + "\n"
        )
        return 0

    answer: Answer
    to_json: ToJson
    to_text: ToText
    if args.command == "count":
        answer, to_json, to_text = (lambda t: _count(t, args.crib)), show_json, show_text
    elif args.command == "peg" and args.players:
        answer = lambda t: peg_play(t, args.players)  # noqa: E731
        to_json, to_text = play_record_json, play_record_text
    elif args.command == "peg":
        answer, to_json, to_text = _peg, peg_json, peg_text
    elif args.role is Role.PARTNER and args.players != 4:
        stderr.write(
            f"crib discard: a table of {args.players} has no partners: "
            + ("--dealer or --pone\n" if args.players == 2 else "--dealer or --opponent\n")
        )
        return USAGE_ERROR
    elif args.players != 2 and args.crib_model is CribModel.GOOD:
        stderr.write(
            f"crib discard: at {args.players} players the crib is valued at random only: "
            "--crib-model good is for two players\n"
        )
        return USAGE_ERROR
    else:
        role, players = _role_at(args.players, args.role), args.players
        crib_model = args.crib_model or CribModel.RANDOM
        answer = lambda t: _discard(t, players, role, crib_model)  # noqa: E731
        to_json, to_text = discard_json, discard_text

    if not args.cards:
        return _each_line(stdin, stdout, answer, to_json)
    try:
        result: Any = answer(args.cards)  # what this command's to_json and to_text take
    except CardError as error:
        stderr.write(f"crib {args.command}: {error}\n")
        return USAGE_ERROR
    stdout.write((json.dumps(to_json(result)) if args.json else to_text(result)) + "\n")
    return 0


def _review(state: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    from .actions import GameError
    from .game import Game
    from .review import review_json  # the computer's search is loaded only for a review

    try:
        with state:
            game = Game.from_dict(json.load(state))
    except (ValueError, AttributeError, GameError) as error:
        stderr.write(f"crib review: {getattr(state, 'name', 'state')}: not a game state: {error}\n")
        return USAGE_ERROR
    stdout.write(json.dumps(review_json(game)) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
