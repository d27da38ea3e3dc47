"""A Hub protocol version 1 engine (as Scan 2.0 speaks it), with the fault its first argument
names.

    hub1.py MODE [LOG]

``hub`` is answered by a line of text (its name) and ``wait``; ``init`` by ``ready``.  A search
is ``pos <w|b><50 squares>``, ``move <m>`` for each move since then, ``time <ms>`` and/or
``depth <n>``, then ``go``; the engine plays the legal move that comes first in our generator's
order (read with this checkout's rules code), says ``info`` with positional fields, then
``move <best> [<ponder>]``.  Every line it reads is appended to LOG when one is given.

MODE: ``play`` (as above), ``wait`` (search until any line comes, then answer: how version 1
stops), ``hang`` (never answer a search, ignore every line and SIGTERM), ``garbage`` (answer
with control characters), ``illegal`` (answer 32-23 at the start), ``dies`` (exit with status
3 in the middle of its first search), ``noinfo`` (answer the move alone), ``banner`` (a name
line that is no protocol text at all).
"""

import signal
import sys
import time

from dame_desktop.core import find_rules
from dame_desktop.engines.protocol import move_text, parse_move, parse_position

MODE = sys.argv[1] if len(sys.argv) > 1 else "play"
LOG = sys.argv[2] if len(sys.argv) > 2 else None
RULES = find_rules("international")


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def read() -> str:
    line = sys.stdin.readline()
    if not line:
        sys.exit(0)
    if LOG:
        with open(LOG, "a") as log:
            log.write(line)
    return line.strip()


if MODE == "hang":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

position = None
while True:
    line = read()
    words = line.split()
    command = words[0] if words else ""
    if command == "hub":
        say('Fake "one 1.5 (a version-1 engine' if MODE == "banner" else "Fake1 1.5 by the tests")
        say("wait")
    elif command == "init":
        say("ready")
    elif command == "pos":
        text = words[1]
        position = parse_position(text[0].upper() + text[1:], RULES)
    elif command == "move" and position is not None:
        position = position.play(parse_move(words[1], position))
    elif command == "go" and position is not None:
        if MODE == "hang":
            while True:
                time.sleep(1)
        if MODE == "dies":
            say("info 1 1.0 0.10 20 0.01 0.0 32-28")
            sys.exit(3)
        if MODE == "garbage":
            say("info 3 \x01\x02 junk")
            continue
        if MODE == "illegal":
            say("move 32-23")
            continue
        if MODE == "wait":
            read()  # any line ends the search
        best = position.legal_moves()[0]
        after = position.play(best)
        reply = after.legal_moves()
        pv = [move_text(best)] + ([move_text(reply[0])] if reply else [])
        if MODE != "noinfo":
            say(f"info 12 11.5 0.25 12345 0.02 0.6 {' '.join(pv)}")
        say("move " + " ".join(pv))
    elif command == "quit":
        sys.exit(0)
