"""The scoreboard's pages through the test client: a new board, pegging by number and in one
tap, a count checked from its cards, undo, the next deal and game, following by link or
code, the poll, and every kind of bad input answered in words with nothing lost."""

import re

import pytest
from django.test import Client, override_settings
from pytest_django.asserts import assertContains, assertNotContains

from games.models import Scoreboard, ScoreboardChange
from games.scoreboard import state
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}
# Who deals, said to a screen reader beside the deal's number (the box shows it on screen).
DEALS = (
    '<p class="sb-deal">Deal {deal}<span class="visually-hidden">: <strong>{dealer}</strong> deals'
)


def new_board(client, **fields) -> Scoreboard:
    data = {"players": "2", "name_1": "Ann", "name_2": "Bo", "dealer": "1", "length": "1"}
    data["me"] = "1"
    response = client.post("/scoreboard/new/", {**data, **fields})
    assert response.status_code == 302, response.content.decode()[:2000]
    return Scoreboard.objects.get(token=response["Location"].strip("/").split("/")[-1])


def url(board: Scoreboard, action: str = "") -> str:
    return f"/scoreboard/{board.token}/" + (f"{action}/" if action else "")


def peg(client, board, headers=None, **fields):
    return client.post(url(board, "peg"), fields, headers=headers or {})


def problem(response) -> str:
    found = re.search(r'role="alert">([^<]+)<', response.content.decode())
    return found.group(1) if found else ""


def shown(response) -> str:
    """The scoreboard as a page shows it, without what each drawing makes anew (the keys
    that tell a double tap, the CSRF token)."""
    html = response.content.decode()
    html = html[html.index('<div id="scoreboard"') : html.index("</main>")]
    return re.sub(r'name="(key|csrfmiddlewaretoken)" value="[^"]*"', "", html)


def version(board: Scoreboard) -> int:
    board.refresh_from_db()
    return board.version


# --- a new board ---------------------------------------------------------------------


def test_the_start_page_offers_a_new_game_and_following_one(client):
    page = client.get("/scoreboard/")
    assertContains(page, "Keep the score of a real game")
    assertContains(page, 'name="name_4"')
    assertContains(page, 'name="code"')
    assertContains(client.get("/"), '<a href="/scoreboard/">Scoreboard</a>', html=True)


def test_a_new_board_for_a_guest_is_kept_for_them_with_its_players(client):
    board = new_board(client, players="3", name_3="Cy", dealer="2", muggins="on", length="3")
    assert (board.names, board.first_dealer, board.muggins, board.length) == (
        ["Ann", "Bo", "Cy"],
        1,
        True,
        3,
    )
    assert board.user is None and board.guest_key == client.session["guest_key"]
    assert re.fullmatch(r"[A-HJ-NP-Z2-9]{6}", board.code)
    page = client.get(url(board))
    assertContains(page, "<strong>Bo</strong> deals and has the box")
    assertContains(page, 'class="board-svg"')
    assertContains(page, "Game 1 of a match of 3")
    assert board in client.get("/scoreboard/").context["boards"]


def test_the_first_dealer_by_the_cards_cut(client):
    board = new_board(client, dealer="cut", cut_1="kh", cut_2="1s")
    assert board.first_dealer == 1


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"name_2": ""}, "Player 2 has no name"),
        ({"name_2": "ann"}, "Two players are called ann"),
        ({"players": "5"}, "There is no game of “5” players: play 2, 3 or 4."),
        ({"dealer": "3"}, "Player 3 deals first, at a table of 2"),
        ({"dealer": "cut", "cut_1": "5h"}, "Enter the card Bo cut"),
        ({"dealer": "cut", "cut_1": "5h", "cut_2": "5d"}, "Ann and Bo cut fives: a tie"),
        ({"dealer": "cut", "cut_1": "5h", "cut_2": "zz"}, "Bo&#x27;s cut: "),
        ({"me": "4"}, "You are player 4, at a table of 2"),
        ({"length": "2"}, "There is no match of “2” games"),
    ],
)
def test_a_new_board_that_cannot_be_is_refused_in_words(client, fields, words):
    data = {"players": "2", "name_1": "Ann", "name_2": "Bo", "dealer": "1", "length": "1"}
    response = client.post("/scoreboard/new/", {**data, **fields})
    assert response.status_code == 400
    assertContains(response, words, status_code=400)
    assert not Scoreboard.objects.exists()


# --- pegging ---------------------------------------------------------------------------


def test_a_count_pegged_by_number_and_a_go_in_one_tap(client):
    board = new_board(client)
    page = client.get(url(board)).content.decode()
    assert re.search(r'name="seat" value="1" checked', page)  # the pone leads
    assert re.search(r'name="what" value="play" checked', page)
    assert peg(client, board, seat="1", what="play", points="2", key="a").status_code == 302
    assert peg(client, board, seat="0", fixed="go", key="b").status_code == 302
    board.refresh_from_db()
    assert (board.version, board.scores) == (2, [1, 2])
    page = client.get(url(board))
    assertContains(page, "Last: Ann pegged 1 for the go.")
    assertContains(page, "<td>Bo</td><td>in the play</td><td>2</td>", html=True)


def test_an_htmx_entry_answers_the_scoreboard_drawn_again(client):
    board = new_board(client)
    response = peg(client, board, HTMX, seat="1", what="play", points="4", key="a")
    assert response.status_code == 200
    assert response.content.decode().startswith('\n<div id="scoreboard"') or (
        '<div id="scoreboard"' in response.content.decode()[:200]
    )
    assertContains(response, 'data-version="1"')
    assert response["HX-Push-Url"] == url(board)


def test_a_double_tap_pegs_once(client):
    board = new_board(client)
    for _ in range(2):
        peg(client, board, seat="1", what="play", points="2", key="same tap")
    assert version(board) == 1


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"seat": "5", "what": "play", "points": "2"}, "Player 6 is not at this table"),
        ({"seat": "x", "what": "play", "points": "2"}, "The player is a whole number"),
        ({"what": "play", "points": "2"}, "Say the player"),
        ({"seat": "0", "what": "play", "points": "20"}, "20 in the play: a card pegs 1 to 14"),
        ({"seat": "0", "what": "hand", "points": "19"}, "No hand scores 19"),
        ({"seat": "0", "what": "hand", "points": "35"}, "The points is 29 at most"),
        ({"seat": "0", "what": "nobs", "points": "1"}, "not “nobs”"),
        ({"seat": "0", "fixed": "nobs"}, "“nobs” is not a go, the last card, 31 or heels"),
        ({"seat": "1", "fixed": "heels"}, "Heels is the dealer&#x27;s: Ann deals deal 1"),
        ({"seat": "0", "what": "play"}, "Tap the points to peg"),
    ],
)
def test_an_entry_no_rule_allows_is_refused_in_words_and_nothing_changes(client, fields, words):
    board = new_board(client)
    peg(client, board, seat="1", what="play", points="2")
    response = peg(client, board, **fields)
    assertContains(response, words, status_code=400)
    assertContains(response, "Last: Bo pegged 2 in the play.", status_code=400)
    assert version(board) == 1
    # With htmx the same words on the scoreboard, as htmx swaps nothing of an error status.
    response = peg(client, board, HTMX, **fields)
    assert response.status_code == 200 and words in response.content.decode()


def test_points_past_the_end_are_refused_unless_they_end_the_game(client):
    board = new_board(client)
    for _ in range(8):
        peg(client, board, seat="1", what="play", points="14")
    peg(client, board, seat="1", what="hand", points="12")
    board.refresh_from_db()
    assert board.scores == [0, 121] and board.over and board.finished_at is not None
    page = client.get(url(board))
    assertContains(page, "Bo won 121 to 0: a double skunk")
    assertNotContains(page, 'id="pad"')
    response = peg(client, board, seat="0", what="play", points="2")
    assertContains(response, "The game is over: Bo won 121 to 0", status_code=400)


# --- a count checked from its cards --------------------------------------------------


def test_a_count_checked_from_its_cards_shows_it_itemised_and_pegs_it(client):
    board = new_board(client)
    page = client.get(url(board, "count"))
    assertContains(page, "Check Bo&#x27;s hand")  # the pone counts first
    assertContains(page, "data-picker")
    page = client.get(url(board, "count"), {"seat": "1", "hand": "5H,5C,5S,JD", "starter": "5D"})
    assertContains(page, "Peg 29 for Bo&#x27;s hand")
    assertContains(page, "Fifteen two, fifteen four")
    response = client.post(
        url(board, "count"),
        {"seat": "1", "hand": "5H,5C,5S,JD", "starter": "5D", "peg": "right", "key": "k"},
    )
    assert response.status_code == 302
    board.refresh_from_db()
    assert board.scores == [0, 29]
    # The deal's starter is kept for the dealer's hand, who counts next.
    page = client.get(url(board, "count"))
    assertContains(page, "Check Ann&#x27;s hand")
    assertContains(page, 'name="starter" value="5D"')


def test_a_count_said_short_is_corrected_or_taken_by_muggins(client):
    board = new_board(client, muggins="on")
    cards = {"seat": "1", "hand": "2H,3C,4S,9D", "starter": "5D", "said": "4"}
    page = client.get(url(board, "count"), cards)
    assertContains(page, "Said 4; the cards score 6: 2 missed.")
    assertContains(page, "Muggins: peg 4, Ann takes 2")
    client.post(url(board, "count"), {**cards, "peg": "muggins", "key": "m"})
    board.refresh_from_db()
    assert board.scores == [2, 4]
    assert ScoreboardChange.objects.filter(board=board).count() == 1


def test_a_nineteen_said_is_a_hand_of_nothing(client):
    board = new_board(client)
    cards = {"seat": "1", "hand": "2H,4C,6S,8D", "starter": "KC", "said": "19"}
    page = client.get(url(board, "count"), cards)
    assertContains(page, "Peg 0 for Bo&#x27;s hand")
    assertNotContains(page, "Said 19")


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"hand": "5H,5H,5S,JD", "starter": "5D"}, "5H appears twice"),
        ({"hand": "5H,5C,5S,JD", "starter": "5H"}, "5H is already in the hand"),
        ({"hand": "5H,ZZ", "starter": "5D"}, "&#x27;ZZ&#x27; is not a card"),
        ({"seat": "7", "hand": "5H,5C,5S,JD", "starter": "5D"}, "Player 8 is not at this table"),
    ],
)
def test_a_count_that_cannot_be_is_answered_400_in_words(client, fields, words):
    board = new_board(client)
    data = {"seat": "1", **fields}
    assertContains(client.get(url(board, "count"), data), words, status_code=400)
    response = client.post(url(board, "count"), {**data, "peg": "right"})
    assertContains(response, words, status_code=400)
    assert version(board) == 0


def test_a_count_made_out_of_turn_is_refused(client):
    board = new_board(client)
    peg(client, board, seat="0", what="hand", points="4")  # the dealer's, the pone's left out
    data = {"seat": "1", "hand": "5H,5C,5S,JD", "starter": "5D", "peg": "right"}
    response = client.post(url(board, "count"), data)
    assertContains(response, "Bo counts before Ann", status_code=400)
    assert version(board) == 1


def test_a_card_already_counted_this_deal_is_refused(client):
    board = new_board(client)
    client.post(
        url(board, "count"), {"seat": "1", "hand": "2H,3C,4S,9D", "starter": "5D", "peg": "right"}
    )
    response = client.post(
        url(board, "count"), {"seat": "0", "hand": "2H,7C,8S,KD", "starter": "5D", "peg": "right"}
    )
    assertContains(response, "2H is in Bo&#x27;s hand this deal", status_code=400)
    assert version(board) == 1


def test_the_picker_taps_without_javascript_change_nothing_on_the_board(client):
    board = new_board(client)
    response = client.post(url(board, "count"), {"seat": "1", "hand": "5H,5C", "pick": "5S"})
    assert response.status_code == 200
    assertContains(response, 'name="hand" value="5H,5C,5S"')
    assert version(board) == 0


def test_a_tap_in_the_picker_with_htmx_draws_only_the_cards(client):
    board = new_board(client)
    headers = {**HTMX, "HX-Target": "check"}
    response = client.get(
        url(board, "count"), {"seat": "1", "hand": "5H,5C,5S,JD"}, headers=headers
    )
    assert response.content.decode().lstrip().startswith('<div id="check"')
    response = client.get(url(board, "count"), headers=HTMX)  # from the pad: the whole board
    assertContains(response, '<div id="scoreboard"')
    assert response["HX-Push-Url"] == url(board, "count")


# --- undo -------------------------------------------------------------------------------


def test_undo_takes_back_the_last_entry(client):
    board = new_board(client)
    peg(client, board, seat="1", what="play", points="2")
    peg(client, board, seat="0", fixed="go")
    assert client.post(url(board, "undo"), {"seen": "2", "key": "u"}).status_code == 302
    client.post(url(board, "undo"), {"seen": "2", "key": "u"})  # the same tap again
    board.refresh_from_db()
    assert (board.scores, board.version) == ([0, 2], 3)
    assert ScoreboardChange.objects.get(board=board, version=2).undone == 3


def test_an_undo_from_a_phone_that_has_not_seen_the_last_entry_is_refused(client):
    board = new_board(client)
    peg(client, board, seat="1", what="play", points="2")
    other = Client()
    other.get(url(board))
    peg(other, board, seat="0", what="play", points="3")
    response = client.post(url(board, "undo"), {"seen": "1"})
    assertContains(response, "Nothing was undone: the board changed", status_code=400)
    assertContains(
        response, "Ann pegged 3 in the play. Undo again to take that back.", status_code=400
    )
    assert version(board) == 2


# --- the next deal, the next game --------------------------------------------------------


def test_the_next_deal_moves_the_box_once_however_many_phones_tap_it(client):
    board = new_board(client)
    for _ in range(2):
        client.post(url(board, "next"), {"next": "deal", "deal": "1"})
    board.refresh_from_db()
    assert board.version == 1
    assertContains(client.get(url(board)), DEALS.format(deal=2, dealer="Bo"))


def test_a_match_the_loser_dealing_first(client):
    board = new_board(client, length="3")
    for _ in range(9):
        peg(client, board, seat="0", what="play", points="14")
    page = client.get(url(board))
    assertContains(page, "Ann won 121 to 0: a double skunk")
    assertContains(page, "In the next game Bo deals first")
    client.post(url(board, "next"), {"next": "game", "game": "1"})
    board.refresh_from_db()
    assert (board.game_number, board.scores, board.over) == (2, [0, 0], False)
    assertContains(client.get(url(board)), DEALS.format(deal=1, dealer="Bo"))
    stats = client.get(url(board, "stats"))
    assertContains(stats, "Game 1: Ann won 121 to 0, a double skunk")
    assertContains(stats, "Game 2, being played")


# --- following on a second phone ----------------------------------------------------


def test_a_second_phone_with_the_link_follows_and_scores(client):
    board = new_board(client)
    other = Client()
    peg(other, board, seat="1", what="play", points="2")
    assert version(board) == 1
    assertContains(client.get(url(board)), "Last: Bo pegged 2 in the play.")


def test_a_phone_without_the_link_sees_nothing(client):
    board = new_board(client)
    stranger = Client()
    for path in ("", "peg/", "count/", "undo/", "next/", "stats/"):
        assert stranger.get(f"/scoreboard/{board.token[:-1]}x/{path}").status_code in (404, 405)
        assert stranger.post(f"/scoreboard/{board.pk}/{path}", {"seat": "0"}).status_code in (
            404,
            405,
        )
    assert version(board) == 0


def test_a_code_typed_finds_the_game_and_a_wrong_one_says_so(client):
    board = new_board(client)
    other = Client()
    spaced = " ".join(board.code.lower())
    response = other.post("/scoreboard/join/", {"code": spaced})
    assert response.status_code == 302 and response["Location"] == url(board)
    assert other.get(f"/scoreboard/join/?code={board.code}")["Location"] == url(board)
    wrong = "ZZZZZZ" if board.code != "ZZZZZZ" else "YYYYYY"
    response = other.post("/scoreboard/join/", {"code": wrong})
    assertContains(response, f"No game has the code {wrong}", status_code=404)


@override_settings(THROTTLE_SCOREBOARD_CODE=(3, 600))
def test_wrong_codes_are_limited(client):
    for _ in range(3):
        assert client.post("/scoreboard/join/", {"code": "QQQQQ2"}).status_code == 404
    assert client.post("/scoreboard/join/", {"code": "QQQQQ2"}).status_code == 429


# --- the poll ---------------------------------------------------------------------------


def test_a_poll_of_an_unchanged_board_answers_204_with_nothing(client):
    board = new_board(client)
    response = client.get(url(board), {"since": "0", "shown": "1-0"}, headers=HTMX)
    assert response.status_code == 204 and response.content == b""
    response = client.get(f"/scoreboard/{board.token}x/", {"since": "0"}, headers=HTMX)
    assert response.status_code == 404


def test_a_poll_after_another_phones_entry_draws_the_board_and_the_history_again(client):
    board = new_board(client)
    peg(Client(), board, seat="1", what="play", points="2")
    response = client.get(url(board), {"since": "0", "shown": "1-0"}, headers=HTMX)
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="board-state"')
    assert 'data-version="1"' in html and 'id="history" hx-swap-oob="true"' in html
    assert "Last: Bo pegged 2 in the play." in html and 'id="pad"' not in html


def test_a_poll_that_finds_the_game_over_draws_the_whole_scoreboard(client):
    board = new_board(client)
    for _ in range(9):
        peg(Client(), board, seat="1", what="play", points="14")
    response = client.get(url(board), {"since": "0", "shown": "1-0"}, headers=HTMX)
    assert response["HX-Retarget"] == "#scoreboard" and response["HX-Reswap"] == "outerHTML"
    assertContains(response, "Bo won 121 to 0")


# --- kept as it was played ------------------------------------------------------------


def test_a_reload_in_a_new_process_reads_the_same_board(client):
    board = new_board(client, players="3", name_3="Cy", muggins="on")
    peg(client, board, seat="1", what="play", points="2")
    client.post(
        url(board, "count"),
        {"seat": "1", "hand": "2H,3C,4S,9D", "starter": "5D", "said": "4", "peg": "muggins"},
    )
    client.post(url(board, "undo"), {"seen": "2"})
    peg(client, board, seat="2", what="hand", points="8")
    before = shown(client.get(url(board)))
    state.forget_all()  # as a worker that never saw the board
    assert shown(client.get(url(board))) == before
    assert "Last: Cy pegged 8 for the hand." in before


def test_a_board_read_before_another_phones_entry_is_the_board_at_its_version(client):
    board = new_board(client)
    peg(client, board, seat="0", what="play", points="2")
    peg(client, board, seat="1", what="play", points="1")
    stale = Scoreboard.objects.get(pk=board.pk)
    peg(client, board, seat="0", what="play", points="3")  # between the read and the drawing
    state.forget_all()
    assert state.board_of(Scoreboard.objects.get(pk=board.pk)).scores == (5, 1)
    read = state.board_of(stale)
    assert (read.version, read.scores) == (2, (2, 1))


def test_the_progress_page_shows_the_games_kept_at_the_table(client):
    user = UserFactory()
    client.force_login(user)
    board = new_board(client)
    client.post(
        url(board, "count"),
        {"seat": "1", "hand": "2H,3C,4S,9D", "starter": "5D", "said": "4", "peg": "right"},
    )
    client.post(
        url(board, "count"), {"seat": "0", "hand": "5H,5C,5S,JD", "starter": "5D", "peg": "right"}
    )
    peg(client, board, seat="0", what="crib", points="0")  # the deal passes to Bo
    for _ in range(7):
        peg(client, board, seat="0", what="play", points="14")
    board.refresh_from_db()
    assert (board.games_finished, board.games_won, board.hands, board.hand_points) == (1, 1, 1, 29)
    assert (board.best_hand, board.best_hand_cards) == (29, "5H 5C 5S JD 5D")
    page = client.get("/progress/")
    assertContains(page, "Games at the table")
    assertContains(
        page, "<dt>Your average hand</dt><dd>29.0 <small>(1 hand)</small></dd>", html=True
    )


def test_a_guests_boards_move_into_the_account_they_sign_up_for(client):
    board = new_board(client)
    response = client.post(
        "/accounts/signup/",
        {"username": "newplayer", "password1": "a-pair-royal-29", "password2": "a-pair-royal-29"},
    )
    assert response.status_code == 302
    board.refresh_from_db()
    assert board.user is not None and board.user.username == "newplayer" and board.guest_key == ""
