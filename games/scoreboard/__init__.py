"""The scoreboard for a real game at the table (``/scoreboard/``): the board on the phone,
every count checked as it is pegged, followed and scored from a second phone. The rules it
keeps are the engine's (``cribbage.scoreboard``); this package stores, serves and draws
them."""
