import json
from dataclasses import replace
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage.cards import DECK, CardError, Rank, parse_card, parse_cards
from cribbage.computer import choose
from cribbage.game import (
    GAME_POINTS,
    MAX_CLAIM,
    Claim,
    ClaimRecord,
    Counting,
    Deal,
    Discard,
    Game,
    GameError,
    Go,
    Lay,
    Peg,
    Phase,
    Resign,
    Source,
    action_from_dict,
    action_to_dict,
    replay,
    shuffled_deck,
)
from cribbage.pegging import PegItem, PegKind, PlayState
from cribbage.show import score_show

AUTO = Counting.AUTOMATIC
MANUAL = Counting.MANUAL


def computers(seed, first_dealer=0, levels=("greedy", "greedy")):
    """A game between two computers, with every state and action along the way."""
    game = Game.new(seed, human=None, counting=AUTO, first_dealer=first_dealer)
    states, actions = [game], []
    while not game.is_over:
        action = choose(game, levels[game.to_move])
        game = game.apply(action)
        states.append(game)
        actions.append(action)
    return game, states, actions


def hand_made(pone, dealer, starter, laid="", *, dealer_seat=1, human=0, counting=AUTO):
    """A first deal with these cards: six each (the last two of each thrown to the crib),
    the starter already cut, and these cards laid in turn."""
    cards = {1 - dealer_seat: parse_cards(pone, 6), dealer_seat: parse_cards(dealer, 6)}
    deal = Deal(
        number=1,
        dealer=dealer_seat,
        dealt=(cards[0], cards[1]),
        thrown=(cards[0][4:], cards[1][4:]),
        starter=parse_card(starter),
        play=PlayState.start(2, leader=1 - dealer_seat),
    )
    game = Game.new("hand-made", human=human, counting=counting, first_dealer=dealer_seat)
    game = replace(game, deals=(deal,))
    for code in laid.split():
        game = game.apply(Lay(game.to_move, parse_card(code)))
    return game


def claim_exactly(game):
    return game.apply(Claim(game.to_move, game.pending.points))


# --- the cut, the deal, the discard, the starter ---------------------------------------


def test_the_lower_card_cut_deals_first_and_equal_ranks_cut_again():
    games = [Game.new(seed) for seed in range(60)]
    for game in games:
        first, second = game.cuts[-1]
        assert first.rank != second.rank
        assert game.dealer == (0 if first.rank < second.rank else 1)
        assert all(a.rank == b.rank for a, b in game.cuts[:-1])
    assert any(len(game.cuts) > 1 for game in games)  # a tie was cut again
    assert Game.new(7, first_dealer=1).cuts == ()


def test_six_cards_each_the_pone_discards_first_then_the_dealer():
    game = Game.new("deal", human=None, counting=AUTO, first_dealer=1)
    deal = game.deal
    assert (game.dealer, game.pone, game.phase, deal.number) == (1, 0, Phase.DISCARD, 1)
    assert len(deal.dealt[0]) == len(deal.dealt[1]) == 6
    assert len(set(deal.dealt[0]) | set(deal.dealt[1])) == 12
    assert game.to_move == 0 and len(game.legal_actions()) == 15
    game = game.apply(Discard(0, deal.dealt[0][:2]))
    assert game.to_move == 1 and game.starter is None
    game = game.apply(Discard(1, deal.dealt[1][4:]))
    assert game.starter is not None and game.starter not in (*deal.dealt[0], *deal.dealt[1])
    assert game.deal.crib == tuple(sorted((*deal.dealt[0][:2], *deal.dealt[1][4:])))
    assert game.held(0) == deal.dealt[0][2:] and game.held(1) == deal.dealt[1][:4]
    assert (game.phase, game.to_move) == (Phase.PLAY, 0)  # the pone leads


def first_deal_with_a_jack_turned():
    for seed in range(200):
        game = Game.new(seed, human=None, counting=AUTO, first_dealer=0)
        after = game.apply(choose(game, "greedy"))
        after = after.apply(choose(after, "greedy"))
        if after.starter.rank is Rank.JACK:
            return game
    raise AssertionError("no jack turned in 200 deals")


def discard_both(game):
    for _ in range(2):
        game = game.apply(choose(game, "greedy"))
    return game


def test_heels_pegs_two_to_the_dealer_as_the_starter_is_turned():
    game = first_deal_with_a_jack_turned()
    after = discard_both(game)
    assert after.scores == (2, 0)
    assert after.pegs == (Peg(1, 0, Source.HEELS, 2),)
    assert after.phase is Phase.PLAY and after.play.cards_down == 0


def test_heels_can_win_the_game_at_the_cut():
    game = replace(first_deal_with_a_jack_turned(), scores=(119, 80))
    after = discard_both(game)
    assert after.is_over and after.winner == 0 and after.scores == (121, 80)
    assert after.phase is Phase.OVER and after.play.cards_down == 0
    assert after.legal_actions() == () and after.to_move is None
    assert after.result.skunk == 1


# --- whole games -----------------------------------------------------------------------


def kinds_pegged(game):
    """The kinds of every item scored in the play, over the whole game."""
    return {
        item.kind
        for deal in game.deals
        if deal.play is not None
        for turn in deal.play.turns
        for item in turn.items
    }


def test_a_whole_game_won_in_the_play():
    game, states, _ = computers("13", first_dealer=1)
    assert {PegKind.THIRTY_ONE, PegKind.GO, PegKind.LAST_CARD, PegKind.FIFTEEN} <= kinds_pegged(
        game
    )
    assert any(turn.is_go for deal in game.deals for turn in deal.play.turns)
    # the game ends the moment a score reaches 121, with cards still to lay
    deal = game.deal
    assert game.is_over and not deal.play.is_over and deal.counts_made == 0
    before = states[-2]
    assert max(before.scores) < GAME_POINTS <= max(game.scores)
    assert game.pegs[-1].source is Source.PLAY
    assert game.legal_actions() == ()
    with pytest.raises(GameError, match="the game is over: player"):
        game.apply(Lay(before.to_move, before.held(before.to_move)[0]))
    # the deal alternated every time
    assert [deal.dealer for deal in game.deals] == [(1 + n) % 2 for n in range(len(game.deals))]


def test_a_game_won_on_the_pone_hand_leaves_the_dealer_counts_unmade():
    game, _, _ = computers("1", first_dealer=1)
    deal = game.deal
    assert deal.play.is_over and deal.counts_made == 1
    assert game.winner == deal.pone
    last = [peg for peg in game.pegs if peg.deal == deal.number]
    assert last[-1] == Peg(deal.number, deal.pone, Source.HAND, deal.counts[0].result.total)
    assert not any(peg.source in (Source.HAND, Source.CRIB) for peg in last[:-1])
    assert deal.counts[0].player == deal.pone


def test_a_skunk_and_a_double_skunk():
    skunked, _, _ = computers("1", first_dealer=1)
    assert skunked.result.skunk == 1 and 61 <= skunked.result.loser_score <= 90
    assert (skunked.result.match_points, skunked.result.tournament_points) == (2, 3)
    double, _, _ = computers("155", first_dealer=1)
    assert double.result.skunk == 2 and double.result.loser_score <= 60
    assert (double.result.match_points, double.result.tournament_points) == (3, 3)
    plain, _, _ = computers("0", first_dealer=0)
    assert plain.result.skunk == 0 and plain.result.loser_score >= 91
    assert (plain.result.match_points, plain.result.tournament_points) == (1, 2)


def test_the_show_counts_pone_then_dealer_then_crib():
    game, _, _ = computers("0", first_dealer=0)
    deal = game.deals[0]
    assert [(c.player, c.source) for c in deal.counts] == [
        (1, Source.HAND),
        (0, Source.HAND),
        (0, Source.CRIB),
    ]
    assert deal.counts[2].result.crib and deal.counts[2].result.hand == deal.crib
    shows = [p for p in game.pegs if p.deal == 1 and p.source in (Source.HAND, Source.CRIB)]
    assert [p.points for p in shows] == [c.result.total for c in deal.counts if c.result.total]


def test_points_by_source_add_up_to_the_scores():
    game, _, _ = computers("0", first_dealer=0)
    for player in (0, 1):
        assert sum(game.points_by_source(player).values()) == game.scores[player]
        assert (
            sum(sum(game.points_by_source(player, deal.number).values()) for deal in game.deals)
            == game.scores[player]
        )


# --- illegal actions -------------------------------------------------------------------


def test_discard_two_cards_from_your_own_hand():
    game = Game.new("discard", first_dealer=1)
    hand = game.held(0)
    for action, message in [
        (Discard(0, hand[:3]), "discard two cards, not three"),
        (Discard(0, hand[:1]), "discard two cards, not one"),
        (Discard(0, (hand[0], game.held(1)[0])), f"{game.held(1)[0].code} is not in your hand"),
        (Discard(0, (hand[0], hand[0])), "appears twice"),
        (Discard(1, game.held(1)[:2]), "it is not your turn: player 0 is to discard"),
        (Lay(0, hand[0]), "the play has not begun"),
        (Claim(0, 3), "there is nothing to claim now"),
        (Go(3), "there is no player 3"),
    ]:
        with pytest.raises(GameError, match=message) as raised:
            game.apply(action)
        assert isinstance(raised.value, CardError) and isinstance(raised.value, ValueError)
    assert game == Game.new("discard", first_dealer=1)


def test_a_card_must_be_in_hand_and_fit_and_go_only_without_one():
    game = hand_made("KH 5C 3D AC 2S 2H", "QS 7S JD 9H 4S 4H", "6D", "KH QS AC 7S")
    assert (game.play.count, game.to_move) == (28, 0)
    before = game.to_dict()
    for action, message in [
        (Lay(0, parse_card("7H")), "7H is not in your hand"),
        (Lay(0, parse_card("KH")), "KH was laid already"),
        (Lay(0, parse_card("5C")), "the count is 28: 5♣ would make it 33"),
        (Go(0), "you have a card that fits: you cannot say go"),
        (Lay(1, parse_card("JD")), "it is not your turn: player 0 is to play"),
        (Discard(0, parse_cards("5C 3D")), "the discards are made"),
    ]:
        with pytest.raises(GameError, match=message):
            game.apply(action)
    assert game.to_dict() == before
    assert game.legal_actions() == (Lay(0, parse_card("3D")),)
    game = game.apply(Lay(0, parse_card("3D")))  # 31 for two
    assert game.scores == (2, 0) and game.play.count == 0 and game.to_move == 1


def test_go_then_the_other_plays_on_and_pegs_the_go():
    game = hand_made("KH 9C 8D 7C 2S 2H", "QS JD 5H 3S 4S 4H", "6D", "KH QS 9C")
    assert game.play.count == 29 and game.to_move == 1
    assert game.legal_actions() == (Go(1),)
    game = game.apply(Go(1))
    assert game.to_move == 0 and game.legal_actions() == (Go(0),)  # 8 and 7 do not fit
    game = game.apply(Go(0))
    assert game.scores == (1, 0) and game.play.count == 0
    assert game.play.turns[2].items == (PegItem(PegKind.GO, 1),)


# --- manual counting and muggins -------------------------------------------------------


def test_manual_counting_waits_for_a_claim_after_each_human_card():
    # The human (seat 0) is pone: 7H, the computer 8S for fifteen, then 9C for a run.
    game = hand_made("7H 9C KD QC 2S 2H", "8S TS JD 5H 4S 4H", "6D", counting=MANUAL)
    game = game.apply(Lay(0, parse_card("7H")))
    assert game.pending is not None and game.to_move == 0
    assert game.legal_actions() == tuple(Claim(0, n) for n in range(MAX_CLAIM + 1))
    with pytest.raises(GameError, match="claim your points first: what did 7H score"):
        game.apply(Lay(0, parse_card("9C")))
    with pytest.raises(GameError, match="it is not your turn: player 0 is to claim their points"):
        game.apply(Lay(1, parse_card("8S")))
    game = game.apply(Claim(0, 0))  # nothing scored: 0 is the right answer
    assert game.scores == (0, 0) and game.claims[-1].missed == 0
    game = game.apply(Lay(1, parse_card("8S")))  # the computer pegs its fifteen at once
    assert game.scores == (0, 2) and game.pending is None
    game = game.apply(Lay(0, parse_card("9C")))  # 24, a run of three
    assert game.pending.points == 3
    game = game.apply(Claim(0, 1))
    assert game.scores == (1, 4)  # 1 claimed, 2 missed and taken by the computer
    record = game.claims[-1]
    assert record == ClaimRecord(1, 0, Source.PLAY, 2, 1, 3)
    assert (record.pegged, record.missed, record.over_claimed) == (1, 2, 0)
    assert game.pegs[-1] == Peg(1, 1, Source.MUGGINS, 2)
    assert game.claim_items(record) == (PegItem(PegKind.RUN, 3),)


def test_an_over_claim_is_corrected_without_penalty():
    game = hand_made("7H 9C KD QC 2S 2H", "8S TS JD 5H 4S 4H", "6D", counting=MANUAL)
    game = claim_exactly(game.apply(Lay(0, parse_card("7H"))))
    game = game.apply(Lay(1, parse_card("8S")))
    game = game.apply(Lay(0, parse_card("9C")))
    game = game.apply(Claim(0, 9))
    assert game.scores == (3, 2)
    assert game.claims[-1].over_claimed == 6 and game.claims[-1].missed == 0
    assert not any(peg.source is Source.MUGGINS for peg in game.pegs)


def play_out(game, claim=claim_exactly):
    """Lay the first card allowed (or go), claiming exactly, until the play is over."""
    while game.phase is Phase.PLAY:
        game = claim(game) if game.pending else game.apply(game.legal_actions()[0])
    return game


def test_the_human_counts_their_hand_and_crib_and_the_computer_takes_what_is_missed():
    # The human (seat 0) deals: 5H 5C JS QH kept, 2C 6D thrown; the computer keeps 4s.
    game = hand_made(
        "4S 4D 9C KD 3S 3H",
        "5H 5C JS QH 2C 6D",
        "5D",
        dealer_seat=0,
        counting=MANUAL,
    )
    game = play_out(game)
    pone_count = score_show(parse_cards("4S 4D 9C KD"), parse_card("5D"))
    hand = score_show(parse_cards("5H 5C JS QH"), parse_card("5D"))
    crib = score_show(sorted(parse_cards("2C 6D 3S 3H")), parse_card("5D"), crib=True)
    # the computer's hand is counted at once; then the game waits for the human's hand
    assert game.phase is Phase.SHOW and game.pending.source is Source.HAND
    assert [c.result for c in game.deal.counts] == [pone_count]
    scores = game.scores
    game = game.apply(Claim(0, hand.total - 4))
    assert game.scores == (scores[0] + hand.total - 4, scores[1] + 4)
    assert game.claims[-1].missed == 4 and game.pegs[-1].source is Source.MUGGINS
    assert game.claim_items(game.claims[-1]) == hand
    assert game.pending.source is Source.CRIB
    game = game.apply(Claim(0, crib.total))
    assert game.scores == (scores[0] + hand.total - 4 + crib.total, scores[1] + 4)
    assert game.deal.number == 2 and game.phase is Phase.DISCARD  # the next deal
    assert [c.result for c in game.deals[0].counts] == [pone_count, hand, crib]
    by_source = game.points_by_source(1, deal=1)
    assert by_source[Source.MUGGINS] == 4 and by_source[Source.HAND] == pone_count.total


def test_a_go_that_pegs_the_human_waits_for_their_claim():
    game = hand_made("KH 9C 8D 7C 2S 2H", "QS JD 5H 3S 4S 4H", "6D", counting=MANUAL)
    game = claim_exactly(game.apply(Lay(0, parse_card("KH"))))
    game = game.apply(Lay(1, parse_card("QS")))
    game = claim_exactly(game.apply(Lay(0, parse_card("9C"))))
    game = game.apply(Go(1))  # the computer's go pegs nothing yet: the human may play on
    assert game.pending is None and game.to_move == 0
    game = game.apply(Go(0))
    assert game.pending.points == 1
    with pytest.raises(GameError, match="what did the go score"):
        game.apply(Lay(0, parse_card("8D")))
    game = game.apply(Claim(0, 0))
    assert game.scores == (0, 1)  # missed go taken by the computer


def test_automatic_counting_never_asks_for_a_claim():
    game, states, actions = computers("0")
    assert not any(isinstance(action, Claim) for action in actions)
    assert not any(state.pending for state in states) and game.claims == ()


def test_a_win_by_claim_ends_the_game_before_muggins():
    game = hand_made("7H 9C KD QC 2S 2H", "8S TS JD 5H 4S 4H", "6D", counting=MANUAL)
    game = replace(game, scores=(120, 119))
    game = claim_exactly(game.apply(Lay(0, parse_card("7H"))))
    game = game.apply(Lay(1, parse_card("8S")))
    assert game.winner == 1 and game.scores == (120, 121)
    game = hand_made("7H 9C KD QC 2S 2H", "8S TS JD 5H 4S 4H", "6D", counting=MANUAL)
    game = replace(game, scores=(119, 100))
    game = claim_exactly(game.apply(Lay(0, parse_card("7H"))))
    game = game.apply(Lay(1, parse_card("8S")))
    game = game.apply(Lay(0, parse_card("9C"))).apply(Claim(0, 2))  # the run of three was 3
    assert game.winner == 0 and game.scores == (121, 102)  # no muggins once the game is won
    assert game.claims[-1].missed == 1


# --- replay and JSON -------------------------------------------------------------------


def test_replaying_the_actions_gives_the_same_game():
    game, states, actions = computers("replay", first_dealer=1)
    assert replay("replay", actions, human=None, counting=AUTO, first_dealer=1) == game
    for state in states[::7]:
        assert Game.from_dict(json.loads(json.dumps(state.to_dict()))) == state


def test_the_state_as_json():
    game = hand_made("7H 9C KD QC 2S 2H", "8S TS JD 5H 4S 4H", "6D", "7H", counting=MANUAL)
    data = game.to_dict()
    assert data["pending"] == {"player": 0, "source": "play", "points": 0, "turn": 0}
    assert data["deals"][0]["play"] == ["7H"] and data["deals"][0]["starter"] == "6D"
    assert data["counting"] == "manual" and data["human"] == 0 and data["scores"] == [0, 0]
    assert Game.from_dict(data) == game


# --- properties ------------------------------------------------------------------------


@st.composite
def random_games(draw):
    """A game played to its end by any legal choices, with every state along the way."""
    counting = draw(st.sampled_from([AUTO, MANUAL]))
    game = Game.new(
        draw(st.integers(0, 10**6)), human=draw(st.sampled_from([0, 1])), counting=counting
    )
    rng = draw(st.randoms(use_true_random=False))
    states = [game]
    while not game.is_over:
        actions = game.legal_actions()
        if game.pending is not None and rng.random() < 0.6:
            action = Claim(game.to_move, game.pending.points)  # mostly right, sometimes not
        else:
            action = rng.choice(actions)
        game = game.apply(action)
        states.append(game)
    return states


@settings(max_examples=40, deadline=None)
@given(random_games())
def test_every_legal_game_keeps_the_rules(states):
    for before, after in pairwise(states):
        assert after.scores[0] >= before.scores[0] and after.scores[1] >= before.scores[1]
        assert len(after.pegs) >= len(before.pegs)
    game = states[-1]
    assert game.is_over and max(game.scores) >= GAME_POINTS > min(game.scores)
    assert game.legal_actions() == () and game.to_move is None
    for player in (0, 1):
        assert sum(peg.points for peg in game.pegs if peg.player == player) == game.scores[player]
        assert sum(game.points_by_source(player).values()) == game.scores[player]
    assert all(peg.points > 0 for peg in game.pegs)
    dealers = [deal.dealer for deal in game.deals]
    assert all(a != b for a, b in pairwise(dealers))
    for deal in game.deals:
        deck, cut = shuffled_deck(game.seed, deal.number)
        assert sorted(deck) == list(DECK)  # 52 distinct cards
        assert set(deal.dealt[deal.pone]) == set(deck[0:12:2])
        assert set(deal.dealt[deal.dealer]) == set(deck[1:12:2])
        assert len(deal.dealt[0]) == len(deal.dealt[1]) == 6
        assert 4 <= cut <= 36 and deal.starter in (None, deck[12 + cut])
    for record in game.claims:
        assert record.pegged + record.missed == record.scored
    assert Game.from_dict(json.loads(json.dumps(game.to_dict()))) == game


@settings(max_examples=20, deadline=None)
@given(random_games(), st.data())
def test_an_illegal_action_leaves_the_game_as_it_was(states, data):
    state = data.draw(st.sampled_from(states[:-1]))
    snapshot = state.to_dict()
    legal = set(state.legal_actions())
    player = state.to_move
    candidates = [Lay(player, card) for card in DECK] + [
        Go(player),
        Go(1 - player),
        Claim(player, MAX_CLAIM + 1),
        Claim(1 - player, 0),
    ]
    for action in candidates:
        if action in legal:
            continue
        with pytest.raises(GameError):
            state.apply(action)
    assert state.to_dict() == snapshot


# --- resigning, the first cut, what a card pegged in words ------------------------------


def test_a_resigned_game_is_lost_as_the_scores_stand_and_replays():
    game = Game.new("resign-me", counting=Counting.AUTOMATIC)
    game = replace(game, scores=(40, 95))
    over = game.apply(Resign(0))
    assert over.is_over and over.winner == 1 and over.to_move is None
    assert over.result.resigned and over.result.skunk == 2 and over.result.match_points == 3
    assert Game.from_dict(over.to_dict()) == over
    assert action_from_dict(action_to_dict(Resign(0))) == Resign(0)
    with pytest.raises(GameError, match="resigned"):
        over.apply(Resign(1))


def test_a_resign_is_taken_while_a_claim_is_waited_for():
    game = Game.new("resign-claim", counting=Counting.MANUAL)
    while game.pending is None:
        game = game.apply(game.legal_actions()[0])
    assert game.apply(Resign(game.pending.player)).winner == 1 - game.pending.player


def test_a_resign_before_a_new_deal_is_played_ends_the_game_on_the_deal_before():
    """The next deal is dealt the moment a show ends; a resign before the resigner has
    thrown in it (at the summary between deals) ends the game on the deal played, not on
    six cards no one played."""
    game = Game.new("resign-between", counting=AUTO)
    while len(game.deals) == 1 or game.to_move != 0:
        game = game.apply(choose(game, "greedy"))
    assert game.deal.number == 2 and not game.deal.thrown[0]
    over = game.apply(Resign(0))
    assert over.is_over and over.winner == 1 and over.scores == game.scores
    assert [deal.number for deal in over.deals] == [1] and over.deal == game.deals[0]
    assert over.pegs == game.pegs and over.claims == game.claims
    assert Game.from_dict(over.to_dict()) == over


def test_a_resign_once_the_resigner_has_thrown_or_in_the_first_deal_ends_on_that_deal():
    game = Game.new("resign-begun", counting=AUTO)
    assert game.apply(Resign(0)).deal == game.deal
    while len(game.deals) == 1 or not game.deal.thrown[0]:
        game = game.apply(choose(game, "greedy"))
    assert game.apply(Resign(0)).deal == game.deal and game.deal.number == 2


def test_a_state_without_resigned_still_reads():
    data = Game.new("old-state").to_dict()
    del data["resigned"]
    assert Game.from_dict(data).resigned is None


def test_the_first_cut_names_who_deals():
    game = Game.new("cut-for-deal")
    first, second = game.first_cut
    assert first.rank is not second.rank
    assert game.deal.dealer == (0 if first.rank < second.rank else 1)
    assert Game.new("no-cut", first_dealer=0).first_cut is None
