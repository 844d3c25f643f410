"""The score of a real game kept at the table: entries, the box, the show's order, counts
checked from the cards, muggins, the end at 121 with its skunk, matches, undo (and an undo
from a page that is out of date), repeats, and a board stored as its changes."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK, parse_card, parse_cards
from cribbage.records import Source
from cribbage.scoreboard import (
    PLAY_MOST,
    SHOW_NEVER,
    Change,
    Checked,
    Count,
    NextDeal,
    NextGame,
    Peg,
    Scoreboard,
    ScoreError,
    What,
    action_from_dict,
    action_to_dict,
    first_dealer_by_cut,
)
from cribbage.show import score_show

ANN, BO, CY, DI = 0, 1, 2, 3


def board(*names: str, dealer: int = 0, muggins: bool = False, length: int = 1) -> Scoreboard:
    return Scoreboard.new(
        names or ("Ann", "Bo"), first_dealer=dealer, muggins=muggins, length=length
    )


def checked(hand: str, starter: str, crib: bool = False, said: int | None = None) -> Checked:
    cards = tuple(parse_card(code) for code in hand.split())  # a card twice is the test's
    return Checked(cards, parse_card(starter), crib, said)


def pegged(b: Scoreboard, *actions) -> Scoreboard:
    for action in actions:
        b = b.apply(action)
    return b


def to(b: Scoreboard, seat: int, points: int) -> Scoreboard:
    """``seat`` pegs ``points`` in the play, a card at most 14 at a time."""
    while points:
        step = min(points, PLAY_MOST)
        b = b.apply(Peg(seat, What.PLAY, step))
        points -= step
    return b


def refused(b: Scoreboard, action, words: str) -> None:
    with pytest.raises(ScoreError, match=words):
        b.apply(action)


# --- the start ---------------------------------------------------------------------------


def test_a_board_names_its_players_in_turn_and_deals_from_the_first_dealer():
    b = board("  Ann ", "Bo  Brown", "Cy", dealer=2)
    assert b.names == ("Ann", "Bo Brown", "Cy")
    assert (b.deal, b.dealer, b.scores, b.previous) == (1, CY, (0, 0, 0), (0, 0, 0))
    assert b.version == 0 and b.last is None


@pytest.mark.parametrize(
    ("names", "words"),
    [
        (("Ann",), "1 players: a game is for 2, 3 or 4"),
        (("A", "B", "C", "D", "E"), "5 players"),
        (("Ann", " "), "Player 2 has no name"),
        (("Ann", "ann"), "Two players are called ann"),
        (("Ann", "x" * 25), "too long a name: 24 letters at most"),
    ],
)
def test_a_table_that_cannot_be_is_refused_in_words(names, words):
    with pytest.raises(ScoreError, match=words):
        Scoreboard.new(names, first_dealer=0)


def test_a_match_of_another_length_or_a_dealer_not_at_the_table_is_refused():
    with pytest.raises(ScoreError, match="1, 3, 5 or 7 games, not 4"):
        board(length=4)
    with pytest.raises(ScoreError, match="Player 3"):
        board(dealer=2)


def test_the_lowest_card_cut_deals_first_ace_low_and_a_tie_cuts_again():
    names = ["Ann", "Bo", "Cy"]
    assert first_dealer_by_cut(parse_cards("KH AS 2D"), names) == BO
    with pytest.raises(ScoreError, match="Ann and Cy cut fours: a tie, so cut again"):
        first_dealer_by_cut(parse_cards("4H 9S 4D"), names)
    with pytest.raises(ScoreError, match="appears twice"):
        first_dealer_by_cut(parse_cards("4H 9S") + parse_cards("4H"), names)
    with pytest.raises(ScoreError, match="each player cuts"):
        first_dealer_by_cut(parse_cards("4H 9S"), names)


# --- pegging -----------------------------------------------------------------------------


def test_each_score_moves_the_front_peg_and_leaves_the_back_peg_where_it_was():
    b = pegged(board(), Peg(BO, What.PLAY, 2), Peg(ANN, What.GO, 1), Peg(BO, What.PLAY, 3))
    assert b.scores == (1, 5) and b.previous == (0, 2)
    assert [entry.points for entry in b.entries] == [2, 1, 3]
    assert b.version == 3


def test_partners_peg_on_one_track_at_four():
    b = pegged(board("Ann", "Bo", "Cy", "Di"), Peg(CY, What.PLAY, 2), Peg(ANN, What.PLAY, 3))
    assert b.scores == (5, 0) and b.previous == (2, 0)
    assert b.seating.side_said(0) == "Ann and Cy"


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (Peg(ANN, What.PLAY, 0), "0 in the play: a card pegs 1 to 14"),
        (Peg(ANN, What.PLAY, 15), "15 in the play"),
        (Peg(ANN, What.GO, 2), "A go pegs 1, not 2"),
        (Peg(ANN, What.LAST, 2), "The last card pegs 1"),
        (Peg(ANN, What.THIRTY_ONE, 1), "31 pegs 2, not 1"),
        (Peg(ANN, What.HEELS, 1), "Heels pegs 2"),
        (Peg(2, What.PLAY, 2), "Player 3 is not at this table: the players are 1 Ann, 2 Bo"),
        (Peg(ANN, What.MUGGINS, 2), "does not play muggins"),
        (Peg(BO, What.HAND, 30), "30 for the hand: a count is 0 to 29"),
    ],
)
def test_points_no_rule_gives_are_refused_in_words(action, words):
    refused(board(), action, words)


@pytest.mark.parametrize("total", sorted(SHOW_NEVER))
def test_no_hand_scores_19_25_26_or_27(total):
    refused(board(), Peg(BO, What.HAND, total), f"No hand scores {total}")


def test_heels_is_the_dealers_once_a_deal_before_the_show():
    b = board()
    refused(b, Peg(BO, What.HEELS, 2), "Heels is the dealer's: Ann deals deal 1, not Bo")
    b = b.apply(Peg(ANN, What.HEELS, 2))
    refused(b, Peg(ANN, What.HEELS, 2), "once a deal")
    shown = board().apply(Peg(BO, What.HAND, 4))
    refused(shown, Peg(ANN, What.HEELS, 2), "the show of deal 1 has begun")


def test_heels_and_the_starter_checked_agree():
    b = board().apply(Peg(ANN, What.HEELS, 2))
    refused(b, Count(BO, checked("2H 3C 4S 9D", "5D")), "so its starter is a jack, not 5D")
    assert b.apply(Count(BO, checked("2H 3C 4S 9D", "JD"))).scores == (2, 7)


def test_the_last_card_once_a_deal_and_the_play_ends_with_the_show():
    b = board().apply(Peg(BO, What.LAST, 1))
    refused(b, Peg(ANN, What.LAST, 1), r"pegged already \(Bo\)")
    b = b.apply(Peg(BO, What.HAND, 6))
    refused(b, Peg(ANN, What.PLAY, 2), "The show of deal 1 has begun: its play is over")


def test_the_show_goes_from_the_dealers_left_the_dealer_last_then_the_crib():
    b = board("Ann", "Bo", "Cy", dealer=BO)
    assert b.show_next() == (CY, What.HAND)
    b = b.apply(Peg(ANN, What.HAND, 4))  # Cy's hand left out: a hand of nothing
    assert b.show_next() == (BO, What.HAND)
    refused(b, Peg(CY, What.HAND, 2), "Cy counts before Ann: .* too late")
    refused(b, Peg(ANN, What.HAND, 2), r"Ann's hand is pegged already in deal 1 \(4\)")
    refused(b, Peg(ANN, What.CRIB, 2), "The crib is the dealer's: Bo deals deal 1, not Ann")
    b = b.apply(Peg(BO, What.HAND, 8)).apply(Peg(BO, What.CRIB, 5))
    assert (b.deal, b.dealer) == (2, CY)  # the crib passes the deal: the box moves left
    assert b.show_next() == (ANN, What.HAND)


def test_the_deal_passes_without_its_crib_and_a_second_phone_passes_it_no_further():
    b = board("Ann", "Bo", "Cy").apply(NextDeal(1))
    assert (b.deal, b.dealer) == (2, BO)
    refused(b, NextDeal(1), "This page showed deal 1; deal 2 is being played now, Bo dealing")
    assert b.apply(NextDeal()).dealer == CY


def test_who_pegs_next_in_the_play_is_the_one_after_the_last_to_peg():
    b = board("Ann", "Bo", "Cy", dealer=CY)
    assert b.play_next() == ANN  # the dealer's left leads
    assert b.apply(Peg(BO, What.PLAY, 2)).play_next() == CY


# --- a count checked from the cards ---------------------------------------------------


def test_a_count_checked_pegs_what_the_cards_score_itemised():
    b = board()
    result = b.count(BO, checked("5H 5C 5S JD", "5D"))
    assert result == score_show(parse_cards("5H 5C 5S JD"), parse_card("5D"))
    b = b.apply(Count(BO, checked("5H 5C 5S JD", "5D")))
    assert b.scores == (0, 29)
    assert b.entries[-1].checked is not None and b.starter() == parse_card("5D")


def test_the_crib_counts_a_flush_only_with_the_starter():
    b = board().apply(Peg(BO, What.HAND, 2)).apply(Peg(ANN, What.HAND, 2))
    b = b.apply(Count(ANN, checked("2H 4H 6H 8H", "KS", crib=True)))
    assert b.entries[-1].points == 0  # four hearts and a spade: no flush in the crib


def test_the_deals_starter_is_kept_and_each_card_counted_once():
    b = board().apply(Count(BO, checked("2H 3C 4S 9D", "5D")))
    refused(b, Count(ANN, checked("6H 7C 8S KD", "5C")), "The starter of deal 1 is 5D")
    refused(b, Count(ANN, checked("2H 7C 8S KD", "5D")), "2H is in Bo's hand this deal")
    b = b.apply(NextDeal())
    assert b.starter() is None
    assert b.apply(Count(ANN, checked("2H 3C 4S 9D", "5C"))).starter() == parse_card("5C")


@pytest.mark.parametrize(
    ("hand", "starter", "words"),
    [
        ("5H 5C 5S", "5D", "A hand is 4 cards and this one has 3"),
        ("5H 5C 5S 5H", "5D", "5H appears twice"),
        ("5H 5C 5S JD", "5H", "5H appears twice"),
    ],
)
def test_a_count_that_cannot_be_dealt_is_refused_in_words(hand, starter, words):
    with pytest.raises(ScoreError, match=words):
        checked(hand, starter)


def test_an_over_count_is_corrected_never_muggins():
    b = board(muggins=True)
    count = Count(BO, checked("2H 3C 4S 9D", "5D", said=12))
    assert count.checked.scored == 6 and count.checked.corrected
    assert b.apply(count).scores == (0, 6)
    refused(b, Count(BO, checked("2H 3C 4S 9D", "5D", said=12), muggins=True), "missed nothing")


def test_an_under_count_pegs_the_right_count_unless_the_next_opponent_takes_muggins():
    short = checked("2H 3C 4S 9D", "5D", said=4)
    assert board().apply(Count(BO, short)).scores == (0, 6)
    refused(board(), Count(BO, short, muggins=True), "does not play muggins")
    b = board("Ann", "Bo", "Cy", muggins=True).apply(Count(BO, short, muggins=True))
    assert b.scores == (0, 4, 2)  # Cy, on Bo's left, takes the 2 Bo missed
    assert [(e.seat, e.what) for e in b.entries] == [(BO, What.HAND), (CY, What.MUGGINS)]
    assert b.version == 1 and len(b.made) == 1


def test_muggins_at_four_goes_to_the_next_opponent_on_the_other_team():
    b = board("Ann", "Bo", "Cy", "Di", dealer=DI, muggins=True)
    b = b.apply(Count(ANN, checked("2H 3C 4S 9D", "5D", said=4), muggins=True))
    assert b.scores == (4, 2) and b.entries[-1].seat == BO


# --- the end of a game, skunks, matches -----------------------------------------------


def test_the_game_ends_at_121_and_nothing_is_pegged_after():
    b = to(board(), BO, 115)
    b = b.apply(Peg(BO, What.HAND, 12))
    assert b.is_over and b.scores == (0, 121)
    assert b.entries[-1].points == 12 and b.entries[-1].pegged == 6
    refused(b, Peg(ANN, What.PLAY, 2), "The game is over: Bo won 121 to 0. Nothing more")
    refused(b, NextDeal(), "The game is over")
    assert b.result is not None and b.result.skunk == 2


@pytest.mark.parametrize(("loser", "skunk"), [(91, 0), (90, 1), (61, 1), (60, 2)])
def test_the_skunk_lines_are_91_and_61(loser, skunk):
    b = to(to(board(), ANN, loser), BO, 121)
    assert b.result.skunk == skunk and b.result.loser_score == loser


def test_at_three_the_skunk_is_judged_on_the_runner_up():
    b = to(to(to(board("Ann", "Bo", "Cy"), BO, 95), CY, 40), ANN, 121)
    assert b.result.loser_score == 95 and b.result.skunk == 0
    b = to(to(to(board("Ann", "Bo", "Cy"), BO, 80), CY, 40), ANN, 121)
    assert b.result.skunk == 1


def test_a_match_the_loser_dealing_first_and_the_first_to_the_majority_winning_it():
    b = board(dealer=ANN, length=3)
    refused(b, NextGame(), "Game 1 is still being played: finish it first")
    b = to(b, ANN, 121)
    refused(b, Peg(BO, What.PLAY, 1), "Game 1 is over: Ann won 121 to 0. Start the next game")
    b = b.apply(NextGame(1))
    assert (b.game.number, b.dealer, b.scores) == (2, BO, (0, 0))
    refused(b, NextGame(1), "This page showed game 1; game 2 is being played now")
    b = to(b, ANN, 121)
    assert b.match_over and b.match.winner == 0 and b.match.points == (6, 0)
    refused(b, NextGame(2), "The match is over")
    refused(b, Peg(BO, What.PLAY, 1), "The match is over: Ann won 121 to 0 in the last game")


def test_a_match_of_three_at_three_the_last_player_deals_next():
    b = to(to(to(board("Ann", "Bo", "Cy", length=3), BO, 100), CY, 50), ANN, 121)
    assert b.apply(NextGame()).dealer == CY


def test_undoing_the_next_game_returns_to_the_finished_one():
    b = to(board(length=3), BO, 121)
    assert b.apply(NextGame()).undo().game == b.game


# --- undo -------------------------------------------------------------------------------


def test_undo_takes_back_the_last_entry_and_its_muggins():
    b = board("Ann", "Bo", "Cy", muggins=True).apply(Peg(BO, What.PLAY, 2))
    before = b
    b = b.apply(Count(BO, checked("2H 3C 4S 9D", "5D", said=4), muggins=True)).undo()
    assert b.games == before.games and b.version == 3
    assert b.undo().scores == (0, 0, 0)
    with pytest.raises(ScoreError, match="Nothing to undo"):
        b.undo().undo()


def test_undo_of_the_crib_takes_the_deal_back():
    b = board().apply(Peg(ANN, What.CRIB, 4))
    assert (b.deal, b.undo().deal) == (2, 1)


def test_an_undo_from_a_page_that_did_not_show_the_last_entry_is_refused_with_what_changed():
    b = board().apply(Peg(ANN, What.PLAY, 2))
    seen = b.version
    b = b.apply(Peg(BO, What.GO, 1))
    with pytest.raises(ScoreError) as error:
        b.undo(seen=seen)
    assert str(error.value) == (
        "Nothing was undone: the board changed since this page showed it. "
        "Bo pegged 1 for the go. Undo again to take that back."
    )
    assert b.undo(seen=b.version).scores == (2, 0)


def test_two_phones_undoing_the_same_entry_take_back_one():
    b = board().apply(Peg(ANN, What.PLAY, 2)).apply(Peg(BO, What.PLAY, 3))
    seen = b.version
    b = b.undo("phone one", seen=seen)
    with pytest.raises(ScoreError, match="Bo pegged 3 in the play was taken back") as error:
        b.undo("phone two", seen=seen)
    assert "the last entry now: Ann pegged 2 in the play" in str(error.value)


def test_an_undo_after_another_phones_entry_and_its_undo_takes_back_what_it_showed():
    b = board().apply(Peg(ANN, What.PLAY, 2))
    seen = b.version
    b = b.apply(Peg(BO, What.PLAY, 3)).undo()
    assert b.undo(seen=seen).scores == (0, 0)


def test_an_action_or_undo_sent_twice_is_made_once():
    b = board().apply(Peg(ANN, What.PLAY, 2, key="tap"))
    assert b.apply(Peg(ANN, What.PLAY, 2, key="tap")) is b
    assert b.apply(Peg(ANN, What.PLAY, 2, key="another")).scores == (4, 0)
    assert b.apply(Peg(ANN, What.PLAY, 2)).scores == (4, 0)  # no key: a new entry
    undone = b.undo("u")
    assert undone.undo("u") is undone
    assert undone.apply(Peg(ANN, What.PLAY, 2, key="tap")) is undone  # made and taken back


def test_what_changed_since_a_version_in_words():
    b = board().apply(Peg(ANN, What.PLAY, 2))
    seen = b.version
    b = b.apply(Count(BO, checked("2H 3C 4S 9D", "5D", said=4))).undo().apply(NextDeal(1))
    assert b.changed(seen) == (
        "Bo pegged 6 for the hand (2H 3C 4S 9D with 5D, said 4); "
        "Bo pegged 6 for the hand (2H 3C 4S 9D with 5D, said 4) was taken back; "
        "deal 1 was passed on."
    )
    assert b.changed(b.version) == ""


# --- figures -------------------------------------------------------------------------------


def test_each_players_figures_by_kind_their_hands_and_counts_checked():
    b = board(muggins=True)
    b = pegged(
        b,
        Peg(ANN, What.HEELS, 2),
        Peg(BO, What.PLAY, 2),
        Peg(ANN, What.GO, 1),
        Count(BO, checked("2H 3C 4S 9D", "JD", said=6), muggins=True),
        Peg(ANN, What.HAND, 12),
        Peg(ANN, What.CRIB, 4),
        Peg(BO, What.HAND, 4),
    )
    ann, bo = b.figures()
    assert ann.by_kind == {
        Source.PLAY: 1,
        Source.HAND: 12,
        Source.CRIB: 4,
        Source.HEELS: 2,
        Source.MUGGINS: 1,
    }
    assert ann.total == sum(ann.by_kind.values()) == b.scores[ANN]
    assert bo.total == b.scores[BO] == 12
    assert bo.average_hand == 5.5  # what the cards scored, 7, not the 6 said and pegged
    assert bo.best_hand.counted == 7 and bo.best_hand.points == 6 and bo.best_hand.checked
    assert [entry.counted for entry in bo.corrected] == [7] and bo.muggins_lost == 1
    assert ann.best_hand.counted == 12 and not ann.checked


# --- stored and read back --------------------------------------------------------------


def moves_at(players: int):
    """Entries at a table of ``players``, most of them ones a real table makes (the play's
    points, counts, the deal and game moved on, undos), some no rule allows."""
    seat = st.integers(0, players - 1)
    cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)
    said = st.one_of(st.none(), st.integers(0, 29).filter(lambda n: n not in SHOW_NEVER))
    count = st.builds(
        lambda cards, crib, said: Checked(tuple(cards[:4]), cards[4], crib, said),
        cards,
        st.booleans(),
        said,
    )
    play = st.builds(
        Peg, seat, st.just(What.PLAY), st.integers(1, PLAY_MOST), st.sampled_from("ab")
    )
    return st.one_of(
        play,
        play,
        play,  # the play the likeliest, as at a table
        # a run of big pegs by one player, so that games reach 121 and matches go on
        st.builds(lambda seat, n: (Peg(seat, What.PLAY, PLAY_MOST),) * n, seat, st.integers(2, 9)),
        st.builds(Peg, seat, st.sampled_from([What.HAND, What.CRIB]), st.integers(0, 29)),
        st.builds(Peg, st.integers(-1, 4), st.sampled_from(list(What)), st.integers(0, 30)),
        st.builds(Count, seat, count, st.booleans()),
        st.builds(NextDeal, st.one_of(st.none(), st.integers(1, 12))),
        st.builds(NextGame, st.one_of(st.none(), st.integers(1, 4))),
        st.none(),  # an undo
    )


NAMES = {2: ("Ann", "Bo"), 3: ("Ann", "Bo", "Cy"), 4: ("Ann", "Bo", "Cy", "Di")}
games = st.integers(2, 4).flatmap(
    lambda players: st.tuples(
        st.tuples(
            st.just(NAMES[players]),
            st.integers(0, players - 1),
            st.booleans(),
            st.sampled_from([1, 3]),
        ),
        st.lists(moves_at(players), min_size=20, max_size=160),
    )
)


def flat(moves):
    """The moves, a run of pegs drawn as one taken one by one."""
    for move in moves:
        yield from move if isinstance(move, tuple) else (move,)


def played(table, moves) -> tuple[Scoreboard, list[Change]]:
    names, dealer, muggins, length = table
    b = board(*names, dealer=dealer, muggins=muggins, length=length)
    changes = []
    for move in flat(moves):
        before = b
        try:
            b = b.undo() if move is None else b.apply(move)
        except ScoreError:
            assert b is before
            continue
        if b.version != before.version:
            changes.append(Change(b.version, move))
    return b, changes


@settings(max_examples=300, deadline=None)
@given(games)
def test_any_entries_keep_the_board_whole(game):
    b, changes = played(*game)
    assert b.version == len(b.made) + 2 * len(b.undone) == len(changes)
    for game in b.games:
        for side, score in enumerate(game.scores):
            mine = [e for e in game.entries if b.seating.side_of(e.seat) == side]
            assert score == min(sum(e.pegged for e in mine), 121)
            assert game.previous[side] <= score <= 121
        assert (game.winner is not None) == (max(game.scores) == 121)
        assert all(e.pegged <= e.points for e in game.entries)
    assert all(game.is_over for game in b.games[:-1])


@settings(max_examples=200, deadline=None)
@given(games)
def test_a_board_replayed_from_its_stored_changes_is_the_same(game):
    table, moves = game
    b, changes = played(table, moves)
    stored = [
        Change(c.version, None if c.action is None else action_from_dict(action_to_dict(c.action)))
        for c in changes
    ]
    names, dealer, muggins, length = table
    start = board(*names, dealer=dealer, muggins=muggins, length=length)
    again = start.replay(stored)
    assert (again.made, again.undone, again.version, again.games) == (
        b.made,
        b.undone,
        b.version,
        b.games,
    )
    half = len(stored) // 2
    assert start.replay(stored[:half]).replay(stored[half:]).games == b.games


@settings(max_examples=200, deadline=None)
@given(games)
def test_an_entry_taken_back_leaves_the_board_as_it_was(game):
    table, moves = game
    b = played(table, [])[0]
    for move in flat(moves):
        try:
            after = b.undo() if move is None else b.apply(move)
        except ScoreError:
            continue
        if move is not None and after is not b:
            assert after.undo().games == b.games
        b = after


def test_changes_out_of_order_are_not_replayed():
    with pytest.raises(ValueError, match="change 2 after change 0"):
        board().replay([Change(2, Peg(ANN, What.PLAY, 2))])
