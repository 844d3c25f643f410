import pytest
from django.test import RequestFactory
from django_htmx.middleware import HtmxDetails

from cribtrainer.htmx import current_path


def htmx_request(current_url):
    request = RequestFactory().get(
        "/", headers={"HX-Request": "true", "HX-Current-URL": current_url}
    )
    request.htmx = HtmxDetails(request)
    return request


def test_the_current_path_is_the_path_and_query_of_the_page():
    assert current_path(htmx_request("http://testserver/?hand=5H")) == "/?hand=5H"


@pytest.mark.parametrize(
    "url", ["http://[", "http://]", "http://[::1", "https://elsewhere.example/", "", "[", "%"]
)
def test_a_current_url_that_is_not_this_sites_is_no_path(url):
    assert current_path(htmx_request(url)) == ""


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["http://[", "http://]", "http://[::1"])
def test_the_counter_answers_an_htmx_request_from_a_malformed_current_url(client, url):
    headers = {"HX-Request": "true", "HX-Current-URL": url}
    response = client.get("/?hand=5H,5C,5S,JD&starter=5D", headers=headers)
    assert response.status_code == 200
    assert response["HX-Push-Url"] == "/?hand=5H,5C,5S,JD&starter=5D"


@pytest.mark.django_db
def test_a_response_whose_push_url_depends_on_the_current_url_varies_by_it(client):
    headers = {"HX-Request": "true", "HX-Current-URL": "http://testserver/"}
    pushed = client.get("/?hand=5H,5C,5S,JD&starter=5D", headers=headers)
    assert "HX-Push-Url" in pushed
    assert "HX-Current-URL" in pushed["Vary"]
    # A view that does not read it does not vary by it.
    assert "HX-Current-URL" not in client.get("/quiz/", headers=headers).get("Vary", "")
