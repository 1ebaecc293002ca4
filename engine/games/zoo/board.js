// board.js — how the page draws Zoo Contest: its drawing table (what a table holds: uci-like/web/boards.js).
// uci-like/web/serve.sh serves every game's board.js with the page (as games.js); edit it here only.
(function (boards) {
  'use strict';
  const { U, disc, isUpper, ownerByCase, sideDecider, checkSide, plural } = boards.kit;
  const NAME = { 1: 'Sand', 2: 'Green' };
  const tables = boards.tables;

  // Zoo Contest: elephant E, monkey M, mouse S (Royal: F, N, T); (..) is a shared square;
  // each pool holds 4 minus the owner's mice on the board. Board size is an option, so the
  // shape comes from the string.
  const ZOO = { e: 'E', f: 'E', m: 'M', n: 'M', s: 'S', t: 'S' };
  tables.zoo = {
    title: 'Zoo Contest',
    sides: { 1: { name: 'Sand', colour: '#e9d9a8' }, 2: { name: 'Green', colour: '#3e5a36' } },
    legend: [
      { letter: 'E', name: 'elephant', text: 'one step in any direction, never onto a mouse or the other elephant (its first move straight). Coming next to the enemy monkey makes that monkey retreat.' },
      { letter: 'M', name: 'monkey', text: '1 or 2 squares in a line, never next to the enemy elephant; landing on an enemy mouse flings it back to its pool.' },
      { letter: 'S', name: 'mouse', text: 'one step in any direction; stepping may spawn a new mouse beside its old square; a pool mouse may be dropped on the home row. A mouse on the enemy elephant makes it retreat.' },
      { letter: 'F', name: 'Royal elephant (long game)', text: 'a piece that has reached its far row; Royal monkey and mouse likewise.' },
      { letter: 'e', name: 'Green elephant', text: 'as Sand\'s. Goal: elephant, monkey and a mouse each on the far row (short game).' },
    ],
    // A pool mouse is dropped on its owner's home row (Sand rank 1, Green the top rank).
    dropOwner(move, m) { const r = /@[a-o](\d+)$/.exec(move); return r ? (+r[1] === 1 ? 1 : (+r[1] === m.rows.length ? 2 : 0)) : 0; },
    pending(f) {
      if (f.pending === '-') return '';
      const owner = isUpper(f.pending[0]) ? 1 : 2;
      return `${NAME[f.side]} decides where ${NAME[owner]}'s ${f.pending[0].toLowerCase() === 'e' ? 'elephant' : 'monkey'} on ${f.pending.slice(1, f.pending.indexOf('/'))} retreats`;
    },
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
      return `${NAME[ownerByCase(p.letter)]} ${/[FNT]/i.test(p.letter) ? 'Royal ' : ''}${kind}`;
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
        items: [{ hook: pl === ctx.decider ? '@' : null, label: (n) => (n === 1 ? 'mouse in pool' : 'mice in pool'), count: Math.max(0, 4 - mice[pl]), kind: 'pool', letter: pl === 1 ? 'S' : 's' }],
      }));
    },
    marks(f) { return f.pending === '-' ? [] : [f.pending.slice(1, f.pending.indexOf('/'))]; },
    facts(f) {
      const out = [];
      const word = { E: 'elephant', M: 'monkey', S: 'mouse' };
      const goals = (pl) => f.goals.split('').filter((g) => (pl === 1 ? isUpper(g) : !isUpper(g) && g !== '-')).map((g) => word[g.toUpperCase()]).join(', ') || 'none yet';
      out.push(`goals: Sand ${goals(1)}; Green ${goals(2)}`);
      if (f.elephants !== '-') out.push(`first elephant move still straight: ${f.elephants.split('').map((e) => NAME[isUpper(e) ? 1 : 2]).join(', ')}`);
      out.push(`${plural(+f.noprogress, "ply", "plies")} without progress`);
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
})(SimiaBoards);
