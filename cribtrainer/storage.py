"""The static files' storage: whitenoise's compressed, hashed files, each address looked up
once. The manifest is read when the app starts and never changes while it runs, so a file's
address is the same on every page (each page asks for four)."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._urls: dict[str, str] = {}

    def url(self, name: str | None, force: bool = False) -> str:
        if force or name is None:
            return super().url(name, force)
        try:
            return self._urls[name]
        except KeyError:
            url = self._urls[name] = super().url(name)
            return url
