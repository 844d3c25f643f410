"""``{% path 'counter:round' %}``: the address of a page that takes no arguments, worked out
once per process instead of on every page (``{% url %}`` reverses it each time, and the header
of every page links to a dozen of them)."""

from functools import lru_cache

from django import template
from django.urls import get_script_prefix, get_urlconf, reverse

register = template.Library()


@register.simple_tag
def path(name: str) -> str:
    return _path(name, get_script_prefix(), get_urlconf())


@lru_cache(maxsize=256)
def _path(name: str, prefix: str, urlconf) -> str:
    return reverse(name, urlconf=urlconf)
