"""Shakes hands, then answers a search with a line that is not protocol text (binary junk and an
unbalanced quote), or, with the argument 'huge', one endless line, or with 'partial' half a line
and then silence, or with 'flood' endless info lines."""

import sys
import time

from _hub import handshake, until_go

mode = sys.argv[1] if len(sys.argv) > 1 else "junk"
handshake()
until_go()
out = sys.stdout.buffer
if mode == "huge":
    out.write(b"info pv=" + b"32-28 " * 200_000 + b"\n")
elif mode == "partial":
    out.write(b"done move=32-")
    out.flush()
    time.sleep(60)
elif mode == "flood":
    burst = b"info depth=1 score=0.00 pv=32-28\n" * 2000
    while True:  # info lines, faster than they can be read, and never a move
        out.write(burst)
elif mode == "quote":
    out.write(b'info depth=2 pv="32-28 18-23\n')
else:
    out.write(b"\xff\xfe\x00garbage\x81\n")
out.flush()
time.sleep(60)
