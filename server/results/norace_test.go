//go:build !race

package results

// raceEnabled: the race detector is on (TestConvertMemoryBound then measures in a build without it).
const raceEnabled = false
