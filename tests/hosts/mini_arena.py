#!/usr/bin/python3
"""mini_arena.py — a small stand-in for the cutegames arena, so the many-machines tests need no
arena built outside the project: reads the settings JSON bench/match.sh writes, plays the two UGI
engines against each other over pipes as cutegames's generic mode does, and appends PGN in
cutegames's format.

Usage: mini_arena.py --settings FILE   (the same command line as cutegames)

What it does as cutegames does: engine order and seats (game i plays opening (i/2) mod n with the
seats swapped on odd i when "repeat"), the conversation each ply (position + `query p1turn`,
`position` + `query gameover` to the player to move and, with "gameover": "both", to the other,
`go movetime|nodes|depth|p1time…`, a move only from a line of exactly two words `bestmove X`), the
end (both engines asked `query gameover` and `query result`, a disagreement adjudicated as
"Gameover mismatch" or "Result mismatch"), losses on time (movetime + timeoutbuffer, or the
clock), and the PGN tags. It plays one game at a time (concurrency is ignored) and starts the two
engines afresh for every game. An engine that dies or stays silent for 30 s past its time loses
the game, adjudicated "Crashed".
"""
import json
import os
import select
import shlex
import subprocess
import sys
import time

SILENCE = 30.0  # seconds an engine may stay silent beyond what it was asked before it is dropped


class Crash(Exception):
    def __init__(self, engine):
        super().__init__(engine.name)
        self.engine = engine


class Engine:
    def __init__(self, spec):
        self.name = spec["name"]
        argv = [spec["path"]] + shlex.split(spec.get("parameters", ""))
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0)
        self.buf = b""
        self.send("ugi")
        self.wait(lambda words: words == ["ugiok"], SILENCE)
        for name, value in spec.get("options", {}).items():
            # cutegames sends option names lower case
            self.send("setoption name %s value %s" % (name.lower(), value))

    def send(self, line):
        try:
            self.proc.stdin.write((line + "\n").encode())
        except (BrokenPipeError, OSError):
            raise Crash(self)

    def readline(self, deadline):
        while b"\n" not in self.buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Crash(self)
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.proc.stdout.fileno(), 65536)
            if not chunk:
                raise Crash(self)
            self.buf += chunk
        line, self.buf = self.buf.split(b"\n", 1)
        return line.decode(errors="replace").strip()

    def wait(self, accept, seconds):
        """Reads lines until accept(words) is true; returns those words."""
        deadline = time.monotonic() + seconds
        while True:
            words = self.readline(deadline).split()
            if accept(words):
                return words

    def response(self, query):
        self.send(query)
        return self.wait(lambda w: len(w) == 2 and w[0] == "response", SILENCE)[1]

    def ready(self):
        self.send("isready")
        self.wait(lambda words: words == ["readyok"], SILENCE)

    def position(self, fen, moves):
        line = "position startpos" if fen in ("", "startpos") else "position fen " + fen
        self.send(line + (" moves " + " ".join(moves) if moves else ""))

    def close(self):
        try:
            self.send("quit")
            self.proc.stdin.close()
        except Crash:
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def go_command(tc, clock):
    kind = tc["type"]
    if kind == "movetime":
        return "go movetime %d" % tc["time"], tc["time"] / 1000.0
    if kind == "nodes":
        return "go nodes %d" % tc["nodes"], 0.0
    if kind == "depth":
        return "go depth %d" % tc["ply"], 0.0
    if kind == "clock":
        return ("go p1time %d p2time %d p1inc %d p2inc %d" % (clock[0], clock[1], tc["increment"], tc["increment"]),
                max(clock) / 1000.0)
    raise SystemExit("mini_arena: unknown time control type %r" % kind)


def play(settings, fen, spec1, spec2):
    """One game, spec1 in the first seat (P1). Returns (result, adjudication, moves, first mover)."""
    tc = settings["timecontrol"]
    buffer_ms = settings.get("adjudication", {}).get("timeoutbuffer", 0)
    gameover_both = settings.get("protocol", {}).get("gameover") == "both"
    clock = [tc.get("time", 0), tc.get("time", 0)]
    e1 = e2 = None
    moves = []
    p1_first = True
    try:
        e1 = Engine(spec1)
        e2 = Engine(spec2)
        e1.ready(); e2.ready()
        e1.send("uginewgame"); e2.send("uginewgame")
        e1.position(fen, moves)
        p1_first = e1.response("query p1turn") == "true"
        p1_turn = p1_first
        while True:
            e1.position(fen, moves)
            p1_turn = e1.response("query p1turn") == "true"
            us, them = (e1, e2) if p1_turn else (e2, e1)
            us.ready()
            us.position(fen, moves)  # cutegames sends it here and again before each query
            us.position(fen, moves)
            over = us.response("query gameover") == "true"
            if not over and gameover_both:
                them.position(fen, moves)
                over = them.response("query gameover") == "true"
            if over:
                break
            command, allowed = go_command(tc, clock)
            us.send(command)
            t0 = time.monotonic()
            words = us.wait(lambda w: len(w) == 2 and w[0] == "bestmove", allowed + SILENCE)
            spent = int((time.monotonic() - t0) * 1000)
            if tc["type"] == "movetime" and spent > tc["time"] + buffer_ms:
                return ("0-1" if p1_turn else "1-0"), "Out of time", moves, p1_first
            if tc["type"] == "clock":
                side = 0 if p1_turn else 1
                clock[side] -= spent
                if clock[side] <= 0:
                    return ("0-1" if p1_turn else "1-0"), "Out of time", moves, p1_first
                clock[side] += tc["increment"]
            moves.append(words[1])
        answers = []
        for e in (e1, e2):
            e.ready()
            e.position(fen, moves)
            gameover = e.response("query gameover")
            e.position(fen, moves)
            answers.append((gameover, e.response("query result")))
        if answers[0][0] != answers[1][0]:
            return "*", "Gameover mismatch", moves, p1_first
        if answers[0][1] != answers[1][1]:
            return "*", "Result mismatch", moves, p1_first
        return {"p1win": "1-0", "p2win": "0-1", "draw": "1/2-1/2"}.get(answers[0][1], "*"), None, moves, p1_first
    except Crash as crash:
        crashed_p1 = crash.engine is e1 or (e1 is None)
        return ("0-1" if crashed_p1 else "1-0"), "Crashed", moves, p1_first
    finally:
        for e in (e1, e2):
            if e is not None:
                e.close()


def write_pgn(pgn, settings, p1, p2, fen, result, adjudication, moves, p1_first):
    text = ['[Event "%s"]' % pgn.get("event", "?"), '[Site "CuteGames"]', '[Date "??"]', '[Round "1"]',
            '[%s "%s"]' % (pgn.get("colour1", "White"), p1), '[%s "%s"]' % (pgn.get("colour2", "Black"), p2),
            '[Result "%s"]' % result, '[FEN "%s"]' % fen]
    if adjudication:
        text.append('[Adjudicated "%s"]' % adjudication)
    if result == "1-0":
        text += ['[Winner "%s"]' % p1, '[Loser "%s"]' % p2]
    elif result == "0-1":
        text += ['[Winner "%s"]' % p2, '[Loser "%s"]' % p1]
    text.append('[PlyCount "%d"]' % len(moves))
    body, ply = "", 0
    if not p1_first:
        body, ply = "1... ", 1
    for m in moves:
        if ply % 2 == 0:
            body += "%d. " % (ply // 2 + 1)
        body += m + " "
        ply += 1
    with open(pgn["path"], "a") as f:
        f.write("\n".join(text) + "\n\n" + body + result + "\n\n\n")


def main():
    args = sys.argv[1:]
    if len(args) != 2 or args[0] != "--settings":
        sys.exit("usage: mini_arena.py --settings FILE")
    with open(args[1]) as f:
        settings = json.load(f)
    engines = settings["engines"]
    if len(engines) != 2:
        sys.exit("mini_arena: exactly two engines")
    with open(settings["openings"]["path"]) as f:
        openings = [l.rstrip("\r\n") for l in f if l.strip() and not l.startswith("#")]
    if not openings:
        sys.exit("mini_arena: no openings")
    repeat = settings["openings"].get("repeat", True)
    pgn = settings.get("pgn", {"enabled": False})
    print("Mini arena (a cutegames stand-in for tests)\nGames: %d" % settings["games"], flush=True)
    w = l = d = 0
    for i in range(settings["games"]):
        opening = openings[(i // 2 if repeat else i) % len(openings)]
        swap = repeat and i % 2 == 1
        first, second = (engines[1], engines[0]) if swap else (engines[0], engines[1])
        result, adjudication, moves, p1_first = play(settings, opening, first, second)
        a_is_p1 = not swap
        if result == "1/2-1/2":
            d += 1
        elif result == ("1-0" if a_is_p1 else "0-1"):
            w += 1
        elif result != "*":
            l += 1
        n = w + l + d
        print("Score of %s vs %s: %d - %d - %d [%.3f] %d" % (engines[0]["name"], engines[1]["name"], w, l, d,
              (w + d / 2) / n if n else 0.0, i + 1), flush=True)
        if pgn.get("enabled"):
            write_pgn(pgn, settings, first["name"], second["name"], opening, result, adjudication, moves, p1_first)
    print("Games finished: %d" % settings["games"], flush=True)


if __name__ == "__main__":
    main()
