// board.js — how the page draws Boom & Zoom: its drawing table (what a table holds: uci-like/web/boards.js).
// uci-like/web/serve.sh serves every game's board.js with the page (as games.js); edit it here only.
(function (boards) {
  'use strict';
  const { SIDE, stack, ownerByCase, offTrays, sideDecider, checkSide } = boards.kit;
  const tables = boards.tables;

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
})(SimiaBoards);
