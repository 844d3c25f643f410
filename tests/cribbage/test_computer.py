import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage import search
from cribbage.cards import DECK, parse_card, parse_cards
from cribbage.computer import (
    PEGGING_WEIGHTS,
    Endgame,
    Level,
    choose,
    expected_count,
    four_card_points,
    gives_nothing_away,
    greedy_discard,
    greedy_lay,
    keep_weight,
    opponent_hands,
    opponent_min_value,
    pegging_term,
    strong_discard,
    strong_lay,
)
from cribbage.discard import CribModel, Role, discard_options
from cribbage.game import Claim, Counting, Discard, Game, Go, Lay
from cribbage.pegging import PlayState
from cribbage.win_table import win_chance

from .test_game import hand_made


def play(codes, players=2):
    """The play after these cards (and gos) in turn."""
    state = PlayState.start(players)
    for code in codes.split():
        state = state.say_go()[0] if code == "go" else state.lay(parse_card(code))[0]
    return state


# --- greedy ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealt", "throw"),
    [
        ("5H 5C 5D JS 2C 9H", "2C 9H"),  # three fives and a jack: 14 by themselves
        ("2H 4H 8H TH 9C KS", "9C KS"),  # a four-card flush (4) beats 2-4-9 for fifteen (2)
        ("3C 4D 5H 6S KD QC", "3C KD"),  # 4-5-6-Q and 4-5-6-K both make 7: the first is kept
        ("AC 3D 7H 9S JC KD", "JC KD"),  # nothing scores: the first four in card order
    ],
)
def test_greedy_keeps_the_four_that_score_most_by_themselves(dealt, throw):
    assert greedy_discard(parse_cards(dealt)) == parse_cards(throw)


def test_four_cards_alone_score_fifteens_pairs_runs_and_a_flush():
    assert four_card_points(parse_cards("5H 5C 5D JS")) == 14
    assert four_card_points(parse_cards("2H 4H 8H TH")) == 4
    assert four_card_points(parse_cards("3C 4D 5H 6S")) == 6


def test_greedy_lays_the_card_that_scores_most_now():
    seen = parse_cards("8C 7S 7D 2H 3S KD QC")
    state = play("7H 7C")  # 7D makes a pair royal (6); 2H nothing
    assert greedy_lay(parse_cards("2H 7D"), state, seen) == parse_card("7D")
    state = play("KH 3C")  # 2H makes 15 (2), 7D nothing
    assert greedy_lay(parse_cards("7D 2H"), state, seen) == parse_card("2H")


def test_greedy_lays_the_lowest_card_that_gives_nothing_away():
    # Its own six hold all four 4s but one, the starter is the last: a 4 led cannot be
    # paired, makes no fifteen and no run. The 2 could be paired.
    dealt = parse_cards("2H 4H 4C 4D KS QS")
    seen = (*dealt, parse_card("4S"))
    state = PlayState.start(2)
    unseen = [card for card in DECK if card not in seen]
    assert not gives_nothing_away(state, parse_card("2H"), unseen)
    assert gives_nothing_away(state, parse_card("4H"), unseen)
    assert greedy_lay(parse_cards("2H 4H KS QS"), state, seen) == parse_card("4H")
    # nothing safe: the lowest card
    assert greedy_lay(parse_cards("9S 2D"), state, parse_cards("9S 2D")) == parse_card("2D")


def test_a_count_of_5_or_21_gives_something_away():
    state = play("6H 5C")  # count 11
    unseen = [card for card in DECK if card.code not in ("6H", "5C", "TS")]
    assert not gives_nothing_away(state, parse_card("TS"), unseen)  # 21: a ten makes 31


# --- strong ----------------------------------------------------------------------------


@pytest.mark.parametrize("role", [Role.DEALER, Role.PONE])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_strong_discards_the_best_net_value_with_its_pegging_term(role, seed):
    cards = random.Random(seed).sample(DECK, 6)
    options = discard_options(cards, role, CribModel.GOOD)
    best = max(options, key=lambda o: o.net_ev + pegging_term(o.keep, role))
    assert set(strong_discard(cards, role)) == set(best.throw)


def test_strong_discard_is_the_best_net_value_when_it_is_clear():
    # 5-5-J-Q kept by the dealer is worth 17 with its crib; nothing else comes near.
    assert set(strong_discard(parse_cards("5H 5C 6D JS QH 2C"), Role.DEALER)) == set(
        parse_cards("6D 2C")
    )


@pytest.mark.parametrize(
    ("dealt", "throw", "instead"),
    [
        # The two dealer hands where a pegging term of weight 1 outweighed the crib: played
        # out 600 times the pairs of tens lost 1.11 and 0.80 a deal net.
        ("QC 7S 8D KC 3D QD", "7S 8D", "QC QD"),
        ("5S 8C 6S 2D TC JS", "6S 8C", "JS TC"),
    ],
)
def test_strong_as_dealer_gives_its_crib_the_cards_that_score_there(dealt, throw, instead):
    assert set(strong_discard(parse_cards(dealt), Role.DEALER)) == set(parse_cards(throw))
    # at the old weight of 1, with the random crib, the pegging term chose the worse throw
    old = max(
        discard_options(parse_cards(dealt), Role.DEALER, CribModel.RANDOM),
        key=lambda o: o.net_ev + pegging_term(o.keep, Role.DEALER, weight=1.0),
    )
    assert set(old.throw) == set(parse_cards(instead))


def test_the_pegging_weights_come_from_self_play_per_role():
    assert PEGGING_WEIGHTS[Role.DEALER] < 1 < PEGGING_WEIGHTS[Role.PONE]
    keep = parse_cards("7S 8D 3D KC")
    value = pegging_term(keep, Role.DEALER, weight=1.0)
    assert pegging_term(keep, Role.DEALER) == pytest.approx(PEGGING_WEIGHTS[Role.DEALER] * value)


def test_a_likely_keep_weighs_more_than_an_unlikely_one(monkeypatch):
    monkeypatch.setattr("cribbage.computer.KEEP_SHARPNESS", 0.45)
    assert expected_count((5, 5, 10, 11)) > expected_count((1, 4, 8, 13))
    assert keep_weight((5, 5, 10, 11)) > keep_weight((1, 4, 8, 13))
    # with a random starter of the 48 left: 5-5-T-J counts 8 by itself, more with most cuts
    assert 8 < expected_count((5, 5, 10, 11)) < 14


def test_the_opponents_hands_are_drawn_as_likely_as_a_good_player_kept_them():
    unseen = [card for card in DECK if card.code not in ("2C", "3D", "9S", "KH", "AD", "6S")]
    rng = random.Random(3)

    def fives(held):
        return 50.0 if 5 in held else 1.0

    plain = opponent_hands(unseen, 3, 1, 200, random.Random(3))
    weighted = opponent_hands(unseen, 3, 1, 200, rng, likelihood=fives)

    def share(hands):
        return sum(w for held, w in hands if 5 in held) / sum(w for _, w in hands)

    assert share(weighted) > share(plain) + 0.3
    two = opponent_hands(unseen, 2, 1, 0, rng, likelihood=fives)
    every = dict(opponent_hands(unseen, 2, 1, 0, rng))
    for held, weight in two:
        assert weight == every[held] * fives(held)


def test_a_go_shows_the_opponent_holds_no_card_that_fits():
    state = play("KH 9C 5D go")  # seat 1 said go at 24: they hold nothing of value 7 or less
    assert opponent_min_value(state, opponent=1) == 8
    assert opponent_min_value(state, opponent=0) == 1
    seen = (*parse_cards("KH 9C 2S 3S 4S 5S"), parse_card("AD"), parse_card("5D"))
    unseen = [card for card in DECK if card not in seen]
    hands = opponent_hands(unseen, size=3, least=8, samples=50, rng=random.Random(1))
    assert hands and all(min(ranks) >= 8 for ranks, _ in hands)
    hands = opponent_hands(unseen, size=2, least=8, samples=50, rng=random.Random(1))
    assert (
        sum(weight for _, weight in hands) == 22 * 21 // 2
    )  # every pair of the 22 unseen 8s and up
    assert all(min(ranks) >= 8 for ranks, _ in hands)


def test_strong_uses_the_go_in_its_choice(monkeypatch):
    # The dealer said go at 27, so it holds no card below 5; the pone leads the new series
    # with K or 7. Knowing that, the pone leads the 7; not knowing it, the king.
    state = play("7S TH 9S AD go go")
    assert (state.to_play, state.count, opponent_min_value(state, 1)) == (0, 0, 5)
    hand = parse_cards("KH 7D")
    seen = (*parse_cards("9S KH 7D 7S 6C 5S 5C TH AD"),)
    assert strong_lay(hand, state, 0, seen) == parse_card("7D")
    # every hand alike, the go alone decides
    monkeypatch.setattr("cribbage.computer.KEEP_SHARPNESS", 0.0)
    assert strong_lay(hand, state, 0, seen) == parse_card("7D")
    monkeypatch.setattr("cribbage.computer.opponent_min_value", lambda play, opponent: 1)
    assert strong_lay(hand, state, 0, seen) == parse_card("KH")


def test_strong_never_gives_up_points_it_can_take():
    # Count 24 with 7D in hand: 31 for two, and nothing else fits.
    state = play("KH QC 4D")
    seen = (*parse_cards("KH 4D 7D 2C 3C 9S"), parse_card("AS"), parse_card("QC"))
    assert strong_lay(parse_cards("7D 9S"), state, 0, seen) == parse_card("7D")


# --- the search on ranks ---------------------------------------------------------------


def minimax(state, hands, me):
    """The play's value to ``me`` (pegging minus the other's), every card in view."""
    if state.is_over:
        return 0
    player = state.to_play
    laid = {turn.card for turn in state.turns}
    hand = [card for card in hands[player] if card not in laid]
    fitting = state.playable(hand)
    values = []
    moves = [("lay", card) for card in fitting] or [("go", None)]
    for kind, card in moves:
        scorer = player if kind == "lay" else state.last_player
        after, items = state.lay(card) if kind == "lay" else state.say_go()
        points = sum(item.points for item in items)
        values.append((points if scorer == me else -points) + minimax(after, hands, me))
    return max(values) if player == me else min(values)


@settings(max_examples=60, deadline=None)
@given(st.permutations(DECK), st.integers(0, 5), st.randoms(use_true_random=False))
def test_the_search_on_ranks_agrees_with_the_play_card_by_card(deck, prefix, rng):
    hands = {0: deck[:4], 1: deck[4:8]}
    state = PlayState.start(2)
    for _ in range(prefix):
        hand = [card for card in hands[state.to_play] if card not in {t.card for t in state.turns}]
        fitting = state.playable(hand)
        state = state.lay(rng.choice(fitting))[0] if fitting else state.say_go()[0]
    if state.is_over:
        return
    me, other = state.to_play, 1 - state.to_play
    laid = {turn.card for turn in state.turns}

    def ranks(player):
        return search.hand_number(int(c.rank) for c in hands[player] if c not in laid)

    value = search.play_value(
        ranks(me),
        ranks(other),
        search.series_number(state.series),
        other in state.said_go or not state.holds_cards(other),
        state.last_player == me and state.count > 0,
    )
    assert value == minimax(state, hands, me)


# --- whole games -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "levels", [("strong", "greedy"), ("greedy", "strong"), ("classic", "strong")]
)
def test_the_computer_only_makes_legal_moves(levels):
    game = Game.new(f"legal {levels}", human=None, counting=Counting.AUTOMATIC, first_dealer=0)
    while not game.is_over:
        action = choose(game, levels[game.to_move])
        legal = game.legal_actions()
        if isinstance(action, Discard):
            assert any(set(action.cards) == set(other.cards) for other in legal)
        else:
            assert action in legal
        game = game.apply(action)


def test_the_computer_answers_a_claim_exactly_and_refuses_a_finished_game():
    game = hand_made("7H 9C KD QC 2S 2H", "8S TS JD 5H 4S 4H", "6D", "7H 8S 9C")
    manual = hand_made("7H 9C KD QC 2S 2H", "8S TS JD 5H 4S 4H", "6D", counting=Counting.MANUAL)
    manual = manual.apply(Lay(0, parse_card("7H")))
    assert choose(manual) == Claim(0, 0)
    over = replace(game, scores=(121, 3))
    with pytest.raises(ValueError, match="the game is over"):
        choose(over, Level.GREEDY)


def test_the_computer_says_go_only_when_it_must():
    game = hand_made("KH 9C 8D 7C 2S 2H", "QS JD 5H 3S 4S 4H", "6D", "KH QS 9C")
    assert choose(game, "strong") == Go(1) and choose(game, "greedy") == Go(1)


def test_strong_pegs_out_when_it_can():
    # 3H 9C: count 12. Laying the 9 pairs it but risks a pair royal, so strong usually lays
    # the 2; needing only 2 points to win, it takes the pair and the game.
    state = play("3H 9C")
    hand = parse_cards("9S 2S 6C")
    seen = parse_cards("3H 9S 2S 6C TC 4S 3D 9C")
    endgame = Endgame(
        my_need=2, their_need=8, my_show=6, their_laid=(9,), starter=3, crib=4, pone=True
    )
    assert strong_lay(hand, state, 0, seen) == parse_card("2S")
    assert strong_lay(hand, state, 1, seen, endgame) == parse_card("9S")


def test_the_race_agrees_with_the_play_card_by_card():
    rng = random.Random(4)
    low = [card for card in DECK if card.rank <= 8]
    for trial in range(60):
        cards = rng.sample(low if trial % 2 else DECK, 8)
        hands = {0: cards[:4], 1: cards[4:]}
        state = PlayState.start(2)
        for _ in range(rng.randrange(0, 4)):
            laid = {turn.card for turn in state.turns}
            fitting = state.playable([c for c in hands[state.to_play] if c not in laid])
            state = state.lay(rng.choice(fitting))[0] if fitting else state.say_go()[0]
        if state.is_over:
            continue
        me, other = state.to_play, 1 - state.to_play
        needs = {0: rng.randint(1, 20), 1: rng.randint(1, 20)}
        shows = {0: rng.randint(0, 15), 1: rng.randint(0, 20)}  # seat 0 is the pone
        laid = {turn.card for turn in state.turns}

        def ranks(player, laid=laid, hands=hands):
            return search.hand_number(int(c.rank) for c in hands[player] if c not in laid)

        value = search.race(shows[0], shows[1]).value(
            ranks(me),
            ranks(other),
            search.series_number(state.series),
            other in state.said_go or not state.holds_cards(other),
            state.last_player == me and state.count > 0,
            needs[me],
            needs[other],
            me == 0,
        )
        assert value == race_minimax(state, hands, me, needs, shows), trial


def race_minimax(state, hands, me, needs, shows):
    """The race's value to ``me`` card by card: pegging difference, and WIN to whoever
    reaches their need first, in the play or in the show (seat 0, the pone, first), else
    WIN times their chance to win less the other's."""
    if state.is_over:
        if needs[0] <= shows[0]:
            return search.WIN if me == 0 else -search.WIN
        if needs[1] <= shows[1]:
            return search.WIN if me == 1 else -search.WIN
        # no one out: the chance to win from the scores left, the pone dealing next
        mine, theirs = (121 - needs[p] + shows[p] for p in (me, 1 - me))
        return round(search.WIN * (2 * win_chance(mine, theirs, dealing=me == 0) - 1))
    player = state.to_play
    laid = {turn.card for turn in state.turns}
    fitting = state.playable([card for card in hands[player] if card not in laid])
    values = []
    for card in fitting or [None]:
        scorer = player if card else state.last_player
        after, items = state.lay(card) if card else state.say_go()
        points = sum(item.points for item in items)
        sign = 1 if scorer == me else -1
        left = {**needs, scorer: needs[scorer] - points}
        if points and left[scorer] <= 0:
            values.append(sign * (points + search.WIN))
        else:
            values.append(sign * points + race_minimax(after, hands, me, left, shows))
    return max(values) if player == me else min(values)


# --- what the computer sees ------------------------------------------------------------


def disguised(game, seat, rng):
    """``game`` as ``seat`` may see it, the rest made up: the other seat's cards not yet
    shown (in hand and thrown) swapped for other unseen cards, and another seed, so that
    neither the future deck nor the other hand can be read from it."""
    deal = game.deal
    other = 1 - seat
    laid = set(deal.laid(other))
    known = {*deal.dealt[seat], *laid, deal.starter}
    hidden = [card for card in deal.dealt[other] if card not in laid]
    fresh = rng.sample([card for card in DECK if card not in known], len(hidden))
    swap = dict(zip(hidden, fresh, strict=True))
    dealt = tuple(sorted(swap.get(card, card) for card in deal.dealt[other]))
    thrown = tuple(swap.get(card, card) for card in deal.thrown[other])
    both_dealt = (deal.dealt[0], dealt) if other == 1 else (dealt, deal.dealt[1])
    both_thrown = (deal.thrown[0], thrown) if other == 1 else (thrown, deal.thrown[1])
    deal = replace(deal, dealt=both_dealt, thrown=both_thrown)
    return replace(game, seed=f"{game.seed}:disguised", deals=(*game.deals[:-1], deal))


@pytest.mark.parametrize("level", ["greedy", "classic", "strong"])
def test_the_computer_chooses_from_what_its_seat_may_see(level):
    rng = random.Random(level)
    checked = changed = 0
    for index in range(2):
        game = Game.new(
            f"blind {level} {index}", human=None, counting=Counting.AUTOMATIC, first_dealer=index
        )
        while not game.is_over:
            seat = game.to_move
            action = choose(game, level)
            for _ in range(2):
                seen_alike = disguised(game, seat, rng)
                assert choose(seen_alike, level) == action
                checked += 1
                changed += seen_alike.deal.dealt[1 - seat] != game.deal.dealt[1 - seat]
            game = game.apply(action)
    assert checked > 100 and changed > checked * 0.9
