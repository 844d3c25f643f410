import pickle
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK, CardError, parse_card, parse_cards
from cribbage.pegging import (
    GO,
    MAX_TURN_POINTS,
    PeggingError,
    PegItem,
    PegKind,
    PlayState,
    peg_play,
    peg_sequence,
    read_play,
    score_play,
)


def scored(series_text, card_text):
    series = parse_cards(series_text) if series_text else ()
    (card,) = parse_cards(card_text)
    return {item.kind: item.points for item in score_play(series, card)}


def test_fifteen_and_thirty_one_score_two():
    assert scored("8H", "7C") == {PegKind.FIFTEEN: 2}
    assert scored("KH QC 5D", "6S") == {PegKind.THIRTY_ONE: 2}


def test_pairs_count_back_from_the_card_laid():
    assert scored("7H", "7C") == {PegKind.PAIR: 2}
    assert scored("7H 7C", "7D") == {PegKind.PAIR: 6}
    assert scored("2H 2C 2D", "2S") == {PegKind.PAIR: 12}
    assert scored("7H 7C 8D", "7S") == {}


def test_thirty_one_for_two_with_a_pair():
    assert scored("KH QC 4D 4S", "3C") == {PegKind.THIRTY_ONE: 2}
    assert scored("KH KC 3D 4S", "4C") == {PegKind.THIRTY_ONE: 2, PegKind.PAIR: 2}


def test_runs_in_any_order():
    assert scored("6H 4C", "5D") == {PegKind.FIFTEEN: 2, PegKind.RUN: 3}
    assert scored("3H 5C 6D", "4S") == {PegKind.RUN: 4}
    assert scored("KH 2C 4D 3S", "AC") == {PegKind.RUN: 4}


def test_a_repeated_rank_breaks_the_run():
    assert scored("2H 3C 3D", "4S") == {}
    assert scored("2H 3C 4D 3S", "5S") == {PegKind.RUN: 3}


def test_a_run_of_seven():
    assert scored("AH 2C 3D 4S 5C 6C", "7S") == {PegKind.RUN: 7}
    assert scored("7H 6C 5D 4S 3C 2C", "AS") == {PegKind.RUN: 7}


def test_a_card_may_not_take_the_count_past_31():
    with pytest.raises(PeggingError, match="5♥ would make the count 35"):
        score_play(parse_cards("KH QH JH"), parse_cards("5H")[0])


def test_go_point_goes_to_the_last_card_and_resets_the_count():
    plays = peg_sequence("KH QC 9D go 5S 5C".split())
    assert [(p.card.code, p.count, p.points) for p in plays] == [
        ("KH", 10, 0),
        ("QC", 20, 0),
        ("9D", 29, 1),
        ("5S", 5, 0),
        ("5C", 10, 2),
    ]
    assert plays[2].items[-1].kind is PegKind.GO


def test_cards_of_an_old_series_no_longer_combine():
    plays = peg_sequence("KH QC 5D go 5S".split())
    assert plays[-1].points == 0  # 5S does not pair the 5D laid before the go


def test_thirty_one_resets_by_itself_and_scores_no_go():
    plays = peg_sequence("KH QC JD AS 5C".split())
    assert [item.kind for item in plays[3].items] == [PegKind.THIRTY_ONE]
    assert plays[3].points == 2
    assert plays[4].count == 5


def test_go_with_no_card_laid_since_the_reset_is_an_error():
    with pytest.raises(PeggingError, match="'go' with no card laid"):
        peg_sequence(["go"])
    with pytest.raises(PeggingError, match="'go' with no card laid"):
        peg_sequence("KH QC JD AS go".split())
    with pytest.raises(PeggingError, match="'go' with no card laid"):
        peg_sequence("KH go go".split())


def test_a_card_laid_twice_is_an_error():
    with pytest.raises(CardError, match="5H appears twice"):
        peg_sequence("5H go 5H".split())


@given(st.permutations(DECK))
def test_any_play_scores_within_the_rules(deck):
    series = []
    for card in deck[:12]:
        if sum(c.value for c in series) + card.value > 31:
            series = []
        items = score_play(series, card)
        for item in items:
            if item.kind is PegKind.RUN:
                assert 3 <= item.points <= 7
            if item.kind is PegKind.PAIR:
                assert item.points in (2, 6, 12)
        series.append(card)
        assert sum(c.value for c in series) <= 31


def test_the_most_one_card_pegs_is_four_aces_making_fifteen_with_the_last_card():
    state = PlayState.start(2)
    for card in parse_cards("2H 2S 3H 4S AH AS AD"):
        state, _ = state.lay(card)
    _, items = state.lay(parse_card("AC"))
    assert [item.name for item in items] == ["fifteen", "double pair royal", "last card"]
    assert sum(item.points for item in items) == MAX_TURN_POINTS == 15


@settings(max_examples=300)
@given(st.sampled_from((2, 3, 4)), st.permutations(DECK))
def test_no_card_in_any_play_pegs_more_than_the_most(players, deck):
    hands = [list(deck[4 * seat : 4 * seat + 4]) for seat in range(players)]
    state = PlayState.start(players)
    while not state.is_over:
        hand = hands[state.to_play]
        fitting = state.playable(hand)
        if fitting:
            hand.remove(fitting[0])
            state, items = state.lay(fitting[0])
        else:
            state, items = state.say_go()
        assert sum(item.points for item in items) <= MAX_TURN_POINTS


# --- the play for 2, 3 and 4 players ---------------------------------------------------


def turns(record):
    """Each turn as (player, card or 'go', count, names of the items, points)."""
    return [
        (
            turn.player,
            turn.card.code if turn.card else GO,
            turn.count,
            [item.name for item in turn.items],
            turn.points,
        )
        for turn in record.turns
    ]


@pytest.mark.parametrize(
    ("kind", "points", "name"),
    [
        (PegKind.FIFTEEN, 2, "fifteen"),
        (PegKind.THIRTY_ONE, 2, "thirty-one"),
        (PegKind.PAIR, 2, "pair"),
        (PegKind.PAIR, 6, "pair royal"),
        (PegKind.PAIR, 12, "double pair royal"),
        (PegKind.RUN, 3, "run of three"),
        (PegKind.RUN, 4, "run of four"),
        (PegKind.RUN, 5, "run of five"),
        (PegKind.RUN, 6, "run of six"),
        (PegKind.RUN, 7, "run of seven"),
        (PegKind.GO, 1, "go"),
        (PegKind.LAST_CARD, 1, "last card"),
    ],
)
def test_items_are_named_as_players_say_them(kind, points, name):
    assert PegItem(kind, points).name == name


def test_last_card_is_its_own_kind():
    assert PegKind.LAST_CARD.value == "last-card"
    assert PegKind.LAST_CARD is not PegKind.GO


def test_the_two_player_example_of_the_rules():
    bob, alice = 0, 1  # Alice deals, so Bob, the pone, leads
    record = peg_play("TC 5D 7S 6H go 2C go 6D 4H 4S", players=2)
    assert turns(record) == [
        (bob, "TC", 10, [], 0),
        (alice, "5D", 15, ["fifteen"], 2),
        (bob, "7S", 22, [], 0),
        (alice, "6H", 28, ["run of three"], 3),
        (bob, GO, 28, [], 0),
        (alice, "2C", 30, ["go"], 1),
        (alice, GO, 30, [], 0),
        (bob, "6D", 6, [], 0),
        (alice, "4H", 10, [], 0),
        (bob, "4S", 14, ["pair", "last card"], 3),
    ]
    assert record.is_over
    assert record.totals == {bob: 3, alice: 6}
    assert [turn.card.code for turn in record.plays] == "TC 5D 7S 6H 2C 6D 4H 4S".split()


def test_the_three_player_example_of_the_rules():
    david, eve, claire = 0, 1, 2  # Claire deals
    record = peg_play("7H 7D 7S 5H 5D 8C TC TD go go 3C TS 4C 9C", players=3)
    assert turns(record) == [
        (david, "7H", 7, [], 0),
        (eve, "7D", 14, ["pair"], 2),
        (claire, "7S", 21, ["pair royal"], 6),
        (david, "5H", 26, [], 0),
        (eve, "5D", 31, ["thirty-one", "pair"], 4),
        (claire, "8C", 8, [], 0),
        (david, "TC", 18, [], 0),
        (eve, "TD", 28, ["pair"], 2),
        (claire, GO, 28, [], 0),
        (david, GO, 28, [], 0),
        (eve, "3C", 31, ["thirty-one"], 2),
        (claire, "TS", 10, [], 0),
        (david, "4C", 14, [], 0),  # Eve has laid all four: she is passed over
        (claire, "9C", 23, ["last card"], 1),
    ]
    assert record.is_over
    assert record.totals == {david: 0, eve: 10, claire: 7}


def test_every_go_is_accepted_and_one_below_22_is_marked():
    # At 15 every card fits (none counts more than 10), but whether player 2 still held a
    # card cannot be told from the cards laid: the go stands, marked for a second look.
    record, error = read_play("6H,4C,5D,go,2C,go,9S", players=2)
    assert error is None
    assert turns(record) == [
        (0, "6H", 6, [], 0),
        (1, "4C", 10, [], 0),
        (0, "5D", 15, ["fifteen", "run of three"], 5),
        (1, GO, 15, [], 0),
        (0, "2C", 17, ["go"], 1),
        (0, GO, 17, [], 0),
        (1, "9S", 9, [], 0),
    ]
    assert [turn.could_have_played for turn in record.turns if turn.is_go] == [True, True]
    assert record.totals == {0: 6, 1: 0}
    assert not record.is_over


def test_a_play_in_progress_is_read_whole():
    record, error = read_play("KH QH 5C go 3C", players=2)
    assert error is None
    assert not record.is_over
    assert turns(record)[-2:] == [(1, GO, 25, [], 0), (0, "3C", 28, [], 0)]


def test_tokens_may_be_one_string_several_or_cards():
    text = "TC 5D 7S 6H go 2C go 6D 4H 4S"
    expected = peg_play(text, 2)
    assert peg_play(text.replace(" ", ","), 2) == expected
    assert peg_play(["TC, 5d", "7s 6H", "Go", "2C", "GO", "6D 4H", "4S"], 2) == expected
    tokens = [GO if token == GO else parse_card(token) for token in text.split()]
    assert peg_play(tokens, 2) == expected


def test_a_player_continuing_alone_scores_pairs_and_thirty_one():
    record = peg_play("KH QH 5C go 3C 3D 9S 9H 9D", players=2)
    assert turns(record)[4:] == [
        (0, "3C", 28, [], 0),
        (0, "3D", 31, ["thirty-one", "pair"], 4),
        (1, "9S", 9, [], 0),  # player 1 has no cards left: player 2 plays on alone
        (1, "9H", 18, ["pair"], 2),
        (1, "9D", 27, ["pair royal", "last card"], 7),
    ]


def test_a_player_who_said_go_is_passed_over_until_the_count_restarts():
    record = peg_play("KH QH 5C go 4C 2C 9S", players=3)
    assert [(turn.player, turn.count) for turn in record.turns] == [
        (0, 10),
        (1, 20),
        (2, 25),
        (0, 25),  # go
        (1, 29),
        (2, 31),
        (0, 9),  # the count restarted: player 1, after the 31's player 3, leads again
    ]


def test_the_last_card_of_a_series_scores_the_go_when_no_one_else_can_play():
    state = PlayState.start(2)
    for code in "KH QH AC AD 5C".split():
        state, _ = state.lay(parse_card(code))
    state, items = state.say_go()
    assert items == ()
    state, items = state.lay(parse_card("2C"))  # player 1's fourth card: no one can play after it
    assert [item.kind for item in items] == [PegKind.GO]
    assert (state.to_play, state.count, state.series, state.last_player) == (1, 0, (), 0)


def test_a_go_that_ends_the_series_scores_for_the_last_card_laid():
    state = PlayState.start(3)
    for code in "KH QH 5C".split():
        state, _ = state.lay(parse_card(code))
    state, items = state.say_go()
    assert items == ()
    state, items = state.say_go()
    assert items == ()
    assert state.to_play == 2  # player 3 (seat 2) laid the 5 and plays on alone
    state, items = state.say_go()
    assert items == (PegItem(PegKind.GO, 1),)
    assert state.last_player == 2
    assert state.turns[2].items == (PegItem(PegKind.GO, 1),)  # on the 5C
    assert (state.to_play, state.count, state.said_go) == (0, 0, frozenset())


def test_a_last_card_that_makes_31_scores_only_the_31():
    record = peg_play("KH QH KC AD KD QD 5C 6C", players=2)
    assert record.is_over
    assert turns(record)[-1] == (1, "6C", 31, ["thirty-one"], 2)


def test_a_state_is_an_immutable_value():
    start = PlayState.start(4)
    after, items = start.lay(parse_card("5H"))
    assert (start.count, start.to_play, start.laid, start.turns) == (0, 0, (0, 0, 0, 0), ())
    assert (after.count, after.to_play, after.laid, after.series) == (
        5,
        1,
        (1, 0, 0, 0),
        (parse_card("5H"),),
    )
    assert items == ()
    assert after == start.lay(parse_card("5H"))[0]
    assert hash(after) == hash(start.lay(parse_card("5H"))[0])
    with pytest.raises(AttributeError):
        after.count = 6


def test_what_a_player_may_lay():
    state = PlayState.start(2)
    for code in "KH QH 5C".split():
        state, _ = state.lay(parse_card(code))
    hand = parse_cards("7S 6D 9C AH")
    assert state.playable(hand) == parse_cards("6D AH")
    assert state.fits(parse_card("6D")) and not state.fits(parse_card("7S"))
    assert state.holds_cards(0) and state.cards_down == 3


@pytest.mark.parametrize("players", [0, 1, 5])
def test_the_play_is_for_two_to_four_players(players):
    with pytest.raises(ValueError, match="2, 3 or 4 players"):
        PlayState.start(players)


@pytest.mark.parametrize(
    ("text", "players", "index", "message"),
    [
        (
            "KH QH KC go go 5D KD QD go JS",
            2,
            9,
            "J♠ (card 7) would make the count 35: player 2 must play a card that fits or say go",
        ),
        ("5H TH 5h", 2, 2, "'5H' (card 3) was laid already: each card is in the deck once"),
        (
            "KH QH KC AD KD QD 5C 6C 4S",
            2,
            8,
            "'4S' (card 9) comes after the play is over: all 8 cards are down",
        ),
        (
            "KH QH KC AD KD QD 5C 6C go",
            2,
            8,
            "'go' (after card 8) comes after the play is over: all 8 cards are down",
        ),
        (
            "go",
            3,
            0,
            "'go' (before any card) cannot be said at count 0: a new series starts, every card "
            "fits, so player 1 must lead",
        ),
        (
            "KH QH KC AD go",
            2,
            4,
            "'go' (after card 4) cannot be said at count 0: a new series starts, every card "
            "fits, so player 1 must lead",
        ),
        ("5H 4H XX", 4, 2, "'XX' (card 3) is not a card: ranks are A 2-10 J Q K"),
    ],
)
def test_errors_name_the_token_and_where_it_is(text, players, index, message):
    record, error = read_play(text, players)
    assert isinstance(error, PeggingError) and isinstance(error, CardError)
    assert (error.index, str(error)) == (index, message)
    assert len(record.turns) == index  # the turns before it are kept
    with pytest.raises(PeggingError) as raised:
        peg_play(text, players)
    assert (raised.value.index, str(raised.value)) == (index, message)


def test_a_fifth_card_for_a_player_shows_as_the_play_being_over():
    # Player 1 has laid four: the next cards are player 2's, and a ninth has no one to lay it.
    record, error = read_play("KH QH 5C go 3C 3D 9S 9H 9D 9C", players=2)
    assert record.is_over
    assert str(error) == "'9C' (card 9) comes after the play is over: all 8 cards are down"


def test_a_play_error_survives_pickling_with_its_index():
    _, error = read_play("5H 5H", 2)
    copy = pickle.loads(pickle.dumps(error))
    assert (type(copy), str(copy), copy.index) == (PeggingError, str(error), 1)


@st.composite
def legal_plays(draw):
    """Deal four cards each and play them by any legal choice, saying go only when stuck.

    Returns the number of players, the play's tokens, the final state and, per turn, who
    pegged the items it returned (always the last player to lay a card).
    """
    players = draw(st.integers(min_value=2, max_value=4))
    deck = draw(st.permutations(DECK))
    hands = {player: list(deck[4 * player : 4 * (player + 1)]) for player in range(players)}
    state = PlayState.start(players)
    tokens, pegged = [], Counter()
    while not state.is_over:
        hand = hands[state.to_play]
        fitting = state.playable(hand)
        if fitting:
            laid = draw(st.sampled_from(fitting))
            hand.remove(laid)
            state, items = state.lay(laid)
            tokens.append(laid.code)
        else:
            state, items = state.say_go()
            tokens.append(GO)
        pegged[state.last_player] += sum(item.points for item in items)
    return players, tokens, state, pegged


ENDS_A_SERIES = {PegKind.THIRTY_ONE, PegKind.GO, PegKind.LAST_CARD}


@settings(max_examples=300, deadline=None)
@given(legal_plays())
def test_every_legal_play_keeps_the_rules(play):
    players, tokens, state, pegged = play
    record = state.record
    assert peg_play(tokens, players) == record  # the notation reads back the same play

    assert record.is_over
    assert len(record.plays) == 4 * players
    assert Counter(turn.player for turn in record.plays) == dict.fromkeys(range(players), 4)
    for turn in record.turns:
        assert turn.points == sum(item.points for item in turn.items)
        assert 0 < turn.count <= 31

    last = record.plays[-1]
    assert (PegItem(PegKind.LAST_CARD, 1) in last.items) == (last.count != 31)

    said_go = set()
    following = (*record.plays[1:], None)
    for play, after in zip(record.plays, following, strict=True):
        assert play.player not in said_go
        ends = [item.kind for item in play.items if item.kind in ENDS_A_SERIES]
        if after is None:
            assert ends in ([PegKind.THIRTY_ONE], [PegKind.LAST_CARD])
        else:
            new_series = after.count == after.card.value
            assert len(ends) == (1 if new_series else 0)
            assert (PegKind.THIRTY_ONE in ends) == (play.count == 31)
        if ends:
            said_go.clear()
    for turn in record.turns:
        if turn.is_go:
            assert turn.count >= 22

    assert sum(record.totals.values()) == sum(turn.points for turn in record.turns)
    assert record.totals == {player: pegged[player] for player in range(players)}


@settings(max_examples=200, deadline=None)
@given(legal_plays())
def test_a_legal_play_scores_as_the_two_player_scorer_does_card_by_card(play):
    # peg_sequence knows no players: it needs one 'go' where each series ends without 31.
    _, _, state, _ = play
    record = state.record
    tokens = []
    for turn in record.plays:
        tokens.append(turn.card)
        if any(item.kind in (PegKind.GO, PegKind.LAST_CARD) for item in turn.items):
            tokens.append(GO)
    as_go = {PegItem(PegKind.LAST_CARD, 1): PegItem(PegKind.GO, 1)}
    expected = [tuple(as_go.get(item, item) for item in turn.items) for turn in record.plays]
    assert [play.items for play in peg_sequence(tokens)] == expected


def test_a_play_may_be_led_by_any_seat():
    # A two-player game numbers the play by its own seats: its pone, seat 1 here, leads.
    state = PlayState.start(2, leader=1)
    assert state.to_play == 1
    state, _ = state.lay(parse_card("KH"))
    assert (state.to_play, state.laid, state.last_player) == (0, (0, 1), 1)
    with pytest.raises(ValueError, match="the leader is a seat from 0 to 1"):
        PlayState.start(2, leader=2)
