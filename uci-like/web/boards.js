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

  // What a game's board.js may use to draw.
  const kit = { U, FILES, SIDE, esc, disc, stack, triangle, isUpper, ownerByCase, parseBoard, boardText, offTrays, sideDecider, checkSide };
  global.SimiaBoards = { tables, kit, parseBoard, boardText, splitMove, model, draw };
})(window);
