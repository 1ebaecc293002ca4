// board.js — how the page draws Dragons Teeth: its drawing table (what a table holds: uci-like/web/boards.js).
// uci-like/web/serve.sh serves every game's board.js with the page (as games.js); edit it here only.
(function (boards) {
  'use strict';
  const { U, SIDE, triangle, ownerByCase, offTrays, sideDecider, checkSide } = boards.kit;
  const tables = boards.tables;

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
})(SimiaBoards);
