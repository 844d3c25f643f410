import io
import sys
from typing import NamedTuple

import pytest

from cribbage.cli import main


class Done(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def crib(capsys, monkeypatch):
    """Run ``crib`` with these arguments (and this stdin): its status, stdout and stderr."""

    def run(*args, stdin=""):
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        try:
            status = main(list(args))
        except SystemExit as exit:  # argparse's usage errors exit from parse_args
            status = exit.code
        out, err = capsys.readouterr()
        return Done(status, out, err)

    return run
