"""Deals of the computer against itself, and the fits strong's constants come from."""

import random

import pytest

from cribbage.tablegen.selfplay import DealOutcome, fit_pegging_weights, play_deal, play_deals


def test_a_deal_played_out_records_each_role_by_source():
    outcome = play_deal("one deal")
    assert outcome == play_deal("one deal")
    assert outcome.heels in (0, 2)
    assert outcome.pone_play + outcome.dealer_play >= 1  # the last card or 31
    assert 0 <= outcome.pone_hand <= 29 and 0 <= outcome.crib <= 29
    assert outcome.dealer_total == (
        outcome.heels + outcome.dealer_play + outcome.dealer_hand + outcome.crib
    )
    explored = play_deals(3, "explore", explore=True, workers=1)
    assert len(explored) == 3 and all(isinstance(o, DealOutcome) for o in explored)


def test_the_pegging_weights_fit_recovers_how_the_terms_predict_the_play():
    rng = random.Random(2)
    outcomes = []
    for _ in range(200):
        pone_term, dealer_term = rng.uniform(-3, 0), rng.uniform(0, 3)
        difference = 0.7 * dealer_term - 1.2 * pone_term + 0.5
        outcomes.append(
            DealOutcome(0, 0, round(difference * 1000), 0, 0, 0, pone_term, dealer_term)
        )
    pone, dealer = fit_pegging_weights(outcomes)
    assert pone == pytest.approx(1200, abs=1)  # the play in thousandths of a point
    assert dealer == pytest.approx(700, abs=1)
