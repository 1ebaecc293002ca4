// board.js — how the page draws M.A.D.: its drawing table (what a table holds: uci-like/web/boards.js).
// uci-like/web/serve.sh serves every game's board.js with the page (as games.js); edit it here only.
(function (boards) {
  'use strict';
  const { SIDE, stack, ownerByCase, sideDecider, checkSide } = boards.kit;
  const tables = boards.tables;

  // M.A.D.: stacks of 1-4 checkers C/c.
  tables.mad = {
    title: 'M.A.D.',
    fields: ['side', 'noprogress', 'ply'],
    size: [8, 8],
    home: 1,
    piece(p) {
      if (p.letter.toLowerCase() !== 'c') throw new Error(`unknown piece '${p.letter}'`);
      return stack(0, 0, p.height, SIDE[ownerByCase(p.letter)]);
    },
    pieceName(p) { return `player ${ownerByCase(p.letter)} stack of ${p.height}`; },
    decider: sideDecider,
    check: checkSide,
    trays() { return []; },
    facts(f) { return [`player ${f.side} to move`, `no progress for ${f.noprogress} plies`, `ply ${f.ply}`]; },
    choiceLabel(m, parts) {
      if (/^x\d$/.test(parts.rest)) return `move ${parts.rest.slice(1)} checker(s)`;
      if (parts.rest === '') return 'move the whole stack';
      return '';
    },
  };
})(SimiaBoards);
