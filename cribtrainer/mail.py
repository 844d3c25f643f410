"""The email backend of a server whose mail has not been set up."""

import logging

from django.core.mail.backends.base import BaseEmailBackend

logger = logging.getLogger("cribtrainer.mail")


class UnconfiguredEmailBackend(BaseEmailBackend):
    """Sends nothing and says so in the log: subject and how many recipients, never the
    body, which for a password reset is a working link into the account."""

    def send_messages(self, email_messages) -> int:
        for message in email_messages:
            logger.error(
                "mail not sent: EMAIL_HOST is not set",
                extra={"subject": message.subject, "recipients": len(message.recipients())},
            )
        return 0
