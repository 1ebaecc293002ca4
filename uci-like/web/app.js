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
    limitKind: 'movetime',
    limitValue: 500,
    flipped: false,
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

  // ---------------------------------------------------------------- engine conversation
  function positionCommand() {
    return `position ${st.base}${st.moves.length ? ' moves ' + st.moves.join(' ') : ''}`;
  }

  function seatOf(player) {
    if (st.mode === 'engine-vs-engine') return 'engine';
    if (st.mode === 'human-vs-human') return 'human';
    return player === st.human ? 'human' : 'engine';
  }

  // Ask the engine everything the page shows about the current position.
  async function refresh() {
    const epoch = st.epoch;
    const s = st.session;
    const posLines = await s.ask([positionCommand()]);
    const dLines = await s.ask(['d']);
    const q = (await s.ask(['query p1turn', 'query result', 'query gameover'])).filter((l) => l.startsWith('response '));
    if (q.length !== 3) throw new Error(`the engine answered ${q.length} of 3 queries`);
    const gameover = q[2] === 'response true';
    const perft = gameover ? [] : await s.ask(['go perft 1']);
    if (epoch !== st.epoch) return false;
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
    st.view = {
      errors, dLines, fen, fenText: fenLine ? fenLine.slice(5).trim() : '(no position)',
      turn: q[0] === 'response true' ? 'p1' : 'p2',
      result: q[1].slice(9).trim(), gameover, legal,
      status: (dLines.find((l) => l.startsWith('Status: ')) || '').slice(8),
      model: null, modelError: null,
    };
    if (counted !== null && counted !== legal.length) st.view.errors.push(`page: go perft 1 listed ${legal.length} moves but counted ${counted}`);
    try {
      let text = fen;
      if (!text && B.tables[st.game] && B.tables[st.game].parseDrawing) {
        const board = B.tables[st.game].parseDrawing(boardLines);
        // The drawing has no fields: take them from the last position string seen.
        if (board && st.lastFen) text = [board].concat(st.lastFen.split(/\s+/).slice(1)).join(' ');
      }
      if (!B.tables[st.game]) throw new Error(`no drawing table for game '${st.game}': this page cannot draw its board (moves are still listed below)`);
      if (!text) throw new Error(`the engine gives no position string (${st.view.fenText})`);
      st.view.model = B.model(st.game, text, { options: st.values });
      st.view.drawnFromDiagram = !fen;
    } catch (e) {
      st.view.modelError = e.message;
    }
    if (fen) st.lastFen = fen;
    st.selected = null;
    st.candidates = null;
    render();
    trace();
    return true;
  }

  // Every position the page showed, as drawn (what each square element says it holds), so
  // that a test can check each one, engine moves included, against the engine's own `d`.
  window.SimiaTrace = [];
  function trace() {
    const squares = {}, slots = [];
    for (const e of document.querySelectorAll('#board [data-piece]')) squares[e.dataset.square] = e.dataset.piece;
    for (const e of document.querySelectorAll('#board .slot')) slots.push({ owner: +e.dataset.owner, kind: e.dataset.kind, letter: e.dataset.letter || '', count: +e.dataset.count, hook: e.dataset.square || '' });
    window.SimiaTrace.push({
      moves: st.moves.slice(), base: st.base, squares, slots, position: st.view.fenText, turn: st.view.turn,
      result: st.view.result, boardMsg: $('board-msg').hidden ? '' : $('board-msg').textContent,
    });
    if (window.SimiaTrace.length > 5000) window.SimiaTrace.splice(0, 1000);
  }

  async function advance() {
    const v = st.view;
    if (!v) return;
    if (v.gameover) { setState('over'); return; }
    if (seatOf(v.turn) === 'engine' && !st.paused) { engineMove(); return; }
    setState(seatOf(v.turn) === 'human' ? 'human' : 'paused');
  }

  function limitCommand() {
    const n = Math.max(1, Math.floor(+st.limitValue || 1));
    return st.limitKind === 'depth' ? `go depth ${n}` : `go movetime ${n}`;
  }

  async function engineMove() {
    const epoch = st.epoch;
    st.searching = true;
    st.info = null;
    st.pv = [];
    setState('thinking');
    let reply;
    try {
      reply = await st.session.request(() => (epoch === st.epoch ? [positionCommand(), limitCommand()] : null),
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
    st.info = info;
    if (info.pv && !info.bound) st.pv = info.pv;
    renderSearch();
    renderBoard();
  }

  async function play(move, by) {
    // The arrows keep showing the rest of Simia's line while play follows it.
    st.pv = st.pv[0] === move ? st.pv.slice(1) : [];
    st.moves.push(move);
    st.movers.push(st.view ? st.view.turn : '?');
    st.epoch++;
    st.selected = null;
    st.candidates = null;
    notice(by === 'engine' ? `Simia played ${move}.` : `You played ${move}.`, 'info');
    await safely(async () => { if (await refresh()) await advance(); });
  }

  function cancelSearch() {
    st.epoch++;
    st.pv = [];
    if (st.searching) { try { st.session.send('stop'); } catch (e) { /* closed: nothing to stop */ } }
  }

  async function safely(fn) {
    try { await fn(); } catch (e) { fail(e); }
  }
  function fail(e) {
    notice(e.message, 'bad');
    if (!st.session || st.session.closed) setState('closed');
    else setState('error');
  }

  // ---------------------------------------------------------------- actions
  async function newGame() {
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
    st.epoch++;
    st.info = null;
    st.pv = [];
    const t = B.tables[st.game];
    const topHome = t && t.home === -1 ? 'p1' : 'p2';
    st.flipped = st.mode === 'human-vs-engine' && st.human === topHome;
    notice(errs.length ? 'The engine refused an option (see the error).' : `New game of ${t ? t.title : st.game}.`, errs.length ? 'bad' : 'info');
    if (await refresh()) await advance();
  }

  async function undo() {
    cancelSearch();
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
  async function loadPosition(text) {
    text = text.trim().replace(/^position\s+/i, '');
    if (!text) return;
    let base, moves = [];
    const mm = /^(.*?)(?:\s+moves(?:\s+(.*))?)?$/i.exec(text);
    let head = mm[1].trim();
    if (mm[2]) moves = mm[2].trim().split(/\s+/).filter(Boolean);
    if (/^startpos$/i.test(head)) base = 'startpos';
    else base = 'fen ' + head.replace(/^fen\s+/i, '');
    cancelSearch();
    const cmd = `position ${base}${moves.length ? ' moves ' + moves.join(' ') : ''}`;
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
    st.base = base;
    st.moves = moves;
    st.movers = moves.map(() => '?');
    st.epoch++;
    if (st.mode === 'engine-vs-engine') st.paused = true;
    notice('Position loaded.', 'info');
    await safely(async () => { if (await refresh()) await advance(); });
  }

  // ---------------------------------------------------------------- clicks
  function humanToMove() {
    return st.view && !st.view.gameover && !st.searching && seatOf(st.view.turn) === 'human';
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
    if (!humanToMove()) { refuse(st.view.gameover ? 'the game is over' : 'it is not your turn', sq); return; }
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
  }

  function drawnSquares() {
    return new Set(Array.from(document.querySelectorAll('#board [data-square]')).map((e) => e.dataset.square));
  }

  function renderBoard() {
    const svg = $('board');
    const v = st.view;
    const msg = $('board-msg');
    if (!v) return;
    if (v.modelError || !v.model) {
      svg.innerHTML = '';
      svg.setAttribute('viewBox', '0 0 10 1');
      msg.textContent = `Cannot draw this board: ${v.modelError}`;
      msg.hidden = false;
      return;
    }
    msg.hidden = !v.drawnFromDiagram;
    if (v.drawnFromDiagram) msg.textContent = `The engine gives no position string here (${v.fenText.replace(/^\(none: |\)$/g, '')}): the board is read from its diagram.`;
    const human = humanToMove();
    const sources = new Set(human ? v.legal.map((m) => m.from).filter(Boolean) : []);
    const targets = new Set(human && st.selected ? movesFrom(st.selected).map((m) => m.to) : []);
    const last = st.moves.length ? B.splitMove(st.moves[st.moves.length - 1]) : null;
    $('pv-caption').hidden = !st.pv.length;
    try {
      B.draw(svg, v.model, {
        flipped: st.flipped, selected: st.selected, sources, targets,
        lastMove: last ? [last.from, last.to].filter(Boolean) : [],
        pv: st.pv,
      });
    } catch (e) {
      svg.innerHTML = '';
      msg.textContent = `Cannot draw this board: ${e.message}`;
      msg.hidden = false;
    }
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
    const t = B.tables[st.game];
    const label = (m) => (t && t.choiceLabel ? t.choiceLabel(m.move, m) : '');
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
      for (const m of others) button(m, spec, m.from ? '' : ({ swap: 'take over the first player\'s position (pie rule)', pass: 'no move is possible', end: 'end the turn' }[m.move] || ''));
      spec.hidden = false;
    } else spec.hidden = true;
  }

  function renderStatus() {
    const v = st.view;
    const t = B.tables[st.game];
    $('game').textContent = st.game || '';
    $('game-title').textContent = t ? t.title : (st.game ? `${st.game} (no drawing table)` : '');
    $('moves').textContent = st.moves.join(' ');
    $('game-line').value = positionCommand();
    document.body.dataset.ply = String(st.moves.length);
    if (!v) return;
    $('position').textContent = v.fenText;
    $('turn').textContent = v.turn;
    $('result').textContent = v.result;
    const state = document.body.dataset.state;
    let text;
    const who = (p) => {
      const colour = v.model && v.model.table.colourOf ? ` (${v.model.table.colourOf(p === 'p1' ? 1 : 2, v.model.fields)})` : '';
      return `${p}${colour}`;
    };
    if (v.gameover) text = `Game over: ${{ p1win: 'player 1 wins', p2win: 'player 2 wins', draw: 'a draw', none: 'no result' }[v.result] || v.result}.`; else if (state === 'thinking') text = `Simia is thinking for ${who(v.turn)}…`;
    else if (state === 'paused') text = `${who(v.turn)} to move; Simia is paused.`;
    else text = `${who(v.turn)} to move${seatOf(v.turn) === 'human' ? (st.mode === 'human-vs-engine' ? ': your move' : '') : ''}.`;
    $('status').textContent = text;
    $('status').className = v.gameover ? 'over' : '';
    const facts = $('facts');
    facts.innerHTML = '';
    if (v.model) for (const f of v.model.facts) { const li = document.createElement('li'); li.textContent = f; facts.appendChild(li); }
    if (v.status) { const li = document.createElement('li'); li.textContent = `engine: ${v.status}`; facts.appendChild(li); }
    const errs = v.errors || [];
    if (errs.length) showEngineErrors(errs);
    $('undo').disabled = !st.moves.length;
    $('engine-move').disabled = !(v && !v.gameover && !st.searching);
    $('move-now').disabled = !st.searching;
    $('pause').hidden = st.mode !== 'engine-vs-engine';
    $('pause').textContent = st.paused ? 'Resume' : 'Pause';
    $('human-wrap').hidden = st.mode !== 'human-vs-engine';
  }

  function renderMoves() {
    const ol = $('movelist');
    ol.innerHTML = '';
    st.moves.forEach((m, k) => {
      const li = document.createElement('li');
      li.innerHTML = `<span class="by">${st.movers[k] || '?'}</span> <code>${m}</code>`;
      ol.appendChild(li);
    });
    ol.scrollTop = ol.scrollHeight;
  }

  function renderSearch() {
    const i = st.info;
    const set = (id, v) => { $(id).textContent = v === undefined || v === null ? '–' : v; };
    if (!i) { ['s-depth', 's-score', 's-nodes', 's-nps', 's-time', 's-pv'].forEach((id) => set(id, '–')); return; }
    set('s-depth', i.seldepth ? `${i.depth}/${i.seldepth}` : i.depth);
    let score = i.score || '';
    const m = /^(cp|mate) (-?\d+)$/.exec(score);
    if (m) score = m[1] === 'cp' ? `${(+m[2] / 100).toFixed(2)}` : `mate in ${m[2]}`;
    set('s-score', score + (i.bound ? ` (${i.bound})` : ''));
    set('s-nodes', i.nodes ? (+i.nodes).toLocaleString('en') : '–');
    set('s-nps', i.nps ? (+i.nps).toLocaleString('en') : '–');
    set('s-time', i.time ? `${i.time} ms` : '–');
    set('s-pv', (i.pv || []).join(' '));
  }

  // ---------------------------------------------------------------- start
  function readControls() {
    st.mode = $('mode').value;
    st.human = $('human').value;
    st.limitKind = $('limit-kind').value;
    st.limitValue = $('limit-value').value;
  }

  async function start() {
    setState('connecting');
    const mode = params.get('mode');
    if (mode && ['human-vs-engine', 'human-vs-human', 'engine-vs-engine'].includes(mode)) st.mode = mode;
    if (params.get('human') === 'p2') st.human = 'p2';
    if (params.get('depth')) { st.limitKind = 'depth'; st.limitValue = params.get('depth'); }
    if (params.get('movetime')) { st.limitKind = 'movetime'; st.limitValue = params.get('movetime'); }
    $('mode').value = st.mode; $('human').value = st.human;
    $('limit-kind').value = st.limitKind; $('limit-value').value = st.limitValue;

    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/`;
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
      buildOptionControls();
      if (want && !st.games.includes(want.toLowerCase())) notice(`Game '${want}' is not one the engine plays (${st.games.join(', ')}).`, 'bad');
      await newGame();
      if (params.get('fen')) await loadPosition(params.get('fen'));
    } catch (e) {
      fail(e);
    }
  }

  function wire() {
    $('board').addEventListener('click', (ev) => {
      const g = ev.target.closest('[data-square]');
      if (g) onSquare(g.dataset.square);
    });
    $('game-select').onchange = () => { st.game = $('game-select').value; st.values = {}; buildOptionControls(); safely(newGame); };
    $('new-game').onclick = () => { readControls(); safely(newGame); };
    $('undo').onclick = () => safely(undo);
    $('flip').onclick = () => { st.flipped = !st.flipped; renderBoard(); };
    $('load').onclick = () => safely(() => loadPosition($('fen-input').value));
    $('fen-input').onkeydown = (ev) => { if (ev.key === 'Enter') safely(() => loadPosition($('fen-input').value)); };
    $('copy').onclick = async () => {
      const text = positionCommand();
      try { await navigator.clipboard.writeText(text); notice('Copied: ' + text, 'info'); } catch (e) {
        $('game-line').select(); document.execCommand('copy'); notice('Copied (select-and-copy): ' + text, 'info');
      }
    };
    $('engine-move').onclick = () => { if (st.view && !st.view.gameover && !st.searching) { st.selected = null; engineMove(); } };
    $('move-now').onclick = () => { if (st.searching) st.session.send('stop'); };
    $('pause').onclick = () => {
      st.paused = !st.paused;
      if (st.paused) { cancelSearch(); safely(async () => { if (await refresh()) await advance(); }); } else safely(advance);
      renderStatus();
    };
    const seats = () => { readControls(); if (!st.searching) safely(advance); renderStatus(); };
    $('mode').onchange = seats;
    $('human').onchange = seats;
    $('limit-kind').onchange = readControls;
    $('limit-value').onchange = readControls;
    $('log-box').ontoggle = () => { if ($('log-box').open) { $('log').textContent = log.join('\n'); } };
    document.addEventListener('keydown', (ev) => { if (ev.key === 'Escape' && st.selected) { st.selected = null; st.candidates = null; render(); } });
  }

  // Leaving the page ends its engine: the browser may keep a left page (and its socket) alive
  // in its back-forward cache, so the socket is closed here; a page brought back from that
  // cache has no engine any more and starts clean.
  window.addEventListener('pagehide', () => { if (st.session && st.session.ws) st.session.ws.close(1000, 'page left'); });
  window.addEventListener('pageshow', (ev) => { if (ev.persisted) location.reload(); });

  wire();
  start();
})();
