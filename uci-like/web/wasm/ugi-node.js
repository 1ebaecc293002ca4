#!/usr/bin/env node
// ugi-node.js — the WebAssembly engine (build/wasm/simia.js) speaking UGI on stdin/stdout under
// node, through the same entry points and line queue as the page's Worker (uci-like/web/worker.js):
// for tests and for arenas that would run the browser's engine.
// Usage: node uci-like/web/wasm/ugi-node.js [path/to/simia.js]   (default: build/wasm/simia.js)
'use strict';
const path = require('path');
const file = path.resolve(process.argv[2] || path.join(__dirname, '../../../build/wasm/simia.js'));
const M = require(file);
const queue = [];
let busy = false, ready = false;
M.simiaQueue = queue;
M.simiaOutput = (text) => process.stdout.write(text);

// Lines one at a time, in order; a search takes a stop (or a quit) from the queue between its slices.
async function pump() {
  if (busy || !ready) return;
  busy = true;
  while (queue.length) {
    const line = queue.shift();
    const more = await M.ccall('simia_line', 'number', ['string'], [line], { async: true });
    if (!more) process.exit(0);
  }
  busy = false;
}

M.onRuntimeInitialized = () => {
  if (!M.ccall('simia_start', 'number', [], [])) { process.stderr.write('simia: out of memory\n'); process.exit(1); }
  ready = true;
  pump();
};

let rest = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  const parts = (rest + chunk).split('\n');
  rest = parts.pop();
  for (const l of parts) queue.push(l.replace(/\r$/, ''));
  pump();
});
// The end of input ends the session as in the native loop: a running search is stopped first.
process.stdin.on('end', () => {
  if (rest) queue.push(rest);
  queue.push('quit');
  pump();
});
