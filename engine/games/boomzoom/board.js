// board.js — how the page draws Boom & Zoom: its drawing table (what a table holds: uci-like/web/boards.js).
// uci-like/web/serve.sh serves every game's board.js with the page (as games.js); edit it here only.
(function (boards) {
  'use strict';
  const { SIDE, stack, ownerByCase, offTrays, sideDecider, checkSide, plural } = boards.kit;
  const tables = boards.tables;

  // Boom & Zoom: towers T/t of height 1-3; checkers borne off are counted per player.
  tables.boomzoom = {
    title: 'Boom & Zoom',
    sides: { 1: { name: 'White', colour: '#f4eedf' }, 2: { name: 'Black', colour: '#2f2a27' } },
    legend: [
      { letter: 'T', height: 3, name: 'tower', text: 'a stack of 1-3 checkers: zooms forward or sideways up to its height onto empty squares, booms (removes one checker of) an enemy tower within reach, bears checkers off past the far rank. Most checkers borne off wins.' },
      { letter: 't', height: 1, name: 'Black tower of 1', text: 'as White\'s, towards rank 1.' },
    ],
    fields: ['side', 'off1', 'off2', 'noprogress', 'ply'],
    size: [8, 8],
    home: 1,
    piece(p) {
      if (p.letter.toLowerCase() !== 't') throw new Error(`unknown piece '${p.letter}'`);
      return stack(0, 0, p.height, SIDE[ownerByCase(p.letter)]);
    },
    pieceName(p) { return `${ownerByCase(p.letter) === 1 ? 'White' : 'Black'} tower of ${p.height}`; },
    decider: sideDecider,
    check: checkSide,
    trays(f, ctx) { return offTrays(f, ctx, 'checkers'); },
    facts(f) { return [`borne off: White ${f.off1}, Black ${f.off2}`, `${plural(+f.noprogress, "ply", "plies")} without a boom or bear-off`]; },
  };
})(SimiaBoards);
