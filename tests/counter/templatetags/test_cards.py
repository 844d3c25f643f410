"""The card and breakdown template tags in counter/templatetags/cards.py."""

import re

from django.template import Context, Template
from pytest_django.asserts import assertHTMLEqual, assertInHTML

from counter.entry import Entry
from cribbage.cards import card, parse_cards
from cribbage.show import score_show


def render(source: str, **context) -> str:
    return Template("{% load cards %}" + source).render(Context(context))


def test_a_card_shows_rank_and_suit_and_reads_as_words():
    assertHTMLEqual(
        render("{% playing_card c %}", c=card("TH")),
        '<span class="card card--red" role="img" aria-label="ten of hearts">'
        '<span class="card-rank">10</span><span class="card-suit">♥</span></span>',
    )


def test_a_card_can_be_given_as_text_and_sized():
    assertHTMLEqual(
        render('{% playing_card "qs" "mini" %}'),
        '<span class="card card--black card--mini" role="img" aria-label="queen of spades">'
        '<span class="card-rank">Q</span><span class="card-suit">♠</span></span>',
    )


def test_a_row_takes_text_a_list_or_one_card():
    assert render('{% card_row "5H 5C" %}').count('role="img"') == 2
    assert render("{% card_row cards %}", cards=parse_cards("AS 2S 3S")).count('role="img"') == 3
    assert render("{% card_row c 'large' %}", c=card("JD")).count("card--large") == 1


def breakdown(text: str, crib: bool = False) -> str:
    cards = parse_cards(text)
    return render("{% show_breakdown result %}", result=score_show(cards[:4], cards[4], crib))


def names(html: str) -> list[str]:
    return re.findall(r'class="score-name" href="[^"]+">([^<]+)<', html)


def test_the_breakdown_names_what_players_name():
    assert names(breakdown("4H 4C 4S 5D 6D")) == [
        "fifteen",
        "fifteen",
        "fifteen",
        "triple run of three",
    ]
    assert names(breakdown("4H 4C 4S 9D KD")) == ["pair royal of fours"]
    assert names(breakdown("3H 3C 4S 4D 5D"))[-1] == "double-double run of three"
    assert names(breakdown("5H 5C 5S JD 5D"))[-2:] == ["double pair royal of fives", "his nobs"]
    assert names(breakdown("2H 6H 9H QH 8H", crib=True))[-1] == "flush of five"


def test_each_breakdown_item_links_to_its_rule_and_shows_its_cards():
    html = breakdown("3H 4C 4S 5D KH")
    links = re.findall(r'class="score-name" href="([^"]+)"', html)
    assert links == ["/rules/#fifteens", "/rules/#runs"]
    run = html[html.index("double run of three") :]
    assert run.index('aria-label="three of hearts"') < run.index('class="score-points">8<')


def test_a_multiple_run_is_one_row_that_shows_its_parts():
    html = breakdown("4C 6D 5D 4S 9C")
    assertInHTML('<span class="score-parts">two runs of three 6 + a pair of fours 2</span>', html)
    assertInHTML('<span class="score-points">8</span>', html)
    assertInHTML(
        "<q>Fifteen two, fifteen four, fifteen six and a double run is fourteen.</q>", html
    )


def test_the_breakdown_says_the_count_and_the_rule_that_decided_it():
    html = breakdown("2H 6H 9H QH 3C", crib=True)
    assertInHTML('<span class="total-points">4</span>', html)
    assertInHTML('<span class="total-what">in the crib</span>', html)
    assertInHTML("<q>Fifteen two, fifteen four.</q>", html)
    assert "Four crib cards of one suit score nothing" in html
    assert 'href="/rules/#crib-flush"' in html


def test_a_hand_of_nothing_is_a_nineteen():
    html = breakdown("AH 3C 7S 9D KH")
    assertInHTML('<span class="total-points">0</span>', html)
    assertInHTML('<span class="total-unit">points</span>', html)
    assert "nineteen" in html


def test_the_heading_level_can_change():
    cards = parse_cards("5H 5C 5S JD 5D")
    html = render(
        "{% show_breakdown result heading_level=3 %}", result=score_show(cards[:4], cards[4])
    )
    assert '<h3 id="breakdown-total"' in html


def test_an_example_counts_itself():
    html = render('{% show_example "2H 6H 9H QH" "8H" crib=True %}')
    assertInHTML(
        '<span class="example-total">= 7 <span class="example-crib">in the crib</span></span>',
        html,
    )
    assert "Fifteen two and five for the flush makes seven." in html


# --- the picker: fields, slots and the 52 cards, for any Picks value -------------------


def test_picker_fields_carry_every_place_and_the_place_being_filled():
    html = render("{% picker_fields e %}", e=Entry(parse_cards("5H 5C"), fill="starter"))
    assertHTMLEqual(
        html,
        '<input type="hidden" name="hand" value="5H,5C" data-place data-size="4">'
        '<input type="hidden" name="starter" value="" data-place data-size="1">'
        '<input type="hidden" name="fill" value="starter">',
    )


def test_a_slot_is_a_card_to_take_out_a_place_to_choose_or_an_empty_box():
    entry = Entry(parse_cards("5H"), fill="starter")
    first, second, third, _, starter = entry.slots
    assertHTMLEqual(
        render("{% pick_slot s %}", s=first),
        '<button type="submit" name="pick" value="5H" class="slot-card">'
        '<span class="visually-hidden">Take out </span>'
        '<span class="card card--red" role="img" aria-label="five of hearts">'
        '<span class="card-rank">5</span><span class="card-suit">♥</span></span>'
        '<span class="visually-hidden">, from</span> <span class="slot-name">Hand 1</span>'
        "</button>",
    )
    assert 'name="place" value="hand"' in render("{% pick_slot s %}", s=second)
    assert 'aria-pressed="false"' in render("{% pick_slot s %}", s=second)
    assert "<button" not in render("{% pick_slot s %}", s=third)
    assert 'value="starter" class="slot-choose" aria-pressed="true"' in render(
        "{% pick_slot s %}", s=starter
    )
    assert "slot-choose--small" in render('{% pick_slot s "small" %}', s=starter)


def test_the_picker_marks_each_picked_card_with_its_place():
    html = render("{% card_picker e %}", e=Entry(parse_cards("5H 5C"), card("JD")))
    assert html.count('name="pick"') == 52
    assert html.count('aria-pressed="true"') == 3
    assertInHTML('<span class="pick-place" aria-hidden="true">2</span>', html)
    assertInHTML('<span class="pick-place" aria-hidden="true">S</span>', html)
    assert " disabled" not in html


def test_a_full_picker_disables_the_cards_not_picked():
    html = render("{% card_picker e %}", e=Entry(parse_cards("5H 5C 5S JD"), card("5D")))
    assert html.count(" disabled") == 47


def test_the_picker_says_how_when_asked():
    html = render('{% card_picker e how="tap a picked card to take it out" %}', e=Entry())
    assert '<span class="picker-how">tap a picked card to take it out</span>' in html


def test_expected_points_write_a_loss_with_the_true_minus_as_the_crib_column_does():
    from counter.templatetags.cards import points, signed_points

    assert points(4.3709) == "4.37"
    assert points(-1.2) == "−1.20"
    assert points(-0.001) == "0.00"
    assert signed_points(-1.2) == "−1.20"
    assert "-" not in points(-3.5) + signed_points(-3.5)


def test_the_discard_table_has_no_hyphen_for_a_minus(client):
    page = client.get("/discard/?cards=KH,KD,QS,JC,2C,3D&role=pone").content.decode()
    table = page.split('class="choices')[1].split("</table>")[0]
    assert "−" in table
    assert not re.search(r">\s*-\d", table), "a hyphen written as a minus"
