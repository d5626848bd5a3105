#!/usr/bin/env python3
"""answering_flow.py's terminal, speaking the kitty keyboard protocol as kitty, WezTerm, foot,
Ghostty, iTerm2 and Alacritty do (issue 34).

usage: kitty_flow.py BENCH_FOLDER [wallet_flow.py's arguments]

It answers the protocol's question (ESC [ ? u) with ESC [ ? 0 u, before the status answer that
follows it, as a terminal answers in order; once the program turns the protocol on
(ESC [ > 1 u), Esc is sent as the protocol sends it, ESC [ 27 u, a key of its own. A program
that never asks gets the plain terminal of answering_flow.py.
"""
import os
import runpy
import sys

bench = sys.argv[1]
sys.path.insert(0, bench)
import tui  # noqa: E402

plain_init = tui.Term.__init__


def kitty_init(self, *args, **kwargs):
    plain_init(self, *args, **kwargs)
    self.kitty = False
    self.screen.write_process_input = lambda data: os.write(self.child.child_fd, data.encode())
    plain_feed = self.stream.feed

    def feed(data):
        if b"\x1b[?u" in data:
            os.write(self.child.child_fd, b"\x1b[?0u")
        if b"\x1b[>1u" in data:
            self.kitty = True
        if b"\x1b[<u" in data:
            self.kitty = False
        plain_feed(data)

    self.stream.feed = feed


def kitty_send(self, spec):
    data = tui.keys(spec)
    if self.kitty:
        data = data.replace("\x1b", "\x1b[27u") if data == "\x1b" else data
    self.child.write(data.encode())


tui.Term.__init__ = kitty_init
tui.Term.send = kitty_send
flow = os.path.join(bench, "wallet_flow.py")
sys.argv = [flow] + sys.argv[2:]
runpy.run_path(flow, run_name="__main__")
