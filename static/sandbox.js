// Sandbox pages work without this. With it, steps and the edition switch
// swap the page in place (keeping edits), arrows step, Ctrl+Enter runs.
(function () {
  var d = document, $ = function (i) { return d.getElementById(i); };
  function go(u, push, id) {
    fetch(u).then(function (r) {
      if (!r.ok) throw r;
      return r.text();
    }).then(function (h) {
      var doc = new DOMParser().parseFromString(h, 'text/html'), n = doc.getElementById('sb'), o = $('sb'), t = $('sb-text');
      if (t && t.value !== t.defaultValue) n.querySelector('.sb-editor').replaceWith(o.querySelector('.sb-editor'));
      o.replaceWith(d.adoptNode(n));
      d.title = doc.title;
      if (push) history.pushState(1, '', u);
      fix();
      if ($(id)) $(id).focus();
    }).catch(function () { location.href = u; });
  }
  function url(f, k, v) {
    var q = new URLSearchParams(new FormData(f));
    if (k) q.set(k, v);
    return f.action + '?' + q;
  }
  d.addEventListener('click', function (e) {
    var t = e.target.closest('a,button'), f = $('sb-nav'), sb = $('sb');
    if (!t || !sb || e.button || e.ctrlKey || e.metaKey || e.shiftKey || !sb.contains(t)) return;
    if (t.matches('.sb-controls a')) {
      e.preventDefault();
      go(t.href, 1, t.id);
    } else if (t.getAttribute('form') == 'sb-nav' && f.method == 'get') {
      e.preventDefault();
      go(url(f, 'step', t.value), 1);
    }
  });
  d.addEventListener('submit', function (e) {
    var f = e.target;
    if (f.matches('.sb-rules') && f.method == 'get') {
      e.preventDefault();
      go(url(f), 1, 'sb-rules');
    }
  });
  addEventListener('popstate', function (e) { if (e.state && $('sb')) go(location.href); });
  addEventListener('keydown', function (e) {
    var t = e.target, a = $({ ArrowRight: 'sb-forward', ArrowLeft: 'sb-back' }[e.key]);
    if (e.key == 'Enter' && (e.ctrlKey || e.metaKey) && t.id == 'sb-text') {
      e.preventDefault();
      t.form.requestSubmit();
    } else if (a && !e.altKey && !e.ctrlKey && !/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) {
      e.preventDefault();
      a.click();
    }
  });
  function fix() { // the share box: a full URL, selected on focus
    var s = $('sb-share');
    if (s) {
      s.value = new URL(s.value, location.href).href;
      s.onfocus = s.select;
    }
  }
  history.replaceState(1, '', location.href);
  fix();
})();
