package views

import (
	"crypto/sha256"
	"encoding/base64"
)

// themeScript applies a theme the reader chose (static/app.js saves it)
// before the page is first painted. It is the only script in <head> that
// the page waits for, written into the page so that no request is: app.js
// itself loads async, and the first paint of a phone on a slow network
// waits for the stylesheet only (issue 28).
const themeScript = `try{var t=localStorage.getItem('theme');if(t==='dark'||t==='light')document.documentElement.setAttribute('data-theme',t)}catch(e){}`

// ThemeScriptSource is the content-security-policy source that allows
// themeScript and no other inline script: its hash.
var ThemeScriptSource = func() string {
	sum := sha256.Sum256([]byte(themeScript))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}()

// themeScriptTag is themeScript as a <script> element.
const themeScriptTag = "<script>" + themeScript + "</script>"
