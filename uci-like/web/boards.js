// boards.js — how the page draws a game: the SVG drawing from a game's table (what the fields of
// its position string mean, where its squares, clouds, pools, hands and off counts go). The tables
// are in the games' folders (engine/games/<game>/board.js), served with the page as games.js.
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
  // The tables themselves live in the games' folders (engine/games/<game>/board.js), each adding
  // tables.<game> with the helpers of `kit`; serve.sh serves them all as games.js.
  const tables = {};

  // Helpers several games' tables share.

  function offTrays(f, ctx, what) {
    const dec = ctx.decider;
    return [1, 2].map((pl) => ({
      owner: pl,
      items: [{ hook: pl === dec ? 'off' : null, label: `${what} off`, count: +f[`off${pl}`], kind: 'off' }],
    }));
  }
  // Sides: each table names its two sides and their colours in `sides` ({1: {name, colour},
  // 2: ...}); a game whose sides change hands (Monkey Queen's swap) gives sideOf(player, f)
  // instead. homeOf(player, f): 1 when that player starts on the low ranks, -1 on the high ones.
  function sideOf(t, player, f) {
    if (t && t.sideOf) return t.sideOf(player, f || {});
    if (t && t.sides && t.sides[player]) return t.sides[player];
    return { name: `player ${player}`, colour: player === 1 ? '#f4eedf' : '#2f2a27' };
  }
  const sideName = (t, player, f) => sideOf(t, player, f).name;
  function homeOf(t, player, f) {
    if (t && t.homeOf) return t.homeOf(player, f || {});
    const h = t && t.home === -1 ? -1 : 1;
    return player === 1 ? h : -h;
  }
  // Whose piece a letter is (uppercase player 1), unless the table knows better.
  const ownerOfPiece = (t, p, f) => (t.ownerOf ? t.ownerOf(p, f) : ownerByCase(p.letter));
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

  const sideDecider = (f) => +f.side;
  const checkSide = (f) => { if (!/^[12]$/.test(f.side)) throw new Error(`side '${f.side}' is not 1 or 2`); };

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

    const W = L.width, H = L.height;
    const totalW = W + marginL + 0.35;
    const fx = (x) => (view.flipped ? W - 1 - x : x);
    const fy = (y) => (view.flipped ? H - 1 - y : y);
    const ox = marginL, oy = marginT; // the board's own drawing; moved down below the top tray at the end
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
    // Trays: a strip above and one below the board, items wrapped onto more rows when they do
    // not fit the drawing's width (Monkey King Chess's hands and tokens on a phone).
    const bottomOwner = homeOf(t, 1, m.fields) === -1 ? (view.flipped ? 1 : 2) : (view.flipped ? 2 : 1);
    const maxX = (totalW - 0.1) * U;
    const placed = m.trays.map((tray) => {
      let x = ox * U, row = 0;
      const items = tray.items.map((it) => {
        const text = it.kind === 'hand' ? `×${it.count}` : `${it.count} ${typeof it.label === 'function' ? it.label(it.count) : it.label}`;
        const w = 0.75 * U + text.length * U * 0.155;
        if (x + w > maxX && x > ox * U) { x = ox * U; row++; }
        const out = { it, text, w, x, row };
        x += w + 0.12 * U;
        return out;
      });
      return { tray, items, rows: items.length ? items[items.length - 1].row + 1 : 1 };
    });
    const rowsOf = (owner) => { const p = placed.find((q) => q.tray.owner === owner); return p ? p.rows : 1; };
    // Heights of the two strips (in squares): a label line, then rows of slots.
    const stripH = (owner) => (hasTrays ? 0.42 + 0.72 * rowsOf(owner) : 0);
    const topH = stripH(3 - bottomOwner), botH = stripH(bottomOwner);
    const shift = topH * U;
    for (const k of Object.keys(center)) center[k] = [center[k][0], center[k][1] + shift];
    const boardParts = parts.splice(0);
    const sideLabel = (pl) => sideName(t, pl, m.fields);
    for (const { tray, items } of placed) {
      const atBottom = tray.owner === bottomOwner;
      const y0 = atBottom ? (topH + marginT + H + 0.45) * U : 0.1 * U;
      const style = (t.style && t.style[tray.owner]) || SIDE[tray.owner];
      parts.push(`<text class="traylabel" x="${ox * U}" y="${y0 + 0.2 * U}">${esc(sideLabel(tray.owner))}${items.length ? '' : ': nothing in hand'}</text>`);
      for (const { it, text, w, x, row } of items) {
        const x0 = x, h = 0.62 * U, y = y0 + 0.32 * U + row * 0.72 * U;
        const cls = ['slot', it.kind];
        if (it.hook && view.selected === it.hook) cls.push('selected');
        if (it.hook && view.targets && view.targets.has(it.hook)) cls.push('target');
        if (it.hook && view.sources && view.sources.has(it.hook)) cls.push('source');
        const attrs = it.hook ? ` data-square="${esc(it.hook)}"` : '';
        let icon = '';
        if ((it.kind === 'hand' || it.kind === 'pool') && it.letter) {
          let body;
          try { body = t.piece({ letter: it.letter, height: 1 }, m); } catch (e) { body = disc(0, 0, U * 0.4, style, it.letter.toUpperCase()); }
          icon = `<g transform="translate(${x0 + 0.3 * U},${y + h / 2}) scale(0.55)">${body}</g>`;
        } else icon = disc(x0 + 0.3 * U, y + h / 2, U * 0.2, style, '', {});
        const label = typeof it.label === 'function' ? it.label(it.count) : it.label;
        parts.push(`<g class="${cls.join(' ')}"${attrs} data-owner="${tray.owner}" data-kind="${it.kind}" data-count="${it.count}"${it.letter ? ` data-letter="${it.letter}"` : ''}>` +
          `<title>${esc(`${sideLabel(tray.owner)}: ${label} ${it.count}`)}</title>` +
          `<rect x="${x0}" y="${y}" width="${w}" height="${h}" rx="8"/>${icon}` +
          `<text x="${x0 + 0.6 * U}" y="${y + h / 2}" dy="0.35em" font-size="${U * 0.26}">${esc(text)}</text></g>`);
        const c = [x0 + w / 2, y + h / 2];
        if (it.hook) center[it.hook] = c;
        // Every slot by owner, so that an arrow of either side starts or ends at its own tray.
        center[`${tray.owner}|${it.kind}|${(it.letter || '').toLowerCase()}`] = c;
      }
    }
    // The principal variation as numbered arrows. Who makes each move is followed along the
    // line (the piece on its from square; a drop by the table's dropOwner, else by turns), so
    // that a drop starts from the dropper's hand and a bear-off ends in its owner's tray.
    const arrows = [];
    const owners = {};
    for (const c of L.cells) if (c.cell.pieces.length === 1) owners[c.sq] = ownerOfPiece(t, c.cell.pieces[0], m.fields);
    let turn = m.decider;
    (view.pv || []).slice(0, 4).forEach((mv, k) => {
      const p = splitMove(mv);
      let mover = turn;
      if (p.from && p.from.includes('@')) mover = t.dropOwner ? t.dropOwner(mv, m) || turn : turn;
      else if (p.from && owners[p.from]) mover = owners[p.from];
      turn = 3 - mover;
      if (p.from && !p.from.includes('@')) { delete owners[p.from]; if (p.to && p.to !== 'off') owners[p.to] = mover; }
      else if (p.to) owners[p.to] = mover;
      let from = null, to = null;
      if (p.from) from = p.from.includes('@') ? center[`${mover}|${p.from === '@' ? 'pool' : 'hand'}|${p.from === '@' ? (mover === 1 ? 's' : 's') : p.from[0]}`] || center[`${mover}|pool|s`] : center[p.from];
      if (p.to) to = p.to === 'off' ? center[`${mover}|off|`] : center[p.to];
      if (!from || !to || mv.slice(0, 2) === mv.slice(2, 4)) return;
      const [x1, y1] = from, [x2, y2] = to;
      const dx = x2 - x1, dy = y2 - y1, len = Math.hypot(dx, dy), sh = U * 0.22;
      if (len < 1) return;
      const ex = x2 - (dx / len) * sh, ey = y2 - (dy / len) * sh;
      // The number sits on the middle of the arrow, where it hides no piece.
      const mx = (x1 + ex) / 2, my = (y1 + ey) / 2;
      arrows.push(`<g class="pv pv${k}"><line x1="${x1}" y1="${y1}" x2="${ex}" y2="${ey}" marker-end="url(#arrowhead${k ? 'b' : 'a'})"/>` +
        `<circle cx="${mx}" cy="${my}" r="${U * 0.16}"/><text x="${mx}" y="${my}" dy="0.35em" text-anchor="middle">${k + 1}</text></g>`);
    });
    const defs = '<defs><marker id="arrowheada" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#1f6feb"/></marker>' +
      '<marker id="arrowheadb" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#8a63d2"/></marker></defs>';
    const totalH = H + 2 * marginT + topH + botH;
    svg.setAttribute('viewBox', `0 0 ${totalW * U} ${totalH * U}`);
    svg.innerHTML = defs + `<g transform="translate(0,${shift})">${boardParts.join('')}</g>` + parts.join('') + `<g class="pvlayer">${arrows.join('')}</g>`;
    return center;
  }

  // One piece alone, as a small SVG (the legend of pieces).
  function pieceSvg(game, letter, height, fields) {
    const t = tables[game];
    const m = { table: t, fields: fields || {}, options: {} };
    const body = t.piece({ letter, height: height || 1 }, m);
    return `<svg viewBox="${-U / 2} ${-U / 2} ${U} ${U}" width="36" height="36" aria-hidden="true">${body}</svg>`;
  }
  // A table's legend: [{ letter, height, name, text }] — each piece, what it is and does.
  function legendOf(game) { const t = tables[game]; return t && t.legend ? t.legend : []; }

  // What a game's board.js may use to draw.
  const kit = { U, FILES, SIDE, esc, disc, stack, triangle, isUpper, ownerByCase, parseBoard, boardText, offTrays, sideDecider, checkSide, plural };
  global.SimiaBoards = { tables, kit, parseBoard, boardText, splitMove, model, draw, sideOf, sideName, homeOf, pieceSvg, legendOf };
})(window);
