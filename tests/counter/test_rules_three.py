"""The rules' deal of three (Claire deals to David and Eve): the deal, the play and the show
computed by the engine and compared with the figures the ACC rules text states, and the
rules page that shows them."""

import re

import pytest
from django.utils.html import escape as html_escape

from counter.examples import THREE_PLAYERS, Dealt, TableDeal
from cribbage.cards import Card, Rank, Suit, card, parse_cards
from cribbage.records import GameResult
from cribbage.rules import dealer_seat, show_order, table_for
from cribbage.show import score_show
from tests.cribbage.reference import reference_total

# The rules text, ../shared/rules/000_06451148cd539021.txt, "Example plays", three players
# (its line 33): who lays, the count, the points and what they are for.
TEXT_PLAY = [
    ("David", 7, 0, []),
    ("Eve", 14, 2, ["pair"]),
    ("Claire", 21, 6, ["pair royal"]),
    ("David", 26, 0, []),
    ("Eve", 31, 4, ["pair", "thirty-one"]),
    ("Claire", 8, 0, []),
    ("David", 18, 0, []),
    ("Eve", 28, 2, ["pair"]),
    ("Claire", "go", 0, []),
    ("David", "go", 0, []),
    ("Eve", 31, 2, ["thirty-one"]),
    ("Claire", 10, 0, []),
    ("David", 14, 0, []),
    ("Claire", 23, 1, ["last card"]),
]
# Its "Example scores", three players (line 49): each count in the order of the show, the
# points as it says them, and the total.
TEXT_SHOW = [
    ("David", False, [("fifteen", 2), ("fifteen", 2), ("run", 3)], 7),
    ("Eve", False, [("fifteen", 2), ("fifteen", 2), ("fifteen", 2), ("pair", 2)], 8),
    ("Claire", False, [("fifteen", 2), ("run", 3)], 5),
    ("Claire", True, [("fifteen", 2), ("run", 3)], 5),
]
TEXT_SAID = [
    "fifteen two, fifteen four, and a run of three makes seven",
    "fifteen two, fifteen four, fifteen six, and a pair makes eight",
    "fifteen two, and a run of three makes five",
    "fifteen two, and a run of three makes five",
]
TEN_CARDS = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)


def test_the_deal_is_the_table_of_three():
    deal, table = THREE_PLAYERS, table_for(3)
    assert [player.name for player in deal.players] == ["David", "Eve", "Claire"]
    assert deal.dealer.name == "Claire" == deal.players[dealer_seat(3)].name
    assert deal.leader.name == "David" == deal.players[show_order(3)[0]].name
    for player in deal.players:
        assert len(player.dealt) == table.dealt_each == 5 and table.thrown_each == 1
        assert player.thrown in player.dealt and player.thrown not in player.hand
        assert len(player.hand) == 4
    assert len(deal.from_deck) == table.crib_from_deck == 1
    assert deal.crib == (*deal.from_deck, *(player.thrown for player in deal.players))
    assert len(set(deal.dealt) | set(deal.from_deck) | {deal.starter}) == 3 * 5 + 1 + 1


def test_the_engines_play_is_the_rules_texts_card_for_card():
    deal = THREE_PLAYERS
    record = deal.record
    assert record.is_over
    engine = [
        (
            deal.names[turn.player],
            "go" if turn.is_go else turn.count,
            turn.points,
            sorted(item.name for item in turn.items),
        )
        for turn in record.turns
    ]
    assert engine == [
        (who, count, points, sorted(items)) for who, count, points, items in TEXT_PLAY
    ]
    # Every card laid is from the hand of the player whose turn it was.
    for turn in record.plays:
        assert turn.card in deal.players[turn.player].hand
    assert [pegged for _, pegged, _ in deal.pegged] == [0, 10, 7]


def test_the_engines_show_is_the_rules_texts_count_for_count():
    deal = THREE_PLAYERS
    shows = deal.shows
    assert [(count.name, count.crib) for count in shows] == [
        (who, crib) for who, crib, _, _ in TEXT_SHOW
    ]
    for count, (who, crib, items, total) in zip(shows, TEXT_SHOW, strict=True):
        result = count.result
        assert result.total == total, who
        assert sorted((item.kind.value, item.points) for item in result.items) == sorted(items)
        assert reference_total(result.hand, result.starter, crib=crib) == total, who
    for count, said in zip(shows, TEXT_SAID, strict=True):
        # The engine says "is seven" where the text says "makes seven"; the rest is the same.
        assert count.result.announce == said.replace(", and", " and").replace(" makes ", " is ")
    assert [shown for _, _, shown in deal.pegged] == [7, 8, 10]


def test_the_texts_figures_leave_only_a_three_as_the_starter():
    # Whatever ten-card David and Eve pair and Claire holds, only a 3 gives David 7, Eve 8 and
    # Claire 5; and Claire's ten-card is never a ten, which would make 7-8-9-10 a run of four.
    starters, claires = set(), set()
    for pair in TEN_CARDS:
        for claires_ten in TEN_CARDS:
            hands = (
                (card("7S"), card("5C"), Card(pair, Suit.CLUBS), card("4D")),
                (card("7H"), card("5H"), Card(pair, Suit.DIAMONDS), card("3C")),
                (card("7D"), card("8C"), Card(claires_ten, Suit.SPADES), card("9H")),
            )
            for rank in Rank:
                for suit in Suit:
                    starter = Card(rank, suit)
                    if any(starter in hand for hand in hands):
                        continue
                    totals = [score_show(hand, starter).total for hand in hands]
                    if totals == [7, 8, 5]:
                        starters.add(rank)
                        claires.add(claires_ten)
    assert starters == {Rank.THREE}
    assert Rank.TEN not in claires and claires == {Rank.JACK, Rank.QUEEN, Rank.KING}
    assert THREE_PLAYERS.starter.rank is Rank.THREE


def _deal(said: str, **players) -> TableDeal:
    dealt = {
        "David": Dealt("David", parse_cards("7S 5C TC 4D KH"), card("KH")),
        "Eve": Dealt("Eve", parse_cards("7H 5H TD 3C AC"), card("AC")),
        "Claire": Dealt("Claire", parse_cards("7D 8C KS 9H 2D"), card("2D")),
        **players,
    }
    tokens = tuple("go" if token == "go" else card(token) for token in said.split())
    return TableDeal(tuple(dealt.values()), parse_cards("6S"), card("3D"), tokens)


def test_a_deal_or_play_the_rules_do_not_allow_is_refused():
    whole = "7S 7H 7D 5C 5H 8C TC TD go go 3C KS 4D 9H"
    assert _deal(whole).record.totals == {0: 0, 1: 10, 2: 7}
    with pytest.raises(ValueError, match="Eve says go at 28 holding a card that fits"):
        _deal("7S 7H 7D 5C 5H 8C TC TD go go go")
    with pytest.raises(ValueError, match="9H is not in David's hand"):
        _deal("9H")
    with pytest.raises(ValueError, match="the play stops before every card is down"):
        _deal("7S 7H 7D")
    with pytest.raises(ValueError, match="deals 5 each"):
        _deal(whole, Eve=Dealt("Eve", parse_cards("7H 5H TD 3C"), card("3C")))


# --- the rules page -------------------------------------------------------------------------


def section(html: str) -> str:
    start = html.index('<section id="three-players"')
    return html[start : html.index('<section id="heels"')]


def test_the_rules_page_shows_the_deal_the_play_and_the_show_of_three(client):
    response = client.get("/rules/")
    assert response.status_code == 200
    html = response.content.decode()
    three = section(html)
    assert 'href="#three-players"' in html
    # The deal: who keeps what, who throws what, the crib's card from the deck, the starter.
    deal = three[three.index('class="play-rules deal-hands"') :].split("</dl>")[0]
    who = [" ".join(said.split()) for said in re.findall(r"<dt>(.*?)</dt>", deal, re.S)]
    assert who == [
        "David, on the dealer's left, leads",
        "Eve",
        "Claire, the dealer",
        "The crib, Claire's",
        "The starter",
    ]
    rows = re.findall(r"<dd[^>]*>(.*?)</dd>", deal, re.S)
    labels = [re.findall(r'aria-label="([a-z ]+)"', row) for row in rows]
    assert labels == [
        ["seven of spades", "five of clubs", "ten of clubs", "four of diamonds", "king of hearts"],
        ["seven of hearts", "five of hearts", "ten of diamonds", "three of clubs", "ace of clubs"],
        [
            "seven of diamonds",
            "eight of clubs",
            "king of spades",
            "nine of hearts",
            "two of diamonds",
        ],
        ["six of spades", "king of hearts", "ace of clubs", "two of diamonds"],
        ["three of diamonds"],
    ]
    assert all(re.search(r"Keeps <span.*</span> throws <span", row) for row in rows[:3])
    assert "</span> from the deck, and the three thrown <span" in rows[3]
    # The play, as the engine counts it and as the text says it.
    assert "Pegged in the play: David 0, Eve 10, Claire 7." in three
    assert html_escape("Eve: “thirty-one and a pair for four”") in three
    assert html_escape("Claire: “twenty-three and one for last”") in three
    # The show in its order, each with the text's total and words.
    headings = re.findall(r'<h4 id="three-show-\d">(.*?)</h4>', three)
    assert headings == ["David", "Eve", "Claire", "Claire's crib"]
    totals = re.findall(r'class="example-total">= (\d+)', three)
    assert totals == ["7", "8", "5", "5"]
    stated = re.findall(r"The rules text: (\d+), “(.*?)”\.", three)
    assert stated == [
        ("7", TEXT_SAID[0]),
        ("8", TEXT_SAID[1]),
        ("5", TEXT_SAID[2]),
        ("5", TEXT_SAID[3]),
    ]
    pegs = re.findall(r'<td class="play-count">(\d+)</td>', three.split('deal-pegs"')[1])
    assert pegs == ["0", "7", "7", "10", "8", "18", "7", "10", "17"]


def test_the_deal_of_three_links_to_the_round_and_the_pegging_counters(client):
    three = section(client.get("/rules/").content.decode())
    round_url = (
        "/round/?players=3&amp;starter=3D&amp;player1=7S,5C,TC,4D&amp;player2=7H,5H,TD,3C"
        "&amp;player3=7D,8C,KS,9H&amp;crib=6S,KH,AC,2D"
    )
    pegging_url = "/pegging/?players=3&amp;play=7S,7H,7D,5C,5H,8C,TC,TD,go,go,3C,KS,4D,9H"
    assert f'href="{round_url}"' in three
    assert f'href="{pegging_url}"' in three
    # The round counter counts the same show; the pegging counter the same play.
    page = client.get(round_url.replace("&amp;", "&"))
    assert page.status_code == 200
    assert "<title>7 8 5 5 · 3♦ · Round of 3 · Cribtrainer</title>" in page.content.decode()
    play = client.get(pegging_url.replace("&amp;", "&"))
    assert play.status_code == 200
    points = re.findall(r'class="pegs-points">(\d+)<', play.content.decode())
    assert points == ["0", "10", "7"]


def test_the_rules_page_says_what_the_acc_text_gives_for_a_skunk_at_three(client):
    html = client.get("/rules/").content.decode()
    said = re.search(r'<p id="three-player-skunk">(.*?)</p>', html, re.S)
    assert said, "no sentence on the skunk at three"
    text = " ".join(said.group(1).split())
    assert "the ACC's rules give no skunk line for three players" in text
    # The rule the engine's game of three follows (cribbage.game.GameResult.loser).
    assert "judges the lines above on the runner-up" in text
    assert "both beaten players are short of 91" in text
    # ... and the engine's game of three does as the page says.
    assert GameResult(0, (121, 91, 40)).skunk == 0
    assert GameResult(0, (121, 90, 40)).skunk == 1
    assert GameResult(0, (121, 60, 61)).skunk == 1
    assert GameResult(0, (121, 60, 40)).skunk == 2
