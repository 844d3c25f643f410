"""The static files' storage: each address from the manifest, looked up once."""

import json

from cribtrainer.storage import StaticFilesStorage


def test_a_files_address_is_its_hashed_name_from_the_manifest(tmp_path):
    manifest = {"paths": {"css/app.css": "css/app.0123abcd.css"}, "version": "1.1", "hash": "x"}
    (tmp_path / "staticfiles.json").write_text(json.dumps(manifest))
    storage = StaticFilesStorage(location=tmp_path, base_url="/static/")
    assert storage.url("css/app.css") == "/static/css/app.0123abcd.css"
    assert storage.url("css/app.css") == "/static/css/app.0123abcd.css"
    assert storage.url("css/app.css", force=True) == "/static/css/app.0123abcd.css"
