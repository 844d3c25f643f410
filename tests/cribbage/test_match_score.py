"""A match of 1, 3, 5 or 7 games: match points, the majority, who deals next."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribbage.game import Game, GameResult, Resign
from cribbage.match_score import MATCH_LENGTHS, GameOutcome, MatchScore, games_needed, match_points

outcomes = st.builds(GameOutcome, st.sampled_from((0, 1)), st.sampled_from((0, 1, 2)))


def played_out(length: int, games: list[GameOutcome]) -> MatchScore:
    """The match after as many of ``games`` as it takes, stopping when it is over."""
    score = MatchScore(length)
    for game in games:
        if score.is_over:
            break
        score = score.after(game)
    return score


@pytest.mark.parametrize(
    ("loser_score", "skunk", "points"),
    [(120, 0, 1), (91, 0, 1), (90, 1, 2), (61, 1, 2), (60, 2, 3), (0, 2, 3)],
)
def test_match_points_are_a_win_a_skunk_or_a_double_skunk(loser_score, skunk, points):
    result = GameResult(winner=0, scores=(121, loser_score))
    assert result.skunk == skunk
    assert match_points(result.skunk) == points == GameOutcome.of(result).points
    assert result.match_points == match_points(result.skunk)


def test_a_skunk_outside_the_rules_is_refused():
    with pytest.raises(ValueError, match="0, 1 or 2"):
        match_points(3)
    with pytest.raises(ValueError, match="seats 0 and 1"):
        GameOutcome(2)


@pytest.mark.parametrize(("length", "needed"), [(1, 1), (3, 2), (5, 3), (7, 4)])
def test_the_match_is_won_by_the_majority_of_its_games(length, needed):
    assert games_needed(length) == needed
    score = MatchScore(length)
    for _ in range(needed - 1):
        score = score.after(GameOutcome(0)).after(GameOutcome(1))
    assert not score.is_over and score.won == (needed - 1, needed - 1)
    last = score.after(GameOutcome(1, skunk=1))
    assert last.is_over and last.winner == 1 and last.won == (needed - 1, needed)
    assert last.number == length  # it went the distance
    assert last.points == (needed - 1, needed - 1 + 2)


@pytest.mark.parametrize("length", [0, 2, 4, 9, -1])
def test_a_match_of_an_even_or_unoffered_length_is_refused(length):
    with pytest.raises(ValueError, match="1, 3, 5 or 7 games"):
        MatchScore(length)


def test_the_loser_of_each_game_deals_first_in_the_next():
    score = MatchScore(5)
    assert score.next_dealer is None  # the first game is cut for
    score = score.after(GameOutcome(0))
    assert score.next_dealer == 1
    score = score.after(GameOutcome(1, skunk=2))
    assert score.next_dealer == 0
    assert score.number == 3 and score.points == (1, 3)


def test_a_resigned_game_resigns_the_match():
    score = MatchScore(7).after(GameOutcome(0, skunk=1)).after(GameOutcome(1, resigned=True))
    assert score.is_over and score.resigned and score.winner == 1
    assert score.won == (1, 1) and score.points == (2, 1)
    assert score.next_dealer is None
    with pytest.raises(ValueError, match="the match is over"):
        score.after(GameOutcome(0))


def test_no_game_is_played_after_the_match_is_won():
    with pytest.raises(ValueError, match="over before its last game"):
        MatchScore(3, (GameOutcome(0), GameOutcome(0), GameOutcome(1)))
    with pytest.raises(ValueError, match="over before its last game"):
        MatchScore(3, (GameOutcome(0, resigned=True), GameOutcome(1)))


@given(st.sampled_from(MATCH_LENGTHS), st.lists(outcomes, min_size=7, max_size=7))
def test_every_match_ends_with_one_player_at_the_majority(length, games):
    score = played_out(length, games)
    needed = games_needed(length)
    assert score.is_over and max(score.won) == needed > min(score.won)
    assert score.won[score.winner] == needed
    assert needed <= len(score.games) <= length and score.number == len(score.games)
    assert sum(score.won) == len(score.games)
    assert sum(score.points) == sum(match_points(game.skunk) for game in score.games)
    for seat in (0, 1):
        assert score.won[seat] <= score.points[seat] <= 3 * score.won[seat]


@given(st.sampled_from(MATCH_LENGTHS), st.lists(outcomes, max_size=7), st.booleans())
def test_a_match_reads_back_from_its_json_as_it_was(length, games, resign):
    score = played_out(length, games)
    if resign and not score.is_over:
        score = score.after(GameOutcome(1, resigned=True))
    again = MatchScore.from_list(length, score.to_list())
    assert again == score
    assert (again.winner, again.points, again.next_dealer) == (
        score.winner,
        score.points,
        score.next_dealer,
    )


def test_a_games_outcome_is_read_from_the_engines_result():
    game = Game.new("match-score", first_dealer=1)
    assert game.deal.dealer == 1 and game.cuts == ()
    resigned = game.apply(Resign(0))
    outcome = GameOutcome.of(resigned.result)
    assert outcome == GameOutcome(1, skunk=2, resigned=True)
    assert MatchScore(3).after(outcome).winner == 1


def test_the_first_dealer_given_skips_the_cut_and_none_keeps_it():
    assert Game.new("same-seed", first_dealer=0).deal.dealer == 0
    assert Game.new("same-seed", first_dealer=1).deal.dealer == 1
    cut = Game.new("same-seed")
    assert cut.cuts and cut == Game.new("same-seed", first_dealer=None)


def test_at_three_the_first_to_the_majority_wins_however_long_it_takes():
    def won_by(seat, last):
        return GameOutcome(seat, last=last, sides=3)

    score = MatchScore(3, sides=3)
    for seat, last in ((0, 2), (1, 0), (2, 1)):
        score = score.after(won_by(seat, last))
    assert score.won == (1, 1, 1) and not score.is_over and score.number == 4
    assert score.next_dealer == 1  # West finished last in the third game: West deals
    score = score.after(won_by(1, 2))
    assert score.is_over and score.winner == 1 and score.points == (1, 2, 1)


def test_at_three_a_game_says_who_finished_last_and_reads_back():
    with pytest.raises(ValueError, match="last player deals"):
        GameOutcome(0, sides=3)
    with pytest.raises(ValueError, match="did not win"):
        GameOutcome(0, last=0, sides=3)
    result = GameResult(winner=1, scores=(80, 121, 95))
    outcome = GameOutcome.of(result)
    assert outcome == GameOutcome(1, skunk=0, last=0, sides=3)  # the skunk is judged on 95
    again = MatchScore.from_list(5, MatchScore(5, (outcome,), sides=3).to_list(), sides=3)
    assert again.games == (outcome,) and again.to_list() == [
        {"winner": 1, "skunk": 0, "resigned": False, "last": 0}
    ]


def test_at_four_the_losing_team_deals_first_its_first_seat():
    result = GameResult(winner=0, scores=(121, 85, 121, 85))  # you and North win
    outcome = GameOutcome.of(result)
    assert outcome == GameOutcome(0, skunk=1) and outcome.loser == 1
    assert MatchScore(3).after(outcome).next_dealer == 1  # West, of West and East
    assert GameOutcome.of(GameResult(winner=1, scores=(70, 121, 70, 121))).loser == 0
