// board.js — how the page draws Monkey King Chess: its drawing table (what a table holds: uci-like/web/boards.js).
// uci-like/web/serve.sh serves every game's board.js with the page (as games.js); edit it here only.
(function (boards) {
  'use strict';
  const { U, FILES, esc, disc, triangle, ownerByCase, sideDecider, checkSide, plural } = boards.kit;
  const tables = boards.tables;

  // Monkey King Chess: a 5x8 earth board, two 2-square clouds (q2 r2, q7 r7) written at the
  // end of ranks 2 and 7, hands, Fists tokens. Player 1 (Blue) starts on the high ranks and
  // player 2's Pilgrim leaves through rank 9 (c8c9), drawn as an exit strip.
  const MKC_NAMES = {
    p: 'pawn', m: 'Monkey King', n: 'knight', l: 'Phoenix Lancer', h: 'hero', k: 'Pilgrim', c: 'Celestial', x: 'Mountain',
    P: 'pawn', S: 'Sea Serpent', N: 'knight', G: 'Goblin General', H: 'hero-foe', L: 'Goblin Lancer', K: 'Goblin King', C: 'Celestial', X: 'Mountain',
  };
  // Each disk's two faces (rules section 2): the face shown, drawn large, and the face on its
  // back, drawn small in the corner ('F' = Whirling Fists; the Pilgrim and the Goblin King
  // have one face). The Pilgrim is 'Pi' so that it never reads as Blue's King.
  const MKC_FACES = {
    p: ['P', 'M'], m: ['M', 'P'], n: ['N', 'L'], l: ['L', 'N'], h: ['H', 'F'], k: ['Pi', ''], c: ['C', 'Mt'], x: ['Mt', 'C'],
    P: ['P', 'S'], S: ['S', 'P'], N: ['N', 'G'], G: ['G', 'N'], H: ['H', 'L'], L: ['L', 'H'], K: ['K', ''], C: ['C', 'Mt'], X: ['Mt', 'C'],
  };
  const MKC_LEGEND = [
    ['k', 'Red\'s royal piece: a king step to an empty square, never captures. Red wins when it leaves the board from rank 8 (a move to rank 9); Blue wins by taking it (a flip move) or by checkmate.'],
    ['p', '1 forward, captures 1 diagonally forward. Back face: Monkey King.'],
    ['m', 'Back of the pawn: 1 diagonal step, moves and captures; flies; makes the extra steps that Fists tokens pay for.'],
    ['n', 'A chess knight. Back face: Phoenix Lancer.'],
    ['l', 'Back of the knight: slides straight forward, captures the first enemy; flies.'],
    ['h', '1 diagonal or 1 forward. Its back is Whirling Fists: flipped on a river, it leaves the board as a Fists token.'],
    ['c', 'A rook slide that never captures; flies; freezes the first Blue piece on its rank and file. Taken, it turns into a Mountain.'],
    ['x', 'Never moves, cannot be taken or passed; may flip back to its Celestial on a river.'],
    ['K', 'A king step, moves and captures; not royal, but Blue flips only while it is on the board.'],
    ['P', '1 forward (down), captures 1 diagonally forward. Back face: Sea Serpent.'],
    ['S', 'Back of the pawn: moves by knight jumps, captures as a pawn.'],
    ['N', 'Knight. Back face: Goblin General.'],
    ['G', 'Back of the knight: 1 diagonal step, moves and captures; flies.'],
    ['H', '1 diagonal or 1 forward (down). Back face: Goblin Lancer.'],
    ['L', 'Back of the hero-foe: slides straight forward (down), captures the first enemy; flies.'],
    ['C', 'A rook slide that captures; flies. Taken, it turns into a Mountain.'],
    ['X', 'Never moves; may flip back to its Celestial on a river.'],
  ];
  function face(p, st) {
    const [front, back] = MKC_FACES[p.letter];
    let s;
    if (p.letter === 'x' || p.letter === 'X') s = triangle(0, 2, U * 0.78, st, '');
    else s = disc(0, 0, U * 0.38, st, front, p.letter === 'k' ? { ring: '#f1c232', fontSize: U * 0.3 } : (p.letter === 'K' ? { ring: '#f1c232' } : undefined));
    if (back) {
      // The back face: a small disk of the same side in the lower right corner.
      s += `<circle cx="${U * 0.3}" cy="${U * 0.3}" r="${U * 0.15}" fill="${st.ink}" stroke="${st.stroke}" stroke-width="1.5"/>` +
        `<text x="${U * 0.3}" y="${U * 0.3}" dy="0.35em" text-anchor="middle" font-size="${U * (back.length > 1 ? 0.14 : 0.19)}" font-weight="700" fill="${st.stroke}">${esc(back)}</text>`;
    }
    return s;
  }
  const MKC_RIVERS = {
    ranks: { red: ['a4', 'b4', 'c4', 'd4', 'e4'], blue: ['a5', 'b5', 'c5', 'd5', 'e5'] },
    diagonal: { red: ['a1', 'b2', 'c3', 'd4', 'e1', 'd2', 'b4'], blue: ['a8', 'b7', 'c6', 'd5', 'e8', 'd7', 'b5'] },
  };
  tables.monkeykingchess = {
    title: 'Monkey King Chess',
    sides: { 1: { name: 'Blue', colour: '#2f63c9' }, 2: { name: 'Red', colour: '#c8372d' } },
    legend: MKC_LEGEND.map(([letter, text]) => ({ letter, name: `${ownerByCase(letter) === 1 ? 'Blue' : 'Red'} ${MKC_NAMES[letter]}`, text })),
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
      return face(p, this.style[ownerByCase(p.letter)]);
    },
    // A drop goes to the dropper's own half: Blue ranks 5-8, Red ranks 1-4.
    dropOwner(move) { const r = /@[a-e](\d)$/.exec(move); return r ? (+r[1] >= 5 ? 1 : 2) : 0; },
    pending(f) { return f.step === 'x' ? "Red's extra step: a Monkey King move paid with a Fists token, or end the turn" : ''; },
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
        if (pl === 2) items.push({ hook: null, kind: 'tokens', count: +f.tokens, label: (n) => (n === 1 ? 'Fists token' : 'Fists tokens') });
        return { owner: pl, items };
      });
    },
    facts(f) {
      return [plural(+f.tokens, 'Fists token', 'Fists tokens') + ' (Red)', `${plural(+f.noprogress, "ply", "plies")} without a capture, drop or Fists (a flip is no progress)`];
    },
    // The flip's new face: `=l` is Blue's Goblin Lancer, Red's Phoenix Lancer.
    choiceLabel(m, parts, model) {
      let q;
      const blue = model && model.decider === 1;
      if ((q = /^=([a-z])$/.exec(parts.rest))) return q[1] === 'f' ? 'flip the hero to a Fists token' : `flip to ${MKC_NAMES[blue ? q[1].toUpperCase() : q[1]] || q[1]} and move`;
      if (parts.rest === '') return 'plain move';
      return '';
    },
  };
})(SimiaBoards);
