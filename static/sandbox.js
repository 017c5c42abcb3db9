// Optional: steps swap the page in place (keeping edits), arrows step,
// Ctrl+Enter runs, the index's filter filters.
// It loads async: it starts once the document is parsed.
(() => {
var d = document, $ = i => d.getElementById(i), F = '.sb-details', P = e => e.preventDefault();
function go(u, push, id) {
	fetch(u).then(r => r.ok ? r.text() : Promise.reject()).then(h => {
		var doc = new DOMParser().parseFromString(h, 'text/html'), n = doc.getElementById('sb'), o = $('sb'), t = $('sb-text');
		if (t && t.value != t.defaultValue) n.querySelector('.sb-editor').replaceWith(o.querySelector('.sb-editor'));
		n.querySelector(F).open = o.querySelector(F).open;
		o.replaceWith(d.adoptNode(n));
		d.title = doc.title;
		if (push) history.pushState(1, '', u);
		fix();
		if ($(id)) $(id).focus();
	}).catch(() => location.href = u);
}
function url(f, k, v) {
	var q = new URLSearchParams(new FormData(f));
	if (k) q.set(k, v);
	return f.action + '?' + q;
}
d.addEventListener('click', e => {
	var t = e.target.closest('a,button'), f = $('sb-nav'), sb = $('sb');
	if (!t || !sb || e.button || e.ctrlKey || e.metaKey || e.shiftKey || !sb.contains(t)) return;
	if (t.matches('.sb-controls a')) { P(e); go(t.href, 1, t.id); }
	else if (t.getAttribute('form') == 'sb-nav' && f.method == 'get') { P(e); go(url(f, 'step', t.value), 1); }
});
d.addEventListener('submit', e => {
	var f = e.target;
	if (f.matches('.sb-rules') && f.method == 'get') { P(e); go(url(f), 1, 'sb-rules'); }
});
addEventListener('popstate', e => { if (e.state && $('sb')) go(location.href); });
addEventListener('keydown', e => {
	var t = e.target, a = $({ArrowRight:'sb-forward',ArrowLeft:'sb-back'}[e.key]);
	if (e.key == 'Enter' && (e.ctrlKey || e.metaKey) && t.id == 'sb-text') { P(e); t.form.requestSubmit(); }
	else if (a && !e.altKey && !e.ctrlKey && !/^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) { P(e); a.click(); }
});
function fix() {
	var s = $('sb-share'), k = $('sb-keys');
	if (s) { s.value = new URL(s.value, location.href).href; s.onfocus = s.select; }
	if (k) k.hidden = 0;
}
function start() {
var q = $('sb-q');
if (q) {
	q.parentNode.hidden = 0;
	q.oninput = () => {
		var v = q.value.trim().toLowerCase();
		d.querySelectorAll('.sb-group').forEach(g => {
			var n = 0;
			g.querySelectorAll('li').forEach(l => { n += !(l.hidden = v && !l.textContent.toLowerCase().includes(v)); });
			g.hidden = !n;
			g.open = v && n;
		});
	};
}
history.replaceState(1, '');
fix();
}
if (d.readyState == 'loading') d.addEventListener('DOMContentLoaded', start); else start();
})();
