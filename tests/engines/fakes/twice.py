"""Answers every search twice: a second, stale 'done' that must not answer the next search."""

from _hub import handshake, say, until_go

handshake()
answers = ["done move=32-28", "done move=31-26"]
while True:
    until_go()
    for line in answers:
        say(line)
    answers = ["done move=33-29", "done move=34-30"]
