//go:build !unix

package callbacks_test

import "time"

// processCPU is not measured here (see cpu_unix_test.go).
func processCPU() time.Duration { return 0 }
