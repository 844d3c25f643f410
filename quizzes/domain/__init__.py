"""The trainer's rules, in plain Python: no Django.

``patterns`` names what players learn (a fifteen of three cards, a double run, a crib
four-flush); ``marking`` marks an answer against the count; ``dealing`` deals quiz hands;
``spacing`` schedules the review of missed patterns (FSRS); ``charts`` lays out the progress
charts.
"""
