//go:build !race

package results

// raceEnabled: the race detector is on (tests that measure large decodes skip).
const raceEnabled = false
