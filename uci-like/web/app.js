// app.js — the page: game and option choice, seats (human or Simia), clicks turned into moves,
// the engine's search shown live, undo, flip, load and copy. A thin UGI client.
//
// The engine is the only referee: after every change the page asks it for the position (`d`),
// whose turn it is, the result, and the legal moves (`go perft 1`); the page never decides
// legality itself. Test hooks (README "In the browser"): data-square, .target, data-move,
// #game #position #moves #turn #result, body[data-state], body[data-busy].
(function () {
  'use strict';
  const B = window.SimiaBoards;
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  const norm = (s) => String(s).toLowerCase().replace(/\s+/g, '');
  const isError = (l) => /^info string error\b/.test(l);

  const st = {
    session: null,
    options: [], // { name, type, def, min, max, vars }
    games: [],
    hasGameOption: false,
    game: null,
    values: {}, // option name -> chosen value (strings), for the game options shown
    base: 'startpos',
    moves: [],
    movers: [], // who made each move ('p1'/'p2'), as the page saw it
    mode: 'human-vs-engine',
    human: 'p1',
    level: 'club',
    limitKind: 'movetime',
    limitValue: 500,
    clockSpec: '', // '' or 'seconds+increment' (human against Simia only)
    clock: null, // { base, inc, left: { p1, p2 } (ms), running: 'p1'|'p2'|null, since }
    arrowsUser: null, // the arrows checkbox as set by the user; null: the mode's default
    userFlip: false,
    replay: null, // { ply, view } while an earlier position is viewed
    cache: new Map(), // position command -> view, for replay
    ended: null, // { result, reason } of a game the page ended (resignation, time, agreed draw)
    searchSide: 'p1',
    lastEval: null,
    view: null,
    selected: null,
    candidates: null, // moves waiting in the chooser
    epoch: 0, // bumped whenever the game (base, moves) changes: stale replies are dropped
    searching: false,
    paused: false,
    info: null,
    pv: [],
  };

  // ---------------------------------------------------------------- small UI helpers
  function setState(s) { document.body.dataset.state = s; renderStatus(); }
  function notice(text, kind) {
    const n = $('notice');
    n.textContent = text || '';
    n.className = kind || '';
  }
  function showEngineErrors(lines) {
    const e = $('error');
    e.textContent = lines.join('\n');
    e.hidden = lines.length === 0;
  }
  const log = [];
  function logLine(dir, line) {
    log.push(`${dir} ${line}`);
    if (log.length > 400) log.splice(0, log.length - 400);
    const box = $('log');
    if (box && $('log-box').open) { box.textContent = log.join('\n'); box.scrollTop = box.scrollHeight; }
  }

  // ---------------------------------------------------------------- UGI option lines
  function parseOption(line) {
    const m = /^option name (.+?) type (\S+)(?: (.*))?$/.exec(line);
    if (!m) return null;
    const o = { name: m[1], type: m[2].toLowerCase(), def: '', min: null, max: null, vars: [] };
    const toks = (m[3] || '').split(' ');
    const keys = new Set(['default', 'min', 'max', 'var']);
    for (let i = 0; i < toks.length;) {
      const k = toks[i];
      if (!keys.has(k)) { i++; continue; }
      let j = i + 1;
      while (j < toks.length && !keys.has(toks[j])) j++;
      const v = toks.slice(i + 1, j).join(' ');
      if (k === 'default') o.def = v === '<empty>' ? '' : v;
      else if (k === 'min') o.min = +v;
      else if (k === 'max') o.max = +v;
      else o.vars.push(v);
      i = j;
    }
    return o;
  }

  // A game's options: the ones its table names (Monkey Queen's carry no prefix) and every
  // option whose name starts with the game's name (BoomZoomNoProgressPlies, ZooWidth, ...).
  function gameOptions(game) {
    const t = B.tables[game];
    const named = new Set((t && t.options ? t.options : []).map(norm));
    return st.options.filter((o) => o.type !== 'button' && norm(o.name) !== 'game' &&
      (named.has(norm(o.name)) || norm(o.name).startsWith(norm(game))));
  }
  function sharedOptions() { return st.options.filter((o) => norm(o.name) === 'repetition'); }
  // The engine announces the rule options of the game it plays (and UCI_Elo on that game's
  // scale): after choosing another game the page asks again, as a GUI would.
  async function loadOptions() {
    if (st.hasGameOption) await st.session.ask([`setoption name Game value ${st.game}`]);
    const lines = await st.session.request(['ugi'], (l) => l === 'ugiok');
    st.options = lines.map(parseOption).filter(Boolean);
  }
  function findOption(name) { return st.options.find((o) => norm(o.name) === norm(name)); }

  function paramFor(name) {
    for (const [k, v] of params) if (norm(k) === norm(name)) return v;
    return null;
  }

  function buildOptionControls() {
    const box = $('game-options');
    box.innerHTML = '';
    const list = gameOptions(st.game).concat(sharedOptions());
    if (!list.length) { box.textContent = 'This game has no options.'; return; }
    for (const o of list) {
      if (!(o.name in st.values)) st.values[o.name] = paramFor(o.name) !== null ? paramFor(o.name) : o.def;
      const label = document.createElement('label');
      label.className = 'opt';
      const span = document.createElement('span');
      span.textContent = o.name.replace(new RegExp('^' + st.game, 'i'), '') || o.name;
      span.title = o.name;
      let input;
      if (o.type === 'check') {
        input = document.createElement('input');
        input.type = 'checkbox';
        input.checked = String(st.values[o.name]).toLowerCase() === 'true';
        input.onchange = () => { st.values[o.name] = input.checked ? 'true' : 'false'; optionsChanged(); };
      } else if (o.type === 'combo') {
        input = document.createElement('select');
        for (const v of o.vars) { const op = document.createElement('option'); op.value = op.textContent = v; input.appendChild(op); }
        input.value = st.values[o.name];
        input.onchange = () => { st.values[o.name] = input.value; optionsChanged(); };
      } else {
        input = document.createElement('input');
        input.type = o.type === 'spin' ? 'number' : 'text';
        if (o.min !== null) input.min = o.min;
        if (o.max !== null) input.max = o.max;
        input.value = st.values[o.name];
        input.onchange = () => { st.values[o.name] = input.value; optionsChanged(); };
      }
      input.dataset.option = o.name;
      label.appendChild(span);
      label.appendChild(input);
      box.appendChild(label);
    }
  }
  function optionsChanged() { notice('Options apply at the next new game.', 'info'); }

  // ---------------------------------------------------------------- levels and clocks
  // Levels are strengths on the game's UCI_Elo scale (UCI_LimitStrength: the engine turns the
  // Elo into nodes per move, the same strength on any machine; each game's page has its scale),
  // then a time per move for full strength; see the README.
  // Each game's Elo of the core's levels (Novice, Beginner, Casual, Club, Strong), as its
  // calib.level_elo in engine/games/<game>/*_game.c says (test_contract checks each line):
  // a page level plays the game's own level, whatever its number on that game's scale.
  const LEVEL_ELO = {
    monkeyqueen: [820, 1000, 1030, 1480, 1800],
    boomzoom: [700, 1000, 1150, 1450, 1690],
    dragonsteeth: [780, 1000, 1030, 1300, 1780],
    embed: [830, 1000, 1060, 1440, 1750],
    mad: [830, 1000, 1010, 1230, 1670],
    monkeykingchess: [880, 1000, 1210, 1430, 1770],
    zoo: [850, 1000, 1120, 1330, 1510],
  };
  const LEVELS = [
    { id: 'beginner', name: 'Beginner', level: 1, text: 'the Beginner level: its first iteration, 100 nodes a move at least; sees little beyond the next move.' },
    { id: 'casual', name: 'Casual', level: 2, text: 'the Casual level: 1,000 nodes a move.' },
    { id: 'club', name: 'Club', level: 3, text: 'the Club level: 10,000 nodes a move (a fraction of a second).' },
    { id: 'strong', name: 'Strong', level: 4, text: 'the Strong level: 100,000 nodes a move (about a second on a slow machine).' },
    { id: 'full', name: 'Full strength', go: 'movetime 3000', text: '3 seconds a move, or its share of the clock.' },
    { id: 'custom', name: 'Custom', go: null, text: 'A time, a depth or a node count per move, as you set it.' },
  ];
  // The UCI_Elo of a level in the game played (the anchor, 1000, where a game has no table).
  const levelElo = (lv) => (lv.level === undefined ? undefined : (LEVEL_ELO[st.game] || [])[lv.level] ?? 1000);
  const levelOf = (id) => LEVELS.find((l) => l.id === id) || LEVELS[2];

  function clockSpec() {
    const m = /^(\d+)\+(\d+)$/.exec(st.clockSpec || '');
    return m && st.mode === 'human-vs-engine' ? { base: +m[1] * 1000, inc: +m[2] * 1000 } : null;
  }
  // Time left of each player now (the side to move's clock runs since its turn began).
  function timeLeft(p) {
    const c = st.clock;
    if (!c) return null;
    let t = c.left[p];
    if (c.running === p && !isOver()) t -= Date.now() - c.since;
    return t;
  }
  function startClockFor(p) {
    const c = st.clock;
    if (!c) return;
    if (c.running && c.running !== p) { c.left[c.running] -= Date.now() - c.since; c.left[c.running] += c.inc; }
    c.running = p;
    c.since = Date.now();
  }
  const fmtTime = (ms) => {
    const s = Math.max(0, Math.ceil(ms / 1000));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  };
  function renderClocks() {
    const box = $('clocks');
    box.hidden = !st.clock;
    if (!st.clock) return;
    for (const p of ['p1', 'p2']) {
      const el = $(`clock-${p}`);
      const who = seatOf(p) === 'human' ? 'you' : 'Simia';
      el.textContent = `${sideName(p === 'p1' ? 1 : 2)} (${who}) ${fmtTime(timeLeft(p))}`;
      el.className = 'clock' + (st.clock.running === p && !isOver() ? ' running' : '') + (timeLeft(p) < 20000 ? ' low' : '');
    }
    const v = st.view;
    if (v && !isOver() && st.clock.running && timeLeft(st.clock.running) <= 0) {
      const p = st.clock.running;
      endByPage(p === 'p1' ? 'p2win' : 'p1win', `${sideName(p === 'p1' ? 1 : 2)} ran out of time`);
    }
  }
  setInterval(() => { if (st.clock) renderClocks(); }, 250);

  // ---------------------------------------------------------------- engine conversation
  const lineOf = (base, moves) => `position ${base}${moves.length ? ' moves ' + moves.join(' ') : ''}`;
  function positionCommand() { return lineOf(st.base, st.moves); }

  function seatOf(player) {
    if (st.mode === 'engine-vs-engine') return 'engine';
    if (st.mode === 'human-vs-human') return 'human';
    return player === st.human ? 'human' : 'engine';
  }
  const table = () => B.tables[st.game];
  function sideOf(pl, view) {
    const v = view || st.view;
    return B.sideOf(table(), pl, v && v.model ? v.model.fields : {});
  }
  const sideName = (pl, view) => sideOf(pl, view).name;
  // A game ended by the page (a resignation, a flag, an agreed draw), not by the rules.
  const isOver = () => !!(st.view && (st.view.gameover || st.ended));

  // Everything the page shows about one position: the engine's `d`, whose turn, the result,
  // and (for the live position) the legal moves. Views are kept by move list for replay.
  async function inspect(base, moves, withLegal) {
    const s = st.session;
    const posLines = await s.ask([lineOf(base, moves)]);
    const dLines = await s.ask(['d']);
    const q = (await s.ask(['query p1turn', 'query result', 'query gameover'])).filter((l) => l.startsWith('response '));
    if (q.length !== 3) throw new Error(`the engine answered ${q.length} of 3 queries`);
    const gameover = q[2] === 'response true';
    const perft = gameover || !withLegal ? [] : await s.ask(['go perft 1']);
    const legal = [];
    let counted = null;
    for (const l of perft) {
      let m;
      if ((m = /^(\S+): (\d+)$/.exec(l))) legal.push(B.splitMove(m[1]));
      else if ((m = /^Nodes searched: (\d+)$/.exec(l))) counted = +m[1];
    }
    const errors = posLines.filter(isError).concat(dLines.filter(isError));
    const fenLine = dLines.find((l) => l.startsWith('Fen: '));
    // `Fen: (none: why)` says there is no position string; Zoo's own strings may start with '('.
    const fen = fenLine && !/^Fen: \(none\b/.test(fenLine) ? fenLine.slice(5).trim() : null;
    const boardLines = fenLine ? dLines.slice(0, dLines.indexOf(fenLine)) : [];
    const view = {
      base, moves: moves.slice(), errors, dLines, fen, fenText: fenLine ? fenLine.slice(5).trim() : '(no position)',
      turn: q[0] === 'response true' ? 'p1' : 'p2',
      result: q[1].slice(9).trim(), gameover, legal,
      status: (dLines.find((l) => l.startsWith('Status: ')) || '').slice(8),
      // The game's own rules say whether a game of it can end drawn (`Draws: none ...`).
      draws: !dLines.some((l) => l.startsWith('Draws: none')),
      model: null, modelError: null, reason: '',
    };
    if (counted !== null && counted !== legal.length) view.errors.push(`page: go perft 1 listed ${legal.length} moves but counted ${counted}`);
    const t = table();
    try {
      let text = fen;
      if (!text && t && t.parseDrawing) {
        const board = t.parseDrawing(boardLines);
        // The drawing has no fields: take them from the last position string seen.
        if (board && st.lastFen) text = [board].concat(st.lastFen.split(/\s+/).slice(1)).join(' ');
      }
      if (!t) throw new Error(`no drawing table for game '${st.game}': this page cannot draw its board (moves are still listed below)`);
      if (!text) throw new Error(`the engine gives no position string (${view.fenText})`);
      view.model = B.model(st.game, text, { options: st.values });
      view.drawnFromDiagram = !fen;
    } catch (e) {
      view.modelError = e.message;
    }
    if (fen) st.lastFen = fen;
    if (gameover) view.reason = reasonOf(view);
    st.cache.set(lineOf(base, moves), view);
    return view;
  }

  // Why the game ended: the engine's words, the end of its Status line (`game over, player
  // 2 wins (Ivory's queen captured)`), with players named as the page names their sides.
  function reasonOf(v) {
    const m = /^game over, [^(]+ \((.+)\)$/.exec(v.status);
    return m ? m[1].replace(/\bplayer ([12])\b/g, (_, n) => sideName(+n, v)) : '';
  }

  // Ask the engine everything the page shows about the current position.
  async function refresh() {
    const epoch = st.epoch;
    const view = await inspect(st.base, st.moves, true);
    if (epoch !== st.epoch) return false;
    st.view = view;
    st.selected = null;
    st.candidates = null;
    if (st.replay && st.replay.ply >= st.moves.length) st.replay = null;
    saveToUrl();
    render();
    trace(view);
    return true;
  }

  // Every position the page showed, as drawn (what each square element says it holds), so
  // that a test can check each one, engine moves included, against the engine's own `d`.
  window.SimiaTrace = [];
  function trace(v) {
    const squares = {}, slots = [];
    for (const e of document.querySelectorAll('#board [data-piece]')) squares[e.dataset.square] = e.dataset.piece;
    for (const e of document.querySelectorAll('#board .slot')) slots.push({ owner: +e.dataset.owner, kind: e.dataset.kind, letter: e.dataset.letter || '', count: +e.dataset.count, hook: e.dataset.square || '' });
    window.SimiaTrace.push({
      moves: v.moves.slice(), base: v.base, squares, slots, position: v.fenText, turn: v.turn,
      result: v.result, boardMsg: $('board-msg').hidden ? '' : $('board-msg').textContent, replay: v !== st.view,
    });
    if (window.SimiaTrace.length > 5000) window.SimiaTrace.splice(0, 1000);
  }

  async function advance() {
    const v = st.view;
    if (!v) return;
    if (isOver()) { if (st.clock) st.clock.running = null; setState('over'); return; }
    startClockFor(v.turn);
    if (seatOf(v.turn) === 'engine' && !st.paused) { engineMove(); return; }
    setState(seatOf(v.turn) === 'human' ? 'human' : 'paused');
  }

  // The strength limit for the level: on at its Elo (within the range the engine announced),
  // off for full strength and a custom limit.
  function strengthCommands() {
    const lv = levelOf(st.level), elo = findOption('UCI_Elo'), want = levelElo(lv);
    if (!findOption('UCI_LimitStrength') || !elo) return [];
    if (!want) return ['setoption name UCI_LimitStrength value false'];
    const v = Math.min(elo.max ?? want, Math.max(elo.min ?? want, want));
    return ['setoption name UCI_LimitStrength value true', `setoption name UCI_Elo value ${v}`];
  }

  function limitCommand() {
    const lv = levelOf(st.level);
    let go;
    if (lv.go) go = lv.go;
    else if (lv.level !== undefined) go = ''; // the strength limit ends the search
    else {
      const n = Math.max(1, Math.floor(+st.limitValue || 1));
      go = `${st.limitKind === 'depth' ? 'depth' : st.limitKind === 'nodes' ? 'nodes' : 'movetime'} ${n}`;
    }
    if (st.clock) {
      // With a clock the engine shares out its own time; a level's strength or a node or depth
      // limit still caps it.
      const c = st.clock;
      const clock = `p1time ${Math.max(1, Math.round(timeLeft('p1')))} p2time ${Math.max(1, Math.round(timeLeft('p2')))} p1inc ${c.inc} p2inc ${c.inc}`;
      go = /^movetime/.test(go) || !go ? clock : `${clock} ${go}`;
    }
    return go ? `go ${go}` : 'go';
  }

  async function engineMove() {
    const epoch = st.epoch;
    st.searching = true;
    st.info = null;
    st.pv = [];
    st.searchSide = st.view ? st.view.turn : 'p1';
    setState('thinking');
    let reply;
    try {
      reply = await st.session.request(() => (epoch === st.epoch ? [positionCommand(), ...strengthCommands(), limitCommand()] : null),
        (l) => /^bestmove\b/.test(l), onSearchLine);
    } catch (e) {
      st.searching = false;
      return fail(e);
    }
    if (epoch !== st.epoch || reply === null) { st.searching = false; return; }
    st.searching = false;
    const errs = reply.filter(isError);
    if (errs.length) showEngineErrors(errs);
    const move = (reply.end || '').split(/\s+/)[1];
    if (!move || move === '0000') {
      notice(`Simia could not move (${reply.end}).`, 'bad');
      setState('error');
      return;
    }
    await play(move, 'engine');
  }

  function onSearchLine(line) {
    if (!line.startsWith('info ')) return;
    if (line.startsWith('info string')) {
      if (isError(line)) showEngineErrors([line]);
      else $('engine-msg').textContent = line.slice(12);
      return;
    }
    const t = line.split(' ');
    const info = {};
    for (let i = 1; i < t.length; i++) {
      const k = t[i];
      if (k === 'pv') { info.pv = t.slice(i + 1); break; }
      if (k === 'score') { info.score = `${t[i + 1]} ${t[i + 2]}`; i += 2; if (t[i + 1] === 'lowerbound' || t[i + 1] === 'upperbound') info.bound = t[++i]; continue; }
      if (i + 1 < t.length) { info[k] = t[i + 1]; i++; }
    }
    if (!info.depth) return;
    info.side = st.searchSide;
    st.info = info;
    if (info.pv && !info.bound) st.pv = info.pv;
    renderSearch();
    renderBoard();
  }

  async function play(move, by) {
    // The arrows keep showing the rest of Simia's line while play follows it.
    st.pv = st.pv[0] === move ? st.pv.slice(1) : [];
    const mover = st.view ? st.view.turn : '?';
    st.moves.push(move);
    st.movers.push(mover);
    st.epoch++;
    st.selected = null;
    st.candidates = null;
    st.replay = null;
    const who = by === 'engine' ? 'Simia' : (st.mode === 'human-vs-engine' ? 'You' : sideName(mover === 'p1' ? 1 : 2));
    notice(`${who} played ${move}.`, 'info');
    await safely(async () => { if (await refresh()) await advance(); });
  }

  function cancelSearch() {
    st.epoch++;
    st.pv = [];
    if (st.searching) { try { st.session.send('stop'); } catch (e) { /* closed: nothing to stop */ } }
  }
  function clearSearch() {
    st.info = null;
    st.pv = [];
    $('engine-msg').textContent = '';
    renderSearch();
  }

  async function safely(fn) {
    try { await fn(); } catch (e) { fail(e); }
  }
  function fail(e) {
    notice(e.message, 'bad');
    if (!st.session || st.session.closed) setState('closed');
    else setState('error');
  }

  // A game the page ends itself: a resignation, a flag fall, a draw agreed.
  function endByPage(result, reason) {
    cancelSearch();
    st.searching = false;
    st.ended = { result, reason };
    if (st.clock) { const p = st.clock.running; if (p) st.clock.left[p] = timeLeft(p); st.clock.running = null; }
    saveToUrl();
    setState('over');
    render();
  }

  // ---------------------------------------------------------------- the address keeps the game
  // The game, its options and settings live in the query string (replaceState), so that a reload
  // or a shared link opens the same game at the same move.
  function saveToUrl() {
    if (!st.game) return;
    const p = new URLSearchParams();
    p.set('game', st.game);
    p.set('mode', st.mode);
    if (st.mode === 'human-vs-engine') p.set('human', st.human);
    p.set('level', st.level);
    if (st.level === 'custom') p.set(st.limitKind, st.limitValue);
    if (st.clockSpec) p.set('clock', st.clockSpec);
    for (const o of gameOptions(st.game).concat(sharedOptions())) {
      const v = st.values[o.name];
      if (v !== undefined && String(v) !== String(o.def)) p.set(o.name, v);
    }
    if (st.base !== 'startpos') p.set('fen', st.base.replace(/^fen /, ''));
    if (st.moves.length) p.set('moves', st.moves.join(' '));
    if (st.arrowsUser !== null) p.set('arrows', st.arrowsUser ? '1' : '0');
    if (st.ended) p.set('ended', `${st.ended.result}:${st.ended.reason}`);
    try { history.replaceState(null, '', `${location.pathname}?${p.toString()}`); } catch (e) { /* a file: page */ }
  }

  // ---------------------------------------------------------------- actions
  async function newGame(noAdvance) {
    cancelSearch();
    st.paused = false;
    showEngineErrors([]);
    $('engine-msg').textContent = '';
    const lines = [];
    if (st.hasGameOption) lines.push(`setoption name Game value ${st.game}`);
    for (const o of gameOptions(st.game).concat(sharedOptions())) {
      const v = st.values[o.name];
      if (v !== undefined && v !== '') lines.push(`setoption name ${o.name} value ${v}`);
    }
    // Any other announced option named in the query string (e.g. Threads, Hash).
    for (const [k, v] of params) {
      const o = findOption(k);
      if (o && !(o.name in st.values) && norm(o.name) !== 'game') lines.push(`setoption name ${o.name} value ${v}`);
    }
    lines.push('uginewgame', 'position startpos');
    setState('busy');
    const reply = await st.session.ask(lines);
    const errs = reply.filter(isError);
    showEngineErrors(errs);
    st.base = 'startpos';
    st.moves = [];
    st.movers = [];
    st.lastFen = null;
    st.cache = new Map();
    st.replay = null;
    st.ended = null;
    st.epoch++;
    clearSearch();
    st.userFlip = false;
    const spec = clockSpec();
    st.clock = spec ? { base: spec.base, inc: spec.inc, left: { p1: spec.base, p2: spec.base }, running: null, since: 0 } : null;
    const t = table();
    renderLegend();
    notice(errs.length ? 'The engine refused an option (see the error).' : `A new game of ${t ? t.title : st.game}`.replace(/\.?$/, '.'), errs.length ? 'bad' : 'info');
    if (await refresh() && !noAdvance) await advance();
  }

  async function undo() {
    cancelSearch();
    clearSearch();
    st.ended = null;
    st.replay = null;
    if (!st.moves.length) { notice('Nothing to undo.', 'info'); await safely(async () => { if (await refresh()) await advance(); }); return; }
    if (st.mode === 'engine-vs-engine') st.paused = true;
    st.moves.pop(); st.movers.pop();
    st.epoch++;
    await refresh();
    // Against Simia, go back to the last position where the human decides.
    while (st.mode === 'human-vs-engine' && st.moves.length && seatOf(st.view.turn) === 'engine') {
      st.moves.pop(); st.movers.pop();
      st.epoch++;
      await refresh();
    }
    notice('Move taken back.', 'info');
    await advance();
  }

  // Accepts a bare position string, `fen <string>`, `startpos`, and either with `moves ...`,
  // with or without a leading `position` (what "Copy" gives and arenas print).
  async function loadPosition(text, quiet) {
    text = text.trim().replace(/^position\s+/i, '');
    if (!text) return;
    let base, moves = [];
    const mm = /^(.*?)(?:\s*\bmoves(?:\s+(.*))?)?$/i.exec(text);
    let head = mm[1].trim();
    if (mm[2]) moves = mm[2].trim().split(/\s+/).filter(Boolean);
    if (/^startpos$/i.test(head) || head === '') base = 'startpos';
    else base = 'fen ' + head.replace(/^fen\s+/i, '');
    cancelSearch();
    const cmd = lineOf(base, moves);
    const reply = await st.session.ask([cmd]);
    const errs = reply.filter(isError);
    if (errs.length) {
      // Refused: show the engine's line and put the engine back on the game as it was.
      showEngineErrors(errs);
      notice('The engine refused that position; the game goes on unchanged.', 'bad');
      st.epoch++;
      await safely(async () => { if (await refresh()) await advance(); });
      showEngineErrors(errs);
      return;
    }
    showEngineErrors([]);
    clearSearch();
    st.base = base;
    st.moves = moves;
    st.movers = [];
    st.replay = null;
    st.ended = null;
    st.epoch++;
    if (st.mode === 'engine-vs-engine') st.paused = true;
    if (!quiet) notice('Position loaded.', 'info');
    await safely(async () => { if (await refresh()) await advance(); });
  }

  function resign() {
    if (!st.view || isOver()) return;
    const p = st.mode === 'human-vs-engine' ? st.human : st.view.turn;
    endByPage(p === 'p1' ? 'p2win' : 'p1win', `${sideName(p === 'p1' ? 1 : 2)} resigned`);
  }

  // Simia takes a draw when its last search saw itself no better than level (a score of at
  // most 0.2 for its side, and no win in sight).
  function offerDraw() {
    if (!st.view || isOver()) return;
    if (st.mode !== 'human-vs-engine') { endByPage('draw', 'agreed'); return; }
    const i = st.lastEval;
    const simia = st.human === 'p1' ? 'p2' : 'p1';
    if (!i) { notice('Simia declines the draw: it has not judged the game yet.', 'info'); return; }
    let mine = i.kind === 'mate' ? (i.value > 0 ? 1e6 : -1e6) : i.value;
    if (i.side !== simia) mine = -mine;
    if (mine <= 20) endByPage('draw', 'agreed: Simia accepted the offer');
    else notice('Simia declines the draw.', 'info');
  }

  // ---------------------------------------------------------------- replay
  // Viewing an earlier position never changes the game: the board shows the position after
  // `ply` moves; the next move (or End) brings the live game back.
  async function viewPly(ply) {
    if (!st.view) return;
    ply = Math.max(0, Math.min(ply, st.moves.length));
    if (ply === st.moves.length) { st.replay = null; render(); trace(st.view); return; }
    const key = lineOf(st.base, st.moves.slice(0, ply));
    let v = st.cache.get(key);
    if (!v) {
      const epoch = st.epoch;
      v = await inspect(st.base, st.moves.slice(0, ply), false);
      if (epoch !== st.epoch) return;
    }
    st.replay = { ply, view: v };
    st.selected = null;
    st.candidates = null;
    render();
    trace(v);
  }
  const shownPly = () => (st.replay ? st.replay.ply : st.moves.length);

  // ---------------------------------------------------------------- clicks
  function humanToMove() {
    return st.view && !isOver() && !st.searching && !st.replay && seatOf(st.view.turn) === 'human';
  }
  const movesFrom = (sq) => st.view.legal.filter((m) => m.from === sq);

  function refuse(text, sq) {
    notice(`Refused: ${text}`, 'bad');
    if (sq) {
      const el = document.querySelector(`[data-square="${CSS.escape(sq)}"]`);
      if (el) { el.classList.add('refused'); setTimeout(() => el.classList.remove('refused'), 600); }
    }
  }

  function onSquare(sq) {
    if (!st.view) return;
    if (st.replay) { safely(() => viewPly(st.moves.length)); notice('Back to the game.', 'info'); return; }
    if (!humanToMove()) { refuse(isOver() ? 'the game is over' : 'it is not your turn', sq); return; }
    if (st.selected) {
      const cands = movesFrom(st.selected).filter((m) => m.to === sq);
      // One plain move is played at once; a move with a suffix (a spawn, a flip, a count) is
      // shown in the chooser first, even alone, so that nobody makes it by surprise.
      if (cands.length === 1 && cands[0].rest === '') { play(cands[0].move, 'human'); return; }
      if (cands.length) { st.candidates = cands; renderChooser(); renderBoard(); return; }
      if (sq === st.selected) { st.selected = null; st.candidates = null; notice('', ''); render(); return; }
      if (movesFrom(sq).length) { select(sq); return; }
      const from = st.selected;
      st.selected = null; st.candidates = null; render();
      refuse(`${sq} is not a legal target from ${from}`, sq);
      return;
    }
    if (movesFrom(sq).length) { select(sq); return; }
    refuse(`no legal move starts on ${sq}`, sq);
  }

  function select(sq) {
    st.selected = sq;
    st.candidates = null;
    const n = movesFrom(sq).length;
    notice(`${sq}: ${n} legal move${n === 1 ? '' : 's'}; click a highlighted target.`, 'info');
    render();
  }

  function onMoveButton(move) {
    if (!humanToMove()) { refuse('it is not your turn'); return; }
    if (!st.view.legal.some((m) => m.move === move)) { refuse(`${move} is not legal here`); return; }
    play(move, 'human');
  }

  // ---------------------------------------------------------------- rendering
  function render() {
    renderStatus();
    renderBoard();
    renderChooser();
    renderMoves();
    renderSearch();
    renderClocks();
  }

  function drawnSquares() {
    return new Set(Array.from(document.querySelectorAll('#board [data-square]')).map((e) => e.dataset.square));
  }

  // Arrows: off by default when a person plays Simia (they would show the person's best move),
  // on when Simia plays itself or two people watch; the checkbox decides otherwise.
  const arrowsOn = () => (st.arrowsUser !== null ? st.arrowsUser : st.mode !== 'human-vs-engine');

  // The board turns so that the human's home is at the bottom (also after a Monkey Queen
  // swap); Flip turns it from there.
  function flipped(v) {
    let auto = false;
    if (st.mode === 'human-vs-engine' && v && v.model) auto = B.homeOf(table(), st.human === 'p1' ? 1 : 2, v.model.fields) === -1;
    return auto !== !!st.userFlip;
  }

  function renderBoard() {
    const svg = $('board');
    const v = st.replay ? st.replay.view : st.view;
    const msg = $('board-msg');
    if (!v) return;
    if (v.modelError || !v.model) {
      svg.innerHTML = '';
      svg.setAttribute('viewBox', '0 0 10 1');
      msg.textContent = `Cannot draw this board: ${v.modelError}`;
      msg.hidden = false;
      return;
    }
    msg.hidden = true;
    const human = humanToMove();
    const sources = new Set(human ? v.legal.map((m) => m.from).filter(Boolean) : []);
    const targets = new Set(human && st.selected ? movesFrom(st.selected).map((m) => m.to) : []);
    const last = v.moves.length ? B.splitMove(v.moves[v.moves.length - 1]) : null;
    const pv = !st.replay && arrowsOn() ? st.pv : [];
    $('pv-caption').hidden = !pv.length;
    $('arrows').checked = arrowsOn();
    try {
      B.draw(svg, v.model, {
        flipped: flipped(v), selected: st.selected, sources, targets,
        lastMove: last ? [last.from, last.to].filter(Boolean) : [],
        pv,
      });
    } catch (e) {
      svg.innerHTML = '';
      msg.textContent = `Cannot draw this board: ${e.message}`;
      msg.hidden = false;
    }
    svg.classList.toggle('replay', !!st.replay);
  }

  // Moves that a click on the board cannot make (no square: swap, pass, end; or a square the
  // table does not draw) and the chooser for moves sharing from and to.
  function renderChooser() {
    const box = $('chooser');
    const spec = $('specials');
    box.innerHTML = '';
    spec.innerHTML = '';
    const v = st.view;
    if (!v || !humanToMove()) { box.hidden = true; spec.hidden = true; return; }
    const t = table();
    const label = (m) => (t && t.choiceLabel ? t.choiceLabel(m.move, m, v.model) : '');
    const button = (m, parent, text) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.move = m.move;
      b.innerHTML = `<code>${m.move}</code>${text ? ` <span>${text}</span>` : ''}`;
      b.onclick = () => onMoveButton(m.move);
      parent.appendChild(b);
    };
    if (st.candidates) {
      const h = document.createElement('div');
      h.textContent = `Choose the move from ${st.selected} to ${st.candidates[0].to}:`;
      box.appendChild(h);
      for (const m of st.candidates) button(m, box, label(m));
      const c = document.createElement('button');
      c.type = 'button'; c.className = 'cancel'; c.textContent = 'cancel';
      c.onclick = () => { st.candidates = null; st.selected = null; render(); };
      box.appendChild(c);
      box.hidden = false;
    } else box.hidden = true;
    const drawn = drawnSquares();
    const others = v.legal.filter((m) => !m.from || !drawn.has(m.from) || !drawn.has(m.to));
    if (others.length) {
      const h = document.createElement('div');
      h.textContent = others.every((m) => !m.from) ? 'Moves without a square:' : 'Moves the board cannot show:';
      spec.appendChild(h);
      for (const m of others) button(m, spec, m.from ? '' : ({ swap: 'take over the first player\'s position (pie rule)', pass: 'no move is possible: pass', end: 'end the turn' }[m.move] || ''));
      spec.hidden = false;
    } else spec.hidden = true;
  }

  // The result as players read it: who won and why, and whether that is you.
  function resultText(v) {
    const result = st.ended ? st.ended.result : v.result;
    const reason = st.ended ? st.ended.reason : v.reason;
    const winner = result === 'p1win' ? 1 : result === 'p2win' ? 2 : 0;
    let text = winner ? `${sideName(winner, v)} wins` : result === 'draw' ? 'Draw' : 'Game over';
    if (reason) text += `: ${reason}`;
    text += '.';
    if (st.mode === 'human-vs-engine' && winner) text += (`p${winner}` === st.human ? ' You won!' : ' You lost.');
    return text;
  }

  function swatch(pl, v) {
    return `<span class="swatch" style="background:${sideOf(pl, v).colour}"></span>`;
  }

  function renderStatus() {
    const v = st.view;
    const t = table();
    $('game').textContent = st.game || '';
    $('game-title').textContent = t ? t.title : (st.game ? `${st.game} (no drawing table)` : '');
    $('moves').textContent = st.moves.join(' ');
    $('game-line').value = positionCommand();
    document.body.dataset.ply = String(st.moves.length);
    if (!v) { // no game yet: say what the page waits for (an error says itself in the notice)
      const state = document.body.dataset.state;
      $('status').textContent = state === 'connecting' ? 'Connecting to the engine…' : state === 'busy' ? 'Starting a game…' : '';
      return;
    }
    $('position').textContent = v.fenText;
    $('turn').textContent = v.turn;
    $('result').textContent = st.ended ? st.ended.result : v.result;
    $('engine-status').textContent = v.status;
    const state = document.body.dataset.state;
    const pl = v.turn === 'p1' ? 1 : 2;
    const name = sideName(pl);
    let html;
    const esc = B.kit.esc;
    const pending = v.model && t && t.pending ? t.pending(v.model.fields, v.model) : '';
    if (isOver()) html = esc(resultText(v));
    else if (state === 'thinking') html = `${swatch(pl)}Simia is thinking for ${esc(name)}…`;
    else if (state === 'paused') html = `${swatch(pl)}${esc(name)} to move; Simia is paused.`;
    else html = `${swatch(pl)}${esc(name)} to move${seatOf(v.turn) === 'human' && st.mode === 'human-vs-engine' ? ': your move' : ''}.`;
    if (pending && !isOver()) html += ` <span class="pending">${esc(pending)}.</span>`;
    if (st.replay) {
      const k = st.replay.ply;
      html = `<span class="viewing">Viewing ${k ? `the position after move ${k}` : 'the start'} of ${st.moves.length}</span> (→ or End: back to the game). ` + html;
    }
    $('status').innerHTML = html;
    $('status').className = isOver() ? 'over' : '';
    const facts = $('facts');
    const shown = st.replay ? st.replay.view : v;
    facts.textContent = shown.model ? shown.model.facts.filter(Boolean).join(' · ') : '';
    const errs = v.errors || [];
    if (errs.length) showEngineErrors(errs);
    $('undo').disabled = !st.moves.length;
    $('engine-move').disabled = !(v && !isOver() && !st.searching);
    $('engine-move').hidden = st.mode === 'engine-vs-engine';
    $('move-now').disabled = !st.searching;
    $('resign').disabled = isOver() || st.mode === 'engine-vs-engine';
    $('offer-draw').disabled = isOver() || st.mode === 'engine-vs-engine';
    $('offer-draw').hidden = !v.draws; // no draw to offer in a game that always has a winner
    $('pause').hidden = st.mode !== 'engine-vs-engine';
    $('pause').textContent = st.paused ? 'Resume' : 'Pause';
    $('human-wrap').hidden = st.mode !== 'human-vs-engine';
    $('clock-wrap').hidden = st.mode !== 'human-vs-engine';
    $('custom-wrap').hidden = st.level !== 'custom';
    $('level-text').textContent = levelOf(st.level).text;
  }

  function renderMoves() {
    const ol = $('movelist');
    ol.innerHTML = '';
    const cur = shownPly();
    const add = (ply, html) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'mv' + (ply === cur ? ' current' : '');
      b.dataset.ply = String(ply);
      b.innerHTML = html;
      b.onclick = () => safely(() => viewPly(ply));
      li.appendChild(b);
      ol.appendChild(li);
    };
    add(0, '<span class="by">start</span>');
    st.moves.forEach((m, k) => {
      // The mover: the position before the move says whose turn it was (cached views).
      const before = st.cache.get(lineOf(st.base, st.moves.slice(0, k)));
      const who = before ? (before.turn === 'p1' ? 1 : 2) : (st.movers[k] === 'p2' ? 2 : st.movers[k] === 'p1' ? 1 : 0);
      add(k + 1, `<span class="num">${k + 1}.</span> ${who ? swatch(who, before) : ''}<code>${B.kit.esc(m)}</code>`);
    });
    const curEl = ol.querySelector('.current');
    if (curEl && !st.replay) ol.scrollTop = ol.scrollHeight;
    else if (curEl) curEl.scrollIntoView({ block: 'nearest' });
  }

  // Scores as players read them: who is ahead, by how much, or who wins in how many moves
  // (the engine's score is for the side it searched for).
  function renderSearch() {
    const i = st.info;
    const set = (id, v) => { $(id).textContent = v === undefined || v === null ? '–' : v; };
    if (!i) { ['s-depth', 's-score', 's-nodes', 's-nps', 's-time', 's-pv'].forEach((id) => set(id, '–')); return; }
    set('s-depth', i.seldepth ? `${i.depth} (${i.seldepth} deepest)` : i.depth);
    let score = i.score || '';
    const m = /^(cp|mate) (-?\d+)$/.exec(score);
    if (m) {
      const me = i.side === 'p2' ? 2 : 1, other = 3 - me, n = +m[2];
      st.lastEval = { side: i.side, kind: m[1], value: n };
      if (m[1] === 'cp') score = Math.abs(n) < 10 ? 'about level' : `${sideName(n > 0 ? me : other)} ahead by ${(Math.abs(n) / 100).toFixed(2)}`;
      else score = n === 0 ? 'game over' : `${sideName(n > 0 ? me : other)} wins in ${Math.abs(n)} move${Math.abs(n) === 1 ? '' : 's'}`;
    }
    set('s-score', score + (i.bound ? ` (${i.bound === 'lowerbound' ? 'at least' : 'at most'})` : ''));
    set('s-nodes', i.nodes ? (+i.nodes).toLocaleString('en') : '–');
    set('s-nps', i.nps ? (+i.nps).toLocaleString('en') : '–');
    // The engine's speed in the header: the last search that ran long enough to measure it.
    if (+i.nps > 0 && +i.time >= 200) $('engine-speed').textContent = `, ${(+i.nps).toLocaleString('en')} nodes/s`;
    set('s-time', i.time ? `${i.time} ms` : '–');
    set('s-pv', (i.pv || []).join(' '));
  }

  function renderLegend() {
    const box = $('legend');
    const items = B.legendOf(st.game);
    if (!items.length) { box.textContent = 'No legend for this game.'; return; }
    box.innerHTML = items.map((it) => {
      let svg = '';
      try { svg = B.pieceSvg(st.game, it.letter, it.height); } catch (e) { svg = ''; }
      return `<div class="lg">${svg}<div><b>${B.kit.esc(it.name)}</b> — ${B.kit.esc(it.text)}</div></div>`;
    }).join('');
  }

  // ---------------------------------------------------------------- start
  function readControls() {
    st.mode = $('mode').value;
    st.human = $('human').value;
    st.level = $('level').value;
    st.limitKind = $('limit-kind').value;
    st.limitValue = $('limit-value').value;
    st.clockSpec = $('clock').value;
  }

  async function start() {
    setState('connecting');
    const mode = params.get('mode');
    if (mode && ['human-vs-engine', 'human-vs-human', 'engine-vs-engine'].includes(mode)) st.mode = mode;
    if (params.get('human') === 'p2') st.human = 'p2';
    if (params.get('level') && LEVELS.some((l) => l.id === params.get('level'))) st.level = params.get('level');
    for (const k of ['depth', 'movetime', 'nodes']) if (params.get(k)) { st.level = 'custom'; st.limitKind = k; st.limitValue = params.get(k); }
    // clock=600+5 as typed (a query string's + reads as a space) or as the page writes it (600%2B5).
    const clockParam = (params.get('clock') || '').replace(' ', '+');
    if (/^\d+\+\d+$/.test(clockParam)) st.clockSpec = clockParam;
    if (params.get('arrows') === '1' || params.get('arrows') === '0') st.arrowsUser = params.get('arrows') === '1';
    const lsel = $('level');
    for (const l of LEVELS) { const op = document.createElement('option'); op.value = l.id; op.textContent = l.name; lsel.appendChild(op); }
    $('mode').value = st.mode; $('human').value = st.human; $('level').value = st.level;
    $('limit-kind').value = st.limitKind; $('limit-value').value = st.limitValue; $('clock').value = st.clockSpec;

    // Where the engine runs: in this browser (the static build marks its page with
    // <meta name="simia-engine" content="worker">) or on the server behind serve.sh's socket;
    // ?engine=worker|server overrides.
    const meta = document.querySelector('meta[name="simia-engine"]');
    st.engineWhere = ['worker', 'server'].includes(params.get('engine')) ? params.get('engine')
      : meta && meta.content === 'worker' ? 'worker' : 'server';
    $('engine-where').textContent = st.engineWhere === 'worker' ? 'in this browser (WebAssembly)' : 'on the server';
    document.body.dataset.engine = st.engineWhere;
    const url = st.engineWhere === 'worker' ? 'worker:worker.js' : `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/`;
    st.session = new UgiSession(url, {
      log: logLine,
      busy: (n) => { document.body.dataset.busy = String(n + (st.searching ? 1 : 0)); },
      stray: (l) => { if (isError(l)) showEngineErrors([l]); },
      closed: (err) => { notice(`${err.message}. Reload the page to start a new engine.`, 'bad'); setState('closed'); },
    });
    try {
      await st.session.connect();
      const lines = await st.session.request(['ugi'], (l) => l === 'ugiok');
      await st.session.ask([]);
      $('engine-id').textContent = (lines.find((l) => l.startsWith('id name ')) || '').slice(8);
      st.options = lines.map(parseOption).filter(Boolean);
      const g = findOption('Game');
      st.hasGameOption = !!(g && g.type === 'combo' && g.vars.length);
      // Before the Game option exists the engine plays Monkey Queen only.
      st.games = st.hasGameOption ? g.vars : ['monkeyqueen'];
      const sel = $('game-select');
      for (const name of st.games) {
        const op = document.createElement('option');
        op.value = name;
        op.textContent = B.tables[name] ? B.tables[name].title : `${name} (no drawing table)`;
        sel.appendChild(op);
      }
      const want = params.get('game');
      st.game = want && st.games.includes(want.toLowerCase()) ? want.toLowerCase() : (st.hasGameOption && st.games.includes(g.def) ? g.def : st.games[0]);
      sel.value = st.game;
      if (st.hasGameOption && st.game !== g.def) await loadOptions();
      buildOptionControls();
      if (want && !st.games.includes(want.toLowerCase())) notice(`Game '${want}' is not one the engine plays (${st.games.join(', ')}).`, 'bad');
      const ended = /^(p1win|p2win|draw):(.*)$/.exec(params.get('ended') || '');
      const moves = params.get('moves');
      const fen = params.get('fen');
      // A kept game (a reload, a shared link) is replayed quietly; Simia against itself waits.
      if (fen || moves) {
        await newGame(true);
        await loadPosition(`${fen || 'startpos'} moves ${moves || ''}`, true);
        if (ended) endByPage(ended[1], ended[2]);
        notice(`The game is back at move ${st.moves.length}.`, 'info');
      } else await newGame();
    } catch (e) {
      fail(e);
    }
  }

  function wire() {
    $('board').addEventListener('click', (ev) => {
      const g = ev.target.closest('[data-square]');
      if (g) onSquare(g.dataset.square);
    });
    $('game-select').onchange = () => {
      st.game = $('game-select').value;
      st.values = {};
      cancelSearch();
      // The last game's position means nothing to this game's table: none is shown until the
      // new game's is read (as at start-up), or drawing it would fail.
      st.view = null;
      st.replay = null;
      safely(async () => { await loadOptions(); buildOptionControls(); readControls(); await newGame(); });
    };
    $('new-game').onclick = () => { readControls(); safely(newGame); };
    $('undo').onclick = () => safely(undo);
    $('flip').onclick = () => { st.userFlip = !st.userFlip; renderBoard(); };
    $('resign').onclick = resign;
    $('offer-draw').onclick = offerDraw;
    $('arrows').onchange = () => { st.arrowsUser = $('arrows').checked; saveToUrl(); renderBoard(); };
    $('load').onclick = () => safely(() => loadPosition($('fen-input').value));
    $('fen-input').onkeydown = (ev) => { if (ev.key === 'Enter') safely(() => loadPosition($('fen-input').value)); };
    $('copy').onclick = async () => {
      const text = positionCommand();
      try { await navigator.clipboard.writeText(text); notice('Copied: ' + text, 'info'); } catch (e) {
        $('game-line').select(); document.execCommand('copy'); notice('Copied (select-and-copy): ' + text, 'info');
      }
    };
    $('engine-move').onclick = () => { if (st.view && !isOver() && !st.searching) { st.selected = null; st.replay = null; engineMove(); } };
    $('move-now').onclick = () => { if (st.searching) st.session.send('stop'); };
    $('pause').onclick = () => {
      st.paused = !st.paused;
      if (st.paused) { cancelSearch(); safely(async () => { if (await refresh()) await advance(); }); } else safely(advance);
      renderStatus();
    };
    const seats = () => {
      const before = st.mode;
      readControls();
      if (before !== st.mode && st.clock && st.mode !== 'human-vs-engine') st.clock = null;
      saveToUrl();
      if (!st.searching) safely(advance);
      render();
    };
    $('mode').onchange = seats;
    $('human').onchange = seats;
    $('level').onchange = () => { readControls(); saveToUrl(); renderStatus(); };
    $('limit-kind').onchange = () => { readControls(); saveToUrl(); };
    $('limit-value').onchange = () => { readControls(); saveToUrl(); };
    $('clock').onchange = () => { readControls(); notice('The clock applies at the next new game.', 'info'); };
    $('nav-start').onclick = () => safely(() => viewPly(0));
    $('nav-back').onclick = () => safely(() => viewPly(shownPly() - 1));
    $('nav-fwd').onclick = () => safely(() => viewPly(shownPly() + 1));
    $('nav-end').onclick = () => safely(() => viewPly(st.moves.length));
    $('log-box').ontoggle = () => { if ($('log-box').open) { $('log').textContent = log.join('\n'); } };
    document.addEventListener('keydown', (ev) => {
      if (ev.target && /^(INPUT|SELECT|TEXTAREA)$/.test(ev.target.tagName)) return;
      if (ev.key === 'Escape' && st.selected) { st.selected = null; st.candidates = null; render(); return; }
      const nav = { ArrowLeft: () => shownPly() - 1, ArrowRight: () => shownPly() + 1, Home: () => 0, End: () => st.moves.length }[ev.key];
      if (nav && st.view) { ev.preventDefault(); safely(() => viewPly(nav())); }
    });
  }

  // Leaving the page ends its engine: the browser may keep a left page (and its socket) alive
  // in its back-forward cache, so the socket is closed here; a page brought back from that
  // cache has no engine any more and starts clean.
  window.addEventListener('pagehide', () => { if (st.session && st.session.ws) st.session.ws.close(1000, 'page left'); });
  window.addEventListener('pageshow', (ev) => { if (ev.persisted) location.reload(); });

  wire();
  start();
})();
