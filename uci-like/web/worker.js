// worker.js — the page's engine when the page is served as static files (uci-like/web/build_static.sh):
// Simia compiled to WebAssembly (simia.js + simia.wasm beside this file), in a Web Worker, speaking
// the same UGI lines as the engine process that serve.sh runs behind its WebSocket.
//
// Messages in: protocol lines (strings). Messages out: protocol lines (strings), and
// {ready: true} once the engine has started, or {stopped: REASON} if it cannot start or dies.
// Lines are run one at a time, in order (uci-like/web/wasm/simia_wasm.c: simia_line); a `go`
// runs to its bestmove, giving this Worker's event loop a turn every ~50 ms, so that lines sent
// meanwhile wait in `queue`, where the search takes a `stop` (or `ponderhit`, `isready`) at once.
'use strict';

const queue = [];
let busy = false, ready = false, ended = false;

function stopped(reason) {
  if (ended) return;
  ended = true;
  postMessage({ stopped: reason });
}

self.Module = {
  noInitialRun: true,
  simiaQueue: queue,
  simiaOutput: (text) => {
    for (const line of text.split('\n')) if (line !== '') postMessage(line);
  },
  print: (text) => postMessage(text), // stdout outside the engine's output (not expected)
  printErr: () => {},                 // stderr: progress of a bench, as a terminal would show it
  onAbort: (what) => stopped(`the engine stopped (${what})`),
  onRuntimeInitialized: () => {
    if (!Module.ccall('simia_start', 'number', [], [])) { stopped('the engine could not start (out of memory)'); return; }
    ready = true;
    postMessage({ ready: true });
    pump();
  },
};

async function pump() {
  if (busy || !ready || ended) return;
  busy = true;
  try {
    while (queue.length && !ended) {
      const line = queue.shift();
      const more = await Module.ccall('simia_line', 'number', ['string'], [line], { async: true });
      if (!more) { stopped('the engine quit'); break; }
    }
  } catch (e) {
    stopped(`the engine stopped (${e && e.message ? e.message : e})`);
  }
  busy = false;
}

self.onmessage = (ev) => {
  for (const line of String(ev.data).split(/\r?\n/)) queue.push(line);
  pump();
};

try {
  importScripts('simia.js');
} catch (e) {
  stopped(`the engine could not be loaded (${e && e.message ? e.message : e})`);
}
