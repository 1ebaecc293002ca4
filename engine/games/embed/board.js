// board.js — how the page draws Embed: its drawing table (what a table holds: uci-like/web/boards.js).
// uci-like/web/serve.sh serves every game's board.js with the page (as games.js); edit it here only.
(function (boards) {
  'use strict';
  const { U, disc, ownerByCase, sideDecider, checkSide, plural } = boards.kit;
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
