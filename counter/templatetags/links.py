"""``{% path 'counter:round' %}``: the address of a page that takes no arguments, worked out
once per process instead of on every page (``{% url %}`` reverses it each time, and the header
of every page links to a dozen of them).

``{% site_links here %}``: the header's main links, the page ``here`` (its view's name)
marked as the current one; drawn once for each page, as they are the same on every visit."""

from functools import lru_cache

from django import template
from django.template.loader import render_to_string
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.safestring import SafeString

register = template.Library()


@register.simple_tag
def path(name: str) -> str:
    return _path(name, get_script_prefix(), get_urlconf())


@lru_cache(maxsize=256)
def _path(name: str, prefix: str, urlconf) -> str:
    return reverse(name, urlconf=urlconf)


@register.simple_tag
def site_links(here: str | None) -> SafeString:
    return _site_links(here, get_script_prefix(), get_urlconf())


@lru_cache(maxsize=256)
def _site_links(here: str | None, prefix: str, urlconf) -> SafeString:
    return SafeString(render_to_string("_site_links.html", {"here": here}))
