// board.js — how the page draws Monkey Queen: its drawing table (what a table holds: uci-like/web/boards.js).
// uci-like/web/serve.sh serves every game's board.js with the page (as games.js); edit it here only.
(function (boards) {
  'use strict';
  const { U, disc, isUpper, boardText } = boards.kit;
  const tables = boards.tables;

  // Monkey Queen (README "Notation"): colours Ivory (i, I[h]) and Cigar (c, C[h]); who plays
  // which colour is the swap field's business (after `swap`, player 1 plays Cigar).
  tables.monkeyqueen = {
    title: 'Monkey Queen',
    fields: ['side', 'swap', 'ply'],
    options: ['PieRule', 'IvoryHeight', 'CigarHeight'],
    size: [12, 12],
    home: 1,
    colours: { i: { fill: '#f3ead2', stroke: '#8a7550', ink: '#3a2d17' }, c: { fill: '#7a4a2a', stroke: '#3b2312', ink: '#fbeee0' } },
    piece(p) {
      const col = this.colours[p.letter.toLowerCase()];
      if (!col) throw new Error(`unknown piece '${p.letter}'`);
      if (isUpper(p.letter)) return disc(0, 0, U * 0.42, col, p.height, { ring: '#d4a72c', fontSize: U * 0.36 });
      return disc(0, 0, U * 0.24, col, '');
    },
    pieceName(p) { return (p.letter.toLowerCase() === 'i' ? 'Ivory ' : 'Cigar ') + (isUpper(p.letter) ? `queen of ${p.height}` : 'baby'); },
    decider(f, ctx) {
      // p1 plays Ivory unless the swap was taken.
      const p1colour = f.swap === 's' ? 'c' : 'i';
      return f.side === p1colour ? 1 : 2;
    },
    // Who plays which colour: player 1 Ivory, unless Cigar took the swap (then player 1 plays
    // Cigar). Ivory starts on the low ranks, so a swap turns the board of a player vs Simia.
    sideOf(player, f) {
      const p1 = f.swap === 's' ? 'c' : 'i';
      const c = player === 1 ? p1 : (p1 === 'i' ? 'c' : 'i');
      return c === 'i' ? { name: 'Ivory', colour: '#f3ead2' } : { name: 'Cigar', colour: '#7a4a2a' };
    },
    homeOf(player, f) { return this.sideOf(player, f).name === 'Ivory' ? 1 : -1; },
    legend: [
      { letter: 'I', height: 20, name: 'Ivory queen', text: 'a stack (its height is the number): moves like a chess queen; a non-capturing move leaves a baby behind and the queen one lower. Capturing the enemy queen wins.' },
      { letter: 'i', name: 'Ivory baby', text: 'slides like a chess queen; a quiet move must end closer to the enemy queen; captures any enemy piece it reaches.' },
      { letter: 'C', height: 20, name: 'Cigar queen', text: 'as the Ivory queen.' },
      { letter: 'c', name: 'Cigar baby', text: 'as the Ivory baby.' },
    ],
    check(f) {
      if (!/^[ic]$/.test(f.side)) throw new Error(`side '${f.side}' is not i or c`);
      if (!/^[was-]$/.test(f.swap)) throw new Error(`swap state '${f.swap}' is not w, a, s or -`);
    },
    trays() { return []; },
    facts(f) {
      const swap = { w: 'pie rule: after Ivory\'s first move Cigar may swap', a: 'pie rule: Cigar may swap now (take over Ivory\'s position)', s: 'swap taken: player 1 plays Cigar', '-': '' }[f.swap];
      return swap ? [swap] : [];
    },
    // A queen captured leaves no position string; the board is then read from d's drawing,
    // whose rows are the rank's number and one word a cell (".", "i", "C20"), files a to l.
    parseDrawing(lines) {
      const rows = [];
      for (const line of lines) {
        const words = line.trim().split(/\s+/);
        if (!/^\d+$/.test(words[0]) || words.length < 13) continue;
        const row = [];
        for (const cell of words.slice(1, 13)) {
          let q;
          if (cell === '.') row.push({ token: '', pieces: [] });
          else if (cell === 'i' || cell === 'c') row.push({ token: cell, pieces: [{ letter: cell, height: 1 }] });
          else if ((q = /^([IC])(\d+)$/.exec(cell))) row.push({ token: `${q[1]}[${q[2]}]`, pieces: [{ letter: q[1], height: +q[2] }] });
          else return null;
        }
        rows.push(row);
      }
      return rows.length === 12 ? boardText(rows) : null;
    },
  };
})(SimiaBoards);
