"""Shakes hands, then never answers a search and ignores 'stop' and SIGTERM."""

import signal
import time

from _hub import handshake, until_go

signal.signal(signal.SIGTERM, signal.SIG_IGN)
handshake()
until_go()
while True:
    time.sleep(1)
