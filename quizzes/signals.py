"""Signals for the apps above the trainer, which it must not import.

``guest_merged(sender, user, guest_key)``: a guest's practice has just moved into ``user``'s
account (inside the same transaction), so an app keeping rows of its own by guest key can
move them too.
"""

from django.dispatch import Signal

guest_merged = Signal()
