package capturetest

// Pages of the test site for the capture's isolation and settling rules (docs/workers.md).
const (
	// VisitorPath shows "FIRST VISIT" unless an earlier visit left a cookie, a localStorage or
	// sessionStorage item, an IndexedDB database or a service worker registration on the site's
	// origin ("RETURNING VISITOR"), then leaves all five. #seen lists what it found. With ?signal=<url> it then requests <url>
	// (no-cors). ReadySelector appears once it has written its marks.
	VisitorPath = "/visitor.html"
	// FirstVisit and ReturningVisitor are the texts VisitorPath shows.
	FirstVisit       = "FIRST VISIT"
	ReturningVisitor = "RETURNING VISITOR"
)

// Pages of the settling rules.
const (
	// SettlePath holds entrance effects over 30 s each, so only settling shows them at rest: #hero
	// (rgb(200, 30, 30), 100 px tall at the top of the page) fades in and slides up 40 px (CSS
	// animation), #fade fades in (a CSS transition a script starts), #slide slides in 300 px from
	// the left (a Web Animation); #spinner spins forever; a timer moves #track (a carousel of
	// 400 px slides) every 1.2 s with a 30 s transition; #movie plays a muted video (a canvas stream).
	// ReadySelector appears at once.
	SettlePath = "/settle.html"
	// SettleHeroColor is #hero's background colour as RGB.
	SettleHeroColor = 0xc81e1e
	// NeverSettlesPath changes its DOM every 30 ms and starts a new animation each time, forever,
	// beside an infinite one. ReadySelector appears at once.
	NeverSettlesPath = "/never-settles.html"
	// LatePath adds #late-table (three rows) and #late-chart (a 120x60 canvas, a blue bar at
	// (10,10) 100x40, rgb(20, 120, 220)) 1.5 s and 3 s after its load with setTimeout (the
	// chart's timer set by the table's), beside a clock
	// on setInterval and a poll that sets its timer again every 200 ms. ReadySelector appears at
	// once.
	LatePath = "/late.html"
)
