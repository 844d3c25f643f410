"""Reading what a counter page shows from its HTML."""

import re


def found(response, pattern: str, what: str) -> str:
    """The first group of ``pattern`` in the page; the test fails if the page has no ``what``."""
    match = re.search(pattern, response.content.decode(), re.S)
    assert match, f"no {what}"
    return match.group(1)


def round_message(response) -> str:
    return found(response, r'<p id="round-message"[^>]*>([^<]*)</p>', "message element")
