import json
import random
import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.html import escape

from counter.discards import DiscardHand
from cribbage.cards import parse_card
from cribbage.cli import main
from cribbage.discard import Role
from cribbage.game import Claim, Source
from cribbage.review import EVALUATION, is_error
from games.models import HUMAN, Game
from games.progress import games_skill
from games.review import SKILL_KINDS, skill_figures
from games.review_rows import discard_words
from games.services import game_move, game_next_deal
from quizzes.domain.lays import grade_lay
from quizzes.domain.patterns import Area
from quizzes.models import Attempt, Deal, ReviewItem
from quizzes.owners import Owner
from tests.factories import UserFactory
from tests.games.conftest import seed_games
from tests.games.playing import started

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def start(user, level="greedy") -> Game:
    from cribbage.computer import Level

    return started(user, level=Level(level))


def move(game, rng, miss):
    """One random legal move; a claim short by some points when ``miss`` says so."""
    engine = game.engine
    if game.pauses_after(engine):
        return game_next_deal(game=game, expected=game.moves).game
    if engine.pending is not None:
        points = engine.pending.points
        claimed = points - rng.randint(1, points) if points and rng.random() < miss else points
        action = Claim(HUMAN, claimed)
    else:
        action = rng.choice(engine.legal_actions())
    return game_move(game=game, action=action, expected=game.moves, now=timezone.now()).game


def play(game, rng, miss=0.0, until=None, each=None):
    while not game.is_over and not (until and until(game)):
        game = move(game, rng, miss)
        if each:
            each(game)
    return game


@pytest.fixture(scope="module")
def played(django_db_setup, django_db_blocker):
    """A seeded game played to its end, once for the module: its id. It is saved outside the
    tests' transactions, so what a test changes is rolled back after it; its player and all
    that is theirs are deleted after the module."""
    with django_db_blocker.unblock(), pytest.MonkeyPatch.context() as monkeypatch:
        seed_games(monkeypatch)
        game = play(start(UserFactory()), random.Random(21), miss=0.4)
    yield game.pk
    with django_db_blocker.unblock():
        get_user_model().objects.filter(pk=game.user_id).delete()


@pytest.fixture
def finished(played, client):
    """The module's finished game, its player signed in on ``client``."""
    game = Game.objects.get(pk=played)
    client.force_login(game.user)
    return game


# --- the review page and its JSON -------------------------------------------------------


def test_a_finished_games_review_has_every_deal_and_decision(client, finished):
    data = client.get(f"/play/{finished.pk}/review.json").json()
    engine = finished.engine
    assert data["game"]["id"] == finished.pk and data["game"]["over"] is True
    assert [deal["number"] for deal in data["deals"]] == [deal.number for deal in engine.deals]
    for deal in data["deals"]:
        assert deal["dealer"] in ("you", "computer")
        kinds = [d["kind"] for d in deal["decisions"]]
        assert kinds[:2] == ["discard", "discard"]
        for decision in deal["decisions"]:
            assert {"kind", "player", "chosen", "best", "loss", "class"} <= decision.keys()
            assert decision["player"] in ("you", "computer")
            if decision["kind"] == "discard":
                assert {"hand_loss", "crib_loss"} <= decision.keys()
                assert decision["loss"] == pytest.approx(
                    decision["hand_loss"] + decision["crib_loss"]
                )
    claims = sum(1 for r in engine.claims)
    assert claims == sum(
        1 for deal in data["deals"] for d in deal["decisions"] if d["kind"] == "claim"
    )
    muggins = sum(p.points for p in engine.pegs if p.source is Source.MUGGINS and p.player != HUMAN)
    assert data["totals"]["you"]["muggins"] == pytest.approx(sum(r.missed for r in engine.claims))
    assert muggins <= data["totals"]["you"]["muggins"]  # none is taken from a winning count
    for player in ("you", "computer"):
        assert set(data["totals"][player]) >= {"discard", "play", "muggins", "all"}


def review_parts(html):
    """The review page cut in two: its errors section, and each deal's folded details."""
    errors = html.split('id="errors-heading"')[1].split('class="review-figures"')[0]
    deals = html.split('id="deals-heading"')[1].split('<details class="review-deal">')[1:]
    return errors, deals


def items(section):
    return section.split('<div class="decision ')[1:]


def labels(codes):
    return [parse_card(code).label for code in codes]


def test_the_review_page_leads_with_the_players_errors_each_with_its_cards(client, finished):
    html = client.get(f"/play/{finished.pk}/review/").content.decode()
    data = client.get(f"/play/{finished.pk}/review.json").json()
    # The errors first; the figures of the points lost folded after them.
    assert html.index('id="errors-heading"') < html.index('id="lost-heading"')
    assert html.index('id="lost-heading"') < html.index('id="deals-heading"')
    assert re.search(r'<details class="review-figures">\s*<summary><h2 id="lost-heading"', html)
    errors, _ = review_parts(html)
    mine = [
        (deal, d)
        for deal in data["deals"]
        for d in deal["decisions"]
        if d["player"] == "you" and is_error(d["class"])
    ]
    mine.sort(key=lambda pair: -pair[1]["loss"])  # the largest loss first
    shown = items(errors)
    assert len(mine) >= 5 and len(shown) == len(mine)
    kinds = set()
    for (deal, decision), item in zip(mine, shown, strict=True):
        kinds.add(decision["kind"])
        assert f"Deal {deal['number']}: {decision['loss']:.2f} lost" in item
        found = LABEL.findall(item)
        if decision["kind"] in ("discard", "lay"):
            # Why the best was better, in the hints' words, the figures folded.
            assert f'<span class="decision-why">{escape(decision["why"])}</span>' in item
        if decision["kind"] == "discard":
            # The six dealt, the two thrown, the best throw and the four each keeps.
            assert "Dealt" in item and "keeping" in item
            assert '<details class="decision-figures"><summary>The figures</summary>' in item
            assert found[:6] == labels(decision["six"])
            expected = [decision["chosen"], decision["keep"], decision["best"]]
            expected.append(decision["best_keep"])
            assert found[6:] == [label for codes in expected for label in labels(codes)]
        elif decision["kind"] == "lay":
            assert found == labels([*decision["series"], decision["chosen"], decision["best"]])
            if decision["count"]:
                assert f"At {decision['count']}, after" in item
        elif decision["source"] == "play":
            card = [] if decision["card"] == "go" else [decision["card"]]
            assert found == labels([*decision["series"], *card])
            assert f"claimed {decision['chosen']}" in item
            assert f"scoring {decision['best']}" in item
            assert f"computer took {decision['missed']} by muggins" in item
        else:
            # The four and the starter, what was claimed, what it scores, what was missed.
            assert found == labels([*decision["hand"], deal["starter"]])
            assert f"scores {decision['best']}" in item
            assert f"claimed {decision['chosen']}, missing " in item
            for way in decision["missed_ways"]:
                assert " and ".join(way) in item
            if not decision["missed_ways"]:
                assert decision["announce"] in item
    assert kinds >= {"claim", "lay"}


def test_a_short_counts_error_names_the_items_missed(client, finished):
    html = client.get(f"/play/{finished.pk}/review/").content.decode()
    errors, _ = review_parts(html)
    assert re.search(r"missing (a|the|his) [a-z ,]+ for (one|two|three|four|six|eight)", errors)


def test_each_loss_is_a_positive_number_said_in_words(client, finished):
    html = client.get(f"/play/{finished.pk}/review/").content.decode()
    errors, deals = review_parts(html)
    for section in (errors, *deals):
        for item in items(section):
            text = re.sub(r"<[^>]+>", " ", item)
            assert "−" not in text and "-0." not in text, text
            assert "It cost" not in text
    discards = [
        i for i in items(errors) + items("".join(deals)) if "threw" in i and "best was" in i
    ]
    assert discards
    for item in discards:
        assert re.search(r"scores (the same|\d\.\d\d (less|more))", item), item
        assert re.search(r"\d\.\d\d points lost\.", item), item


@pytest.mark.parametrize(
    ("hand", "crib", "own", "words"),
    [
        # The pone: a better hand, but a crib that gives the computer far more.
        (
            -0.74,
            1.22,
            False,
            "The hand you kept scores 0.74 more on average, but the crib gives the computer "
            "1.22 more: 0.48 points lost.",
        ),
        (
            0.5,
            0.2,
            True,
            "The hand you kept scores 0.50 less on average, and your crib "
            "scores 0.20 less: 0.70 points lost.",
        ),
        (
            0.9,
            -0.2,
            True,
            "The hand you kept scores 0.90 less on average, but your crib "
            "scores 0.20 more: 0.70 points lost.",
        ),
        (
            0.9,
            -0.2,
            False,
            "The hand you kept scores 0.90 less on average, but the crib gives "
            "the computer 0.20 less: 0.70 points lost.",
        ),
        (0.3, 0.0, False, "The hand you kept scores 0.30 less on average: 0.30 points lost."),
    ],
)
def test_a_throws_loss_is_said_by_the_hand_and_whose_crib(hand, crib, own, words):
    decision = {"hand_loss": hand, "crib_loss": crib, "loss": hand + crib}
    assert discard_words(decision, you=True, own_crib=own) == words


def test_practise_this_only_where_a_throw_or_lay_lost_something(client, finished):
    html = client.get(f"/play/{finished.pk}/review/").content.decode()
    data = client.get(f"/play/{finished.pk}/review.json").json()
    offered = set(re.findall(r'name="pick" value="(\d+:\d+)"', html))
    lost = {
        f"{deal['number']}:{index}"
        for deal in data["deals"]
        for index, d in enumerate(deal["decisions"])
        if d["player"] == "you" and d["kind"] in ("discard", "lay") and d["loss"] > 0.05
    }
    assert lost and offered == lost
    decisions = [d for deal in data["deals"] for d in deal["decisions"] if d["player"] == "you"]
    assert any(d["class"] in ("best", "forced") for d in decisions)


def test_best_and_forced_decisions_are_folded_in_their_deal(client, finished):
    html = client.get(f"/play/{finished.pk}/review/").content.decode()
    data = client.get(f"/play/{finished.pk}/review.json").json()
    errors, deals = review_parts(html)
    assert html.count('<details class="review-deal">') == len(data["deals"])
    assert not re.search(r"decision--(best|good|forced)", errors)
    assert '<details class="review-deal">' not in errors
    for deal, folded in zip(data["deals"], deals, strict=True):
        yours = folded.split('<details class="review-computer">')[0]
        summary = yours.split("</summary>")[0]
        assert f"Deal {deal['number']}" in summary
        assert f"{deal['totals']['you']['all']:.2f} lost" in summary
        assert not re.search(r"decision--(inaccuracy|mistake|blunder)", yours)
        best = [
            d
            for d in deal["decisions"]
            if d["player"] == "you" and d["class"] in ("best", "forced") and d["kind"] != "claim"
        ]
        best = [d for d in best if d["kind"] != "go"]
        assert len(re.findall(r"decision--(best|forced)\b", yours)) >= len(best)
    for word in ("Best", "Forced"):
        assert f">{word}</span>" in html
    assert "/discard/?cards=" in html
    assert f'href="/play/{finished.pk}/state.json"' in html


def test_the_review_is_stored_with_its_evaluation_and_made_again_when_it_changes(
    client, finished, django_assert_max_num_queries
):
    finished.refresh_from_db()
    assert finished.review["evaluation"] == EVALUATION
    assert len(finished.review["deals"]) == len(finished.engine.deals)
    with django_assert_max_num_queries(6):  # read, not written
        client.get(f"/play/{finished.pk}/review.json")
    Game.objects.filter(pk=finished.pk).update(review={"evaluation": "0", "deals": []})
    data = client.get(f"/play/{finished.pk}/review.json").json()
    assert len(data["deals"]) == len(finished.engine.deals)
    finished.refresh_from_db()
    assert finished.review["evaluation"] == EVALUATION


def test_the_reviews_best_throw_is_the_analysers_for_the_same_six_and_seat(client, finished):
    data = client.get(f"/play/{finished.pk}/review.json").json()
    assert data["crib_model"] == "good"
    seen = set()
    for deal in data["deals"]:
        for decision in (d for d in deal["decisions"] if d["kind"] == "discard"):
            six = tuple(parse_card(code) for code in decision["six"])
            analysis = DiscardHand(six, Role(decision["role"])).analyse()
            assert decision["best"] == [card.code for card in analysis.best.option.throw]
            chosen = analysis.hand.with_throw(tuple(map(parse_card, decision["chosen"])))
            assert decision["loss"] == pytest.approx(max(chosen.analyse().behind, 0), abs=1e-9)
            seen.add((decision["player"], decision["role"]))
    assert seen == {(p, r) for p in ("you", "computer") for r in ("dealer", "pone")}
    html = client.get(f"/play/{finished.pk}/review/").content.decode()
    assert "two crib cards thrown as a good player throws them" in html


def test_a_review_by_the_random_crib_is_made_again_by_the_good_one_skill_and_all(client, finished):
    # Reviews stored before the review took the good player's crib carry evaluation "1".
    old = {**finished.review, "evaluation": "1"}
    Game.objects.filter(pk=finished.pk).update(
        review=old, skill={**finished.skill, "evaluation": "1"}
    )
    assert games_skill(Owner(user=finished.user)) is None
    client.get(f"/play/{finished.pk}/review/")
    game = Game.objects.get(pk=finished.pk)
    assert game.review["evaluation"] == game.skill["evaluation"] == EVALUATION != "1"
    assert [row["game"].pk for row in games_skill(Owner(user=finished.user))["rows"]] == [game.pk]


def test_the_state_downloads_for_a_finished_game_and_crib_review_prints_the_same(
    client, finished, tmp_path, capsys
):
    response = client.get(f"/play/{finished.pk}/state.json")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith("attachment")
    path = tmp_path / "state.json"
    path.write_bytes(response.content)
    assert main(["review", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    page = client.get(f"/play/{finished.pk}/review.json").json()
    assert printed["deals"] == page["deals"] and printed["totals"] == page["totals"]
    assert printed["game"] == {k: v for k, v in page["game"].items() if k not in ("id", "level")}


def test_only_the_owner_sees_a_review(client, finished):
    client.force_login(UserFactory())
    for address in ("review/", "review.json", "state.json"):
        assert client.get(f"/play/{finished.pk}/{address}").status_code == 404
    response = client.post(f"/play/{finished.pk}/review/practise/", {"pick": "1:0"})
    assert response.status_code == 404


# --- never a card not yet seen ----------------------------------------------------------


LABEL = re.compile(r'role="img" aria-label="([a-z]+ of [a-z]+)"')


def test_no_review_page_of_a_game_in_progress_shows_a_card_not_yet_seen(client, player, seeded):
    pages = 0

    def read_review(game):
        nonlocal pages
        engine = game.engine
        if engine.is_over:
            return
        seen = {
            card.label
            for deal in engine.deals[:-1]
            for card in (*deal.dealt[0], *deal.dealt[1], deal.starter)
        }
        html = client.get(f"/play/{game.pk}/review/").content.decode()
        assert set(LABEL.findall(html)) <= seen
        assert f"Deal {engine.deal.number}:" not in html
        data = client.get(f"/play/{game.pk}/review.json").json()
        assert [d["number"] for d in data["deals"]] == list(range(1, engine.deal.number))
        assert "seed" not in json.dumps(data["game"])
        assert client.get(f"/play/{game.pk}/state.json").status_code == 404
        pages += 1

    play(
        start(player), random.Random(5), until=lambda g: g.engine.deal.number > 3, each=read_review
    )
    assert pages > 20


# --- every miss queued or asked ---------------------------------------------------------


def claims_of(game):
    return Attempt.objects.filter(deal__details__game=game.pk, deal__mode="game").exclude(
        kind=Area.DISCARD.value
    )


def test_every_miss_in_a_seeded_game_is_queued_or_asked(client, finished):
    attempts = list(claims_of(finished))
    short = [a for a in attempts if a.claimed < a.points]
    assert len(short) >= 5
    asked = 0
    for attempt in short:
        queued = attempt.pattern_marks.filter(missed=True)
        if attempt.question is not None:
            asked += 1
        else:
            assert queued.exists(), attempt.marks
            patterns = set(queued.values_list("pattern", flat=True))
            mine = ReviewItem.objects.filter(user=finished.user, pattern__in=patterns)
            assert mine.count() == len(patterns)
    assert asked, "a seeded game with ambiguous misses asks at least once"


def test_which_did_you_miss_queues_the_answer(client, finished):
    attempt = next(a for a in claims_of(finished) if a.question is not None)
    choice = attempt.question.choices[0]
    response = client.post(f"/play/{finished.pk}/which/{attempt.pk}/", {"choice": 0}, headers=HTMX)
    assert response.status_code == 200
    assert 'id="which"' in response.content.decode()
    attempt.refresh_from_db()
    assert attempt.question is None
    queued = set(ReviewItem.objects.filter(user=finished.user).values_list("pattern", flat=True))
    assert {p.value for p in choice.patterns} <= queued
    # Answered once: a repeat changes nothing, and a plain post goes back to the game.
    again = client.post(f"/play/{finished.pk}/which/{attempt.pk}/", {"choice": 0})
    assert again.status_code == 302 and again["Location"] == f"/play/{finished.pk}/"


def test_the_deal_summary_asks_which_did_you_miss(client, player, seeded):
    rng = random.Random(11)
    game = start(player)
    for _ in range(40):
        game = play(game, rng, miss=1.0, until=lambda g: g.engine.deal.number > 1)
        if any(a.question for a in claims_of(game)):
            break
        game = start(player)
    attempt = next(a for a in claims_of(game) if a.question is not None)
    html = client.get(f"/play/{game.pk}/").content.decode()
    assert attempt.question.prompt in html
    assert f'action="/play/{game.pk}/which/{attempt.pk}/"' in html


def test_a_play_claims_words_say_what_was_missed(client, player, seeded):
    game = start(player)
    rng = random.Random(2)
    while True:
        engine = game.engine
        pending = engine.pending
        if pending is not None and pending.source is Source.PLAY and pending.points:
            game = game_move(
                game=game, action=Claim(HUMAN, 0), expected=game.moves, now=timezone.now()
            ).game
            break
        game = move(game, rng, 0)
    html = client.get(f"/play/{game.pk}/").content.decode()
    assert re.search(r"\d short: the [a-z ]+ is \d", html), html


# --- practise this and the practice -----------------------------------------------------


def test_practise_this_makes_a_discard_quiz_of_that_six_and_seat(client, finished):
    data = client.get(f"/play/{finished.pk}/review.json").json()
    deal = data["deals"][0]
    index = next(
        i
        for i, d in enumerate(deal["decisions"])
        if d["kind"] == "discard" and d["player"] == "you"
    )
    response = client.post(f"/play/{finished.pk}/review/practise/", {"pick": f"1:{index}"})
    assert response.status_code == 302
    quiz = Deal.objects.get(pk=int(response["Location"].split("/")[2]))
    decision = deal["decisions"][index]
    assert (quiz.kind, quiz.hand.split(), quiz.holder) == (
        "discard",
        decision["six"],
        decision["role"],
    )
    assert client.get(response["Location"]).status_code == 200


def test_practise_this_makes_a_lay_quiz_of_that_turn(client, finished):
    data = client.get(f"/play/{finished.pk}/review.json").json()
    for deal in data["deals"]:
        lays = [
            i
            for i, d in enumerate(deal["decisions"])
            if d["kind"] == "lay" and d["player"] == "you" and d["class"] != "forced"
        ]
        if lays:
            break
    response = client.post(
        f"/play/{finished.pk}/review/practise/", {"pick": f"{deal['number']}:{lays[0]}"}
    )
    quiz = Deal.objects.get(pk=int(response["Location"].split("/")[2]))
    decision = deal["decisions"][lays[0]]
    position = quiz.lay_position
    assert quiz.kind == "lay" and quiz.hand.split() == decision["hand"]
    assert len(position.play.turns) == decision["turn"]
    assert position.count == decision["count"]
    assert [card.code for card in position.play.series] == decision["series"]
    assert quiz.starter == deal["starter"]
    page = client.get(response["Location"]).content.decode()
    assert "Your lay as the" in page


@pytest.mark.parametrize("data", [{"pick": "99:0"}, {"pick": "1:999"}, {"pick": "x"}, {}])
def test_practise_this_of_no_such_decision_is_a_400(client, finished, data):
    response = client.post(f"/play/{finished.pk}/review/practise/", data)
    assert response.status_code == 400
    assert "There is no such decision." in response.content.decode()


def test_the_players_discards_in_games_go_to_the_discard_practice(finished):
    attempts = Attempt.objects.filter(user=finished.user, kind="discard", deal__mode="game")
    assert attempts.count() == len(finished.engine.deals)
    made = {slug for a in attempts for slug in a.marks["mistakes"]}
    queued = set(ReviewItem.objects.filter(user=finished.user).values_list("pattern", flat=True))
    assert made and made <= queued


def test_the_progress_page_shows_the_skill_trend(client, finished):
    html = client.get("/progress/").content.decode()
    assert "Your play in games, luck left out" in html
    assert "The easy computer loses" in html
    assert f'href="/play/{finished.pk}/review/"' in html


def test_a_finished_game_asks_the_last_deals_questions(client, finished):
    attempt = next(a for a in claims_of(finished) if a.question is not None)
    last = finished.engine.deal.number
    Deal.objects.filter(pk=attempt.deal_id).update(details={"game": finished.pk, "deal": last})
    html = client.get(f"/play/{finished.pk}/").content.decode()
    assert "game-over-heading" in html
    assert f'action="/play/{finished.pk}/which/{attempt.pk}/"' in html
    assert html.count('id="which"') == 1


def test_the_players_costly_lays_go_to_the_lay_practice_and_come_back_in_review(client, finished):
    data = client.get(f"/play/{finished.pk}/review.json").json()
    costly = [
        (deal["number"], decision)
        for deal in data["deals"]
        for decision in deal["decisions"]
        if decision["kind"] == "lay"
        and decision["player"] == "you"
        and decision["class"] in ("mistake", "blunder")
    ]
    attempts = list(
        Attempt.objects.filter(user=finished.user, kind="lay", deal__mode="game").order_by("pk")
    )
    assert costly and len(attempts) == len(costly)
    for attempt, (number, decision) in zip(attempts, costly, strict=True):
        assert attempt.deal.details["game"] == finished.pk
        assert attempt.deal.details["deal"] == number
        assert attempt.marks["card"] == decision["chosen"]
        assert attempt.loss == pytest.approx(decision["loss"])
        # The position stored searches again to the review's own figures.
        again = grade_lay(attempt.deal.lay_position, parse_card(decision["chosen"]))
        assert again.loss == pytest.approx(decision["loss"])
        assert not attempt.right
    made = {slug for attempt in attempts for slug in attempt.marks["mistakes"]}
    queued = set(ReviewItem.objects.filter(user=finished.user).values_list("pattern", flat=True))
    assert made and made <= queued
    # Review mode deals a missed lay's position again, and the best card marks it right.
    pattern = sorted(made)[0]
    ReviewItem.objects.filter(user=finished.user).exclude(pattern=pattern).delete()
    due = ReviewItem.objects.get(user=finished.user)
    due.due_at = timezone.now()
    due.save()
    response = client.post("/quiz/new/", {"mode": "review"})
    quiz = Deal.objects.get(pk=int(response["Location"].split("/")[2]))
    assert (quiz.kind, quiz.focus) == ("lay", pattern)
    best = grade_lay(quiz.lay_position, quiz.lay_position.fitting[0]).best_card
    client.post(f"/quiz/{quiz.pk}/answer/", {"card": best.code})
    assert Attempt.objects.get(deal=quiz).pattern_marks.get(pattern=pattern).missed is False
    # Counted right while due: rated Good, and FSRS puts it off.
    assert ReviewItem.objects.get(user=finished.user, pattern=pattern).due_at > timezone.now()


def test_the_skill_trend_reads_the_figures_kept_beside_each_review(client, finished):
    game = Game.objects.get(pk=finished.pk)
    assert game.skill == {"evaluation": EVALUATION, **skill_figures(game.review["deals"])}
    # The trend reads those few numbers, not the review: these deals are never read.
    figures = {player: dict.fromkeys((*SKILL_KINDS, "all"), 1.25) for player in ("you", "computer")}
    Game.objects.filter(pk=finished.pk).update(
        review={**game.review, "deals": [{"garbage": True}]},
        skill={"evaluation": EVALUATION, **figures},
    )
    section = games_skill(Owner(user=finished.user))
    assert [row["game"].pk for row in section["rows"]] == [finished.pk]
    assert section["average"]["all"] == 1.25
    assert "1.25" in client.get("/progress/").content.decode()


def test_the_skill_trend_leaves_out_games_reviewed_by_another_evaluation(finished):
    skill = Game.objects.get(pk=finished.pk).skill
    Game.objects.filter(pk=finished.pk).update(skill={**skill, "evaluation": "old"})
    assert games_skill(Owner(user=finished.user)) is None
