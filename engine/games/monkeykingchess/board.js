// board.js — how the page draws Monkey King Chess: its drawing table (what a table holds: uci-like/web/boards.js).
// uci-like/web/serve.sh serves every game's board.js with the page (as games.js); edit it here only.
(function (boards) {
  'use strict';
  const { U, FILES, disc, triangle, ownerByCase, sideDecider, checkSide } = boards.kit;
  const tables = boards.tables;

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
      out.push(`Fists tokens: ${f.tokens}`, `no progress for ${f.noprogress} plies`, `ply ${f.ply}`);
      return out;
    },
    choiceLabel(m, parts) {
      let q;
      if ((q = /^=([a-z])$/.exec(parts.rest))) return q[1] === 'f' ? 'flip the hero to a Fists token' : `flip to ${MKC_NAMES[q[1]] || MKC_NAMES[q[1].toUpperCase()] || q[1]} and move`;
      if (parts.rest === '') return 'plain move';
      return '';
    },
  };
})(SimiaBoards);
