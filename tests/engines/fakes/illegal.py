"""Shakes hands, then answers every search with a move that is not legal (32-23 at the start)."""

from _hub import handshake, say, until_go

handshake()
while True:
    until_go()
    say("info depth=3 score=0.25 pv=32-23")
    say("done move=32-23")
