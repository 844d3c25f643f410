"""The search of the play at three and four (``cribbage.maxn``) against a plain search of
every card: each position's value the same, the others' hands drawn as their gos allow,
and a position valued alike whichever seat its numbering starts from."""

import random

import pytest

from cribbage import maxn
from cribbage.cards import DECK, Card, parse_card
from cribbage.pegging import GO, PlayState, read_play_state
from cribbage.rules import HAND_SIZE, MAX_COUNT


def plain_search(state: PlayState, hands: dict[int, tuple[Card, ...]]) -> tuple[int, ...]:
    """Each seat's pegging for the rest of the play, every player laying, card by card,
    the card best for their side (at three for themselves against the others' sum, at four
    for their team against the other), the lowest rank first on equals."""
    players = state.players

    def utility(points: tuple[int, ...], seat: int) -> int:
        if players == 4:
            mine, theirs = seat % 2, 1 - seat % 2
            return points[mine] + points[mine + 2] - points[theirs] - points[theirs + 2]
        return 3 * points[seat] - sum(points)

    def search(state: PlayState, hands: dict) -> tuple[int, ...]:
        if state.to_play is None:
            return (0,) * players
        seat = state.to_play
        fitting = state.playable(hands[seat])
        if not fitting:
            after, items = state.say_go()
            points = search(after, hands)
            if items:
                return tuple(p + (i == after.last_player) for i, p in enumerate(points))
            return points
        best, best_utility, ranks = None, None, set()
        for card in sorted(fitting, key=lambda card: (int(card.rank), card.code)):
            if card.rank in ranks:
                continue
            ranks.add(card.rank)
            after, items = state.lay(card)
            rest = {**hands, seat: tuple(held for held in hands[seat] if held != card)}
            pegged = sum(item.points for item in items)
            points = tuple(
                p + (pegged if i == seat else 0) for i, p in enumerate(search(after, rest))
            )
            if best_utility is None or utility(points, seat) > best_utility:
                best, best_utility = points, utility(points, seat)
        return best

    return search(state, hands)


def random_position(rng: random.Random, players: int, laid: int):
    cards = rng.sample(DECK, HAND_SIZE * players)
    hands = {
        seat: tuple(cards[HAND_SIZE * seat : HAND_SIZE * (seat + 1)]) for seat in range(players)
    }
    state = PlayState.start(players, leader=rng.randrange(players))
    while state.to_play is not None and state.cards_down < laid:
        seat = state.to_play
        fitting = state.playable(hands[seat])
        if not fitting:
            state = state.say_go()[0]
            continue
        card = rng.choice(fitting)
        state = state.lay(card)[0]
        hands[seat] = tuple(held for held in hands[seat] if held != card)
    return state, hands


@pytest.mark.parametrize(("players", "laid"), [(3, 0), (3, 2), (3, 5), (4, 6), (4, 8), (4, 10)])
@pytest.mark.parametrize("seed", range(4))
def test_a_position_is_valued_as_a_plain_search_of_every_card_values_it(players, laid, seed):
    state, hands = random_position(random.Random(f"{players}-{laid}-{seed}"), players, laid)
    assert state.to_play is not None  # fewer cards down than the play has
    mover = state.to_play
    points = plain_search(state, hands)
    if players == 4:
        mine = mover % 2
        want = points[mine] + points[mine + 2] - points[1 - mine] - points[3 - mine]
    else:
        want = points[mover] - (sum(points) - points[mover]) / 2
    held = [[int(card.rank) for card in hands[seat]] for seat in range(players)]
    got = maxn.position_value(held, state.series, mover, state.said_go, state.last_player)
    assert got == pytest.approx(want, abs=1e-9)


def test_the_hands_drawn_for_the_others_keep_to_what_their_gos_showed():
    state = PlayState.start(3)
    for code in ("KS", "QH", "5C"):
        state = state.lay(parse_card(code))[0]
    state = state.say_go()[0]  # at 25 seat 0 has no card of 6 or less
    assert state.to_play == 1
    seen = {parse_card(code) for code in ("KS", "QH", "5C", "6C", "7C", "8C", "9C")}
    unseen = [card for card in DECK if card not in seen]
    draws = maxn.held_by_others(state, 1, unseen, 24, random.Random(1))
    assert len(draws) == 24 and len(set(draws)) > 1
    for held in draws:
        assert held[1] == ()
        assert len(held[0]) == len(held[2]) == HAND_SIZE - 1
        assert all(min(rank, 10) > MAX_COUNT - 25 for rank in held[0])
    # Seat 2 said no go: its low cards are drawn too.
    assert any(min(rank, 10) <= MAX_COUNT - 25 for held in draws for rank in held[2])


@pytest.mark.parametrize("players", [3, 4])
def test_a_position_is_valued_alike_whichever_seat_its_numbering_starts_from(players):
    rng = random.Random(f"renumbered-{players}")
    state, hands = random_position(rng, players, 2)
    me = state.to_play
    seen = [*hands[me], *(turn.card for turn in state.turns if turn.card)]
    values = maxn.lay_values(hands[me], state, me, seen)
    # The same play, the leader numbered 0: what a lay quiz reads from its notation.
    notation = " ".join(turn.card.code if turn.card else GO for turn in state.turns)
    renumbered, error = read_play_state(notation, players)
    assert error is None
    shift = state.turns[0].player
    assert maxn.lay_values(hands[me], renumbered, (me - shift) % players, seen) == values
