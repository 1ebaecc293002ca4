// board.js — how the page draws Dragons Teeth: its drawing table (what a table holds: uci-like/web/boards.js).
// uci-like/web/serve.sh serves every game's board.js with the page (as games.js); edit it here only.
(function (boards) {
  'use strict';
  const { U, SIDE, triangle, ownerByCase, offTrays, sideDecider, checkSide, plural } = boards.kit;
  const tables = boards.tables;

  // Dragons Teeth: teeth T/t of strength 1-3 (drawn larger when stronger); strength exited.
  tables.dragonsteeth = {
    title: 'Dragons Teeth',
    sides: { 1: { name: 'White', colour: '#f4eedf' }, 2: { name: 'Black', colour: '#2f2a27' } },
    legend: [
      { letter: 'T', height: 1, name: 'tooth of strength 1', text: 'moves forward or sideways; eliminates an enemy tooth of no more strength (stronger ones with friendly help); exits past the far rank. 6 strength off wins.' },
      { letter: 'T', height: 2, name: 'tooth of strength 2', text: 'as strength 1, and stronger.' },
      { letter: 'T', height: 3, name: 'tooth of strength 3', text: 'the strongest.' },
    ],
    fields: ['side', 'off1', 'off2', 'noprogress', 'ply'],
    size: [8, 8],
    home: 1,
    piece(p) {
      if (p.letter.toLowerCase() !== 't') throw new Error(`unknown piece '${p.letter}'`);
      return triangle(0, 2, U * (0.42 + 0.17 * p.height), SIDE[ownerByCase(p.letter)], p.height);
    },
    pieceName(p) { return `${ownerByCase(p.letter) === 1 ? 'White' : 'Black'} ${['', 'small', 'medium', 'large'][p.height] || ''} tooth (strength ${p.height})`; },
    decider: sideDecider,
    check: checkSide,
    trays(f, ctx) { return offTrays(f, ctx, 'strength'); },
    facts(f) { return [`strength off: White ${f.off1}, Black ${f.off2} (6 wins)`, `${plural(+f.noprogress, "ply", "plies")} without an elimination or exit`]; },
  };
})(SimiaBoards);
