// board.js — how the page draws M.A.D.: its drawing table (what a table holds: uci-like/web/boards.js).
// uci-like/web/serve.sh serves every game's board.js with the page (as games.js); edit it here only.
(function (boards) {
  'use strict';
  const { SIDE, stack, ownerByCase, sideDecider, checkSide, plural } = boards.kit;
  const tables = boards.tables;

  // M.A.D.: stacks of 1-4 checkers C/c.
  tables.mad = {
    title: 'M.A.D.',
    sides: { 1: { name: 'White', colour: '#f4eedf' }, 2: { name: 'Black', colour: '#2f2a27' } },
    legend: [
      { letter: 'C', height: 4, name: 'stack of 4', text: 'a stack of 1-4 checkers: moves some of its checkers as far as their number, or lunges straight ahead; attacks an enemy stack by moving into it (the bigger side survives). A checker on the far rank wins.' },
      { letter: 'c', height: 2, name: 'Black stack of 2', text: 'as White\'s, towards rank 1.' },
    ],
    fields: ['side', 'noprogress', 'ply'],
    size: [8, 8],
    home: 1,
    piece(p) {
      if (p.letter.toLowerCase() !== 'c') throw new Error(`unknown piece '${p.letter}'`);
      return stack(0, 0, p.height, SIDE[ownerByCase(p.letter)]);
    },
    pieceName(p) { return `${ownerByCase(p.letter) === 1 ? 'White' : 'Black'} stack of ${p.height}`; },
    decider: sideDecider,
    check: checkSide,
    trays() { return []; },
    facts(f) { return [`${plural(+f.noprogress, "ply", "plies")} without progress`]; },
    choiceLabel(m, parts) {
      if (/^x\d$/.test(parts.rest)) return parts.rest === 'x1' ? 'move 1 checker' : `move ${parts.rest.slice(1)} checkers`;
      if (parts.rest === '') return 'move the whole stack';
      return '';
    },
  };
})(SimiaBoards);
