// boards.js — how the page draws each game: one small table per game (what the fields of its
// position string mean, where its squares, clouds, pools, hands and off counts go) and the SVG drawing.
//
// The page holds no rules: a table only says how a position string *looks*. Legal moves and
// results come from the engine. A registered game without a table is reported, never guessed.
(function (global) {
  'use strict';

  const FILES = 'abcdefghijklmnopqrstuvwxyz';
  const U = 50; // one square, in SVG units

  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c]));

  // ---------------------------------------------------------------- position strings
  // The board field's grammar is shared by every game (rules/README.md): ranks from the highest,
  // '/' between ranks, a number of empty squares, a letter with an optional [n], and Zoo's (...)
  // for pieces sharing a square. Each token keeps its exact text, so that a test can rebuild
  // the field from what was drawn.
  function parseBoard(text) {
    if (!text) throw new Error('empty board field');
    return text.split('/').map((row, r) => {
      const cells = [];
      let i = 0;
      if (row === '') throw new Error(`rank ${r + 1} from the top is empty`);
      while (i < row.length) {
        const c = row[i];
        if (c >= '0' && c <= '9') {
          let j = i;
          while (j < row.length && row[j] >= '0' && row[j] <= '9') j++;
          const n = parseInt(row.slice(i, j), 10);
          if (!(n > 0) || n > 64) throw new Error(`bad number of empty squares '${row.slice(i, j)}'`);
          for (let k = 0; k < n; k++) cells.push({ token: '', pieces: [] });
          i = j;
        } else if (c === '(') {
          const j = row.indexOf(')', i);
          if (j < 0) throw new Error(`'(' without ')' in '${row}'`);
          const inner = row.slice(i + 1, j);
          const pieces = [];
          for (let k = 0; k < inner.length; k++) {
            if (!/[A-Za-z]/.test(inner[k])) throw new Error(`bad letter '${inner[k]}' in '(${inner})'`);
            pieces.push({ letter: inner[k], height: 1 });
          }
          if (pieces.length < 2) throw new Error(`'(${inner})' needs two or more pieces`);
          cells.push({ token: row.slice(i, j + 1), pieces });
          i = j + 1;
        } else if (/[A-Za-z]/.test(c)) {
          let j = i + 1, height = 1;
          if (row[j] === '[') {
            const k = row.indexOf(']', j);
            if (k < 0) throw new Error(`'[' without ']' in '${row}'`);
            height = parseInt(row.slice(j + 1, k), 10);
            if (!(height >= 1) || !/^[0-9]+$/.test(row.slice(j + 1, k))) throw new Error(`bad height '${row.slice(j, k + 1)}'`);
            j = k + 1;
          }
          cells.push({ token: row.slice(i, j), pieces: [{ letter: c, height }] });
          i = j;
        } else {
          throw new Error(`unexpected character '${c}' in '${row}'`);
        }
      }
      return cells;
    });
  }

  // A board as printed: runs of empty squares merged into one number.
  function boardText(rows) {
    return rows.map((row) => {
      let out = '', run = 0;
      for (const cell of row) {
        if (!cell.token) { run++; continue; }
        if (run) { out += run; run = 0; }
        out += cell.token;
      }
      return run ? out + run : out;
    }).join('/');
  }

  const isUpper = (l) => l >= 'A' && l <= 'Z';
  const ownerByCase = (l) => (isUpper(l) ? 1 : 2);

  // ---------------------------------------------------------------- colours and shapes
  const INK = { light: '#2a2118', dark: '#f6f1e6' };
  const SIDE = {
    1: { fill: '#f4eedf', stroke: '#5b4a33', ink: INK.light },
    2: { fill: '#2f2a27', stroke: '#0d0b0a', ink: INK.dark },
  };

  function disc(cx, cy, r, style, label, extra) {
    let s = `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${style.fill}" stroke="${style.stroke}" stroke-width="2"/>`;
    if (extra && extra.ring) s += `<circle cx="${cx}" cy="${cy}" r="${r - 4}" fill="none" stroke="${extra.ring}" stroke-width="3"/>`;
    if (label !== undefined && label !== '') {
      const fs = extra && extra.fontSize ? extra.fontSize : (String(label).length > 2 ? r * 0.8 : r * 1.0);
      s += `<text x="${cx}" y="${cy}" dy="0.35em" text-anchor="middle" font-size="${fs}" font-weight="700" fill="${style.ink}">${esc(label)}</text>`;
    }
    return s;
  }

  function stack(cx, cy, n, style, label) {
    // A stack seen from the side: one ellipse per checker, the top one labelled with the height.
    const rx = U * 0.36, ry = U * 0.13, step = U * 0.12;
    const base = cy + ((n - 1) * step) / 2;
    let s = '';
    for (let k = 0; k < n; k++) {
      const y = base - k * step;
      s += `<ellipse cx="${cx}" cy="${y + 3}" rx="${rx}" ry="${ry}" fill="${style.stroke}"/>`;
      s += `<ellipse cx="${cx}" cy="${y}" rx="${rx}" ry="${ry}" fill="${style.fill}" stroke="${style.stroke}" stroke-width="1.5"/>`;
    }
    const top = base - (n - 1) * step;
    s += `<text x="${cx}" y="${top}" dy="0.35em" text-anchor="middle" font-size="${U * 0.26}" font-weight="700" fill="${style.ink}">${esc(label === undefined ? n : label)}</text>`;
    return s;
  }

  function triangle(cx, cy, size, style, label) {
    const h = size * 0.9;
    const p = `${cx},${cy - h / 2} ${cx - size / 2},${cy + h / 2} ${cx + size / 2},${cy + h / 2}`;
    let s = `<polygon points="${p}" fill="${style.fill}" stroke="${style.stroke}" stroke-width="2" stroke-linejoin="round"/>`;
    if (label !== undefined && label !== '') {
      s += `<text x="${cx}" y="${cy + h * 0.12}" dy="0.35em" text-anchor="middle" font-size="${U * 0.26}" font-weight="700" fill="${style.ink}">${esc(label)}</text>`;
    }
    return s;
  }

  // ---------------------------------------------------------------- the tables
  // Each table: title; fields (names of the position string's fields after the board, in
  // order); options (its UGI options when they carry no prefix; otherwise the page takes the
  // options whose name starts with the game's name); size ([files, ranks] when fixed);
  // home (1 = player 1 starts on the low ranks, -1 on the high ranks); piece(p, ctx) -> SVG;
  // decider(f) -> 1|2 (the player the string says decides next); trays(f, ctx) -> the
  // off-board areas; facts(f, ctx) -> lines of text. layout(rows) may place squares itself.
  const tables = {};

  // Monkey Queen (README "Notation"): colours Ivory (i, I[h]) and Cigar (c, C[h]); who plays
  // which colour is the swap field's business (after `swap`, player 1 plays Cigar).
  tables.monkeyqueen = {
    title: 'Monkey Queen',
    fields: ['side', 'swap', 'ply'],
    options: ['PieRule', 'IvoryHeight', 'CigarHeight'],
    size: [12, 12],
    home: 1,
    colours: { i: { fill: '#f3ead2', stroke: '#8a7550', ink: '#3a2d17' }, c: { fill: '#7a4a2a', stroke: '#3b2312', ink: '#fbeee0' } },
    piece(p) {
      const col = this.colours[p.letter.toLowerCase()];
      if (!col) throw new Error(`unknown piece '${p.letter}'`);
      if (isUpper(p.letter)) return disc(0, 0, U * 0.42, col, p.height, { ring: '#d4a72c', fontSize: U * 0.36 });
      return disc(0, 0, U * 0.24, col, '');
    },
    pieceName(p) { return (p.letter.toLowerCase() === 'i' ? 'Ivory ' : 'Cigar ') + (isUpper(p.letter) ? `queen of ${p.height}` : 'baby'); },
    decider(f, ctx) {
      // p1 plays Ivory unless the swap was taken.
      const p1colour = f.swap === 's' ? 'c' : 'i';
      return f.side === p1colour ? 1 : 2;
    },
    colourOf(player, f) { const p1 = f.swap === 's' ? 'Cigar' : 'Ivory'; return player === 1 ? p1 : (p1 === 'Ivory' ? 'Cigar' : 'Ivory'); },
    check(f) {
      if (!/^[ic]$/.test(f.side)) throw new Error(`side '${f.side}' is not i or c`);
      if (!/^[was-]$/.test(f.swap)) throw new Error(`swap state '${f.swap}' is not w, a, s or -`);
    },
    trays() { return []; },
    facts(f) {
      const swap = { w: 'pie rule: Ivory\'s first move not made yet', a: 'pie rule: Cigar may answer swap now', s: 'swap taken: player 1 plays Cigar', '-': 'no swap: player 1 plays Ivory' }[f.swap];
      return [`${f.side === 'i' ? 'Ivory' : 'Cigar'} to move`, swap, `ply ${f.ply}`];
    },
    // A queen captured leaves no position string; the board is then read from d's drawing,
    // whose header row puts each file letter at the first column of that file's cell.
    parseDrawing(lines) {
      const header = lines.find((l) => /^\s+a\s+b\s+c/.test(l));
      if (!header) return null;
      const cols = [];
      for (let k = 0; k < 12; k++) cols.push(header.indexOf(FILES[k], k ? cols[k - 1] + 1 : 0));
      if (cols.some((c) => c < 0)) return null;
      const rows = [];
      for (const line of lines) {
        const m = /^\s*(\d+)\s/.exec(line);
        if (!m || line === header) continue;
        const row = [];
        for (let k = 0; k < 12; k++) {
          const cell = line.substr(cols[k], 3).trim();
          let q;
          if (cell === '.') row.push({ token: '', pieces: [] });
          else if (cell === 'i' || cell === 'c') row.push({ token: cell, pieces: [{ letter: cell, height: 1 }] });
          else if ((q = /^([IC])\s*(\d+)$/.exec(cell))) row.push({ token: `${q[1]}[${q[2]}]`, pieces: [{ letter: q[1], height: +q[2] }] });
          else return null;
        }
        rows.push(row);
      }
      return rows.length === 12 ? boardText(rows) : null;
    },
  };

  function offTrays(f, ctx, what) {
    const dec = ctx.decider;
    return [1, 2].map((pl) => ({
      owner: pl,
      items: [{ hook: pl === dec ? 'off' : null, label: `${what} off`, count: +f[`off${pl}`], kind: 'off' }],
    }));
  }
  const sideDecider = (f) => +f.side;
  const checkSide = (f) => { if (!/^[12]$/.test(f.side)) throw new Error(`side '${f.side}' is not 1 or 2`); };

  // Boom & Zoom: towers T/t of height 1-3; checkers borne off are counted per player.
  tables.boomzoom = {
    title: 'Boom & Zoom',
    fields: ['side', 'off1', 'off2', 'noprogress', 'ply'],
    size: [8, 8],
    home: 1,
    piece(p) {
      if (p.letter.toLowerCase() !== 't') throw new Error(`unknown piece '${p.letter}'`);
      return stack(0, 0, p.height, SIDE[ownerByCase(p.letter)]);
    },
    pieceName(p) { return `player ${ownerByCase(p.letter)} tower of ${p.height}`; },
    decider: sideDecider,
    check: checkSide,
    trays(f, ctx) { return offTrays(f, ctx, 'checkers'); },
    facts(f) { return [`player ${f.side} to move`, `borne off: p1 ${f.off1}, p2 ${f.off2}`, `no progress for ${f.noprogress} plies`, `ply ${f.ply}`]; },
  };

  // Dragons Teeth: teeth T/t of strength 1-3 (drawn larger when stronger); strength exited.
  tables.dragonsteeth = {
    title: 'Dragons Teeth',
    fields: ['side', 'off1', 'off2', 'noprogress', 'ply'],
    size: [8, 8],
    home: 1,
    piece(p) {
      if (p.letter.toLowerCase() !== 't') throw new Error(`unknown piece '${p.letter}'`);
      return triangle(0, 2, U * (0.42 + 0.17 * p.height), SIDE[ownerByCase(p.letter)], p.height);
    },
    pieceName(p) { return `player ${ownerByCase(p.letter)} ${['', 'small', 'medium', 'large'][p.height] || ''} tooth (strength ${p.height})`; },
    decider: sideDecider,
    check: checkSide,
    trays(f, ctx) { return offTrays(f, ctx, 'strength'); },
    facts(f) { return [`player ${f.side} to move`, `strength off: p1 ${f.off1}, p2 ${f.off2} (6 wins)`, `no progress for ${f.noprogress} plies`, `ply ${f.ply}`]; },
  };

  // Embed: drones D/d and bosses B/b; player 1 is Red, player 2 Black.
  tables.embed = {
    title: 'Embed',
    fields: ['side', 'noprogress', 'ply'],
    size: [8, 8],
    home: 1,
    style: { 1: { fill: '#c8372d', stroke: '#5e1410', ink: '#fff3ee' }, 2: { fill: '#24211f', stroke: '#000', ink: '#f2eee8' } },
    piece(p) {
      const st = this.style[ownerByCase(p.letter)];
      if (p.letter.toLowerCase() === 'b') return disc(0, 0, U * 0.42, st, 'B', { ring: '#e2b93b' });
      if (p.letter.toLowerCase() === 'd') return disc(0, 0, U * 0.3, st, '');
      throw new Error(`unknown piece '${p.letter}'`);
    },
    pieceName(p) { return `${ownerByCase(p.letter) === 1 ? 'Red' : 'Black'} ${p.letter.toLowerCase() === 'b' ? 'boss' : 'drone'}`; },
    decider: sideDecider,
    check: checkSide,
    trays() { return []; },
    facts(f) { return [`${f.side === '1' ? 'Red (player 1)' : 'Black (player 2)'} to move`, `no progress for ${f.noprogress} plies`, `ply ${f.ply}`]; },
  };

  // M.A.D.: stacks of 1-4 checkers C/c.
  tables.mad = {
    title: 'M.A.D.',
    fields: ['side', 'noprogress', 'ply'],
    size: [8, 8],
    home: 1,
    piece(p) {
      if (p.letter.toLowerCase() !== 'c') throw new Error(`unknown piece '${p.letter}'`);
      return stack(0, 0, p.height, SIDE[ownerByCase(p.letter)]);
    },
    pieceName(p) { return `player ${ownerByCase(p.letter)} stack of ${p.height}`; },
    decider: sideDecider,
    check: checkSide,
    trays() { return []; },
    facts(f) { return [`player ${f.side} to move`, `no progress for ${f.noprogress} plies`, `ply ${f.ply}`]; },
    choiceLabel(m, parts) {
      if (/^x\d$/.test(parts.rest)) return `move ${parts.rest.slice(1)} checker(s)`;
      if (parts.rest === '') return 'move the whole stack';
      return '';
    },
  };

  // Zoo Contest: elephant E, monkey M, mouse S (Royal: F, N, T); (..) is a shared square;
  // each pool holds 4 minus the owner's mice on the board. Board size is an option, so the
  // shape comes from the string.
  const ZOO = { e: 'E', f: 'E', m: 'M', n: 'M', s: 'S', t: 'S' };
  tables.zoo = {
    title: 'Zoo Contest',
    fields: ['side', 'elephants', 'goals', 'pending', 'noprogress', 'ply'],
    minSize: [5, 4],
    maxSize: [15, 15],
    home: 1,
    style: { 1: { fill: '#e9d9a8', stroke: '#6d5a22', ink: '#2b230c' }, 2: { fill: '#3e5a36', stroke: '#17240f', ink: '#eef6e6' } },
    glyph(p, cx, cy, r) {
      const kind = ZOO[p.letter.toLowerCase()];
      if (!kind) throw new Error(`unknown piece '${p.letter}'`);
      const royal = /[FNT]/i.test(p.letter);
      return disc(cx, cy, r, this.style[ownerByCase(p.letter)], kind, royal ? { ring: '#d9a520', fontSize: r } : { fontSize: r });
    },
    piece(p) { return this.glyph(p, 0, 0, U * 0.36); },
    group(pieces) {
      const n = pieces.length, r = U * (n > 2 ? 0.2 : 0.24), d = U * 0.2;
      const spots = n === 2 ? [[-d, -d * 0.6], [d, d * 0.6]] : [[-d, -d], [d, -d], [0, d]];
      return pieces.map((p, k) => this.glyph(p, spots[k][0], spots[k][1], r)).join('');
    },
    pieceName(p) {
      const kind = { E: 'elephant', M: 'monkey', S: 'mouse' }[ZOO[p.letter.toLowerCase()]];
      return `player ${ownerByCase(p.letter)} ${/[FNT]/i.test(p.letter) ? 'Royal ' : ''}${kind}`;
    },
    decider: sideDecider,
    check(f) {
      checkSide(f);
      if (f.pending !== '-' && !/^[EeMm][a-o]\d+\/[12]$/.test(f.pending)) throw new Error(`pending field '${f.pending}' is not understood`);
    },
    trays(f, ctx) {
      const mice = { 1: 0, 2: 0 };
      for (const row of ctx.rows) for (const cell of row) for (const p of cell.pieces) if (ZOO[p.letter.toLowerCase()] === 'S') mice[ownerByCase(p.letter)]++;
      return [1, 2].map((pl) => ({
        owner: pl,
        items: [{ hook: pl === ctx.decider ? '@' : null, label: 'mice in pool', count: Math.max(0, 4 - mice[pl]), kind: 'pool', letter: pl === 1 ? 'S' : 's' }],
      }));
    },
    marks(f) { return f.pending === '-' ? [] : [f.pending.slice(1, f.pending.indexOf('/'))]; },
    facts(f) {
      const out = [`player ${f.side} decides`];
      const goals = (pl) => f.goals.split('').filter((g) => (pl === 1 ? isUpper(g) : !isUpper(g) && g !== '-')).map((g) => g.toUpperCase()).join('') || 'none';
      out.push(`goals: p1 ${goals(1)}, p2 ${goals(2)}`);
      if (f.elephants !== '-') out.push(`elephant not moved yet: ${f.elephants.split('').map((e) => (isUpper(e) ? 'p1' : 'p2')).join(', ')}`);
      if (f.pending !== '-') {
        const who = isUpper(f.pending[0]) ? 1 : 2;
        out.push(`pending retreat: player ${who}'s ${f.pending[0].toLowerCase() === 'e' ? 'elephant' : 'monkey'} on ${f.pending.slice(1, f.pending.indexOf('/'))} (player ${f.pending.split('/')[1]} made the move)`);
      }
      out.push(`no progress for ${f.noprogress} plies`, `ply ${f.ply}`);
      return out;
    },
    choiceLabel(m, parts) {
      if (parts.rest === 'm') return 'the monkey';
      let q;
      if ((q = /^\+([a-o]\d+)$/.exec(parts.rest))) return `spawn a pool mouse on ${q[1]}`;
      if ((q = /^\+([a-o]\d+)([a-o]\d+)$/.exec(parts.rest))) return `spawn: mouse ${q[1]} to ${q[2]}`;
      if (parts.rest === '') return 'no spawn (or not the monkey)';
      return '';
    },
  };

  // Monkey King Chess: a 5x8 earth board, two 2-square clouds (q2 r2, q7 r7) written at the
  // end of ranks 2 and 7, hands, Fists tokens. Player 1 (Blue) starts on the high ranks and
  // player 2's Pilgrim leaves through rank 9 (c8c9), drawn as an exit strip.
  const MKC_NAMES = {
    p: 'pawn', m: 'Monkey King', n: 'knight', l: 'Phoenix Lancer', h: 'hero', k: 'Pilgrim', c: 'Celestial', x: 'Mountain',
    P: 'pawn', S: 'Sea Serpent', N: 'knight', G: 'Goblin General', H: 'hero-foe', L: 'Goblin Lancer', K: 'Goblin King', C: 'Celestial', X: 'Mountain',
  };
  const MKC_RIVERS = {
    ranks: { red: ['a4', 'b4', 'c4', 'd4', 'e4'], blue: ['a5', 'b5', 'c5', 'd5', 'e5'] },
    diagonal: { red: ['a1', 'b2', 'c3', 'd4', 'e1', 'd2', 'b4'], blue: ['a8', 'b7', 'c6', 'd5', 'e8', 'd7', 'b5'] },
  };
  tables.monkeykingchess = {
    title: 'Monkey King Chess',
    fields: ['side', 'hands', 'tokens', 'step', 'noprogress', 'ply'],
    home: -1,
    style: { 1: { fill: '#2f63c9', stroke: '#132b5e', ink: '#f1f5ff' }, 2: { fill: '#c8372d', stroke: '#5b120c', ink: '#fff2ee' } },
    layout(rows) {
      if (rows.length !== 8) throw new Error(`${rows.length} ranks, expected 8`);
      const cells = [];
      rows.forEach((row, r) => {
        const rank = 8 - r;
        const want = rank === 7 || rank === 2 ? 7 : 5;
        if (row.length !== want) throw new Error(`rank ${rank} has ${row.length} squares, expected ${want}`);
        row.forEach((cell, c) => {
          const cloud = c >= 5;
          cells.push({ sq: (cloud ? 'qr'[c - 5] : FILES[c]) + rank, x: cloud ? c + 0.6 : c, y: r + 1, cell, cloud });
        });
      });
      // The Pilgrim's exit: the notional rank 9.
      const extra = [0, 1, 2, 3, 4].map((c) => ({ sq: FILES[c] + 9, x: c, y: 0, label: 'exit' }));
      // Frames: the earth board and each cloud on its own (clouds touch nothing).
      const frames = [{ x: 0, y: 1, w: 5, h: 8 }, { x: 5.6, y: 2, w: 2, h: 1 }, { x: 5.6, y: 7, w: 2, h: 1 }];
      return { cells, extra, frames, width: 7.6, height: 9 };
    },
    shade(sq, ctx) {
      const f = sq.charCodeAt(0) - 96, r = parseInt(sq.slice(1), 10);
      if (sq[0] === 'q' || sq[0] === 'r') return (sq === 'r2' || sq === 'q7') ? 'dark cloud' : 'light cloud';
      const rivers = MKC_RIVERS[(ctx.options.MonkeyKingChessRiverSquares || 'ranks').toLowerCase()] || MKC_RIVERS.ranks;
      const base = (f + r) % 2 === 0 ? 'dark' : 'light';
      if (rivers.red.includes(sq)) return `${base} river-red`;
      if (rivers.blue.includes(sq)) return `${base} river-blue`;
      return base;
    },
    piece(p) {
      const name = MKC_NAMES[p.letter];
      if (!name) throw new Error(`unknown piece '${p.letter}'`);
      const st = this.style[ownerByCase(p.letter)];
      if (p.letter === 'x' || p.letter === 'X') return triangle(0, 2, U * 0.78, st, '');
      return disc(0, 0, U * 0.38, st, p.letter.toUpperCase(), p.letter === 'k' ? { ring: '#f1c232' } : undefined);
    },
    pieceName(p) { return `${ownerByCase(p.letter) === 1 ? 'Blue' : 'Red'} ${MKC_NAMES[p.letter] || p.letter}`; },
    decider: sideDecider,
    check(f) {
      checkSide(f);
      if (!/^(-|[PNHKCpnhkc]+)$/.test(f.hands)) throw new Error(`hands '${f.hands}' are not understood`);
      if (!/^[0-2]$/.test(f.tokens)) throw new Error(`tokens '${f.tokens}' is not 0-2`);
      if (!/^[-x]$/.test(f.step)) throw new Error(`step '${f.step}' is not - or x`);
    },
    trays(f, ctx) {
      const hands = { 1: {}, 2: {} };
      if (f.hands !== '-') for (const l of f.hands) { const pl = ownerByCase(l); hands[pl][l] = (hands[pl][l] || 0) + 1; }
      return [1, 2].map((pl) => {
        const items = Object.keys(hands[pl]).map((l) => ({ hook: pl === ctx.decider ? `${l.toLowerCase()}@` : null, letter: l, count: hands[pl][l], kind: 'hand', label: MKC_NAMES[l] }));
        if (pl === 2) items.push({ hook: null, kind: 'tokens', count: +f.tokens, label: 'Fists tokens' });
        return { owner: pl, items };
      });
    },
    facts(f) {
      const out = [`${f.side === '1' ? 'Blue (player 1)' : 'Red (player 2)'} to decide`];
      if (f.step === 'x') out.push("Red's extra step (a Fists move or end)");
      // Progress is what cannot be undone (rules §8): a flip that only turns a disk is none.
      out.push(`Fists tokens: ${f.tokens}`, `no progress for ${f.noprogress} plies (only a capture, a drop or a hero to Fists resets it; a flip does not)`, `ply ${f.ply}`);
      return out;
    },
    choiceLabel(m, parts) {
      let q;
      if ((q = /^=([a-z])$/.exec(parts.rest))) return q[1] === 'f' ? 'flip the hero to a Fists token' : `flip to ${MKC_NAMES[q[1]] || MKC_NAMES[q[1].toUpperCase()] || q[1]} and move`;
      if (parts.rest === '') return 'plain move';
      return '';
    },
  };

  // ---------------------------------------------------------------- moves
  // Every game's move text is <from><to><rest>: from a square, a hand slot `p@` or the pool `@`;
  // to a square or `off`; rest whatever suffix the game adds. Texts without a square (swap,
  // pass, end) have from = to = null.
  function splitMove(m) {
    let r = /^([a-z]?@)([a-z]\d+)(.*)$/.exec(m);
    if (r) return { move: m, from: r[1], to: r[2], rest: r[3] };
    r = /^([a-z]\d+)([a-z]\d+|off)(.*)$/.exec(m);
    if (r) return { move: m, from: r[1], to: r[2], rest: r[3] };
    return { move: m, from: null, to: null, rest: m };
  }

  // ---------------------------------------------------------------- the model
  // Everything drawable about one position string: squares with their tokens, extra squares,
  // trays, facts. Throws an Error naming what it did not understand.
  function model(game, fen, ctx) {
    const t = tables[game];
    if (!t) throw new Error(`no drawing table for game '${game}'`);
    const parts = fen.trim().split(/\s+/);
    if (parts.length !== t.fields.length + 1) throw new Error(`${parts.length} fields, expected ${t.fields.length + 1} (board ${t.fields.join(' ')})`);
    const f = {};
    t.fields.forEach((name, k) => { f[name] = parts[k + 1]; });
    if (t.check) t.check(f);
    const rows = parseBoard(parts[0]);
    let lay;
    if (t.layout) lay = t.layout(rows);
    else {
      const w = rows[0].length, h = rows.length;
      rows.forEach((row, r) => { if (row.length !== w) throw new Error(`rank ${h - r} has ${row.length} squares, rank ${h} has ${w}`); });
      if (t.size && (w !== t.size[0] || h !== t.size[1])) throw new Error(`board is ${w}x${h}, expected ${t.size[0]}x${t.size[1]}`);
      if (t.minSize && (w < t.minSize[0] || h < t.minSize[1] || w > t.maxSize[0] || h > t.maxSize[1])) throw new Error(`board is ${w}x${h}, outside ${t.minSize.join('x')} to ${t.maxSize.join('x')}`);
      const cells = [];
      rows.forEach((row, r) => row.forEach((cell, c) => cells.push({ sq: FILES[c] + (h - r), x: c, y: r, cell })));
      lay = { cells, extra: [], width: w, height: h };
    }
    const c2 = Object.assign({}, ctx, { rows, fields: f });
    c2.decider = t.decider(f, c2);
    for (const c of lay.cells) for (const p of c.cell.pieces) t.piece(p, c2); // unknown letters fail here, not half-way through drawing
    return {
      game, table: t, fields: f, rows, layout: lay,
      board: boardText(rows), decider: c2.decider,
      trays: t.trays(f, c2), facts: t.facts(f, c2), marks: t.marks ? t.marks(f) : [],
      options: ctx.options || {},
    };
  }

  // ---------------------------------------------------------------- drawing
  // view: { flipped, selected, targets:Set, sources:Set, lastMove:[squares], pv:[moves] }.
  // Trays: the player whose home is at the bottom of the drawing gets the bottom strip.
  function draw(svg, m, view) {
    const t = m.table, L = m.layout;
    const marginL = 0.6, marginT = 0.5;
    const hasTrays = m.trays.length > 0;
    const trayH = hasTrays ? 1.1 : 0;
    const W = L.width, H = L.height;
    const totalW = W + marginL + 0.35, totalH = H + 2 * marginT + 2 * trayH;
    const fx = (x) => (view.flipped ? W - 1 - x : x);
    const fy = (y) => (view.flipped ? H - 1 - y : y);
    const ox = marginL, oy = marginT + trayH;
    const center = {};
    const parts = [];
    const shadeOf = (sq) => (t.shade ? t.shade(sq, { options: m.options }) : ((FILES.indexOf(sq[0]) + parseInt(sq.slice(1), 10)) % 2 === 1 ? 'dark' : 'light'));

    for (const fr of L.frames || [{ x: 0, y: 0, w: W, h: H }]) {
      const x = view.flipped ? W - fr.x - fr.w : fr.x, y = view.flipped ? H - fr.y - fr.h : fr.y;
      parts.push(`<rect class="frame" x="${(ox + x - 0.08) * U}" y="${(oy + y - 0.08) * U}" width="${(fr.w + 0.16) * U}" height="${(fr.h + 0.16) * U}" rx="6"/>`);
    }
    for (const c of L.cells) {
      const x = (ox + fx(c.x)) * U, y = (oy + fy(c.y)) * U;
      center[c.sq] = [x + U / 2, y + U / 2];
      const cls = ['sq', shadeOf(c.sq)];
      if (view.selected === c.sq) cls.push('selected');
      if (view.targets && view.targets.has(c.sq)) cls.push('target');
      if (view.sources && view.sources.has(c.sq)) cls.push('source');
      if (view.lastMove && view.lastMove.includes(c.sq)) cls.push('last');
      if (m.marks.includes(c.sq)) cls.push('marked');
      const title = c.cell.pieces.length ? `${c.sq}: ${c.cell.pieces.map((p) => t.pieceName(p)).join(' + ')}` : c.sq;
      let body = '';
      if (c.cell.pieces.length === 1) body = t.piece(c.cell.pieces[0], m);
      else if (c.cell.pieces.length > 1) body = t.group ? t.group(c.cell.pieces, m) : c.cell.pieces.map((p) => t.piece(p, m)).join('');
      parts.push(`<g class="${cls.join(' ')}" data-square="${c.sq}" data-piece="${esc(c.cell.token)}"><title>${esc(title)}</title>` +
        `<rect x="${x}" y="${y}" width="${U}" height="${U}"/>` +
        (c.cloud ? `<text class="sqname" x="${x + 3}" y="${y + 11}">${c.sq}</text>` : '') +
        `<g class="piece" transform="translate(${x + U / 2},${y + U / 2})">${body}</g></g>`);
    }
    for (const e of L.extra) {
      const x = (ox + fx(e.x)) * U, y = (oy + fy(e.y)) * U;
      center[e.sq] = [x + U / 2, y + U / 2];
      const cls = ['sq', 'extra'];
      if (view.targets && view.targets.has(e.sq)) cls.push('target');
      parts.push(`<g class="${cls.join(' ')}" data-square="${e.sq}"><title>${esc(e.sq + ' (' + e.label + ')')}</title>` +
        `<rect x="${x + 3}" y="${y + 3}" width="${U - 6}" height="${U - 6}" rx="6"/>` +
        `<text x="${x + U / 2}" y="${y + U / 2}" dy="0.35em" text-anchor="middle" font-size="${U * 0.22}">${esc(e.label)}</text></g>`);
    }
    // Coordinates: files under the board, ranks on the left.
    L.cells.forEach((c) => {
      if (c.y === L.cells[L.cells.length - 1].y) {
        const x = (ox + fx(c.x)) * U + U / 2, y = (oy + (view.flipped ? -0.22 : H + 0.32)) * U;
        parts.push(`<text class="coord" x="${x}" y="${y}" text-anchor="middle">${esc(c.sq.replace(/\d+$/, ''))}</text>`);
      }
    });
    // Rank numbers beside the main board's nearest square (clouds have their own names).
    const ranksSeen = new Set();
    L.cells.forEach((c) => {
      if (c.cloud || ranksSeen.has(c.y)) return; ranksSeen.add(c.y);
      const left = Math.min(...L.cells.filter((o) => o.y === c.y && !o.cloud).map((o) => fx(o.x)));
      const x = (ox + left - 0.3) * U, y = (oy + fy(c.y)) * U + U / 2;
      parts.push(`<text class="coord" x="${x}" y="${y}" dy="0.35em" text-anchor="middle">${esc(c.sq.replace(/^[a-z]/, ''))}</text>`);
    });
    // Trays.
    const bottomOwner = (t.home === -1) !== !!view.flipped ? 2 : 1;
    for (const tray of m.trays) {
      const atBottom = tray.owner === bottomOwner;
      const y0 = atBottom ? (oy + H + 0.45) * U : 0.1 * U;
      let x0 = ox * U;
      const style = (t.style && t.style[tray.owner]) || SIDE[tray.owner];
      parts.push(`<text class="traylabel" x="${x0}" y="${y0 + 0.2 * U}">player ${tray.owner}${tray.items.length ? '' : ': nothing in hand'}</text>`);
      for (const it of tray.items) {
        const text = it.kind === 'hand' ? `×${it.count}` : `${it.count} ${it.label}`;
        const w = 0.75 * U + text.length * U * 0.155, h = 0.62 * U, y = y0 + 0.32 * U;
        const cls = ['slot', it.kind];
        if (it.hook && view.selected === it.hook) cls.push('selected');
        if (it.hook && view.targets && view.targets.has(it.hook)) cls.push('target');
        if (it.hook && view.sources && view.sources.has(it.hook)) cls.push('source');
        const attrs = it.hook ? ` data-square="${esc(it.hook)}"` : '';
        let icon = '';
        if (it.kind === 'hand') icon = disc(x0 + 0.3 * U, y + h / 2, U * 0.22, style, it.letter.toUpperCase(), { fontSize: U * 0.26 });
        else if (it.kind === 'pool') icon = disc(x0 + 0.3 * U, y + h / 2, U * 0.2, style, 'S', { fontSize: U * 0.22 });
        else icon = disc(x0 + 0.3 * U, y + h / 2, U * 0.2, style, '', {});
        parts.push(`<g class="${cls.join(' ')}"${attrs} data-owner="${tray.owner}" data-kind="${it.kind}" data-count="${it.count}"${it.letter ? ` data-letter="${it.letter}"` : ''}>` +
          `<title>${esc(`player ${tray.owner}: ${it.label} ${it.count}`)}</title>` +
          `<rect x="${x0}" y="${y}" width="${w}" height="${h}" rx="8"/>${icon}` +
          `<text x="${x0 + 0.6 * U}" y="${y + h / 2}" dy="0.35em" font-size="${U * 0.26}">${esc(text)}</text></g>`);
        center[it.hook || `tray${tray.owner}${it.kind}${it.letter || ''}`] = [x0 + w / 2, y + h / 2];
        x0 += w + 0.12 * U;
      }
    }
    // The principal variation as numbered arrows.
    const arrows = [];
    (view.pv || []).slice(0, 4).forEach((mv, k) => {
      const p = splitMove(mv);
      if (!p.from || !center[p.from] || !center[p.to] || p.from === p.to) return;
      const [x1, y1] = center[p.from], [x2, y2] = center[p.to];
      const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy), sh = U * 0.22;
      const ex = x2 - (dx / len) * sh, ey = y2 - (dy / len) * sh;
      // The number sits on the middle of the arrow, where it hides no piece.
      const mx = (x1 + ex) / 2, my = (y1 + ey) / 2;
      arrows.push(`<g class="pv pv${k}"><line x1="${x1}" y1="${y1}" x2="${ex}" y2="${ey}" marker-end="url(#arrowhead${k ? 'b' : 'a'})"/>` +
        `<circle cx="${mx}" cy="${my}" r="${U * 0.16}"/><text x="${mx}" y="${my}" dy="0.35em" text-anchor="middle">${k + 1}</text></g>`);
    });
    const defs = '<defs><marker id="arrowheada" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1f6feb"/></marker>' +
      '<marker id="arrowheadb" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#8a63d2"/></marker></defs>';
    svg.setAttribute('viewBox', `0 0 ${totalW * U} ${totalH * U}`);
    svg.innerHTML = defs + parts.join('') + `<g class="pvlayer">${arrows.join('')}</g>`;
    return center;
  }

  global.SimiaBoards = { tables, parseBoard, boardText, splitMove, model, draw };
})(window);
