#!/usr/bin/env python3
"""Types a line and one Tab into an interactive bash or zsh on a pseudo-terminal, as a person
would, and prints the line the shell's line editor then holds (between quotes, so a trailing space
shows).

usage: shell-tab.py bash|zsh|zsh-fpath SCRIPT LINE   (the completion script; PATH must find widgethost)
"""
import os
import pty
import select
import sys
import time

shell, script, line = sys.argv[1], sys.argv[2], sys.argv[3]
quoted = "'" + script.replace("'", "'\\''") + "'"
if shell == "zsh":
    command = ["zsh", "-f", "-i"]
    load = "autoload -U compinit && compinit -u -D && source %s\n" % quoted
elif shell == "zsh-fpath":
    # Installed as the README says: the script is the file _widgethost in a folder of fpath.
    command = ["zsh", "-f", "-i"]
    folder = "'" + os.path.dirname(script).replace("'", "'\\''") + "'"
    load = "fpath=(%s $fpath) && autoload -U compinit && compinit -u -D\n" % folder
else:
    command = ["bash", "--norc", "--noprofile", "-i"]
    load = "source %s\n" % quoted
pid, fd = pty.fork()
if pid == 0:
    os.environ["PS1"] = "$ "
    os.environ["INPUTRC"] = "/dev/null"
    os.execvp(command[0], command)

# Keys are read in order, so all of them go at once: the Tab completes before Ctrl-A moves to the
# start, where `echo "LINE:` is typed; Ctrl-E goes to the end, a quote closes, Enter runs it.
keys = load + line + "\t\x01echo \"LINE:\x05\"\n"
os.write(fd, keys.encode())
output = b""
deadline = time.time() + 20
while time.time() < deadline:
    ready, _, _ = select.select([fd], [], [], 0.2)
    if ready:
        try:
            output += os.read(fd, 65536)
        except OSError:
            break
    for text in output.decode(errors="replace").split("\r\n"):
        text = text.split("\r")[-1]  # after what the line editor writes to redraw
        if text.startswith("LINE:"):
            print(text[len("LINE:"):])
            os.write(fd, b"exit\n")
            os.waitpid(pid, 0)
            sys.exit(0)
print("no completed line in: %r" % output, file=sys.stderr)
sys.exit(1)
