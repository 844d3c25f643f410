"""Writes that span models, one module a job: ``dealing`` (a quiz dealt), ``answers`` (an
answer marked and recorded once), ``game_records`` (a game's claims kept as answers),
``records`` (a player's figures worked out again), ``review_queue`` (FSRS's schedule) and
``guests`` (a guest's practice merged into an account, or purged). Import from the module
that does the job; this package re-exports nothing."""
