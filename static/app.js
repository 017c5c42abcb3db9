// Arbiter's only script, which no page needs: theme toggle, shortcuts,
// previews, "copy citation", search suggestions, printing what is folded,
// and keeping pages offline (sw.js).
// It loads in <head> without defer so a saved theme applies before paint.
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
  if (navigator.serviceWorker && !root.hasAttribute('data-static')) navigator.serviceWorker.register(base + '/sw.js');

  d.addEventListener('DOMContentLoaded', function () {
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

  // Shortcuts: / focuses the jump box, j and k follow the page's next and
  // previous links, ? shows the help dialog, Escape closes what is open.
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
      case 'j': follow('next'); break;
      case 'k': follow('prev'); break;
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

  d.addEventListener('DOMContentLoaded', function () {
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
