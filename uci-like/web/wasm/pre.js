// pre.js — put before emscripten's loader in simia.js (uci-like/web/wasm/wasm.cmake).
if (typeof process === 'object' && process.versions && process.versions.node) {
  // Under node the loader of this emscripten (Debian's 3.1.6) would fetch() simia.wasm by its
  // path, which node's fetch refuses: the file is read here instead, beside simia.js.
  if (!Module['wasmBinary']) {
    Module['wasmBinary'] = require('fs').readFileSync(require('path').join(__dirname, 'simia.wasm'));
  }
  // `node simia.js ARGS` is the native command line; require('simia.js') is the engine alone,
  // driven line by line as in the page's Worker (uci-like/web/wasm/ugi-node.js).
  if (typeof module !== 'undefined' && require.main !== module) Module['noInitialRun'] = true;
}
