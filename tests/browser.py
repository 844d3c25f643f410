"""Helpers for browser tests: axe-core accessibility checks and screenshots.

from tests.browser import PHONE, assert_accessible, screenshot

page.set_viewport_size(PHONE)
assert_accessible(page)              # axe-core: zero violations, or a readable failure
screenshot(page, "counter-phone")  # with SCREENSHOTS=1: tests/artifacts/counter-phone.png

Pictures are taken only with ``SCREENSHOTS=1`` (``make screenshots``): nothing asserts them, so
the other runs skip them. Then the pictures the README shows (``README_SHOTS``) are written
to tests/screenshots/, which is committed, and every other one to tests/artifacts/, which
is not.

The ``watched`` fixture (tests/conftest.py) gives a page that fails its test on any console
error, failed response or request to another host.
"""

import os
from pathlib import Path

import pytest

AXE = Path(__file__).parent / "vendor" / "axe-4.14.1.min.js"
ARTIFACTS = Path(__file__).parent / "artifacts"
SCREENSHOTS = Path(__file__).parent / "screenshots"
# The pictures README.md shows, taken by the browser tests on a 390 x 844 phone.
README_SHOTS = {
    "counter-empty-phone-390x844",
    "counter-phone-390x844",
    "round-phone-390x844",
    "pegging-phone-390x844",
    "scoreboard-phone-390x844",
    "play-quiz-phone-390x844",
    "discard-feedback-phone-390x844",
    "game-count-phone-390x844",
    "discard-phone-390x844",
    "quiz-itemised-phone-390x844",
    "quiz-feedback-touch-390x844",
    "progress-phone-390x844",
    "review-phone-390x844",
    "rules-phone-390x844",
    "menu-phone-390x844",
}
PHONE = {"width": 390, "height": 844}
LANDSCAPE = {"width": 844, "height": 390}
DESKTOP = {"width": 1280, "height": 800}
VIEWPORTS = (PHONE, LANDSCAPE, DESKTOP)
# A test at each viewport, with the ``at_viewport`` page (tests/conftest.py).
every_viewport = pytest.mark.parametrize("viewport", VIEWPORTS, ids=str)


def axe_violations(page, options: dict | None = None) -> list[dict]:
    """Run axe-core on the page as it is now and return its violations (an empty list is a pass).

    The script is evaluated rather than added as a <script> tag, which works under a strict
    Content-Security-Policy too. ``options`` go to ``axe.run``, e.g. ``{"runOnly": ["wcag2aa"]}``.
    """
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))
    return page.evaluate(
        "async (options) => (await axe.run(document, options)).violations", options or {}
    )


def describe(violations: list[dict]) -> str:
    """One line per violation and element, for an assertion message."""
    return "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']} at {node['target']}"
        for v in violations
        for node in v["nodes"]
    )


def assert_accessible(page) -> None:
    """Fail with every violation and why, unless axe-core finds none on the page as it is."""
    violations = axe_violations(page)
    assert violations == [], (
        describe(violations)
        + "\n"
        + "\n".join(node.get("failureSummary", "") for v in violations for node in v["nodes"])
    )


def assert_accessible_without_javascript(page, browser) -> None:
    """``assert_accessible`` for a page in a context with JavaScript off, where axe cannot
    run: its document as it stands (``<noscript>`` parts shown) is checked in a page of the
    same address with every script refused but axe's own."""
    html = page.content().replace("<noscript>", "<div>").replace("</noscript>", "</div>")
    context = browser.new_context(base_url=page.url)
    try:
        checker = context.new_page()
        checker.route("**/*.js", lambda route: route.abort())
        address = page.url
        checker.route(
            lambda url: url == address,
            lambda route: route.fulfill(body=html, content_type="text/html"),
        )
        checker.goto(address)
        assert checker.content().count("<noscript>") == 0  # the document checked is ``html``
        assert_accessible(checker)
    finally:
        context.close()


def screenshot(page, name: str, full_page: bool = True) -> Path | None:
    """With SCREENSHOTS=1, save a PNG of the page and return its path: under
    tests/screenshots/ for the README's pictures, else under tests/artifacts/ (git-ignored).
    Without it, take none and return None."""
    if os.environ.get("SCREENSHOTS") != "1":
        return None
    folder = SCREENSHOTS if name in README_SHOTS else ARTIFACTS
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.png"
    # caret="initial": hiding the text caret makes Playwright inject a <style>, which the
    # strict Content-Security-Policy rightly refuses (and the watched page reports).
    page.screenshot(path=str(path), full_page=full_page, caret="initial")
    return path


def assert_in_first_screen(page, viewport: dict, locator) -> None:
    """Every element ``locator`` (a selector or a Playwright locator) finds is whole in the
    first screen of ``viewport``, the page scrolled to its top."""
    page.evaluate("window.scrollTo(0, 0)")
    found = (page.locator(locator) if isinstance(locator, str) else locator).all()
    assert found, f"{locator} is not shown"
    for element in found:
        box = element.bounding_box()
        assert box is not None, f"{locator} is not shown"
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 0.5, (
            locator,
            box,
        )
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 0.5, (locator, box)
