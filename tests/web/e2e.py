#!/usr/bin/python3
# e2e.py — the web page's end-to-end test: the real server (uci-like/web/serve.sh, websocketd) and
# engine, driven in headless Chromium: every registered game played to its end by clicks, each board checked.
"""End-to-end test of Simia in the browser.

For every game the engine registers (its `Game` combo, or monkeyqueen alone before that option
exists) the test opens the page against Simia, plays a whole game by clicking squares (a
random legal move, or more often the move a depth-1 search of its own engine suggests), and checks after
every ply, engine plies included, that what the page drew equals the `d` of an engine the test
runs itself over pipes for the same move list: the board square by square, the position string,
the off-board counts, whose turn, the result; that the highlighted targets are exactly the
engine's legal moves; that the move chooser lists exactly the moves that share a from and a
to square; and that illegal clicks are refused. Then the robustness checks: a bad position
string shows the engine's own error line and nothing else changes, undo, flip, load, copy,
reload, a dropped connection ends its engine, the process cap, the option filter (its refusals
whole), a slow engine's page saying it is connecting, Ctrl-C.

With --static DIR the page is the static folder of uci-like/web/build_static.sh served by
`python3 -m http.server`, its engine the WebAssembly one in a Web Worker: the same games and
checks of the page, then the Worker's own (the page says where its engine runs, Move now stops a
long search, a clock game, a missing engine reported) and every game's bench run in the
browser against its recorded signature; no request may leave the page's origin.

Usage: /usr/bin/python3 tests/web/e2e.py --engine build/web/simia [--out build/web/e2e]
       [--games zoo,mad] [--max-plies N] [--seed S] [--server-only | --static DIR]
"""
import argparse
import glob
import http.client
import os
import random
import re
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time
import traceback

from selenium import webdriver
from selenium.common.exceptions import ElementClickInterceptedException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

# Options a game is played with besides the short no-progress limit: Zoo on a board other than
# its default 5x5, since the page must draw any size from the position string's shape.
EXTRA_OPTIONS = {"zoo": [("ZooWidth", "7"), ("ZooHeight", "6")]}

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FAILURES = []


def fail(msg):
    FAILURES.append(msg)
    print(f"FAIL: {msg}", flush=True)


def check(cond, msg):
    if not cond:
        fail(msg)
    return cond


def log(msg):
    print(msg, flush=True)


def norm(s):
    return re.sub(r"\s+", "", s).lower()


# ------------------------------------------------------------------ the test's own engine
class Engine:
    """A simia process over pipes: the independent referee the page is compared with."""

    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.buf = ""
        self.load_options()

    def load_options(self):
        """The options `ugi` announces: the rule options of the game played only."""
        self.options = []
        for l in self.request(["ugi"], lambda l: l == "ugiok"):
            m = re.match(r"^option name (.+?) type (\S+)(?: (.*))?$", l)
            if m:
                self.options.append({"name": m.group(1), "type": m.group(2), "rest": m.group(3) or ""})

    def play(self, game):
        """Switches to game (where the engine has a Game option) and learns its options."""
        if self.option("Game"):
            self.ask([f"setoption name Game value {game}"])
            self.load_options()

    def readline(self, timeout):
        end = time.time() + timeout
        while "\n" not in self.buf:
            left = end - time.time()
            if left <= 0 or not select.select([self.p.stdout], [], [], left)[0]:
                raise TimeoutError("the test's engine did not answer")
            chunk = os.read(self.p.stdout.fileno(), 65536).decode()
            if not chunk:
                raise EOFError("the test's engine exited")
            self.buf += chunk
        line, self.buf = self.buf.split("\n", 1)
        return line.rstrip("\r")

    def request(self, lines, is_end, timeout=60):
        for l in lines:
            self.p.stdin.write(l + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            l = self.readline(timeout)
            if is_end(l):
                out.append(l)
                return out
            out.append(l)

    def ask(self, lines):
        return self.request(lines + ["isready"], lambda l: l == "readyok")[:-1]

    def best(self, line, depth):
        """The engine's move for the position `line` at a depth."""
        out = self.request([line, f"go depth {depth}"], lambda l: l.startswith("bestmove"), timeout=60)
        return out[-1].split()[1]

    def option(self, name):
        return next((o for o in self.options if norm(o["name"]) == norm(name)), None)

    def games(self):
        g = self.option("Game")
        if not g or g["type"] != "combo":
            return ["monkeyqueen"]
        return re.findall(r"\bvar (\S+)", g["rest"])

    def state(self, line):
        """Everything the page shows about the position `line` (a `position ...` command)."""
        errors = [l for l in self.ask([line]) if l.startswith("info string error")]
        d = self.ask(["d"])
        q = [l for l in self.ask(["query p1turn", "query result", "query gameover"]) if l.startswith("response ")]
        over = q[2] == "response true"
        legal = []
        if not over:
            legal = [l.split(":")[0] for l in self.ask(["go perft 1"]) if re.match(r"^\S+: \d+$", l)]
        fen_line = next((l for l in d if l.startswith("Fen: ")), "Fen: (missing)")
        return {"errors": errors, "d": d, "fen": fen_line[5:].strip(), "turn": "p1" if q[0] == "response true" else "p2",
                "result": q[1].split()[1], "over": over, "legal": legal,
                "status": next((l[8:] for l in d if l.startswith("Status: ")), "")}

    def close(self):
        try:
            self.p.stdin.write("quit\n")
            self.p.stdin.flush()
        except BrokenPipeError:
            pass
        self.p.wait(timeout=10)


def split_move(m):
    r = re.match(r"^([a-z]?@)([a-z]\d+)(.*)$", m) or re.match(r"^([a-z]\d+)([a-z]\d+|off)(.*)$", m)
    return (r.group(1), r.group(2), r.group(3)) if r else (None, None, m)


def board_text(rows):
    """A board field from rows of piece texts ('' = empty), runs of empty squares merged."""
    out = []
    for row in rows:
        text, run = "", 0
        for piece in row:
            if not piece:
                run += 1
                continue
            if run:
                text += str(run)
                run = 0
            text += piece
        out.append(text + (str(run) if run else ""))
    return "/".join(out)


def board_from_squares(squares):
    """The board field rebuilt from what the page drew: rank by rank from the top, files in order."""
    ranks = {}
    for sq, piece in squares.items():
        m = re.match(r"^([a-z])(\d+)$", sq)
        ranks.setdefault(int(m.group(2)), []).append((m.group(1), piece))
    return board_text([[piece for _, piece in sorted(ranks[r])] for r in sorted(ranks, reverse=True)])


def board_from_diagram(d):
    """Monkey Queen's board read from `d`'s drawing, for a finished game without a position string:
    each board row is its rank's number and one word a cell (".", "i", "C20"), files a to l."""
    rows = []
    for l in d:
        w = l.split()
        if len(w) < 13 or not w[0].isdigit():
            continue
        row = []
        for cell in w[1:13]:
            q = re.match(r"^([IC])(\d+)$", cell)
            row.append("" if cell == "." else (f"{q.group(1)}[{q.group(2)}]" if q else cell))
        rows.append(row)
    return board_text(rows) if len(rows) == 12 else None


def expected_slots(game, fen):
    """What the off-board areas must show, from the position string's own fields (None: no such areas)."""
    f = fen.split()
    if game in ("boomzoom", "dragonsteeth"):
        return sorted([(1, "off", "", int(f[2])), (2, "off", "", int(f[3]))])
    if game == "zoo":
        mice = {1: 0, 2: 0}
        for ch in f[0]:
            if ch in "ST":
                mice[1] += 1
            elif ch in "st":
                mice[2] += 1
        return sorted([(1, "pool", "S", 4 - mice[1]), (2, "pool", "s", 4 - mice[2])])
    if game == "monkeykingchess":
        out = {}
        for ch in ("" if f[2] == "-" else f[2]):
            k = (1 if ch.isupper() else 2, "hand", ch)
            out[k] = out.get(k, 0) + 1
        slots = [k + (n,) for k, n in out.items()] + [(2, "tokens", "", int(f[3]))]
        return sorted(slots)
    return None


# ------------------------------------------------------------------ the server and the browser
def free_port():
    """A port that binds now, below the kernel's ephemeral range: between this check and the
    server's own bind no outgoing connection can take it (port 0 would draw from that range;
    tests/hosts/ports.sh picks the many-machines tests' ports the same way)."""
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
            low = int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        low = 32768
    low = low if low > 12000 else 32768
    for _ in range(500):
        port = random.randrange(10000, low)
        s = socket.socket()
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            continue
        finally:
            s.close()
        return port
    raise RuntimeError(f"no free port between 10000 and {low}")


def engine_pids(engine):
    """Processes running the engine executable (the page's engines and the test's own)."""
    out = []
    real = os.path.realpath(engine)
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                if os.readlink(f"/proc/{pid}/exe") == real:
                    out.append(int(pid))
            except OSError:
                pass
    return set(out)


def listening_addresses(port):
    addrs = []
    for name in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            for line in open(name).read().splitlines()[1:]:
                local, state = line.split()[1], line.split()[3]
                ip, p = local.split(":")
                if state == "0A" and int(p, 16) == port:
                    addrs.append(ip)
        except OSError:
            pass
    return addrs


def start_server(engine, port, maxforks):
    proc = subprocess.Popen(["bash", os.path.join(ROOT, "uci-like/web/serve.sh"), "--engine", engine,
                             "--port", str(port), "--maxforks", str(maxforks)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, start_new_session=True,
                            # As from a terminal: a job started in the background of a script
                            # inherits SIGINT ignored, and Ctrl-C is what the test checks.
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    end = time.time() + 30
    while time.time() < end:
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            c.request("GET", "/")
            if c.getresponse().status == 200:
                return proc
        except OSError:
            pass
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    out = proc.stdout.read() if proc.poll() is not None else ""
    raise RuntimeError(f"the server did not start: {out}")


def browser(extra=()):
    o = webdriver.ChromeOptions()
    for a in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--disable-dev-shm-usage", "--window-size=1400,1000", *extra):
        o.add_argument(a)
    o.add_argument("--user-data-dir=" + tempfile.mkdtemp(prefix="simia-chromium-"))
    o.binary_location = "/usr/bin/chromium"
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)


SNAPSHOT_JS = """
const q = (s) => document.querySelector(s);
const squares = {}, targets = [], sources = [], moves = [];
for (const e of document.querySelectorAll('#board [data-piece]')) squares[e.dataset.square] = e.dataset.piece;
for (const e of document.querySelectorAll('#board [data-square]')) {
  if (e.classList.contains('target')) targets.push(e.dataset.square);
  if (e.classList.contains('source')) sources.push(e.dataset.square);
}
const all = Array.from(document.querySelectorAll('#board [data-square]')).map((e) => e.dataset.square);
for (const e of document.querySelectorAll('#chooser [data-move]')) moves.push(e.dataset.move);
const specials = Array.from(document.querySelectorAll('#specials [data-move]')).map((e) => e.dataset.move);
return { state: document.body.dataset.state, busy: document.body.dataset.busy, squares, targets, sources, all,
  chooser: q('#chooser').hidden ? null : moves, specials,
  game: q('#game').textContent, position: q('#position').textContent, moves: q('#moves').textContent,
  turn: q('#turn').textContent, result: q('#result').textContent, notice: q('#notice').textContent,
  error: q('#error').hidden ? '' : q('#error').textContent, boardMsg: q('#board-msg').hidden ? '' : q('#board-msg').textContent,
  gameLine: q('#game-line').value, status: q('#status').textContent,
  arrows: document.querySelectorAll('#board .pv').length, arrowsBox: q('#arrows').checked };
"""


class Page:
    def __init__(self, driver):
        self.d = driver

    def snap(self):
        return self.d.execute_script(SNAPSHOT_JS)

    def settle(self, timeout=60, states=("human", "over")):
        end = time.time() + timeout
        s = None
        while time.time() < end:
            s = self.snap()
            if s["state"] in states and s["busy"] == "0":
                return s
            if s["state"] in ("closed", "error") and s["state"] not in states:
                break
            time.sleep(0.02)
        raise RuntimeError(f"page did not settle (state {s and s['state']}, busy {s and s['busy']}, notice '{s and s['notice']}')")

    def trace(self):
        return self.d.execute_script("return window.SimiaTrace.splice(0)")

    def click(self, css):
        # A target moved by the page's layout between Selenium's scroll and its click is
        # clicked again, as a person would; one still covered after that is a failure.
        for attempt in range(3):
            try:
                self.d.find_element(By.CSS_SELECTOR, css).click()
                return
            except ElementClickInterceptedException:
                if attempt == 2:
                    raise
                time.sleep(0.3)

    def square(self, sq):
        self.click(f'#board [data-square="{sq}"]')

    def tick(self, css, want, tries=3, wait=3.0):
        # A click that lands while the page is busy redrawing can be lost: the box's own checked
        # state says whether it took, and a lost click is clicked again, a few times at most.
        # False if the box never reads as wanted.
        def checked():
            return self.d.execute_script("return document.querySelector(arguments[0]).checked", css)

        for _ in range(tries):
            if checked() == want:
                return True
            self.click(css)
            if until(lambda: checked() == want, wait):
                return True
        return checked() == want


def moves_of(s):
    return s["moves"].split() if s["moves"] else []


# ------------------------------------------------------------------ checks
def check_drawn(game, ref, entry, what):
    """One drawn position (a trace entry) against the test's engine for the same moves."""
    base = entry["base"]
    line = f"position {base}" + (" moves " + " ".join(entry["moves"]) if entry["moves"] else "")
    st = ref.state(line)
    ok = True
    ok &= check(entry["position"] == st["fen"], f"{game} {what}: page position '{entry['position']}' != engine Fen '{st['fen']}'")
    ok &= check(entry["turn"] == st["turn"], f"{game} {what}: page turn {entry['turn']} != engine {st['turn']}")
    ok &= check(entry["result"] == st["result"], f"{game} {what}: page result {entry['result']} != engine {st['result']}")
    if st["fen"].startswith("(none"):
        want = board_from_diagram(st["d"]) or f"(no position string and no 12x12 diagram: {' | '.join(st['d'])})"
    else:
        want = st["fen"].split()[0]
    drawn = board_from_squares(entry["squares"]) if entry["squares"] else f"(nothing drawn: {entry.get('boardMsg', '')})"
    ok &= check(drawn == want, f"{game} {what}: board drawn '{drawn}' != engine's '{want}'")
    if not st["fen"].startswith("(none"):
        slots = expected_slots(game, st["fen"])
        if slots is not None:
            got = sorted((s["owner"], s["kind"], s["letter"], s["count"]) for s in entry["slots"])
            ok &= check(got == slots, f"{game} {what}: off-board areas drawn {got} != position string's {slots}")
    return st, ok


def move_kind(m, legal, drawn):
    """How a move is made on the page: a plain click pair, the chooser, a hand or pool slot,
    an off tray, or a button."""
    frm, to, rest = split_move(m)
    if frm is None or frm not in drawn or to not in drawn:
        return "button"
    if "@" in frm:
        return "slot"
    if to == "off":
        return "off"
    if rest or len([x for x in legal if split_move(x)[:2] == (frm, to)]) > 1:
        return "chooser"
    return "plain"


def pick_move(ref, rng, line, legal, kinds, drawn):
    # A kind of move this game has not clicked yet (a drop, a swap, a chooser...) is taken
    # when it comes up, half of the time, so that each way of moving gets exercised.
    fresh = [m for m in legal if kinds[move_kind(m, legal, drawn)] == 0 and move_kind(m, legal, drawn) != "plain"]
    if fresh and rng.random() < 0.5:
        return rng.choice(fresh)
    if rng.random() < 0.7:
        ref.ask([line])
        best = ref.request(["go depth 1"], lambda l: l.startswith("bestmove"))[-1].split()[1]
        if best in legal:
            return best
    return rng.choice(legal)


def check_reason_words(game, m, engine_reason, result):
    """The page's reason is the engine's words, each "player N" in them named as the page names
    that player's side: one name per player, the winner's as in "<name> wins"."""
    parts = re.split(r"\bplayer ([12])\b", engine_reason)
    pattern, seen = "", set()
    for k, part in enumerate(parts):
        if k % 2 == 0:
            pattern += re.escape(part)
        else:
            pattern += f"(?P=p{part})" if part in seen else f"(?P<p{part}>[A-Z][a-z]+)"
            seen.add(part)
    words = re.fullmatch(pattern, m.group(2))
    if not check(words, f"{game}: the result line gives '{m.group(2)}', the engine's d says '{engine_reason}'"):
        return
    names = words.groupdict()
    check(len(set(names.values())) == len(names), f"{game}: one name for both players in '{m.group(2)}'")
    winner = {"p1win": "p1", "p2win": "p2"}.get(result)
    if winner in names:
        check(m.group(1) == f"{names[winner]} wins", f"{game}: '{m.group(1)}' but the reason names the winner {names[winner]}")


def check_result_line(game, s, st, human):
    """The status line at the end: who won (by side name), why, and 'you won/lost' against Simia."""
    status = s["status"]
    m = re.match(r"^(.+ wins|Draw): (.+?)\.( You won!| You lost\.)?$", status)
    if not check(m, f"{game}: the result line '{status}' does not say who won and why"):
        return
    check(not re.search(r"player [12]|p[12]\b", status), f"{game}: the result line '{status}' speaks of players by number")
    why = re.match(r"^game over, [^(]+ \((.+)\)$", st["status"])
    if check(why, f"{game}: the engine's d gives no reason in '{st['status']}'"):
        check_reason_words(game, m, why.group(1), st["result"])
    if st["result"] in ("p1win", "p2win"):
        mine = st["result"] == f"{human}win"
        check(m.group(3) == (" You won!" if mine else " You lost."), f"{game}: the result line '{status}' for the human {human} and result {st['result']}")
    log(f"   {game}: result line '{status}'")


def check_phone(d, game, shots):
    """At 400 px wide the board comes first: its top in the first screen, nothing wider than
    the screen; and at 1000 px every chooser is on the first screen without scrolling."""
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 400, "height": 800, "deviceScaleFactor": 1, "mobile": True})
    try:
        time.sleep(0.3)
        r = d.execute_script("""window.scrollTo(0, 0); const b = document.getElementById('board').getBoundingClientRect();
          return { top: b.top, bottom: b.bottom, width: b.width, inner: innerHeight, innerW: innerWidth, scrollW: document.documentElement.scrollWidth };""")
        d.save_screenshot(os.path.join(shots, f"{game}-phone.png"))
        check(r["innerW"] == 400, f"{game} phone: the viewport is {r['innerW']} px wide, not 400")
        check(r["top"] < r["inner"] * 0.25 and r["bottom"] <= r["inner"] + 2, f"{game} phone: the board spans y {r['top']:.0f}-{r['bottom']:.0f} of a {r['inner']} px screen, not in the first screen")
        check(r["scrollW"] <= 401, f"{game} phone: the page is {r['scrollW']} px wide at 400 px")
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 1000, "height": 700, "deviceScaleFactor": 1, "mobile": False})
        time.sleep(0.3)
        r = d.execute_script("""window.scrollTo(0, 0); const out = {};
          for (const id of ['game-select', 'mode', 'human', 'level', 'clock', 'new-game', 'board', 'status', 'undo', 'resign']) {
            const e = document.getElementById(id); if (!e || e.offsetParent === null) continue;
            const b = e.getBoundingClientRect(); out[id] = [b.top, b.bottom]; }
          out.inner = innerHeight; return out;""")
        inner = r.pop("inner")
        low = {k: v for k, v in r.items() if v[1] > inner + 1 and k != "board"}
        check(not low, f"{game} at 1000x700: below the first screen: {low}")
        d.save_screenshot(os.path.join(shots, f"{game}-1000.png"))
    finally:
        d.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def play_one_game(d, page, ref, game, args, rng, url, shots, human):
    log(f"== {game}: {url}")
    t0 = time.time()
    d.get(url)
    s = page.settle()
    check(s["game"] == game, f"{game}: #game says '{s['game']}'")
    # A draw is offered only in a game that can end drawn (the engine's `d` says whether).
    draws = not any(l.startswith("Draws: none") for l in ref.ask(["position startpos", "d"]))
    hidden = d.execute_script("return document.getElementById('offer-draw').hidden")
    check(hidden == (not draws), f"{game}: 'Offer a draw' {'hidden' if hidden else 'shown'}, yet the game "
          f"{'can' if draws else 'cannot'} end drawn")
    if not check(not s["boardMsg"].startswith("Cannot draw"), f"{game}: the page cannot draw the board: {s['boardMsg']}"):
        return
    seen = set()  # plies whose position the page drew and the test checked
    kinds = {"plain": 0, "chooser": 0, "slot": 0, "off": 0, "button": 0}
    illegal_checked = 0
    human_plies = 0
    arrows_seen = 0
    while True:
        for entry in page.trace():
            seen.add(len(entry["moves"]))
            check_drawn(game, ref, entry, f"after ply {len(entry['moves'])}")
        s = page.snap()
        arrows_seen = max(arrows_seen, s["arrows"])
        moves = moves_of(s)
        line = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        st = ref.state(line)
        check(s["gameLine"] == line, f"{game}: copy line '{s['gameLine']}' != '{line}'")
        if s["state"] == "over":
            check(st["over"], f"{game}: the page says over, the engine does not at ply {len(moves)}")
            break
        check(not st["over"], f"{game}: the engine says over at ply {len(moves)}, the page waits for a move")
        if len(moves) >= args.max_plies:
            log(f"   {game}: cut at {len(moves)} plies (cap --max-plies {args.max_plies}): not over by then")
            break
        legal = st["legal"]
        check(len(legal) > 0, f"{game}: no legal move at ply {len(moves)} while the game goes on")
        if not legal:
            break
        drawn = set(s["all"])
        want_sources = {split_move(m)[0] for m in legal if split_move(m)[0] in drawn}
        check(set(s["sources"]) == want_sources, f"{game} ply {len(moves)}: movable pieces shown {sorted(s['sources'])} != engine's {sorted(want_sources)}")
        # An illegal click, now and then: a square that is neither a target nor a source.
        if illegal_checked < 3 and (human_plies % 7 == 0):
            illegal_checked += 1
            check_illegal_clicks(page, game, legal, s)
        move = pick_move(ref, rng, line, legal, kinds, drawn)
        frm, to, rest = split_move(move)
        kinds[move_kind(move, legal, drawn)] += 1
        if frm is None or frm not in drawn or to not in drawn:
            check(move in s["specials"], f"{game}: move {move} is not offered among the moves without squares {s['specials']}")
            page.click(f'#specials [data-move="{move}"]')
        else:
            page.square(frm)
            s2 = page.snap()
            want_targets = {split_move(m)[1] for m in legal if split_move(m)[0] == frm}
            check(set(s2["targets"]) == want_targets, f"{game} ply {len(moves)}: targets of {frm} shown {sorted(s2['targets'])} != engine's {sorted(want_targets)}")
            page.square(to)
            same = sorted(m for m in legal if split_move(m)[:2] == (frm, to))
            if len(same) > 1 or rest:
                s3 = page.snap()
                check(s3["chooser"] is not None and sorted(s3["chooser"]) == same, f"{game}: chooser for {frm}-{to} lists {s3['chooser']}, engine has {same}")
                page.click(f'#chooser [data-move="{move}"]')
        human_plies += 1
        s = page.settle()
        after = moves_of(s)
        check(after[:len(moves) + 1] == moves + [move], f"{game}: after clicking {move} the page's moves are {after[len(moves):len(moves) + 3]}…")
    # The end: the result the page shows is the engine's for the same move list.
    s = page.snap()
    moves = moves_of(s)
    line = "position startpos" + (" moves " + " ".join(moves) if moves else "")
    st = ref.state(line)
    check(s["result"] == st["result"], f"{game}: final result on the page {s['result']} != engine's {st['result']}")
    check(arrows_seen == 0, f"{game}: Simia's line was drawn ({arrows_seen} arrows) in a game against a person, where it is off by default")
    if s["state"] == "over":
        check_result_line(game, s, st, human)
    check_console(d, game)
    missing = sorted(set(range(len(moves) + 1)) - seen)
    check(not missing, f"{game}: the page never showed the position after plies {missing[:10]}")
    d.find_element(By.ID, "play").screenshot(os.path.join(shots, f"{game}.png"))
    check_phone(d, game, shots)
    log(f"   {game}: {len(moves)} plies ({human_plies} clicked: {', '.join(f'{n} {k}' for k, n in kinds.items() if n)}), "
        f"{illegal_checked} illegal clicks refused, result {s['result']}, {time.time() - t0:.1f} s")
    return moves


def check_console(d, what):
    """No script error in the page (the browser's console since the last look)."""
    errors = [e["message"] for e in d.get_log("browser")
              if e["level"] == "SEVERE" and (e.get("source") == "javascript" or "Uncaught" in e["message"])]
    check(not errors, f"{what}: script errors in the page: {errors[:3]}")


def check_illegal_clicks(page, game, legal, s):
    moves_before = s["moves"]
    targets_of = {}
    for m in legal:
        f, t, _ = split_move(m)
        targets_of.setdefault(f, set()).add(t)
    sources = {f for f in targets_of if f in s["all"]}
    if not sources:
        return
    frm = sorted(sources)[0]
    bad = [sq for sq in s["all"] if sq not in targets_of.get(frm, set()) and sq not in sources]
    if not bad:
        return
    # With a piece selected: a click on a square that is not one of its targets.
    page.square(frm)
    page.square(bad[0])
    s2 = page.snap()
    check(s2["moves"] == moves_before, f"{game}: the illegal click {frm}->{bad[0]} changed the moves")
    check(s2["notice"].startswith("Refused"), f"{game}: the illegal click {frm}->{bad[0]} was not refused ('{s2['notice']}')")
    check(not s2["targets"], f"{game}: targets still shown after a refused click")
    # With nothing selected: a click on a square no move starts from.
    page.square(bad[-1])
    s3 = page.snap()
    check(s3["moves"] == moves_before and s3["notice"].startswith("Refused") and not s3["targets"],
          f"{game}: a click on {bad[-1]} (no move starts there) was not refused")


# ------------------------------------------------------------------ robustness
def check_drawing_tables(d, port, games):
    """Every table draws its game's sample positions (engine/games/<game>/tests/data/board_positions.txt) exactly, and every
    game the engine registers has a table."""
    d.get(f"http://127.0.0.1:{port}/?game={games[0]}&mode=human-vs-human")
    Page(d).settle()
    tables = d.execute_script("return Object.keys(SimiaBoards.tables)")
    mode = d.execute_script("return document.compatMode")
    check(mode == "CSS1Compat", f"the page is rendered in {mode}, not in standards mode")
    for g in games:
        check(g in tables, f"game '{g}' is registered by the engine but the page has no drawing table for it")
    n = 0
    samples = []
    for path in sorted(glob.glob(os.path.join(ROOT, "engine/games/*/tests/data/board_positions.txt"))):
        game = os.path.basename(os.path.dirname(os.path.dirname(os.path.dirname(path))))
        samples += [(game, line.strip()) for line in open(path) if line.strip() and not line.startswith("#")]
    for game, fen in samples:
        r = d.execute_script("""
          const [game, fen] = arguments;
          try {
            const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
            SimiaBoards.draw(svg, SimiaBoards.model(game, fen, { options: {} }), { flipped: false });
            const squares = {};
            for (const e of svg.querySelectorAll('[data-piece]')) squares[e.dataset.square] = e.dataset.piece;
            const slots = Array.from(svg.querySelectorAll('.slot')).map((e) => [+e.dataset.owner, e.dataset.kind, e.dataset.letter || '', +e.dataset.count]);
            return { squares, slots };
          } catch (e) { return { error: e.message }; }""", game, fen)
        if not check("error" not in r, f"drawing table {game}: cannot draw '{fen}': {r.get('error')}"):
            continue
        check(board_from_squares(r["squares"]) == fen.split()[0], f"drawing table {game}: '{fen}' drawn as '{board_from_squares(r['squares'])}'")
        want = expected_slots(game, fen)
        if want is not None:
            check(sorted(tuple(x) for x in r["slots"]) == want, f"drawing table {game}: '{fen}' off-board areas {r['slots']} != {want}")
        n += 1
    # Simia's line drawn by who makes each move: a Red drop starts at Red's hand, a bear-off of
    # player 2 ends at player 2's tray (whatever the side to move).
    arrow_cases = [("monkeykingchess", "5/7/5/5/5/5/7/5 1 PPPPPPNNHHKCppppppnnhhkc 0 - 0 0", ["k@a5", "k@c4", "p@b3"],
                    [(1, "hand", "k"), (2, "hand", "k"), (2, "hand", "p")]),
                   ("boomzoom", "8/8/8/8/4T3/8/8/t7 1 0 0 0 0", ["e4e5", "a1off"], [None, (2, "off", "")]),
                   ("dragonsteeth", "8/8/8/8/4T3/8/8/t7 1 0 0 0 0", ["e4e5", "a1off"], [None, (2, "off", "")])]
    for game, fen, pv, ends in arrow_cases:
        if game not in games:
            continue
        r = d.execute_script("""
          const [game, fen, pv] = arguments;
          const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
          document.body.appendChild(svg);
          try {
            SimiaBoards.draw(svg, SimiaBoards.model(game, fen, { options: {} }), { flipped: false, pv });
            const slots = Array.from(svg.querySelectorAll('.slot')).map((e) => { const r = e.querySelector('rect');
              return { owner: +e.dataset.owner, kind: e.dataset.kind, letter: (e.dataset.letter || '').toLowerCase(),
                x: +r.getAttribute('x'), y: +r.getAttribute('y'), w: +r.getAttribute('width'), h: +r.getAttribute('height') }; });
            const arrows = Array.from(svg.querySelectorAll('.pv line')).map((l) => ['x1', 'y1', 'x2', 'y2'].map((a) => +l.getAttribute(a)));
            return { slots, arrows, n: svg.querySelectorAll('.pv').length };
          } catch (e) { return { error: e.message }; } finally { svg.remove(); }""", game, fen, pv)
        if not check("error" not in r, f"arrows {game}: {r.get('error')}"):
            continue
        for k, want in enumerate(ends):
            if want is None:
                continue
            slot = next((x for x in r["slots"] if (x["owner"], x["kind"], x["letter"]) == want), None)
            if not check(slot and k < len(r["arrows"]), f"arrows {game}: no slot {want} or no arrow {k + 1} ({r})"):
                continue
            x1, y1, x2, y2 = r["arrows"][k]
            px, py = (x1, y1) if pv[k][1] == "@" else (x2, y2)
            near = slot["x"] - 15 <= px <= slot["x"] + slot["w"] + 15 and slot["y"] - 15 <= py <= slot["y"] + slot["h"] + 15
            check(near, f"arrows {game}: arrow {k + 1} ({pv[k]}) at ({px:.0f},{py:.0f}) is not at {want}'s slot {slot}")
    # A broken position string is reported, not thrown.
    r = d.execute_script("try { SimiaBoards.model('boomzoom', 't[3]x/8 1 0 0 0 0', {options:{}}); return 'drawn'; } catch (e) { return e.message; }")
    check(r != "drawn", "a malformed board field was drawn")
    # A game without a table: the page says so instead of breaking.
    d.execute_script("delete SimiaBoards.tables[arguments[0]]; document.getElementById('new-game').click();", games[0])
    s = Page(d).settle()
    check("no drawing table" in s["boardMsg"], f"without a drawing table the page says '{s['boardMsg']}'")
    check(len(s["specials"]) > 0, "without a drawing table the legal moves are not offered as buttons")
    log(f"   drawing tables: {n} sample positions drawn exactly; a missing table is reported")


def check_robustness(d, port, engine, ref, game, maxforks):
    page = Page(d)
    url = f"http://127.0.0.1:{port}/?game={game}&mode=human-vs-engine&depth=1&human=p1"
    d.get(url)
    s = page.settle()
    page.trace()
    # Play two of the human's moves, so that there is something to undo: the reference
    # engine's choice where it is a move of squares (a careless first move can lose the game
    # before the checks below, as soon as the engine plays well at depth 1).
    for _ in range(2):
        moves = moves_of(s)
        line = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        st = ref.state(line)
        legal = [m for m in st["legal"] if split_move(m)[0] in s["all"] and split_move(m)[1] in s["all"]]
        good = ref.best(line, 3)
        m = good if good in legal else legal[0]
        if len([x for x in st["legal"] if split_move(x)[:2] == split_move(m)[:2]]) > 1 or split_move(m)[2]:
            page.square(split_move(m)[0]); page.square(split_move(m)[1]); page.click(f'#chooser [data-move="{m}"]')
        else:
            page.square(split_move(m)[0]); page.square(split_move(m)[1])
        s = page.settle()
    before = s
    info = d.execute_script("return document.getElementById('s-depth').textContent")
    check(info not in ("", "–"), f"no search depth shown after Simia's moves ('{info}')")
    # Bad input in the position box: the engine's own error line, and nothing else changes.
    for bad in ("this is not a position", "startpos moves zz99 a1a1", before["position"] + " extra"):
        want = [l for l in ref.ask([f"position {'fen ' + bad if not bad.startswith('startpos') else bad}"]) if l.startswith("info string error")]
        box = d.find_element(By.ID, "fen-input")
        box.clear(); box.send_keys(bad); page.click("#load")
        s = page.settle()
        check(want and s["error"].strip() == "\n".join(want), f"bad position '{bad}': page shows '{s['error']}', engine says {want}")
        check(s["moves"] == before["moves"] and s["position"] == before["position"] and s["squares"] == before["squares"],
              f"bad position '{bad}' changed the game on the page")
    # The game goes on: the engine's position was put back (one more move is accepted).
    moves = moves_of(s)
    st = ref.state("position startpos moves " + " ".join(moves))
    check(not st["over"], f"the game ended before the checks of a refused position could go on: {moves}")
    m = next(x for x in st["legal"] if split_move(x)[0] in s["all"] and split_move(x)[1] in s["all"]
             and len([y for y in st["legal"] if split_move(y)[:2] == split_move(x)[:2]]) == 1 and not split_move(x)[2])
    page.square(split_move(m)[0]); page.square(split_move(m)[1])
    s = page.settle()
    check(moves_of(s)[:len(moves) + 1] == moves + [m], "after a refused position the game did not go on")
    for e in page.trace():
        check_drawn(game, ref, e, "after a refused position")
    # Undo goes back to the human's turn; the board is the engine's for the shorter list.
    n = len(moves_of(s))
    page.click("#undo")
    s = page.settle()
    check(len(moves_of(s)) < n and s["turn"] == "p1", f"undo: {n} -> {len(moves_of(s))} moves, turn {s['turn']}")
    for e in page.trace():
        check_drawn(game, ref, e, "after undo")
    check_replay(d, page, ref, game, s)
    # Flip: the same pieces, a1 goes to the other edge and back.
    a1_top = "return document.querySelector('#board [data-square=\"a1\"]').getBoundingClientRect().top"
    height = d.execute_script("return document.getElementById('board').getBoundingClientRect().height")
    y0 = d.execute_script(a1_top)
    page.click("#flip")
    y1 = d.execute_script(a1_top)
    s2 = page.snap()
    page.click("#flip")
    y2 = d.execute_script(a1_top)
    check(abs(y1 - y0) > height / 3 and y2 == y0 and s2["squares"] == s["squares"],
          f"flip: a1 at y {y0}, {y1}, {y2} (board {height} high); pieces kept: {s2['squares'] == s['squares']}")
    page.click("#copy")
    # The clipboard write is a promise: the notice comes when it settles, not at the click.
    wait_for(lambda: page.snap()["notice"].startswith("Copied"), 5, "Copy never said 'Copied' within 5 s")
    # Load a good position string and a `position ... moves ...` line (what Copy gives).
    st = ref.state(s["gameLine"])
    box = d.find_element(By.ID, "fen-input")
    box.clear(); box.send_keys(st["fen"]); page.click("#load")
    s3 = page.settle()
    check(s3["position"] == st["fen"] and s3["moves"] == "" and not s3["error"], f"loading '{st['fen']}' gave '{s3['position']}' ({s3['error']})")
    box.clear(); box.send_keys(s["gameLine"]); page.click("#load")
    s4 = page.settle()
    check(s4["gameLine"] == s["gameLine"] and s4["position"] == s["position"], f"loading '{s['gameLine']}' gave '{s4['gameLine']}'")
    for e in page.trace():
        check_drawn(game, ref, e, "after load") if e["base"] == "startpos" else None
    if engine is None:  # the engine in the page's Worker (--static): a reload, and no process to count
        d.refresh()
        s5 = page.settle()
        check(s5["moves"] == s4["moves"] and s5["position"] == s4["position"] and s5["squares"] == s4["squares"],
              f"a reload did not keep the game: moves '{s5['moves']}' position '{s5['position']}', before '{s4['moves']}' '{s4['position']}'")
        for e in page.trace():
            check_drawn(game, ref, e, "after a reload")
        log("   robustness: bad input, undo, replay, flip, load, copy, reload keeping the game")
        return
    # Engine processes: one per page; a reload starts clean with a new one and ends the old.
    mine = {ref.p.pid}
    procs = engine_pids(engine) - mine
    check(len(procs) == 1, f"one page open, {len(procs)} engine processes")
    d.refresh()
    s5 = page.settle()
    check(s5["moves"] == s4["moves"] and s5["position"] == s4["position"] and s5["squares"] == s4["squares"],
          f"a reload did not keep the game: moves '{s5['moves']}' position '{s5['position']}', before '{s4['moves']}' '{s4['position']}'")
    for e in page.trace():
        check_drawn(game, ref, e, "after a reload")
    wait_for(lambda: len(engine_pids(engine) - mine) == 1 and engine_pids(engine) - mine != procs, 10,
             f"after a reload: engine processes {engine_pids(engine) - mine}, before {procs}")
    # The process cap: the page holds one connection; of maxforks more, one must be refused.
    # websocketd frees a slot only once an engine has ended, later than its socket closes:
    # under load a slot of a page left just before may still be taken, so the count is
    # retried; more openings than the cap allows fail at once.
    for attempt in range(5):
        r = d.execute_async_script("""
          const [n, done] = [arguments[0], arguments[arguments.length - 1]];
          let opened = 0, refused = 0; const socks = [];
          for (let k = 0; k < n; k++) {
            const ws = new WebSocket(`ws://${location.host}/`); socks.push(ws);
            ws.onopen = () => { opened++; fin(); };
            ws.onerror = () => { refused++; fin(); };
          }
          window.capSockets = socks;
          function fin() { if (opened + refused === n) done([opened, refused]); }
          setTimeout(() => done([opened, refused, 'timeout']), 8000);""", maxforks)
        if r[0] > maxforks - 1 or r[:2] == [maxforks - 1, 1]:
            break
        d.execute_script("window.capSockets.forEach((w) => w.close())")
        wait_for(lambda: len(engine_pids(engine) - mine) == 1, 10, "extra engines of the cap check did not end")
        time.sleep(1)
    check(r[:2] == [maxforks - 1, 1], f"process cap {maxforks}: with the page open, {maxforks} more connections gave opened/refused {r}")
    # While the cap is reached, a new page says it could not connect, and breaks nothing.
    first = d.current_window_handle
    d.switch_to.new_window("tab")
    d.get(url)
    busy = page.settle(states=("closed",), timeout=20)
    check("busy" in busy["notice"], f"a page over the cap says '{busy['notice']}'")
    d.close()
    d.switch_to.window(first)
    d.execute_script("window.capSockets.forEach((w) => w.close())")
    wait_for(lambda: len(engine_pids(engine) - mine) == 1, 10, "extra engines of the cap check did not end")
    check_option_filter(d)
    # An option value the engine refuses (from the query string): its error line, a game anyway.
    spin = next((o for o in ref.options if o["type"] == "spin" and " min " in " " + o["rest"]
                 and (norm(o["name"]).startswith(norm(game)) or norm(o["name"]) in ("ivoryheight",))), None)
    if spin:
        low = int(re.search(r"\bmin (-?\d+)", spin["rest"]).group(1)) - 1
        want = [l for l in ref.ask([f"setoption name {spin['name']} value {low}"]) if l.startswith("info string error")]
        d.get(url + f"&{spin['name']}={low}")
        s6 = page.settle()
        check(want and s6["error"].strip() == want[0] and s6["moves"] == "" and s6["position"] == ref.state("position startpos")["fen"],
              f"{spin['name']}={low}: page shows '{s6['error']}', engine says {want}")
    # An engine that dies under its page: the page says so and offers a reload.
    wait_for(lambda: len(engine_pids(engine) - mine) == 1, 10, "no single engine for the page")
    for pid in engine_pids(engine) - mine:
        os.kill(pid, signal.SIGKILL)
    dead = page.settle(states=("closed",), timeout=20)
    check("Reload" in dead["notice"], f"after its engine died the page says '{dead['notice']}'")
    d.get(url)
    page.settle()
    # Leaving the page, or closing its tab, ends its engine.
    wait_for(lambda: len(engine_pids(engine) - mine) == 1, 10, "extra engines of the cap check did not end")
    d.get("about:blank")
    wait_for(lambda: len(engine_pids(engine) - mine) == 0, 10, f"after leaving the page its engine still runs: {engine_pids(engine) - mine}")
    first = d.current_window_handle
    d.switch_to.new_window("tab")
    d.get(url)
    page.settle()
    check(len(engine_pids(engine) - mine) == 1, "a page in a new tab has no engine of its own")
    d.close()
    d.switch_to.window(first)
    wait_for(lambda: len(engine_pids(engine) - mine) == 0, 10, f"after closing the tab its engine still runs: {engine_pids(engine) - mine}")
    log("   robustness: bad input, undo, flip, load, copy, reload, process cap (and a page over it), option filter, "
        "refused option value, engine killed, page left, tab closed")


# What the server's filter answers for an option naming a server file: one whole error line each.
FILTER_REFUSALS = ["info string error: setoption: option '%s' is refused by the web server (it names a file on the server)" % n
                   for n in ("Debug Log File", "BookFile")]


def check_option_filter(d):
    """The filter: an option naming a server file is refused with the error line, whole, before
    the replies to what follows; no file is made."""
    target = os.path.join(tempfile.gettempdir(), f"simia-web-filter-{os.getpid()}.log")
    for attempt in range(5):
        r = d.execute_async_script("""
          const [path, done] = [arguments[0], arguments[arguments.length - 1]];
          const ws = new WebSocket(`ws://${location.host}/`); const got = [];
          ws.onopen = () => { ws.send(`setoption name debug  LOG file value ${path}`); ws.send('setoption name BookFile value /etc/shadow'); ws.send('isready'); };
          ws.onmessage = (e) => { got.push(e.data); if (e.data === 'readyok') { ws.close(); done(got); } };
          ws.onerror = () => done(got.concat(['could not connect']));
          setTimeout(() => done(got.concat(['timeout'])), 8000);""", target)
        if r != ["could not connect"]:
            break
        time.sleep(1)
    # isready's first allocation also names the net in use: an answer, not part of the filter's.
    r = [line for line in r if not line.startswith("info string evaluation of ")]
    check(r == FILTER_REFUSALS + ["readyok"] and not os.path.exists(target),
          f"option filter: replies {r}, not {FILTER_REFUSALS + ['readyok']}; file made: {os.path.exists(target)}")


def check_connecting(d, engine):
    """While its engine starts (here one that takes 4 s), the page says it is connecting, not a
    blank status; once the engine answers, the game's status replaces it."""
    wrapper = os.path.join(tempfile.mkdtemp(prefix="simia-slow-engine-"), "slow-simia")
    with open(wrapper, "w") as f:
        f.write(f"#!/bin/sh\nsleep 4\nexec {engine} \"$@\"\n")
    os.chmod(wrapper, 0o755)
    port = free_port()
    server = start_server(wrapper, port, 2)
    try:
        page = Page(d)
        d.get(f"http://127.0.0.1:{port}/")
        seen = []
        for _ in range(20):
            s = page.snap()
            seen.append((s["state"], s["status"]))
            time.sleep(0.1)
        check(all(st == "connecting" and "Connecting to the engine" in text for st, text in seen),
              f"while the engine starts the page shows {sorted(set(seen))}, not 'Connecting to the engine…'")
        s = page.settle(timeout=60)
        check("Connecting" not in s["status"] and s["status"], f"once the engine answered the status is '{s['status']}'")
        log("   a slow engine's page says 'Connecting to the engine…' until it answers")
    finally:
        os.killpg(server.pid, signal.SIGINT)
        server.wait(timeout=10)
        os.remove(wrapper)
        os.rmdir(os.path.dirname(wrapper))


def check_replay(d, page, ref, game, s):
    """Replay: a click on the move list shows an earlier position without changing the game;
    the arrow keys step through it, End comes back."""
    from selenium.webdriver.common.keys import Keys
    n = len(moves_of(s))
    if not check(n >= 2, f"replay: only {n} moves to replay"):
        return
    page.click('#movelist [data-ply="1"]')
    wait_for(lambda: "Viewing" in page.snap()["status"], 10, "replay: clicking move 1 in the list shows no earlier position")
    s1 = page.snap()
    entries = page.trace()
    check(entries and len(entries[-1]["moves"]) == 1, f"replay: after clicking move 1 the page drew {[len(e['moves']) for e in entries]} moves")
    for e in entries:
        check_drawn(game, ref, e, "replayed")
    check(s1["moves"] == s["moves"] and s1["position"] == s["position"] and not s1["targets"] and not s1["sources"],
          "replay changed the game, or offers moves in a viewed position")
    body = d.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_LEFT)
    wait_for(lambda: "the start" in page.snap()["status"], 10, "replay: the left arrow key did not step back to the start")
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    wait_for(lambda: "after move 2" in page.snap()["status"], 10, "replay: the right arrow key did not step forward")
    for e in page.trace():
        check_drawn(game, ref, e, "replayed by keys")
    body.send_keys(Keys.END)
    wait_for(lambda: "Viewing" not in page.snap()["status"], 10, "replay: End did not return to the game")
    s2 = page.settle()
    check(s2["squares"] == s["squares"] and s2["moves"] == s["moves"] and set(s2["sources"]) == set(s["sources"]),
          "replay: back at the game, the board or its moves differ from before")
    page.trace()
    log(f"   replay: move list click, arrow keys and End over {n} moves")


def check_browser_killed(d, port, engine, ref, game):
    """A connection that drops without a goodbye (the browser killed) ends its engine too."""
    d.get(f"http://127.0.0.1:{port}/?game={game}&mode=engine-vs-engine&movetime=200")
    time.sleep(1.0)
    mine = {ref.p.pid}
    check(len(engine_pids(engine) - mine) == 1, "no engine for the page before the browser is killed")
    driver_pid = d.service.process.pid
    kids = [int(p) for p in os.listdir("/proc") if p.isdigit() and _ppid(int(p)) == driver_pid]
    for k in kids:
        try:
            os.kill(k, signal.SIGKILL)
        except OSError:
            pass
    wait_for(lambda: len(engine_pids(engine) - mine) == 0, 15, f"after the browser was killed (mid-search) its engine still runs: {engine_pids(engine) - mine}")
    log("   a killed browser's engine ends")


def open_log(d):
    """Opens the engine conversation by script: a click on its summary while the page is still
    laying itself out was seen not to toggle it (1 in 25 in headless Chromium), and only the
    log's text is checked here."""
    d.execute_script("document.getElementById('log-box').open = true")
    wait_for(lambda: d.execute_script("return document.getElementById('log-box').open"), 5,
             "the engine conversation did not open")


def check_levels(d, port, game):
    """A level is a strength on the game's UCI_Elo scale: the page sets UCI_LimitStrength and
    UCI_Elo before each of Simia's moves and sends a go the strength limit ends; a custom limit
    turns the strength limit off."""
    page = Page(d)
    d.get(f"http://127.0.0.1:{port}/?game={game}&mode=engine-vs-engine&level=beginner")
    open_log(d)
    wait_for(lambda: len(moves_of(page.snap())) >= 4 or page.snap()["state"] == "over", 60,
             "level Beginner: Simia made no moves")
    # Pausing only freezes the log to read it: a script's click, since the game may have ended
    # and its result covered the button (a human's click is checked in the games above).
    d.execute_script("document.getElementById('pause').click()")
    text = d.execute_script("return document.getElementById('log').textContent || ''")
    for want in ("> setoption name UCI_LimitStrength value true", "> setoption name UCI_Elo value 1000", "\n> go\n"):
        check(want in text, f"level Beginner: the page did not send '{want.strip()}'")
    check("nodes" not in "".join(l for l in text.splitlines() if l.startswith("> go")),
          "level Beginner: a node limit of the page's own")
    d.get(f"http://127.0.0.1:{port}/?game={game}&mode=engine-vs-engine&nodes=300")
    open_log(d)
    wait_for(lambda: len(moves_of(page.snap())) >= 2 or page.snap()["state"] == "over", 60,
             "a custom node limit: Simia made no moves")
    d.execute_script("document.getElementById('pause').click()")
    text = d.execute_script("return document.getElementById('log').textContent || ''")
    check("> setoption name UCI_LimitStrength value false" in text and "> go nodes 300" in text,
          "a custom limit: the strength limit not turned off, or not its go; the log's last lines:\n   "
          + "\n   ".join(text.splitlines()[-12:]))
    check_console(d, "levels")
    log("   levels: Beginner sets UCI_Elo 1000 with UCI_LimitStrength, a custom limit turns it off")


def _ppid(pid):
    try:
        return int(open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return -1


def toggle_arrows(page):
    """The arrows checkbox unticked while Simia plays itself and arrows are drawn, then ticked
    again: (off, reticked, on, state after), or None where the game was over once the box read
    unticked, which then says nothing."""
    # The box is waited for first (a click can be lost while the page is busy); then the board:
    # the arrows gone within a bound, none for a while after it, and the box never ticked back
    # (each redraw, at the next move or the end, sets it from what the page keeps).
    unticked = page.tick("#arrows", False)
    s = page.snap()
    in_play, reticked = s["state"] != "over", s["arrowsBox"]
    t0, off, gone = time.time(), s["arrows"], s["arrows"] == 0
    while time.time() < t0 + (2.5 if gone else 1.0):
        time.sleep(0.05)
        s = page.snap()
        reticked = reticked or s["arrowsBox"]
        if gone:
            off = max(off, s["arrows"])
        else:
            off, gone = s["arrows"], s["arrows"] == 0
    ticked = page.tick("#arrows", True)
    check(unticked and ticked, f"arrows toggle: the checkbox did not take the click (unticked {unticked}, ticked again {ticked})")
    if not in_play:
        return None
    on, t2 = 0, time.time() + 15
    while time.time() < t2 and not on and page.snap()["state"] != "over":
        on = page.snap()["arrows"]
        time.sleep(0.05)
    return off, reticked, on, page.snap()["state"]


def check_engine_vs_engine(d, port, ref, game, max_plies):
    page = Page(d)
    url = f"http://127.0.0.1:{port}/?game={game}&mode=engine-vs-engine&movetime=20"
    d.get(url)
    end = time.time() + 120
    arrows = 0
    toggled, fresh = None, 2
    while time.time() < end:
        s = page.snap()
        arrows = max(arrows, s["arrows"])
        if s["arrows"] and toggled is None and s["state"] != "over":
            # The toggle, as soon as arrows are drawn: unticked, none while Simia plays on;
            # ticked again, they come back (unless the game ends first). A game over before
            # the box read unticked tells nothing: a new one, twice at most.
            toggled = toggle_arrows(page)
            if toggled is None and fresh:
                log("   arrows toggle: the game was over before the box read unticked; again in a new game")
                fresh -= 1
                d.get(url)
                continue
            if toggled is not None:
                off, reticked, on, state = toggled
                check(off == 0 and not reticked and (on > 0 or state == "over"),
                      f"arrows toggle: {off} arrows drawn while off{', the box ticked again by the page' if reticked else ''}, {on} when on again")
        if s["state"] == "over" or len(moves_of(s)) >= max_plies:
            break
        time.sleep(0.05)
    check(toggled is not None, "arrows toggle: never tried (no arrow drawn), or each game was over before the box read unticked")
    page.click("#pause")
    s = page.settle(states=("over", "paused"))
    for e in page.trace():
        check_drawn(game, ref, e, "Simia against itself")
    check(len(moves_of(s)) > 0, "Simia against itself made no move")
    check(arrows > 0, "Simia's line was never drawn on the board while it played itself")
    check_console(d, "Simia against itself")
    log(f"   Simia against itself: {len(moves_of(s))} plies, result {s['result']}, its line drawn (up to {arrows} arrows)")
    # Two people on one board: both sides are clicked, Simia never moves.
    d.get(f"http://127.0.0.1:{port}/?game={game}&mode=human-vs-human")
    s = page.settle()
    page.trace()
    for ply in range(4):
        st = ref.state("position startpos" + (" moves " + " ".join(moves_of(s)) if moves_of(s) else ""))
        m = next((x for x in st["legal"] if move_kind(x, st["legal"], s["all"]) == "plain"), None)
        if m is None or st["over"]:
            break
        page.square(split_move(m)[0])
        page.square(split_move(m)[1])
        s = page.settle()
        check(moves_of(s)[-1:] == [m] and s["state"] == "human", f"two people: after {m} the page shows moves '{s['moves']}', state {s['state']}")
    for e in page.trace():
        check_drawn(game, ref, e, "two people on one board")


def check_game_switch(d, port, ref, first, games):
    """Another game chosen in the page's list: the page asks the engine again (it announces the
    game in play's rule options only) and shows that game's options, starts its game without an
    error, offers a draw only where the game can end drawn; then back to the first game."""
    from selenium.webdriver.support.ui import Select as Choice
    page = Page(d)
    d.get(f"http://127.0.0.1:{port}/?game={first}&mode=human-vs-engine&depth=1&human=p1")
    page.settle()
    others = [g for g in games if g != first]
    for game in (others[-1:] + [first] if others else []):
        Choice(d.find_element(By.ID, "game-select")).select_by_value(game)
        time.sleep(0.3)
        s = page.settle()
        ref.play(game)
        announced = {norm(o["name"]) for o in ref.options}
        shown = d.execute_script("return [...document.querySelectorAll('#game-options span')].map((e) => e.title)")
        check(s["game"] == game and s["error"].strip() == "" and s["moves"] == "",
              f"switched to {game}: #game '{s['game']}', error '{s['error']}', moves '{s['moves']}'")
        check(all(norm(n) in announced for n in shown) and any(norm(n) != "repetition" for n in shown),
              f"switched to {game}: the page shows the options {shown}, the engine announces {sorted(announced)}")
        draws = not any(l.startswith("Draws: none") for l in ref.ask(["position startpos", "d"]))
        hidden = d.execute_script("return document.getElementById('offer-draw').hidden")
        check(hidden == (not draws), f"switched to {game}: 'Offer a draw' {'hidden' if hidden else 'shown'}")
    ref.play(first)
    log(f"   game list: {' -> '.join(others[-1:] + [first])}, each game's options and draw offer")


# ------------------------------------------------------------------ the static page (--static)
def start_static_server(folder, port):
    """The static folder (uci-like/web/build_static.sh) served by Python's own server on
    127.0.0.1, as its README says; its request log kept beside it."""
    logf = open(os.path.join(tempfile.mkdtemp(prefix="simia-static-"), "requests.log"), "w")
    proc = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", folder, str(port)],
                            stdout=logf, stderr=subprocess.STDOUT, start_new_session=True)
    proc.log_path = logf.name
    end = time.time() + 30
    while time.time() < end:
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            c.request("GET", "/")
            if c.getresponse().status == 200:
                return proc
        except OSError:
            pass
        if proc.poll() is not None:
            break
        time.sleep(0.1)
    raise RuntimeError(f"the static server did not start: {open(proc.log_path).read()}")


def stop_static_server(proc):
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


def check_worker(d, port, ref, game, folder, server):
    """The engine in the page's Worker: the page says so; a stop ends a long search at once
    (the search's slices); the speed is shown; a game with a clock; the engine's files came
    from the page's own server; a page whose engine cannot load says so."""
    page = Page(d)
    d.get(f"http://127.0.0.1:{port}/?game={game}&mode=human-vs-human")
    page.settle()
    r = d.execute_script("return [document.body.dataset.engine, document.getElementById('engine-where').textContent,"
                         " document.getElementById('engine-id').textContent]")
    check(r[0] == "worker" and "WebAssembly" in r[1] and r[2].startswith("Simia"),
          f"the static page does not say its engine runs in the browser: data-engine {r[0]}, '{r[1]}', id '{r[2]}'")
    # Move now: Simia, player 1, would think for a minute; the stop reaches the running search.
    d.get(f"http://127.0.0.1:{port}/?game={game}&mode=human-vs-engine&human=p2&movetime=60000")
    wait_for(lambda: page.snap()["state"] == "thinking"
             and d.execute_script("return document.getElementById('s-depth').textContent") not in ("", "–"), 30,
             "Simia's minute-long search never showed a depth")
    time.sleep(1.5)
    t0 = time.time()
    page.click("#move-now")
    s = page.settle(timeout=30)
    took = time.time() - t0
    check(len(moves_of(s)) == 1 and took < 5, f"Move now: {len(moves_of(s))} moves, {took:.1f} s after the click (a minute's search)")
    speed = d.execute_script("return document.getElementById('engine-speed').textContent")
    check(re.search(r"[0-9,]+ nodes/s", speed), f"the page does not show the engine's speed: '{speed}'")
    log(f"   worker: Move now ended a minute's search in {took:.2f} s; header: '{r[2]}, {r[1]}{speed}'")
    # A clock: Simia gets both clocks (and its level's strength) and moves.
    d.get(f"http://127.0.0.1:{port}/?game={game}&mode=human-vs-engine&human=p2&level=casual&clock=180+2")
    open_log(d)
    s = page.settle(timeout=60)
    text = d.execute_script("return document.getElementById('log').textContent || ''")
    clocks = d.execute_script("return document.getElementById('clocks').hidden ? '' : document.getElementById('clocks').textContent")
    check(re.search(r"^> go p1time \d+ p2time \d+ p1inc 2000 p2inc 2000$", text, re.M) and len(moves_of(s)) == 1 and "Simia" in clocks,
          f"a clock game: go lines {[l for l in text.splitlines() if l.startswith('> go')]}, moves '{s['moves']}', clocks '{clocks}'")
    check_console(d, "the engine in a Worker")
    # Every file the page and its Worker asked for came from this server.
    served = open(server.log_path).read()
    for f in ("/worker.js", "/simia.js", "/simia.wasm"):
        check(f'"GET {f} HTTP' in served, f"the static server never served {f}")
    # A folder without the engine's .wasm: the page says it could not start the engine.
    broken = tempfile.mkdtemp(prefix="simia-static-broken-")
    for f in os.listdir(folder):
        if f != "simia.wasm":
            os.symlink(os.path.join(os.path.abspath(folder), f), os.path.join(broken, f))
    port2 = free_port()
    server2 = start_static_server(broken, port2)
    try:
        d.get(f"http://127.0.0.1:{port2}/")
        s = page.settle(states=("closed",), timeout=60)
        check("could not start the engine" in s["notice"], f"without simia.wasm the page says '{s['notice']}'")
    finally:
        stop_static_server(server2)
        d.get_log("browser")  # the failed load's own console lines
        for f in os.listdir(broken):
            os.remove(os.path.join(broken, f))
        os.rmdir(broken)
    log("   worker: a clock game; engine files served by the page's server; a missing engine reported")


BENCH_JS = """
const [game, done] = [arguments[0], arguments[arguments.length - 1]];
const w = new Worker('worker.js'), t0 = performance.now();
let nodes = null;
w.onmessage = (ev) => {
  if (typeof ev.data !== 'string') { if (ev.data.stopped) { w.terminate(); done({ error: ev.data.stopped }); } return; }
  const m = /^Nodes searched: (\\d+)$/.exec(ev.data), n = /^Nodes\\/second: (\\d+)$/.exec(ev.data);
  if (m) nodes = m[1];
  if (n) { w.terminate(); done({ nodes, nps: n[1], ms: performance.now() - t0 }); }
};
w.postMessage(`setoption name Game value ${game}`);
w.postMessage('bench');
"""


def check_browser_bench(d, port, games):
    """Every game's bench run by the engine in a Worker of the page gives its recorded signature
    (engine/games/<game>/signature.txt): the browser's engine searches as the native one."""
    d.get(f"http://127.0.0.1:{port}/?mode=human-vs-human")
    Page(d).settle()
    d.set_script_timeout(900)
    for game in games:
        want = open(os.path.join(ROOT, "engine/games", game, "signature.txt")).read().strip()
        r = d.execute_async_script(BENCH_JS, game)
        if check("error" not in r, f"bench of {game} in the browser: {r.get('error')}"):
            check(r["nodes"] == want, f"bench of {game} in the browser: {r['nodes']} nodes, signature.txt says {want}")
            log(f"   browser bench {game}: {r['nodes']} nodes (signature {want}), {int(r['nps']):,} nodes/s, {r['ms'] / 1000:.1f} s")
    d.set_script_timeout(30)


def until(cond, timeout, step=0.05):
    """Whether cond() holds within timeout seconds (asked every step)."""
    end = time.time() + timeout
    while time.time() < end:
        if cond():
            return True
        time.sleep(step)
    return bool(cond())


def wait_for(cond, timeout, msg):
    if until(cond, timeout, 0.1):
        return True
    fail(msg)
    return False


# ------------------------------------------------------------------ main
def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default=os.path.join(ROOT, "build/simia"))
    ap.add_argument("--out", default=os.path.join(ROOT, "build/web-e2e"))
    ap.add_argument("--games", default="", help="comma-separated subset of the registered games")
    ap.add_argument("--max-plies", type=int, default=300)
    ap.add_argument("--no-progress", type=int, default=40, help="each game's NoProgressPlies, so that games end sooner")
    ap.add_argument("--seed", type=int, default=int(os.environ.get("SIMIA_SEED", "1")))
    ap.add_argument("--server-only", action="store_true",
                    help="no game played: only the page's start (connecting) and the server's option filter, and Ctrl-C")
    ap.add_argument("--static", metavar="DIR",
                    help="the static page of DIR (uci-like/web/build_static.sh) served by python3 -m http.server, "
                         "its engine in a Worker; --engine is then the test's own referee only")
    args = ap.parse_args()
    engine = os.path.abspath(args.engine)
    os.makedirs(args.out, exist_ok=True)
    log(f"seed {args.seed} (SIMIA_SEED=N reruns another); screenshots in {args.out}")
    t0 = time.time()
    ref = Engine(engine)
    games = ref.games()
    if args.games:
        games = [g for g in games if g in args.games.split(",")]
    log(f"games registered by the engine: {' '.join(ref.games())}")
    port, maxforks = free_port(), 3
    server = start_static_server(args.static, port) if args.static else start_server(engine, port, maxforks)
    d = None
    try:
        addrs = listening_addresses(port)
        check(addrs and all(a in ("0100007F", "00000000000000000000000001000000") for a in addrs),
              f"the server listens on {addrs}, not on localhost only")
        # With the static page any name but this machine's fails to resolve: a request that would
        # leave the page's own origin fails, and with it the test.
        d = browser(["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"] if args.static else [])
        page = Page(d)
        if args.server_only:
            d.get(f"http://127.0.0.1:{port}/")
            page.settle()
            check_option_filter(d)
            check_connecting(d, engine)
            games = []
        else:
            check_drawing_tables(d, port, games)
            rng = random.Random(args.seed)
            for k, game in enumerate(games):
                opts = []
                ref.play(game)
                for o in ref.options:
                    if norm(o["name"]) == norm(game) + "noprogressplies":
                        opts.append((o["name"], str(args.no_progress)))
                opts += [(n, v) for n, v in EXTRA_OPTIONS.get(game, []) if ref.option(n)]
                ref.ask([f"setoption name {n} value {v}" for n, v in opts] + ["uginewgame"])
                human = "p2" if k % 2 == 0 else "p1"
                limit = "depth=1" if k % 2 == 0 else "movetime=30"
                q = "&".join([f"game={game}", "mode=human-vs-engine", limit, f"human={human}"] + [f"{n}={v}" for n, v in opts])
                try:
                    play_one_game(d, page, ref, game, args, rng, f"http://127.0.0.1:{port}/?{q}", args.out, human)
                except Exception as e:  # a hung or broken page fails this game; the others still run
                    fail(f"{game}: {type(e).__name__}: {e}")
                    traceback.print_exc()
                    try:
                        log("   page log: " + "\n   ".join(d.execute_script("return document.getElementById('log').textContent || ''").splitlines()[-20:]))
                    except Exception:
                        pass
            # The remaining checks use the first game at its default options: a fresh referee.
            first = games[0]
            ref.close()
            ref = Engine(engine)
            ref.play(first)
            ref.ask(["uginewgame"])
            check_engine_vs_engine(d, port, ref, first, 60)
            check_levels(d, port, first)
            check_game_switch(d, port, ref, first, games)
            if args.static:
                check_robustness(d, port, None, ref, first, maxforks)
                check_worker(d, port, ref, first, args.static, server)
                check_browser_bench(d, port, games)
            else:
                check_robustness(d, port, engine, ref, first, maxforks)
                check_connecting(d, engine)
            d.get(f"http://127.0.0.1:{port}/?game={first}&mode=human-vs-engine&movetime=300&human=p2")
            time.sleep(1.0)
            d.save_screenshot(os.path.join(args.out, "page.png"))
            if not args.static:
                check_browser_killed(d, port, engine, ref, first)
    finally:
        if d:
            try:
                d.quit()
            except Exception:
                pass
        ref.close()
        if args.static:
            stop_static_server(server)
        else:
            # Ctrl-C: the server and every engine it started stop.
            mine = engine_pids(engine)
            os.killpg(server.pid, signal.SIGINT)
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                fail("the server did not stop on Ctrl-C (SIGINT)")
                os.killpg(server.pid, signal.SIGKILL)
            wait_for(lambda: not engine_pids(engine), 10, f"engine processes left after Ctrl-C: {engine_pids(engine)} (before: {mine})")
            check(not listening_addresses(port), "the port is still open after Ctrl-C")
    what = "static page, engine in a Worker" if args.static else "served by serve.sh, engine processes"
    log(f"web e2e ({what}): {len(games)} games, {time.time() - t0:.0f} s, {len(FAILURES)} failure(s)")
    if FAILURES:
        for f in FAILURES[:50]:
            print("  " + f)
        sys.exit(1)


if __name__ == "__main__":
    main()
