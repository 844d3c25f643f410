from itertools import combinations

import pytest
from hypothesis import given, settings

from cribbage.cards import DECK, CardError, parse_cards
from cribbage.crib_model import throw_class, throw_odds
from cribbage.discard import CribModel, Role, discard_options, hand_spread
from cribbage.show import show_total

from .strategies import six_card_hands


def brute_force_crib_ev(cards, throw, weight=None):
    """The crib's mean over every two unseen cards the opponent may throw and every starter
    left, each two weighted by ``weight(first, second)`` (all alike when None)."""
    unseen = [c for c in DECK if c not in cards]
    total = weights = 0
    deals = 0
    for opponent in combinations(unseen, 2):
        crib = (*throw, *opponent)
        odds = 1 if weight is None else weight(*opponent)
        scored = 0
        for starter in unseen:
            if starter not in opponent:
                scored += show_total(crib, starter, crib=True)
                deals += 1
        total += odds * scored / 44
        weights += odds
    assert deals == 1035 * 44
    return total / weights


def good_player_weight(dealer):
    """How likely a good player in this seat is to throw two given cards: their class's
    share of the settled throws over the pairs of that class in a deck (6 of a pair, 4 of
    two ranks in one suit, 12 in two suits)."""
    odds = throw_odds(dealer=dealer)

    def weight(first, second):
        name = throw_class(first, second)
        in_deck = 6 if first.rank == second.rank else 4 if first.suit == second.suit else 12
        return odds.shares[name] / in_deck

    return weight


def test_the_six_in_any_order_and_asked_again_give_the_same_choices():
    six = parse_cards("5H 5C 6D JS QH 2C")
    first = discard_options(six, Role.PONE)
    assert discard_options(list(reversed(six)), Role.PONE) == first
    assert discard_options(six, Role.PONE) == first
    assert discard_options(six, Role.DEALER) != first


def test_the_issue_example_for_the_dealer():
    options = discard_options(parse_cards("5H 5C 6D JS QH 2C"), Role.DEALER)
    best = options[0]
    assert sorted(c.code for c in best.keep) == ["5C", "5H", "JS", "QH"]
    assert sorted(c.code for c in best.throw) == ["2C", "6D"]
    assert best.hand_ev == pytest.approx(584 / 46)
    assert round(best.hand_ev, 4) == 12.6957
    assert round(best.crib_ev, 4) == 4.3709
    assert round(best.net_ev, 4) == 17.0666


@pytest.mark.parametrize(
    ("hand", "throw"),
    [
        ("5H 5C 6D JS QH 2C", "2C 6D"),
        ("JH JC 4H 7H 9S KD", "JH 4H"),  # a thrown jack of a suit, suited throw: nobs and flush
        ("AH 2H 3H 4H 9C KC", "2H 3H"),
    ],
)
def test_crib_value_matches_brute_force_over_every_opponent_throw_and_starter(hand, throw):
    cards = parse_cards(hand)
    options = discard_options(cards, Role.DEALER)
    (option,) = [o for o in options if set(o.throw) == set(parse_cards(throw))]
    assert option.crib_ev == pytest.approx(brute_force_crib_ev(cards, option.throw), abs=1e-12)


@pytest.mark.parametrize(
    ("hand", "role", "throw"),
    [
        ("5H 5C 6D JS QH 2C", Role.DEALER, "2C 6D"),
        ("JH JC 4H 7H 9S KD", Role.PONE, "JH 4H"),  # their jack's nobs, a suited throw's flush
        ("7S 8D QC KC 3D QD", Role.PONE, "7S 8D"),
        ("4S 6S 5D 5H JC KD", Role.DEALER, "4S 6S"),
    ],
)
def test_the_good_crib_matches_a_weighted_brute_force(hand, role, throw):
    cards = parse_cards(hand)
    options = discard_options(cards, role, CribModel.GOOD)
    (option,) = [o for o in options if set(o.throw) == set(parse_cards(throw))]
    # The dealer's crib gets the pone's throw; the pone's gift, the dealer's.
    weight = good_player_weight(dealer=role is Role.PONE)
    assert option.crib_ev == pytest.approx(
        brute_force_crib_ev(cards, option.throw, weight), abs=1e-12
    )


def test_all_15_choices_best_first():
    options = discard_options(parse_cards("AH 2H 3H 4H 9C KC"), Role.PONE)
    assert len(options) == 15
    assert len({frozenset(o.throw) for o in options}) == 15
    assert [o.net_ev for o in options] == sorted((o.net_ev for o in options), reverse=True)
    for option in options:
        assert option.net_ev == pytest.approx(option.hand_ev - option.crib_ev)


def test_discard_needs_six_distinct_cards():
    with pytest.raises(CardError, match="has 6 cards, got 5"):
        discard_options(parse_cards("AH 2H 3H 4H 9C"), Role.DEALER)


@settings(max_examples=25, deadline=None)
@given(six_card_hands)
def test_values_lie_in_range_and_both_roles_share_hand_and_crib_values(cards):
    dealer = discard_options(cards, Role.DEALER)
    pone = discard_options(cards, Role.PONE)
    by_throw = {frozenset(o.throw): o for o in pone}
    for option in dealer:
        assert 0 <= option.hand_ev <= 29 and 0 <= option.crib_ev <= 29
        assert option.net_ev == pytest.approx(option.hand_ev + option.crib_ev)
        twin = by_throw[frozenset(option.throw)]
        assert (twin.hand_ev, twin.crib_ev) == (option.hand_ev, option.crib_ev)
        assert twin.keep == option.keep


def test_a_hands_spread_over_the_46_starters():
    cards = parse_cards("5H 5C 6D JS QH 2C")
    keep, thrown = parse_cards("5H 5C JS QH"), parse_cards("6D 2C")
    spread = hand_spread(keep, thrown)
    assert len(spread.totals) == 46
    assert spread.mean == pytest.approx(discard_options(cards, Role.DEALER)[0].hand_ev)
    totals = [total for _, total in spread.totals]
    assert totals == sorted(totals, reverse=True)
    assert (spread.worst, spread.best) == (min(totals), max(totals))
    best_total, best_starters = spread.top_starters()[0]
    assert best_total == spread.best
    assert all(show_total(keep, s) == best_total for s in best_starters)
    assert spread.chance_of_at_least(12) == pytest.approx(sum(t >= 12 for t in totals) / 46)


def test_a_spread_needs_four_kept_from_six_distinct():
    with pytest.raises(CardError):
        hand_spread(parse_cards("5H 5C JS QH"), parse_cards("5H 2C"))


# What ``discard_options`` gave for these hands before the crib model was chosen: the
# random model, the default, must go on giving exactly these figures.
RANDOM_MODEL_FIGURES = {
    ("5H 5C 6D JS QH 2C", Role.DEALER): {
        "2C 6D": (12.695652173913043, 4.37092665788318),
        "5C 6D": (6.565217391304348, 7.102020202020202),
        "5H 6D": (6.565217391304348, 7.102020202020202),
        "2C JS": (9.391304347826088, 4.166710584101889),
        "2C QH": (9.652173913043478, 3.775142731664471),
        "2C 5C": (6.913043478260869, 5.681005709266578),
        "2C 5H": (6.913043478260869, 5.626657883179622),
        "6D JS": (8.521739130434783, 3.7830478700043915),
        "6D QH": (8.782608695652174, 3.391480017566974),
        "5C JS": (4.695652173913044, 7.0814668423364076),
        "5H JS": (4.695652173913044, 7.0814668423364076),
        "5H QH": (4.956521739130435, 6.744246815985946),
        "5C QH": (4.956521739130435, 6.68989898989899),
        "5C 5H": (2.1739130434782608, 8.891348265261309),
        "JS QH": (6.260869565217392, 4.730346947738252),
    },
    ("7S 8D QC KC 3D QD", Role.PONE): {
        "3D KC": (5.565217391304348, 4.1451910408432155),
        "QD KC": (3.9565217391304346, 4.078260869565217),
        "8D KC": (3.4347826086956523, 3.568642951251647),
        "7S KC": (3.4347826086956523, 3.587351778656126),
        "QC KC": (3.9565217391304346, 4.1326086956521735),
        "3D QC": (3.869565217391304, 4.1781291172595525),
        "3D QD": (3.869565217391304, 4.217654808959157),
        "3D 8D": (3.608695652173913, 4.484848484848485),
        "3D 7S": (3.608695652173913, 4.52437417654809),
        "QC QD": (4.0, 5.419762845849803),
        "8D QC": (1.7391304347826086, 3.6015810276679843),
        "7S QC": (1.7391304347826086, 3.6202898550724636),
        "7S QD": (1.7391304347826086, 3.6202898550724636),
        "8D QD": (1.7391304347826086, 3.6411067193675892),
        "7S 8D": (4.0, 7.1396574440052705),
    },
    ("JH JS 5H 9H KH 2D", Role.DEALER): {
        "2D JS": (10.565217391304348, 4.236978480456742),
        "2D 9H": (10.369565217391305, 4.289547650417216),
        "2D KH": (8.58695652173913, 3.843039086517347),
        "9H KH": (8.23913043478261, 3.430917874396135),
        "5H KH": (4.369565217391305, 6.862670180061484),
        "9H JH": (6.3478260869565215, 4.382037768994292),
        "9H JS": (6.282608695652174, 4.419587176108916),
        "2D JH": (6.434782608695652, 4.171761089152394),
        "2D 5H": (4.5, 5.821958717610891),
        "5H 9H": (4.326086956521739, 5.788493631971893),
        "JH JS": (4.086956521739131, 5.731313131313132),
        "5H JH": (2.217391304347826, 7.191392182696531),
        "5H JS": (2.152173913043478, 7.228941589811155),
        "JH KH": (4.565217391304348, 4.059639877031182),
        "JS KH": (4.5, 4.097189284145806),
    },
}


@pytest.mark.parametrize(("hand", "role"), list(RANDOM_MODEL_FIGURES))
def test_the_random_model_is_the_default_and_gives_todays_figures_exactly(hand, role):
    figures = RANDOM_MODEL_FIGURES[hand, role]
    default = discard_options(parse_cards(hand), role)
    assert discard_options(parse_cards(hand), role, CribModel.RANDOM) == default
    assert {
        " ".join(card.code for card in o.throw): (o.hand_ev, o.crib_ev) for o in default
    } == figures
    assert [" ".join(card.code for card in o.throw) for o in default] == list(figures)


def test_the_good_model_changes_the_crib_not_the_hand():
    cards = parse_cards("7S 8D QC KC 3D QD")
    random_model = {o.throw: o for o in discard_options(cards, Role.PONE)}
    good = discard_options(cards, Role.PONE, crib_model=CribModel.GOOD)
    assert len(good) == 15
    assert all(o.hand_ev == random_model[o.throw].hand_ev for o in good)
    assert any(abs(o.crib_ev - random_model[o.throw].crib_ev) > 0.1 for o in good)
    assert [o.net_ev for o in good] == sorted((o.net_ev for o in good), reverse=True)
    assert discard_options(cards, Role.PONE, crib_model="good") == good
