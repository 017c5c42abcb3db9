package views

import "github.com/arbiter-rules/arbiter/rules"

// OfflineMarker is the empty, hidden element every page of the server ends
// its footer with. The service worker (static/sw.js), which is given this
// very text, fills it in a page it answers from its copy, to say so, and
// which edition the copy holds whole.
const OfflineMarker = `<span id="offline-note" hidden></span>`

// ManifestURL is the web app manifest, which lets a browser install the
// site as an app; "" in a static export, which has no service worker to
// make it work offline.
func (p Paths) ManifestURL() string {
	if p.Static {
		return ""
	}
	return p.Base + "/manifest.webmanifest"
}

// OfflineSearchURL is the search page that runs in the browser, which the
// service worker saves and shows for a search when there is no network.
func (p Paths) OfflineSearchURL() string { return p.Base + "/offline/search" }

// OfflineURL says what is saved for reading offline; the service worker
// shows it for a page it has not saved, when there is no network.
func (p Paths) OfflineURL() string { return p.Base + "/offline" }

// OfflinePage says what a reader without a network can still read.
type OfflinePage struct {
	Page
	// Saved is the edition kept whole for offline use; nil when none is.
	Saved *rules.Edition
	// Search reports whether search works offline (the edition's sources
	// are known).
	Search bool
	// Examples is how many of the sandbox's examples are saved.
	Examples int
}
