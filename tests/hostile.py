"""Hostile and random form values for the bad-input tests (hypothesis strategies)."""

from hypothesis import strategies as st

FRAGMENTS = [
    "",
    " ",
    "0",
    "-1",
    "30",
    "29",
    "1e3",
    "NaN",
    "inf",
    "0x1F",
    " 5 ",
    "5.5",
    "９",  # fullwidth digit
    "٥",  # Arabic-Indic five
    "⁵",
    "5H 5C 5S JD 5D",
    "5♥ 5♣ 5♠ J♦ 5♦",
    "5❤ 5♧ 5♤ J◆ 5◇",  # look-alikes of the suit symbols
    "5Н 5С",  # Cyrillic letters that look like H and C
    "1; DROP TABLE quizzes_attempt; --",
    "' OR '1'='1",
    "<script>alert(1)</script>",
    '"><img src=x onerror=alert(1)>',
    "{{ 7*7 }}{% debug %}",
    "\x00\x01\x1b[31m",
    "\u202e5H",  # right-to-left override
    "9" * 5000,
    "5H," * 2000,
]

values = st.one_of(
    st.sampled_from(FRAGMENTS),
    st.text(max_size=60),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=100, max_size=2000),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
)


def form_data(fields):
    """Some of ``fields`` (each maybe repeated) with hostile values, and stray extra fields."""
    names = st.sampled_from([*fields, "extra", "csrfmiddlewaretoken"])
    return st.dictionaries(
        names, st.lists(values, min_size=1, max_size=3), max_size=len(fields) + 2
    )


def echoed_unescaped(body: str, data: dict) -> list[str]:
    """The submitted values with markup in them that appear raw in the page.

    Short values are left out: a lone ``<a`` is found in any page's own markup.
    """
    return [
        value
        for values in data.values()
        for value in values
        if "<" in value and len(value) >= 8 and value in body
    ]
