// board.js — how the page draws Embed: its drawing table (what a table holds: uci-like/web/boards.js).
// uci-like/web/serve.sh serves every game's board.js with the page (as games.js); edit it here only.
(function (boards) {
  'use strict';
  const { U, disc, ownerByCase, sideDecider, checkSide, noProgressLimit, plural } = boards.kit;
  const tables = boards.tables;

  // Embed: drones D/d and bosses B/b; player 1 is Red, player 2 Black.
  tables.embed = {
    title: 'Embed',
    sides: { 1: { name: 'Red', colour: '#c8372d' }, 2: { name: 'Black', colour: '#24211f' } },
    legend: [
      { letter: 'B', name: 'Red boss', text: 'moves like a chess queen onto empty squares, never captures. Reaching the far rank (rank 8 for Red, rank 1 for Black) wins; fully embedded (every neighbouring square holds an enemy piece) loses.' },
      { letter: 'D', name: 'Red drone', text: 'moves like a chess queen; may stop on the first enemy drone of its line and remove it. Drones embed the enemy boss.' },
      { letter: 'b', name: 'Black boss', text: 'as Red\'s, towards rank 1.' },
      { letter: 'd', name: 'Black drone', text: 'as Red\'s.' },
    ],
    reason(c) {
      const f = c.fields;
      if (!f) return '';
      const rows = c.model.rows, H = rows.length;
      let why = '';
      rows.forEach((row, r) => row.forEach((cell, x) => {
        const p = cell.pieces[0];
        if (!p || p.letter.toLowerCase() !== 'b') return;
        const pl = ownerByCase(p.letter), name = pl === 1 ? 'Red' : 'Black', rank = H - r;
        if (rank === (pl === 1 ? 8 : 1)) { why = why || `${name}'s boss reached the far rank`; return; }
        let all = true;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
          if (!dx && !dy) continue;
          const q = rows[r + dy] && rows[r + dy][x + dx];
          if (q && !(q.pieces[0] && ownerByCase(q.pieces[0].letter) !== pl)) all = false;
        }
        if (all) why = why || `${name}'s boss is embedded`;
      }));
      if (why) return why;
      const lim = noProgressLimit(c) ?? 150;
      if (lim && +f.noprogress >= lim) return `no capture for ${lim} plies`;
      return '';
    },
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
    facts(f) { return [`${plural(+f.noprogress, "ply", "plies")} without a capture`]; },
  };
})(SimiaBoards);
