from hypothesis import strategies as st

from cribbage.cards import DECK

deals = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)
six_card_hands = st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True)
