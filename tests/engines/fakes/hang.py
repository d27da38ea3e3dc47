"""Shakes hands, then never answers a search and ignores 'stop' and SIGTERM.

``hang.py --searching FILE``: appends its pid to FILE once it has read 'go'."""

import os
import signal
import sys
import time

from _hub import handshake, until_go

signal.signal(signal.SIGTERM, signal.SIG_IGN)
handshake()
until_go()
if len(sys.argv) > 2 and sys.argv[1] == "--searching":
    with open(sys.argv[2], "a") as note:
        note.write(f"{os.getpid()}\n")
while True:
    time.sleep(1)
