"""Shakes hands, then dies with a signal-like exit status in the middle of its first search."""

import os

from _hub import handshake, say, until_go

handshake()
until_go()
say("info depth=1 score=0.1 pv=32-28")
os._exit(3)
