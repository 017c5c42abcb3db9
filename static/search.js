// Search where there is no server to ask: in a static copy of Arbiter
// (arbiter export --site), and on the server's pages read offline, where
// the service worker (sw.js) answers a search with this page from its
// cache. The page loads Go's search code compiled to WebAssembly
// (cmd/searchwasm) and the edition's own source files, which it parses and
// indexes as the server would, then shows the hits or goes to the rule a
// bare number names. Without JavaScript the page says so.
(function () {
  'use strict';
  var d = document;

  d.addEventListener('DOMContentLoaded', function () {
    var box = d.getElementById('results');
    if (!box) return;
    var status = d.getElementById('search-status');
    var base = d.documentElement.getAttribute('data-base') || '';
    var params = new URLSearchParams(location.search);
    var q = (params.get('q') || '').trim();
    var ed = params.get('e') || box.getAttribute('data-latest');
    var form = d.querySelector('form.searchform');

    function say(msg, cls) {
      status.textContent = msg;
      status.className = cls || 'meta';
      status.hidden = false;
    }
    if (form) {
      form.elements.q.value = q;
      var sel = form.elements.e;
      for (var i = 0; sel && i < sel.options.length; i++) {
        if (sel.options[i].value === ed) sel.selectedIndex = i;
      }
    }
    var jump = d.getElementById('q');
    if (jump && !jump.value) jump.value = q;
    if (!q) return;
    if (ed === 'all') {
      ed = box.getAttribute('data-latest');
      say('This copy of Arbiter searches one edition at a time: searching the newest.');
    }
    // An edition's ID, after its document's prefix unless it is the
    // Comprehensive Rules' ("mtr/2025-04-21"), as the export names files.
    if (!/^(?:(?:mtr|ipg|jar)\/)?[\p{L}\p{N}][\p{L}\p{N}._-]*$/u.test(ed)) {
      say('There is no edition “' + ed + '”. The home page lists the editions.', 'msg');
      return;
    }
    if (!window.WebAssembly || !window.fetch || !window.Promise) {
      say('This browser cannot run the search: it lacks WebAssembly.', 'msg');
      return;
    }
    say('Loading search…');
    var t0 = performance.now();

    var exec = d.createElement('script');
    exec.src = box.getAttribute('data-exec');
    exec.onerror = function () { say('The search code could not be loaded.', 'msg'); };
    exec.onload = function () {
      var go = new Go();
      var wasmURL = box.getAttribute('data-wasm');
      var code = WebAssembly.instantiateStreaming ?
        WebAssembly.instantiateStreaming(fetch(wasmURL), go.importObject).catch(function () {
          // A host that serves .wasm with another type: compile from bytes.
          return fetch(wasmURL).then(bytes).then(function (b) { return WebAssembly.instantiate(b, go.importObject); });
        }) :
        fetch(wasmURL).then(bytes).then(function (b) { return WebAssembly.instantiate(b, go.importObject); });
      code.then(function (got) {
        go.run(got.instance); // sets window.arbiter, then waits for calls
        timing.code = Math.round(performance.now() - t0);
        return run(q, ed);
      }).catch(fail);
    };
    d.head.appendChild(exec);

    // Later searches from the form run on the page: no reload, and the
    // edition stays indexed.
    if (form) {
      form.addEventListener('submit', function (ev) {
        if (!window.arbiter) return; // still loading: let the browser submit
        ev.preventDefault();
        var nq = form.elements.q.value.trim(), ne = form.elements.e ? form.elements.e.value : ed;
        if (!nq) return;
        history.pushState(null, '', location.pathname + '?' + new URLSearchParams({q: nq, e: ne}).toString());
        if (jump) jump.value = nq;
        run(nq, ne).catch(fail);
      });
      window.addEventListener('popstate', function () { location.reload(); });
    }
  });

  var timing = {}, opened = '', note = '';

  // run searches edition ed for q, first loading the edition's sources if
  // another one (or none) is open. On the server's pages only the newest
  // edition's sources are there to load (offline.go): another edition's
  // search, from its pages' jump box, searches the newest instead.
  function run(q, ed) {
    var d = document, box = d.getElementById('results');
    var root = d.documentElement, base = root.getAttribute('data-base') || '';
    var latest = box.getAttribute('data-latest'), exported = root.hasAttribute('data-static');
    var ready = Promise.resolve();
    if (opened !== ed) {
      var t = performance.now();
      ready = fetch(box.getAttribute('data-data') + ed + '.zip').then(function (r) {
        if (r.status === 404 && exported) throw new Error('There is no edition “' + ed + '”. The home page lists the editions.');
        return bytes(r);
      }).catch(function (e) {
        if (exported || ed === latest) throw e;
        ed = latest;
        note = 'Searching ' + ed + ', the edition saved for offline use: this page searches no other.';
        return fetch(box.getAttribute('data-data') + ed + '.zip').then(bytes);
      }).then(function (b) {
        var err = window.arbiter.open(ed, base, new Uint8Array(b), exported);
        if (err) throw new Error(err);
        opened = ed;
        timing.open = Math.round(performance.now() - t);
      });
    }
    return ready.then(function () {
      var t = performance.now();
      var r = window.arbiter.search(q);
      if (r.error) throw new Error(r.error);
      timing.search = Math.round(performance.now() - t);
      box.setAttribute('data-timing', JSON.stringify(timing));
      if (r.jump) {
        location.replace(r.jump);
        return;
      }
      var old = box.querySelectorAll(':scope > :not(#search-status)');
      for (var i = 0; i < old.length; i++) old[i].remove();
      var status = d.getElementById('search-status');
      status.textContent = note;
      status.className = 'meta';
      status.hidden = !note;
      box.insertAdjacentHTML('beforeend', r.html);
    });
  }

  function fail(e) {
    var status = document.getElementById('search-status');
    status.textContent = e && e.message ? e.message : 'The search failed.';
    status.className = 'msg';
    status.hidden = false;
  }

  function bytes(r) {
    if (!r.ok) throw new Error('Could not load ' + r.url + ' (' + r.status + ').');
    return r.arrayBuffer();
  }
})();
