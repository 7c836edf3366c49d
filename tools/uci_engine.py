"""A UCI engine driven over a pipe, for the measuring scripts in tools/."""
import subprocess
import sys


class UciEngine:
    """Starts ENGINE, answers `uci`, and sets the given options."""

    def __init__(self, path, options=()):
        self.path = path
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait_for("uciok")
        for name, value in options:
            self.send(f"setoption name {name} value {value}")
        self.ready()

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix):
        """Reads up to the first line starting with `prefix`; returns it and
        the last `info` line with a node count before it."""
        last_info = ""
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit(f"{self.path} exited")
            if line.startswith("info") and " nodes " in line:
                last_info = line
            if line.startswith(prefix):
                return line, last_info

    def ready(self):
        self.send("isready")
        self.wait_for("readyok")

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=5)
