"""The pegging counter over real HTTP: a play typed or tapped in, card by card."""

import re
from html import unescape
from urllib.parse import quote

import pytest

from tests.counter.pages import found

HTMX = {"HX-Request": "true", "HX-Current-URL": "http://testserver/pegging/"}
SEED_TWO = "TC,5D,7S,6H,go,2C,go,6D,4H,4S"  # the seed's two-player play: Alice deals to Bob
SEED_THREE = "7H,7D,7S,5H,5D,8C,TC,TD,go,go,3C,TS,4C,9C"  # Claire deals to David and Eve


def text(html: str) -> str:
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html))).strip()


def rows(response) -> list[str]:
    """Each turn of the play table as its text: who, what was laid, the count, the points."""
    body = response.content.decode()
    table = re.search(r'<table class="play-table">.*?</table>', body, re.S)
    assert table, "no play table"
    return [text(row) for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table.group(0), re.S)[1:]]


def message(response) -> str:
    return text(found(response, r'<p id="pegging-message"[^>]*>(.*?)</p>', "message"))


def totals(response) -> dict[str, int]:
    body = response.content.decode()
    block = re.search(r'<dl class="pegs play-totals".*?</dl>', body, re.S).group(0)
    found = re.findall(r"<dt>(Player \d).*?</dt><dd><span class=\"pegs-points\">(\d+)<", block)
    return {who: int(points) for who, points in found}


def hidden_play(response) -> str:
    return found(response, r'<input type="hidden" name="play" value="([^"]*)">', "play field")


def test_the_seed_two_player_play_card_by_card(client):
    response = client.get(f"/pegging/?players=2&play={SEED_TWO}")
    assert response.status_code == 200
    assert rows(response) == [
        "Player 1 pone 10 ♣ 10",
        "Player 2 dealer 5 ♦ 15 fifteen 2",
        "Player 1 pone 7 ♠ 22",
        "Player 2 dealer 6 ♥ 28 run of three 3",
        "Player 1 pone “Go” 28",
        "Player 2 dealer 2 ♣ 30 go 1",
        "Player 2 dealer “Go” 30",
        "Player 1 pone 6 ♦ new count: 6",
        "Player 2 dealer 4 ♥ 10",
        "Player 1 pone 4 ♠ 14 pair 2, last card 1 = 3",
    ]
    assert totals(response) == {"Player 1": 3, "Player 2": 6}
    assert "The play is over. Pegged: player 1 3, player 2 6." in message(response)


def test_the_seed_three_player_play_card_by_card(client):
    response = client.get(f"/pegging/?players=3&play={SEED_THREE}")
    assert rows(response) == [
        "Player 1 leads 7 ♥ 7",
        "Player 2 7 ♦ 14 pair 2",
        "Player 3 dealer 7 ♠ 21 pair royal 6",
        "Player 1 leads 5 ♥ 26",
        "Player 2 5 ♦ 31 thirty-one 2, pair 2 = 4",
        "Player 3 dealer 8 ♣ new count: 8",
        "Player 1 leads 10 ♣ 18",
        "Player 2 10 ♦ 28 pair 2",
        "Player 3 dealer “Go” 28",
        "Player 1 leads “Go” 28",
        "Player 2 3 ♣ 31 thirty-one 2",
        "Player 3 dealer 10 ♠ new count: 10",
        "Player 1 leads 4 ♣ 14",
        "Player 3 dealer 9 ♣ 23 last card 1",
    ]
    assert totals(response) == {"Player 1": 0, "Player 2": 10, "Player 3": 7}


def test_the_issue_example_shows_who_plays_next_and_marks_the_early_go(client):
    response = client.get("/pegging/?players=2&play=6H,4C,5D,go,2C,go,9S")
    assert rows(response)[2] == "Player 1 pone 5 ♦ 15 fifteen 2, run of three 3 = 5"
    assert rows(response)[3] == "Player 2 dealer “Go” below 22, where every card fits 15"
    assert message(response) == (
        "Player 2 lays the nine of spades: 9. Count 9: player 1 to play, or say go."
    )
    assert totals(response) == {"Player 1": 6, "Player 2": 0}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_three_and_four_players_take_their_turns(client, players):
    cards = "AS 2S 3S 4S AH 2H 3H 4H".split()[: players * 2]
    response = client.get(f"/pegging/?players={players}&play={','.join(cards)}")
    assert [row.split()[1] for row in rows(response)] == [
        str(n % players + 1) for n in range(len(cards))
    ]
    assert len(totals(response)) == players


@pytest.mark.parametrize(
    ("play", "kept", "says"),
    [
        ("6H,4C,6H", "6H,4C", "'6H' (card 3) was laid already"),
        ("KH,QH,5C,9D", "KH,QH,5C", "9♦ (card 4) would make the count 34"),
        ("go", "", "'go' (before any card) cannot be said at count 0"),
        ("KH,QH,JH,AC,go", "KH,QH,JH,AC", "'go' (after card 4) cannot be said at count 0"),
        (SEED_TWO + ",9C", SEED_TWO, "'9C' (card 9) comes after the play is over: all 8 cards"),
        (SEED_TWO + ",go", SEED_TWO, "'go' (after card 8) comes after the play is over"),
        ("6H,4C,XX,5D", "6H,4C", "'XX' is not a card"),
        ("6H,4C,5h5h", "6H,4C,5H", "'5H' (card 4) was laid already"),
    ],
)
def test_an_impossible_token_is_named_and_the_play_before_it_stays(client, play, kept, says):
    response = client.get(f"/pegging/?players=2&play={play}")
    assert response.status_code == 200
    assert says in message(response)
    assert 'class="message message--problem"' in response.content.decode()
    assert hidden_play(response) == kept


def test_a_fifth_card_for_a_player_is_after_the_play(client):
    # Three players lay 12 cards: a 13th has no one to lay it.
    play = "AS,2S,3S,4S,5S,6S,AH,2H,3H,4H,5H,6H,AC"
    response = client.get(f"/pegging/?players=3&play={play}")
    assert "'AC' (card 13) comes after the play is over: all 12 cards are down" in message(response)


def test_players_other_than_two_three_or_four_are_refused_by_name(client):
    response = client.get("/pegging/?players=5&play=6H")
    assert message(response) == "“5” players: the play is for 2, 3 or 4."
    response = client.get("/pegging/?players=%3Cb%3E")
    assert "“&lt;b&gt;” players" in response.content.decode()


def test_typed_cards_are_read_the_forgiving_way(client):
    response = client.get("/pegging/?players=2&play=" + quote("10c 5♦, 7s 6h GO 2c go"))
    assert response.status_code == 302
    assert response["Location"] == "/pegging/?players=2&play=TC,5D,7S,6H,go,2C,go"


def test_without_javascript_each_button_acts_then_lands_on_the_plays_address(client):
    base = "/pegging/?players=2&play=6H,4C"
    assert client.get(base + "&pick=5D")["Location"] == "/pegging/?players=2&play=6H,4C,5D"
    assert client.get(base + "&pick=4C")["Location"] == "/pegging/?players=2&play=6H"
    assert client.get(base + "&go=1")["Location"] == "/pegging/?players=2&play=6H,4C,go"
    assert client.get(base + "&undo=1")["Location"] == "/pegging/?players=2&play=6H"
    assert client.get(base + "&clear=1")["Location"] == "/pegging/"
    response = client.get(base + "&pick=6H")
    assert "'6H' (card 3) was laid already" in message(response)


def test_htmx_gets_the_partial_and_the_address_follows_the_play(client):
    response = client.get("/pegging/?players=2&play=6H,4C&pick=5D", headers=HTMX)
    body = response.content.decode()
    assert body.lstrip().startswith("<title>")
    assert '<div id="pegging"' in body and "<html" not in body
    assert response["HX-Replace-Url"] == "/pegging/?players=2&play=6H,4C,5D"
    assert "HX-Request" in response["Vary"]
    assert (
        'hx-swap-oob="innerHTML">Player 1 lays the five of diamonds: 15, fifteen 2, run of three 3.'
        in body
    )


def test_the_player_links_keep_the_play(client):
    body = client.get("/pegging/?players=2&play=6H,4C").content.decode()
    links = dict(
        re.findall(r'<a href="([^"]*)" hx-get="\1"[^>]*?( aria-current="true")?>\d players', body)
    )
    assert links == {
        "/pegging/?players=2&amp;play=6H,4C": ' aria-current="true"',
        "/pegging/?players=3&amp;play=6H,4C": "",
        "/pegging/?players=4&amp;play=6H,4C": "",
    }


def test_go_is_offered_only_on_a_count(client):
    empty = client.get("/pegging/").content.decode()
    assert re.search(r'<button type="submit" name="go" value="1" [^>]*disabled', empty)
    started = client.get("/pegging/?players=2&play=KH").content.decode()
    assert not re.search(r'<button type="submit" name="go" value="1" [^>]*disabled', started)


def test_a_long_play_is_refused_without_losing_it(client):
    response = client.get("/pegging/?players=2&play=" + "AS," * 3000)
    assert response.status_code == 200
    assert "'AS' (card 2) was laid already" in message(response)
    assert hidden_play(response) == "AS"


def test_a_go_that_ends_the_count_says_who_pegged_the_point(client):
    # 10, 20, 25: neither can play on, so the go is the last to lay's, player 1's.
    response = client.get("/pegging/?players=2&play=KH,QH,5C,go,go")
    assert "Player 1 says go. One for the go to player 1." in response.content.decode()
    # A go the other can play on pegs nothing yet.
    response = client.get("/pegging/?players=2&play=KH,QH,5C,go")
    assert "One for the go" not in response.content.decode()


def test_a_card_past_31_is_named_as_printed_on_it(client):
    response = client.get("/pegging/?players=2&play=KH,QH,5C,9D")
    assert "9♦ (card 4) would make the count 34" in message(response)
    assert "'9D'" not in message(response)
