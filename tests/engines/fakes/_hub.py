"""What every fake engine shares: an honest handshake, then the fault its script injects."""

from __future__ import annotations

import sys


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def handshake() -> None:
    """Answer 'hub' ... 'wait' and 'init' ... 'ready' as a proper engine would."""
    for line in sys.stdin:
        word = line.split()[0] if line.split() else ""
        if word == "hub":
            say("id name=Fake version=1 author=tests")
            say('param name=variant value=normal type=enum values="normal"')
            say("wait")
        elif word == "init":
            say("ready")
            return


def until_go() -> str:
    """Read commands up to 'go'; returns the last 'pos' line."""
    pos = ""
    for line in sys.stdin:
        if line.startswith("pos"):
            pos = line
        if line.startswith("go"):
            return pos
    sys.exit(0)
