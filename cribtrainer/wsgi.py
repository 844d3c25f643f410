import os

from django.apps import apps
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cribtrainer.settings")

application = get_wsgi_application()

# A serving process pays for the apps' lookup tables before its first request, not during it.
for config in apps.get_app_configs():
    if hasattr(config, "warm_up"):
        config.warm_up()
