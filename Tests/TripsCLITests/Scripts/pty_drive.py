#!/usr/bin/env python3
"""Drives a program through a pseudo-terminal like a person would: waits for each expected
prompt text, then types the answer (or Ctrl-D / Ctrl-C). Prints a JSON object with the
transcript (as the terminal showed it) and the exit status.

usage: pty_drive.py SCRIPT_JSON EXECUTABLE [ARGS...]
SCRIPT_JSON: [["text to wait for", "answer" | "^D" | "^C"], ...]
"""
import json, os, pty, select, signal, sys

steps = json.loads(sys.argv[1])
exe, args = sys.argv[2], sys.argv[3:]
pid, fd = pty.fork()
if pid == 0:
    os.execv(exe, [exe] + args)

out = b""
seen = 0

def read_some(timeout):
    global out
    ready, _, _ = select.select([fd], [], [], timeout)
    if not ready:
        return False
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        return None
    if not chunk:
        return None
    out += chunk
    return True

for expect, answer in steps:
    target = expect.encode()
    while target not in out[seen:]:
        got = read_some(30)
        if got is None or got is False:
            print(json.dumps({"transcript": out.decode("utf-8", "replace"), "status": -1,
                              "error": "timed out waiting for %r" % expect}))
            os.kill(pid, signal.SIGKILL)
            sys.exit(0)
    seen = out.index(target, seen) + len(target)
    if answer == "^D":
        os.write(fd, b"\x04")
    elif answer == "^C":
        os.write(fd, b"\x03")
    else:
        os.write(fd, answer.encode() + b"\n")

while read_some(30):
    pass
_, status = os.waitpid(pid, 0)
code = os.waitstatus_to_exitcode(status)
print(json.dumps({"transcript": out.decode("utf-8", "replace"), "status": code}))
