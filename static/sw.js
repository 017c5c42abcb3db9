// Arbiter's service worker: it keeps the site readable without a network.
// The server writes CONFIG in front of this script (cmd/arbiter/offline.go):
// the URLs to save when it installs (the newest edition whole, the
// sandbox's examples of it, search), the edition's id and name, and a
// version that changes whenever that list does, so a new edition installs
// a new worker, whose cache replaces the old one on the next online visit.
//
// Pages come from the network while there is one, so a reader online sees
// what the server serves; pages read are kept (the newest edition's are
// saved already), and without a network the copy answers, with a note in
// the footer. A rule is shown in its chapter's page, a glossary term in the
// glossary, a search by the search page that runs in the browser.
'use strict';

var SAVED = 'arbiter-' + CONFIG.version; // what install saves
var READ = 'arbiter-read';               // pages read, of any edition
var MAX_READ = 500;                      // pages read kept, the oldest dropped
var BASE = CONFIG.base;

self.addEventListener('install', function (ev) {
  ev.waitUntil(caches.open(SAVED).then(function (c) {
    // Ask the server, not the HTTP cache: a page it holds may be older.
    return c.addAll(CONFIG.urls.map(function (u) { return new Request(u, {cache: 'no-cache'}); }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (ev) {
  ev.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) {
      return k.indexOf('arbiter-') === 0 && k !== SAVED && k !== READ;
    }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener('fetch', function (ev) {
  var req = ev.request, url = new URL(req.url);
  if (req.method !== 'GET' || url.origin !== location.origin || url.pathname.indexOf(BASE + '/') !== 0) return;
  var path = url.pathname.slice(BASE.length);
  if (/^\/(static|offline)\/[^/]*\.[0-9a-f]{10}\.[a-z]+$/.test(path)) {
    // Named by their bytes: never changed, so the copy is as good.
    ev.respondWith(caches.match(req, {ignoreVary: true}).then(function (hit) { return hit || fetch(req); }));
    return;
  }
  // The worker's own script, and the page's question whether the server
  // is there (app.js), go to the network alone.
  if (path === '/sw.js' || path === '/healthz') return;
  ev.respondWith(fetch(req).then(function (res) {
    // A page read is kept, and so is a part of a one-page edition (all.js
    // fetches them), for the page to be whole offline too.
    var part = /\/all$/.test(path) && url.searchParams.has('from');
    if ((req.mode === 'navigate' || part) && res.ok && /^text\/html/.test(res.headers.get('Content-Type') || '')) {
      ev.waitUntil(keep(req, res.clone()));
    }
    return res;
  }, function (err) {
    return fromCopy(req, url, path).then(function (res) {
      if (!res) throw err;
      return res;
    });
  }));
});

// keep saves a page read, unless install saved it.
function keep(req, res) {
  return caches.open(SAVED).then(function (c) { return c.match(req, {ignoreVary: true}); }).then(function (saved) {
    if (saved) return;
    return caches.open(READ).then(function (c) {
      return c.put(req, res).then(function () { return c.keys(); }).then(function (keys) {
        // Keys list in the order they were put: the oldest first.
        return Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_READ)).map(function (k) { return c.delete(k); }));
      });
    });
  });
}

// fromCopy answers req without a network: the page itself, else the page
// that holds it, else (for a page) the offline page. null when nothing does.
function fromCopy(req, url, path) {
  var nav = req.mode === 'navigate';
  return match(req).then(function (hit) {
    if (hit || !nav) return hit && (nav ? noted(hit) : hit);
    var alt = holder(path, url);
    return (alt ? match(BASE + alt.path) : Promise.resolve(null)).then(function (hit) {
      if (hit && alt.hash) return Response.redirect(BASE + alt.path + '#' + alt.hash, 302);
      if (hit) return noted(hit);
      return match(CONFIG.offline).then(function (off) { return off && noted(off); });
    });
  });
}

function match(req) {
  return caches.match(req, {ignoreVary: true});
}

var ruleNumber = /^\d{3}\.\d+[a-z]?$/;

// holder is the saved page that holds what path names, and the anchor
// there: a rule's chapter, a term's glossary, a search's page that runs in
// the browser (which reads the query from the address, which stays), a
// sandbox example at any step (saved at its last). null for none.
function holder(path, url) {
  var p = path.split('/');
  if (p.length === 3 && p[1] === 'rules' && ruleNumber.test(p[2]) && CONFIG.latest) {
    return {path: '/' + CONFIG.latest + '/' + p[2].slice(0, 3), hash: p[2]};
  }
  if (p.length === 3 && ruleNumber.test(p[2])) return {path: '/' + p[1] + '/' + p[2].slice(0, 3), hash: p[2]};
  if (p.length === 4 && p[2] === 'glossary') return {path: '/' + p[1] + '/glossary'};
  if ((path === '/search' || path === '/jump') && CONFIG.search) return {path: CONFIG.search.slice(BASE.length)};
  if (p[1] === 'sandbox' && url.search) return {path: path};
  return null;
}

// noted is a saved page with its footer saying it is the saved copy.
// Only the type and the security headers are kept: the body is new.
function noted(res) {
  var h = new Headers();
  ['Content-Type', 'Content-Security-Policy', 'X-Content-Type-Options', 'Referrer-Policy'].forEach(function (k) {
    if (res.headers.has(k)) h.set(k, res.headers.get(k));
  });
  var saved = res.headers.get('Date');
  return res.text().then(function (html) {
    var note = ' · <strong>Offline:</strong> the copy saved on this device' +
      (saved ? ' on ' + esc(new Date(saved).toLocaleDateString()) : '') +
      (CONFIG.latest ? '; saved whole: <a href="' + esc(CONFIG.offline) + '">' + esc(CONFIG.name) + '</a>' : '');
    html = html.replace(CONFIG.marker, '<span id="offline-note">' + note + '</span>');
    return new Response(html, {status: res.status, statusText: res.statusText, headers: h});
  });
}

function esc(s) {
  return String(s).replace(/[&<>"]/g, function (c) { return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;'}[c]; });
}
