// The one-page edition's later parts (/{edition}/all). The page comes with
// its contents and first chapters; the later chapters, some at a time, and
// the glossary are placeholders (.later: data-ids the chapters it holds,
// data-part their URL) that this script replaces with them, fetched as
// the reader nears it, when the address names an anchor in it, and, once
// the page has loaded, one after another, so that Find finds every rule in
// the end. Printing fetches what is left first, so the printout is whole.
// Without a script the placeholders link to each part's own page and to
// the page with every part (?full=1).
(function () {
  'use strict';
  var d = document;
  var inflight = 0;   // parts being fetched: one at most
  var pending = null; // the anchor the address names, in a part to come

  function left() { return d.querySelectorAll('.later[data-part]'); }

  // put replaces placeholder el with the part's HTML, and scrolls to the
  // anchor the address names if it is in it.
  function put(el, html) {
    if (!el.parentNode) return;
    var t = d.createElement('template');
    t.innerHTML = html;
    el.replaceWith(t.content);
    var at = pending && d.getElementById(pending);
    if (at) {
      // Go to the anchor again, now that it is there: the browser scrolls
      // to it and marks it (:target) as it would have on load.
      var id = pending;
      pending = null;
      location.replace('#' + encodeURIComponent(id));
      if (at.getBoundingClientRect().top > innerHeight || at.getBoundingClientRect().bottom < 0) at.scrollIntoView();
    }
  }

  // fetchPart fetches el's part, then calls done. A server that is busy
  // (429, 503) is asked again a little later, twice; after that, or on
  // another failure, the placeholder stays, with its links.
  function fetchPart(el, done) {
    el.setAttribute('data-loading', '');
    inflight++;
    var tries = +(el.getAttribute('data-tries') || 0) + 1;
    el.setAttribute('data-tries', tries);
    fetch(el.getAttribute('data-part')).then(function (r) {
      if (!r.ok) throw r.status;
      return r.text();
    }).then(function (html) {
      inflight--;
      put(el, html);
      done();
    }, function (status) {
      inflight--;
      el.removeAttribute('data-loading');
      if ((status === 429 || status === 503) && tries < 3) {
        setTimeout(done, 1000 * tries);
        return;
      }
      el.removeAttribute('data-part'); // not again: its links remain
      done();
    });
  }

  // next fetches one part at a time (the server lets one reader have one
  // whole edition under way): the one the reader nears or the address
  // names first, else the first still to come, until none is left.
  var wanted = null;
  function next() {
    if (inflight) return;
    var el = wanted && wanted.parentNode && wanted.hasAttribute('data-part') ? wanted : d.querySelector('.later[data-part]');
    wanted = null;
    if (el) fetchPart(el, function () { idle(next); });
  }
  function idle(fn) {
    if (window.requestIdleCallback) requestIdleCallback(fn, {timeout: 500}); else setTimeout(fn, 50);
  }

  // holder is the placeholder that holds the anchor id: the one of the
  // chapter the contents list names as id or as a rule's beginning ("704"
  // for "704.5k"), or the glossary's for a term.
  function holder(id) {
    if (id.indexOf('glossary-') === 0) return d.querySelector('.later[data-ids~="glossary"]');
    var toc = d.querySelectorAll('.alltoc a[href^="#"]');
    for (var i = 0; i < toc.length; i++) {
      var c = toc[i].getAttribute('href').slice(1);
      if (id === c || id.indexOf(c + '.') === 0) {
        var el = d.querySelector('.later[data-ids~="' + c.replace(/["\\]/g, '') + '"]');
        if (el) return el;
      }
    }
    return null;
  }

  // reach shows the anchor the address names, fetching its part first.
  function reach() {
    var id;
    try { id = decodeURIComponent(location.hash.slice(1)); } catch (e) { return; }
    if (!id || d.getElementById(id)) return;
    var el = holder(id);
    if (!el || !el.hasAttribute('data-part')) return;
    pending = id;
    wanted = el;
    next();
  }

  // print: fetch what is left, synchronously, for the printout must be
  // whole when the browser lays it out, right after this event.
  addEventListener('beforeprint', function () {
    left().forEach(function (el) {
      var x = new XMLHttpRequest();
      try {
        x.open('GET', el.getAttribute('data-part'), false);
        x.send();
        if (x.status === 200) put(el, x.responseText);
      } catch (e) { /* its links remain */ }
    });
  });

  // It loads async: the page may be parsed already, or not yet.
  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', start); else start();
  function start() {
    if (!left().length || !window.fetch) return;
    reach();
    addEventListener('hashchange', reach);
    if (window.IntersectionObserver) {
      var io = new IntersectionObserver(function (es) {
        es.forEach(function (e) {
          if (!e.isIntersecting) return;
          io.unobserve(e.target);
          wanted = e.target;
          next();
        });
      }, {rootMargin: '1500px 0px'});
      left().forEach(function (el) { io.observe(el); });
    }
    if (d.readyState === 'complete') idle(next);
    else addEventListener('load', function () { idle(next); });
  }
})();
