"""The header every page shares (templates/base.html): one line on a phone with a menu,
"Sign up" and "Log in" for guests, log-out back to the page, and the status messages."""

import re

import pytest
from django.contrib.auth import get_user_model
from pytest_django.asserts import assertInHTML

from quizzes.models import Deal
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db
User = get_user_model()
NEW_PASSWORD = "a-pair-royal-is-six"


def answer_as_guest(client, count: int) -> None:
    for _ in range(count):
        response = client.post("/quiz/new/", {"mode": "hand"})
        deal = Deal.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))
        client.post(f"/quiz/{deal.pk}/answer/", {"total": "2"})


def test_guests_get_sign_up_and_log_in_back_to_this_page(client):
    html = client.get("/round/?starter=5D").content.decode()
    assertInHTML('<a href="/accounts/signup/?next=/round/%3Fstarter%3D5D">Sign up</a>', html, 1)
    assertInHTML('<a href="/accounts/login/?next=/round/%3Fstarter%3D5D">Log in</a>', html, 1)
    assertInHTML('<summary class="menu-button">Menu</summary>', html)
    assert "Log out" not in html


def test_the_nav_marks_the_page_it_is_on(client):
    html = client.get("/round/").content.decode()
    assert html.count('<a href="/round/" aria-current="page">Round</a>') == 1


def test_a_player_gets_account_and_a_log_out_form_back_to_this_page(client):
    client.force_login(UserFactory())
    html = client.get("/?hand=5H,5C,5S,JD&starter=5D").content.decode()
    assert "Sign up" not in html
    assert '<input type="hidden" name="next" value="/?hand=5H,5C,5S,JD&amp;starter=5D">' in html
    response = client.post("/accounts/logout/", {"next": "/?hand=5H,5C,5S,JD&starter=5D"})
    assert response["Location"] == "/?hand=5H,5C,5S,JD&starter=5D"


def test_log_out_from_an_account_page_goes_to_the_default(client):
    client.force_login(UserFactory())
    html = client.get("/accounts/").content.decode()
    form = html[html.index('action="/accounts/logout/"') :]
    assert 'name="next"' not in form[: form.index("</form>")]


def test_log_out_elsewhere_is_refused(client):
    client.force_login(UserFactory())
    response = client.post("/accounts/logout/", {"next": "https://elsewhere.example/"})
    assert response["Location"] == "/quiz/"


def test_sign_up_says_how_many_guest_hands_moved(client):
    answer_as_guest(client, 3)
    response = client.post(
        "/accounts/signup/?next=/round/",
        {"username": "muggins", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD},
        follow=True,
    )
    assert response.redirect_chain[-1][0] == "/round/"
    assertInHTML(
        '<div class="messages" id="messages" role="status"><p class="flash flash--success">'
        "3 hands you practised as a guest moved into your account.</p></div>",
        response.content.decode(),
    )
    # Said once.
    assert "moved into your account" not in client.get("/round/").content.decode()


def test_log_in_says_one_hand_moved(client):
    user = UserFactory()
    answer_as_guest(client, 1)
    response = client.post(
        "/accounts/login/",
        {"username": user.username, "password": PASSWORD, "next": "/"},
        follow=True,
    )
    assert "1 hand you practised as a guest moved into your account." in response.content.decode()


def test_log_in_with_nothing_to_move_says_nothing(client):
    user = UserFactory()
    response = client.post(
        "/accounts/login/", {"username": user.username, "password": PASSWORD}, follow=True
    )
    assert "moved into your account" not in response.content.decode()
    assertInHTML(
        '<div class="messages" id="messages" role="status"></div>', response.content.decode()
    )


# --- in a real Chromium ---------------------------------------------------------------

PAGES = ["/", "/round/", "/discard/", "/rules/", "/quiz/", "/progress/", "/accounts/login/"]


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [320, 390])
def test_on_a_phone_the_header_is_one_line_with_a_menu(watched, width):
    from playwright.sync_api import expect

    from tests.browser import assert_accessible, screenshot

    page = watched
    page.set_viewport_size({"width": width, "height": 844})
    for path in PAGES:
        page.goto(path)
        header = page.locator(".site-header").bounding_box()
        assert header["height"] <= 48, (path, header)
        expect(page.locator(".site-nav")).to_be_hidden()
    page.goto("/round/")
    page.get_by_text("Menu").click()
    menu = page.locator(".site-nav")
    expect(menu.get_by_role("link", name="Sign up")).to_be_visible()
    expect(menu.get_by_role("link", name="Round")).to_have_attribute("aria-current", "page")
    for link in menu.get_by_role("link").all():
        box = link.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44, link.text_content()
    assert_accessible(page)
    screenshot(page, f"menu-phone-{width}x844", full_page=False)
    menu.get_by_role("link", name="Rules").click()
    expect(page).to_have_url("/rules/")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_sign_up_from_the_header_comes_back_saying_what_moved_and_log_out_stays(phone):
    from playwright.sync_api import expect

    from tests.browser import assert_accessible, screenshot

    page = phone
    page.goto("/quiz/")
    page.locator(".modes").get_by_role("button").first.click()
    page.get_by_label(re.compile("Points in this")).fill("2")
    page.get_by_role("button", name="Check my count").click()
    expect(page.locator(".verdict")).to_be_visible()
    page.goto("/round/?starter=5D")
    page.get_by_text("Menu").click()
    page.locator(".site-nav").get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill("his-heels")
    page.get_by_label("Password", exact=True).fill(NEW_PASSWORD)
    page.get_by_label("Password confirmation").fill(NEW_PASSWORD)
    page.locator("form.account-form").get_by_role("button", name="Sign up").click()
    expect(page).to_have_url("/round/?starter=5D")
    expect(page.get_by_role("status").first).to_have_text(
        "1 hand you practised as a guest moved into your account."
    )
    assert page.locator(".site-header").bounding_box()["height"] <= 48
    assert_accessible(page)
    screenshot(page, "signed-up-phone-390x844", full_page=False)
    page.get_by_text("Menu").click()
    page.locator(".site-nav").get_by_role("button", name="Log out").click()
    expect(page).to_have_url("/round/?starter=5D")
    page.get_by_text("Menu").click()
    expect(page.locator(".site-nav").get_by_role("link", name="Log in")).to_be_visible()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_on_a_wide_screen_the_links_are_in_the_header_itself(watched):
    from playwright.sync_api import expect

    from tests.browser import DESKTOP, assert_accessible

    page = watched
    page.set_viewport_size(DESKTOP)
    page.goto("/round/")
    expect(page.locator(".menu-button")).to_be_hidden()
    nav = page.get_by_role("navigation", name="Main")
    for name in ["Counter", "Round", "Rules", "Practise", "Progress", "Sign up", "Log in"]:
        expect(nav.get_by_role("link", name=name, exact=True)).to_be_visible()
    assert page.locator(".site-header").bounding_box()["height"] <= 48
    assert_accessible(page)
