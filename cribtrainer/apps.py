from django.apps import AppConfig


class CribtrainerConfig(AppConfig):
    """The project's own app: its sessions, the cache table and the deploy checks."""

    name = "cribtrainer"
    verbose_name = "Cribtrainer"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import checks  # noqa: F401  (registers the checks)
