"""Refuse, with a 400 that says why, a request body Django cannot decode.

Django refuses a url-encoded form in any charset but UTF-8 (even ``utf8``), a form with too
many fields, and a broken multipart body by raising as the body is first read. Its error
views then read the body again (for the CSRF token) and raise again, out of Django's hands:
gunicorn answered with its own 500 and a traceback. Read here, before anything else, the
failure is answered once, and later reads find an empty form.
"""

from django.core.exceptions import BadRequest, SuspiciousOperation
from django.http import HttpRequest, HttpResponse, QueryDict
from django.http.multipartparser import MultiPartParserError
from django.shortcuts import render
from django.utils.datastructures import MultiValueDict


class UndecodableBodyMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST":
            try:
                request.POST  # noqa: B018 (parsed once, here)
            except (BadRequest, SuspiciousOperation, MultiPartParserError, ValueError) as error:
                request._post, request._files = QueryDict(), MultiValueDict()
                return render(request, "bad_request.html", {"problem": str(error)}, status=400)
        return self.get_response(request)
