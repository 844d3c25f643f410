"""The path tag in counter/templatetags/links.py."""

from django.template import Context, Template
from django.urls import reverse
from django.urls.base import set_script_prefix


def test_path_is_the_pages_address():
    html = Template("{% load links %}{% path 'counter:round' %} {% path 'login' %}").render(
        Context()
    )
    assert html == f"{reverse('counter:round')} {reverse('login')}"


def test_path_follows_the_script_prefix():
    try:
        set_script_prefix("/crib/")
        assert Template("{% load links %}{% path 'counter:round' %}").render(Context()) == (
            "/crib/round/"
        )
    finally:
        set_script_prefix("/")
