//go:build unix

package callbacks_test

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user and system) the test process has used so far: the handler,
// and the in-process S3 server it reads from, but not PostgreSQL.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
