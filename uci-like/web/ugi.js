// ugi.js — the page's one conversation with its own engine: a WebSocket to websocketd, which
// runs one simia process per connection and passes lines both ways (uci-like/web/serve.sh), or,
// in the static build (uci-like/web/build_static.sh), a Web Worker running the engine compiled
// to WebAssembly (worker.js), which takes and gives the same lines.
//
// UGI replies carry no request ids, so requests are strictly one at a time: each sends its
// lines and reads until its own end marker. Commands that answer nothing (position, setoption)
// are followed by isready, so that the error line they may print is read with them.
(function (global) {
  'use strict';

  // A Worker that looks like the WebSocket below: open once the engine has started, a message
  // per line, closed (with a reason) if it cannot start or stops; close() ends it.
  class WorkerSocket {
    constructor(script) {
      this.readyState = 0;
      this.onopen = this.onmessage = this.onclose = null;
      this.worker = new Worker(script);
      this.worker.onmessage = (ev) => {
        const d = ev.data;
        if (typeof d === 'string') { if (this.onmessage) this.onmessage({ data: d }); return; }
        if (d && d.ready && this.readyState === 0) { this.readyState = 1; if (this.onopen) this.onopen(); return; }
        if (d && d.stopped) this.end(1011, d.stopped);
      };
      this.worker.onerror = (ev) => { ev.preventDefault(); this.end(1011, ev.message || 'the engine could not be loaded'); };
    }

    send(line) { this.worker.postMessage(line); }

    close(code, reason) { this.end(code || 1000, reason || ''); }

    end(code, reason) {
      if (this.readyState === 3) return;
      this.readyState = 3;
      this.worker.terminate();
      if (this.onclose) this.onclose({ code, reason });
    }
  }

  class UgiSession {
    // url: the server's ws:// address, or worker:SCRIPT for the engine in a Worker.
    constructor(url, hooks) {
      this.url = url;
      this.hooks = hooks || {};
      this.ws = null;
      this.queue = Promise.resolve();
      this.active = null; // { isEnd, onLine, lines, resolve, reject }
      this.pending = 0;
      this.closed = false;
    }

    connect() {
      return new Promise((resolve, reject) => {
        let opened = false;
        const ws = this.url.startsWith('worker:') ? new WorkerSocket(this.url.slice(7)) : new WebSocket(this.url);
        this.ws = ws;
        ws.onopen = () => { opened = true; resolve(); };
        ws.onmessage = (ev) => {
          // websocketd sends one message per line; split anyway, in case a proxy merges them.
          for (const line of String(ev.data).split(/\r?\n/)) if (line !== '') this.receive(line);
        };
        ws.onclose = (ev) => {
          this.closed = true;
          const why = ev.reason ? `: ${ev.reason}` : '';
          const err = new Error(opened ? `connection to the engine closed (code ${ev.code}${why})`
            : ws instanceof WorkerSocket ? `could not start the engine${why}`
            : 'could not connect to the engine (server stopped, or busy: too many connections)');
          if (this.active) { const a = this.active; this.active = null; a.reject(err); }
          if (!opened) reject(err);
          if (this.hooks.closed) this.hooks.closed(err, opened);
        };
      });
    }

    receive(line) {
      if (this.hooks.log) this.hooks.log('<', line);
      const a = this.active;
      if (!a) { if (this.hooks.stray) this.hooks.stray(line); return; }
      if (a.isEnd(line)) { this.active = null; a.lines.end = line; a.resolve(a.lines); return; }
      a.lines.push(line);
      if (a.onLine) a.onLine(line);
    }

    send(line) {
      if (this.closed || !this.ws || this.ws.readyState !== 1) throw new Error('not connected to the engine'); // OPEN
      if (this.hooks.log) this.hooks.log('>', line);
      this.ws.send(line);
    }

    // Queue a request. `lines` may be a function called when the request's turn comes; it may
    // return null to drop the request (e.g. a search for a game that was left meanwhile).
    request(lines, isEnd, onLine) {
      this.pending++;
      if (this.hooks.busy) this.hooks.busy(this.pending);
      const run = () => new Promise((resolve, reject) => {
        const toSend = typeof lines === 'function' ? lines() : lines;
        if (toSend === null) { resolve(null); return; }
        this.active = { isEnd, onLine, lines: [], resolve, reject };
        try { toSend.forEach((l) => this.send(l)); } catch (e) { this.active = null; reject(e); }
      });
      const p = this.queue.then(run, run);
      const done = () => { this.pending--; if (this.hooks.busy) this.hooks.busy(this.pending); };
      p.then(done, done);
      this.queue = p.catch(() => {});
      return p;
    }

    // Lines then isready: resolves with every line printed before readyok.
    ask(lines) {
      return this.request(() => lines.concat(['isready']), (l) => l === 'readyok');
    }
  }

  global.UgiSession = UgiSession;
  global.WorkerSocket = WorkerSocket;
})(window);
