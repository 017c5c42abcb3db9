// Arbiter's only script, which no page needs: theme toggle, shortcuts,
// previews, "copy citation", bookmarks and recent rules, search
// suggestions, printing what is folded, and keeping pages offline (sw.js).
// It loads async, so a page waits for it neither to paint nor to be read;
// the layout's one inline line applies a saved theme before the first
// paint (views/theme_script.go).
(function () {
  'use strict';
  var d = document, root = d.documentElement;
  var base = root.getAttribute('data-base') || '';

  function load() {
    try { return localStorage.getItem('theme'); } catch (e) { return null; }
  }
  function save(t) {
    try { localStorage.setItem('theme', t); } catch (e) { /* private mode */ }
  }
  function apply(t) {
    if (t === 'dark' || t === 'light') root.setAttribute('data-theme', t);
  }
  function isDark() {
    var t = root.getAttribute('data-theme');
    if (t) return t === 'dark';
    return !!(window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
  }
  apply(load());
  // ready runs fn once the document is parsed: at once if this script
  // arrived after that, as an async script may.
  function ready(fn) {
    if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', fn); else fn();
  }
  if (navigator.serviceWorker && !root.hasAttribute('data-static')) navigator.serviceWorker.register(base + '/sw.js');

  ready(function () {
    var btn = d.getElementById('theme');
    if (btn) {
      var mark = function () { btn.setAttribute('aria-pressed', isDark()); };
      btn.hidden = false;
      mark();
      btn.addEventListener('click', function () {
        var t = isDark() ? 'light' : 'dark';
        apply(t);
        save(t);
        mark();
      });
    }
    d.querySelectorAll('button[data-cite]').forEach(cite);
    previews();
    keeping();
  });

  function cite(b) {
    if (!navigator.clipboard) return;
    b.hidden = false;
    b.addEventListener('click', function () {
      navigator.clipboard.writeText(b.getAttribute('data-cite')).then(function () {
        var old = b.textContent;
        b.textContent = 'Copied';
        setTimeout(function () { b.textContent = old; }, 1500);
      }, function () {});
    });
  }

  // Shortcuts: / focuses the jump box, j and k go to the next and previous
  // rule (step), ? shows the help dialog, Escape closes what is open.
  d.addEventListener('keydown', function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    var t = e.target;
    if (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) {
      if (e.key === 'Escape' && t.blur) t.blur();
      return;
    }
    var help = d.getElementById('help');
    switch (e.key) {
      case '/':
        var q = d.getElementById('q');
        if (q) { e.preventDefault(); q.focus(); q.select(); }
        break;
      case 'j': step(1); break;
      case 'k': step(-1); break;
      case '?':
        if (help && help.showModal) {
          if (help.open) help.close(); else help.showModal();
        }
        break;
      case 'Escape': hide(); break;
    }
  });

  function follow(rel) {
    var a = d.querySelector('a[rel~="' + rel + '"]');
    if (a) location.href = a.href;
  }

  // step moves to the next (dir 1) or previous rule on a page of many (a
  // chapter, a long rule, a whole edition), measured from below the sticky
  // header; past the page's last or first, it follows the pager.
  function step(dir) {
    var rs = d.querySelectorAll('.rule[id]'), top = scrollTop(), to = null;
    for (var i = 0; i < rs.length && rs.length > 1; i++) {
      var y = rs[i].getBoundingClientRect().top - top;
      if (dir > 0 ? y > 2 : y < -2) { to = rs[i]; if (dir > 0) break; }
    }
    // A chapter starts where its first rule does: go to the rule.
    while (to && dir > 0 && ++i < rs.length && Math.abs(rs[i].getBoundingClientRect().top - to.getBoundingClientRect().top) < 1) to = rs[i];
    if (!to) { follow(dir > 0 ? 'next' : 'prev'); return; }
    history.replaceState(history.state, '', '#' + to.id);
    scrollBy(0, to.getBoundingClientRect().top - top);
  }
  function scrollTop() {
    var h = d.querySelector('header.top');
    return h ? Math.max(0, h.getBoundingClientRect().bottom) : 0;
  }

  // Bookmarks and recently read rules live in this browser only
  // (localStorage: no account, nothing on the server, there offline): a
  // rule page's Bookmark button toggles one, every rule page read is
  // remembered, and the home page lists both.
  function kept(k) {
    try { return JSON.parse(localStorage.getItem(k)) || []; } catch (e) { return []; }
  }
  function keep(k, list) {
    try { localStorage.setItem(k, JSON.stringify(list.slice(0, 30))); } catch (e) { /* private mode */ }
  }
  function without(list, u) {
    return list.filter(function (x) { return x.u !== u; });
  }
  function keeping() {
    var b = d.getElementById('bm'), here = location.pathname;
    if (b) {
      var me = {u: here, t: b.getAttribute('data-keep')};
      keep('recent', [me].concat(without(kept('recent'), here)));
      var mark = function () {
        var on = kept('bookmarks').some(function (x) { return x.u === here; });
        b.setAttribute('aria-pressed', on);
        b.textContent = on ? 'Bookmarked' : 'Bookmark';
      };
      b.hidden = false;
      mark();
      b.addEventListener('click', function () {
        var bms = kept('bookmarks'), rest = without(bms, here);
        keep('bookmarks', rest.length < bms.length ? rest : [me].concat(bms));
        mark();
      });
    }
    var sec = d.getElementById('kept');
    if (!sec) return;
    [['kept-bm', 'bookmarks'], ['kept-recent', 'recent']].forEach(function (p) {
      var box = d.getElementById(p[0]), ul = box.querySelector('ul'), list = kept(p[1]).slice(0, 10);
      list.forEach(function (x) {
        var li = d.createElement('li'), a = d.createElement('a');
        a.href = x.u;
        a.textContent = x.t || x.u;
        li.appendChild(a);
        ul.appendChild(li);
      });
      box.hidden = !list.length;
      if (list.length) sec.hidden = false;
    });
  }

  // Previews: hovering or focusing a reference (a.x) shows the cited rule or
  // term, fetched once from /preview/<the link's path>.
  var tip, timer, shown, cache = {};

  function previews() {
    tip = d.createElement('div');
    tip.id = 'pv';
    tip.setAttribute('role', 'tooltip');
    tip.hidden = true;
    d.body.appendChild(tip);
    d.addEventListener('mouseover', function (e) {
      var a = ref(e.target);
      if (a) later(function () { show(a); }, 150);
      else if (tip.contains(e.target)) clearTimeout(timer);
    });
    d.addEventListener('mouseout', function (e) {
      if (ref(e.target) || tip.contains(e.target)) later(hide, 250);
    });
    d.addEventListener('focusin', function (e) {
      var a = ref(e.target);
      if (a) show(a); else hide();
    });
  }

  function ref(el) {
    return el && el.closest ? el.closest('a.x') : null;
  }

  function later(fn, ms) {
    clearTimeout(timer);
    timer = setTimeout(fn, ms);
  }

  function show(a) {
    var href = (a.getAttribute('href') || '').split('#')[0];
    if (href.indexOf(base + '/') !== 0) return;
    var url = base + '/preview' + href.slice(base.length);
    shown = a;
    var put = function (html) {
      if (shown !== a) return;
      tip.innerHTML = html;
      place(a);
      tip.hidden = false;
      a.setAttribute('aria-describedby', 'pv');
    };
    if (cache[url]) { put(cache[url]); return; }
    fetch(url).then(function (r) { return r.ok ? r.text() : ''; }).then(function (html) {
      if (html) { cache[url] = html; put(html); }
    }, function () {});
  }

  function place(a) {
    var r = a.getBoundingClientRect();
    var w = Math.min(420, innerWidth - 16);
    var left = Math.max(8, Math.min(r.left, innerWidth - w - 8));
    tip.style.width = w + 'px';
    tip.style.left = (left + scrollX) + 'px';
    tip.style.top = (r.bottom + scrollY + 6) + 'px';
  }

  function hide() {
    clearTimeout(timer);
    if (shown) shown.removeAttribute('aria-describedby');
    shown = null;
    if (tip) tip.hidden = true;
  }

  // The offline note: the worker writes it into pages it answers, but not
  // into one from the browser's cache (max-age=300). Such a page (no bytes
  // on the wire) asks the server whether it is there.
  addEventListener('load', function () {
    var note = d.getElementById('offline-note');
    if (!note || !note.hidden || root.hasAttribute('data-static') || !window.fetch) return;
    var nav = performance.getEntriesByType ? performance.getEntriesByType('navigation')[0] : null;
    if (navigator.onLine !== false && !(nav && nav.transferSize === 0)) return;
    fetch(base + '/healthz', {cache: 'no-store'}).then(function () {}, function () {
      var b = d.createElement('strong');
      b.textContent = 'Offline:';
      note.textContent = ' · ';
      note.appendChild(b);
      note.appendChild(d.createTextNode(' the copy this browser kept' +
        (d.lastModified ? ', of ' + new Date(d.lastModified).toLocaleString() : '')));
      note.hidden = false;
    });
  });

  // A page with its stylesheets written in (views/inline_styles.go): fetch
  // them into the cache, then a cookie asks the server to link them.
  addEventListener('load', function () {
    var u = root.getAttribute('data-styles');
    if (!u || !window.fetch) return;
    Promise.all(u.split(' ').map(function (x) {
      return fetch(x).then(function (r) { if (r.ok) return r.text(); throw r; });
    })).then(function () {
      d.cookie = 'arbiter-css=' + root.getAttribute('data-styles-version') + '; path=' + (base || '/') + '; max-age=31536000; samesite=lax';
    }, function () {});
  });

  // Print what is folded: open each closed <details>, fold them after.
  var folded = [];
  addEventListener('beforeprint', function () {
    folded = d.querySelectorAll('details:not([open])');
    folded.forEach(function (x) { x.open = true; });
  });
  addEventListener('afterprint', function () {
    folded.forEach(function (x) { x.open = false; });
  });

  // Search suggestions: the best few entries for the words typed in the
  // jump box (/suggest), listed under it; Down moves in, Escape closes. A
  // rule number goes straight to the rule: nothing to suggest.
  var number = /^\s*(cr\s*|rules?\s*)?\d{3}(\.\d*[a-z]?)?\.?\s*$/i;

  ready(function () {
    var q = d.getElementById('q');
    if (!q || !q.form || !window.fetch || root.hasAttribute('data-static')) return; // no server
    var form = q.form, box = d.createElement('div'), timer, last = '', seq = 0;
    box.id = 'sugg';
    box.className = 'sugg';
    box.hidden = true;
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', 'Suggestions');
    box.setAttribute('aria-live', 'polite');
    form.appendChild(box);
    q.setAttribute('aria-controls', 'sugg');

    function close() { box.hidden = true; }
    function update() {
      var v = q.value;
      if (v.trim().length < 2 || number.test(v)) { close(); last = ''; return; }
      if (v === last) { box.hidden = !box.querySelector('a'); return; } // typed and erased a letter
      last = v;
      var e = form.querySelector('input[name=e]');
      var url = base + '/suggest?q=' + encodeURIComponent(v) + (e ? '&e=' + encodeURIComponent(e.value) : '');
      var n = ++seq;
      fetch(url).then(function (r) { return r.ok ? r.text() : ''; }).then(function (html) {
        if (n !== seq || q.value !== v) return; // a newer request is under way
        box.innerHTML = html;
        box.hidden = !box.querySelector('a');
      }, function () {});
    }
    q.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(update, 120);
    });
    q.addEventListener('keydown', function (ev) {
      if (ev.key === 'ArrowDown' && !box.hidden) {
        var a = box.querySelector('a');
        if (a) { ev.preventDefault(); a.focus(); }
      } else if (ev.key === 'Escape') {
        close();
      }
    });
    box.addEventListener('keydown', function (ev) {
      var links = box.querySelectorAll('a');
      var i = Array.prototype.indexOf.call(links, d.activeElement);
      if (ev.key === 'ArrowDown') {
        ev.preventDefault();
        if (i + 1 < links.length) links[i + 1].focus();
      } else if (ev.key === 'ArrowUp') {
        ev.preventDefault();
        if (i > 0) links[i - 1].focus(); else q.focus();
      } else if (ev.key === 'Escape') {
        ev.preventDefault();
        close();
        q.focus();
      }
      ev.stopPropagation(); // j and k here are not the page's shortcuts
    });
    d.addEventListener('click', function (ev) { if (!form.contains(ev.target)) close(); });
  });
})();
