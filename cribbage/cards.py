"""Ranks, suits and cards, and the card notation players type.

A card's canonical text is its rank letter (``A 2 3 4 5 6 7 8 9 T J Q K``) followed by
its suit letter (``C D H S``): ``5H``, ``TD``, ``JS``. The parser also takes ``10H``,
lower case and the suit symbols (``5♥``, ``J♦``).

``parse_card`` and ``parse_cards`` are strict: one card per token, and ``1H`` is refused
(the ``crib`` command's contract). ``read_typed`` is the forgiving reading for what people
type on a phone: cards run together or apart (``5h5c5sjd5d``), ``1`` for an ace, ``0`` for
a ten.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from enum import Enum, IntEnum

__all__ = [
    "DECK",
    "Card",
    "CardError",
    "Rank",
    "Suit",
    "card",
    "format_cards",
    "parse_card",
    "parse_cards",
    "read_typed",
]


class CardError(ValueError):
    """Input that is not a valid card or set of cards; the message names what is wrong."""


class Suit(Enum):
    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def letter(self) -> str:
        return self.value

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def word(self) -> str:
        return self.name.lower()

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}


class Rank(IntEnum):
    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def letter(self) -> str:
        return "A23456789TJQK"[self - 1]

    @property
    def label(self) -> str:
        """How the rank is printed on a card: ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``."""
        return "10" if self is Rank.TEN else self.letter

    @property
    def word(self) -> str:
        return self.name.lower()

    @property
    def plural(self) -> str:
        return "sixes" if self is Rank.SIX else f"{self.word}s"

    @property
    def count_value(self) -> int:
        """The value when counting fifteens and in the play: ace 1, faces 10."""
        return min(int(self), 10)


class Card:
    """One of the 52 cards: an immutable value with a rank and a suit.

    Cards are interned: ``Card(Rank.FIVE, Suit.HEARTS) is card("5H")``, so equality and
    hashing are by identity and cost nothing in the scoring loops. They sort by rank,
    then suit.
    """

    __slots__ = ("index", "prime", "rank", "suit", "value")

    rank: Rank
    suit: Suit
    value: int
    index: int
    prime: int

    def __new__(cls, rank: Rank | int, suit: Suit) -> Card:
        try:
            return _CARDS[Rank(rank), Suit(suit)]
        except (KeyError, ValueError):
            raise CardError(f"no card has rank {rank!r} and suit {suit!r}") from None

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        self = object.__new__(cls)
        set_slot = object.__setattr__
        set_slot(self, "rank", rank)
        set_slot(self, "suit", suit)
        set_slot(self, "value", rank.count_value)
        set_slot(self, "index", (rank - 1) * 4 + list(Suit).index(suit))
        # A prime per rank: the product over a set of cards names its rank multiset.
        set_slot(self, "prime", RANK_PRIMES[rank])
        return self

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return (Card, (int(self.rank), self.suit.value))

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    @property
    def code(self) -> str:
        """The canonical text form: ``5H``, ``TD``."""
        return self.rank.letter + self.suit.letter

    @property
    def short_label(self) -> str:
        """Rank and suit symbol as printed on the card: ``10♥``."""
        return self.rank.label + self.suit.symbol

    @property
    def label(self) -> str:
        """What a screen reader says: ``five of hearts``."""
        return f"{self.rank.word} of {self.suit.word}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code!r})"


# Rank r's prime is RANK_PRIMES[r]; index 0 is unused.
RANK_PRIMES = (0, 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)

_CARDS: dict[tuple[Rank, Suit], Card] = {
    (rank, suit): Card._make(rank, suit) for rank in Rank for suit in Suit
}

DECK: tuple[Card, ...] = tuple(sorted(_CARDS.values()))
"""The 52 cards, ace of clubs first, king of spades last."""

_RANK_TEXT = {
    "A": Rank.ACE,
    "T": Rank.TEN,
    "10": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    **{str(n): Rank(n) for n in range(2, 10)},
}
_SUIT_TEXT = {
    "C": Suit.CLUBS,
    "D": Suit.DIAMONDS,
    "H": Suit.HEARTS,
    "S": Suit.SPADES,
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "❤": Suit.HEARTS,  # the heart a phone's emoji keyboard gives
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
}
_SEPARATORS = re.compile(r"[\s,]+")
# A rank and its suit typed apart, "5 h" or "10 ♥": one card, as the player meant it.
_RANK_SPACE_SUIT = re.compile(
    r"(?<![0-9A-Za-z])(10|[0-9ATJQK])\s+([CDHS♣♧♦♢♥♡❤♠♤][\ufe0e\ufe0f]?)(?=[\s,]|$)",
    re.IGNORECASE,
)
# Emoji presentation selectors sometimes follow a suit symbol typed on a phone.
_INVISIBLE = str.maketrans("", "", "\ufe0e\ufe0f")
_MAX_TOKEN_SHOWN = 12


def _shown(token: str) -> str:
    """The token as quoted in an error: printable and never overlong."""
    printable = "".join(ch if ch.isprintable() else "?" for ch in token)
    if len(printable) > _MAX_TOKEN_SHOWN:
        printable = printable[:_MAX_TOKEN_SHOWN] + "…"
    return f"'{printable}'"


def parse_card(token: str) -> Card:
    """Parse one card: ``5H``, ``5h``, ``10H``, ``TH``, ``5♥``, ``J♦``.

    Raises CardError naming the token when it is not a card.
    """
    card = _BY_CODE.get(token)
    if card is not None:  # a card's own code, as stored games and forms hold them
        return card
    text = token.strip().translate(_INVISIBLE).upper()
    if len(text) < 2:
        raise CardError(f"{_shown(token)} is not a card: write a rank and a suit, like 5H or J♦")
    rank_text, suit_text = text[:-1], text[-1]
    rank = _RANK_TEXT.get(rank_text)
    if rank is None:
        raise CardError(f"{_shown(token)} is not a card: ranks are A 2-10 J Q K")
    suit = _SUIT_TEXT.get(suit_text)
    if suit is None:
        raise CardError(f"{_shown(token)} is not a card: suits are C D H S (or ♣ ♦ ♥ ♠)")
    return _CARDS[rank, suit]


_BY_CODE = {card.code: card for card in _CARDS.values()}

# The forgiving reading: every rank the strict parser takes, and 1 for an ace, 0 for a ten.
_TYPED_RANK = {**_RANK_TEXT, "1": Rank.ACE, "0": Rank.TEN}
_TYPED_RANKS_SAID = "ranks are A (or 1), 2-9, 10 (or T or 0), J, Q, K"
_TYPED_SUITS_SAID = "suits are C D H S (or ♣ ♦ ♥ ♠)"


def read_typed(text: str) -> tuple[Card, ...]:
    """Read cards as people type them: with or without spaces or commas between them
    (``5h5c5sjd5d``, ``5H, 5C``), ``A`` or ``1`` for an ace, ``10``, ``T`` or ``0`` for a
    ten, suit letters or symbols in either case.

    Duplicates are not checked here (see ``ensure_distinct``). Raises CardError naming the
    piece of text that is not a card.
    """
    cards: list[Card] = []
    for token in split_tokens(text):
        cards.extend(_read_token(token.translate(_INVISIBLE)))
    return tuple(cards)


def _read_token(token: str) -> list[Card]:
    """The cards run together in one token, left to right; a ten may be written ``10``."""
    cards = []
    at = 0
    while at < len(token):
        rank: Rank | None
        if token[at : at + 2] == "10":
            rank, suit_at = Rank.TEN, at + 2
        else:
            rank, suit_at = _TYPED_RANK.get(token[at].upper()), at + 1
        if rank is None:
            raise CardError(f"{_shown(token[at:])} is not a card: {_TYPED_RANKS_SAID}")
        if suit_at >= len(token):
            raise CardError(
                f"{_shown(token[at:])} is not a card: write a rank and a suit, like 5H or J♦"
            )
        suit = _SUIT_TEXT.get(token[suit_at].upper())
        if suit is None:
            if token[suit_at].isdigit():  # a number that is no rank, like 11 or 12
                end = suit_at
                while end < len(token) and token[end].isdigit():
                    end += 1
                raise CardError(f"{_shown(token[at : end + 1])} is not a card: {_TYPED_RANKS_SAID}")
            raise CardError(f"{_shown(token[at : suit_at + 1])} is not a card: {_TYPED_SUITS_SAID}")
        cards.append(_CARDS[rank, suit])
        at = suit_at + 1
    return cards


def split_tokens(text: str) -> list[str]:
    """Split typed cards on spaces and/or commas; a rank and a suit typed apart (``5 h``)
    stay one card."""
    joined = _RANK_SPACE_SUIT.sub(r"\1\2", text)
    return [token for token in _SEPARATORS.split(joined) if token]


def parse_cards(text: str | Iterable[str], count: int | None = None) -> tuple[Card, ...]:
    """Parse cards separated by spaces and/or commas, rejecting duplicates.

    ``text`` is one string or an iterable of tokens (each of which may itself hold
    several cards). With ``count``, exactly that many cards must be given.
    """
    if isinstance(text, str):
        tokens = split_tokens(text)
    else:
        tokens = [token for part in text for token in split_tokens(part)]
    cards = tuple(parse_card(token) for token in tokens)
    ensure_distinct(cards)
    if count is not None and len(cards) != count:
        raise CardError(f"expected {count} cards, got {len(cards)}")
    return cards


def ensure_distinct(cards: Iterable[Card]) -> None:
    """Raise CardError naming the first card that appears twice."""
    seen: set[Card] = set()
    for each in cards:
        if each in seen:
            raise CardError(f"{each.code} appears twice: each card is in the deck once")
        seen.add(each)


def card(text: str) -> Card:
    """Shorthand for parse_card, for tests and the shell: ``card("5H")``."""
    return parse_card(text)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in canonical form, separated by spaces: ``5H 5C JD``."""
    return " ".join(each.code for each in cards)
