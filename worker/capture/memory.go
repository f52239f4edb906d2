package capture

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/chromedp/chromedp"
	"golang.org/x/sys/unix"
)

// Memory of a capture (docs/workers.md "Bounds of one capture", worker/README.md "Memory"). Each
// job renders in a browser context of its own, and Chromium never shares a renderer process
// between browser contexts, so a renderer's ceiling bounds one job's page (a cross-site frame
// runs in a renderer of its own, with the same ceiling). Two limits apply to every renderer:
//
//   - the V8 heap: --js-flags=--max-old-space-size, half the ceiling, so a script that fills the
//     heap ends in V8's own out-of-memory crash at once instead of growing;
//   - the process: its data segment (RLIMIT_DATA: every private writable mapping, the V8 heap,
//     the DOM, layout and image memory included) is capped at the ceiling. Renderers are forked
//     from Chromium's zygote process and inherit its limits, so the worker sets the limit on the
//     zygote (prlimit(2)) once the browser has started. An allocation past it fails, and
//     Chromium ends the renderer as out of memory.
//
// Either way the renderer crashes, the capture sees Inspector.targetCrashed and fails the job
// with "the page crashed; it may use too much memory" (guard.go); the browser process, its other
// renderers and so the worker's other jobs go on.

// Memory ceilings of one renderer process, in MiB.
const (
	// DefaultRendererMemoryMiB is the ceiling when none is configured (CAPTURE_RENDERER_MEMORY_MIB).
	DefaultRendererMemoryMiB = 2048
	// MinRendererMemoryMiB is the smallest ceiling an ordinary page renders under (Chromium's own
	// start-up needs about 100 MiB of it).
	MinRendererMemoryMiB = 256
	// MaxRendererMemoryMiB is the largest ceiling accepted: Chromium's own limit of a renderer's
	// data segment on 64-bit Linux (its sandbox sets 8 GiB).
	MaxRendererMemoryMiB = 8192
)

// memoryFlags are the Chromium flags of a renderer ceiling of mib MiB (zero:
// DefaultRendererMemoryMiB): the V8 heap limit.
func memoryFlags(mib int) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.Flag("js-flags", fmt.Sprintf("--max-old-space-size=%d", jsHeapMiB(rendererMiB(mib)))),
	}
}

func rendererMiB(mib int) int {
	if mib <= 0 {
		return DefaultRendererMemoryMiB
	}
	return mib
}

// jsHeapMiB is the V8 old-space limit under a renderer ceiling of mib MiB: half of it, the rest
// being the DOM, layout, images and V8's young generation and code.
func jsHeapMiB(mib int) int { return mib / 2 }

// limitRenderers caps the data segment of every renderer the Chromium started as browserPID
// starts at mib MiB: renderers are forked from its zygote (the browser's child started with
// --type=zygote, not the --no-zygote-sandbox one, which starts the GPU and utility processes) and
// inherit its limits, so one prlimit(2) on the zygote covers them all.
func limitRenderers(browserPID, mib int) error {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return fmt.Errorf("limit renderer memory: %w", err)
	}
	limit := uint64(rendererMiB(mib)) << 20
	found := 0
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		// Debian's /usr/bin/chromium is a shell script that starts the browser as its child.
		if ppid := parentPID(pid); ppid != browserPID && parentPID(ppid) != browserPID {
			continue
		}
		if !isLimitedZygote(pid) {
			continue
		}
		if err := unix.Prlimit(pid, unix.RLIMIT_DATA, &unix.Rlimit{Cur: limit, Max: limit}, nil); err != nil {
			return fmt.Errorf("limit renderer memory: prlimit %d: %w", pid, err)
		}
		found++
		// Renderers the zygote forked already (the first tab's, a spare one kept ready) get
		// the limit too; later ones inherit it.
		for _, c := range entries {
			cpid, err := strconv.Atoi(c.Name())
			if err != nil || parentPID(cpid) != pid {
				continue
			}
			if err := unix.Prlimit(cpid, unix.RLIMIT_DATA, &unix.Rlimit{Cur: limit, Max: limit}, nil); err != nil && !errors.Is(err, unix.ESRCH) {
				return fmt.Errorf("limit renderer memory: prlimit %d: %w", cpid, err)
			}
		}
	}
	if found == 0 {
		return fmt.Errorf("limit renderer memory: no zygote process under Chromium (pid %d)", browserPID)
	}
	return nil
}

// isLimitedZygote says whether pid is the Chromium zygote that forks renderers: started with
// --type=zygote, without --no-zygote-sandbox.
func isLimitedZygote(pid int) bool {
	cmd, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
	if err != nil {
		return false
	}
	// Chromium rewrites its processes' titles, so the arguments may be one string.
	args := strings.Fields(strings.ReplaceAll(string(cmd), "\x00", " "))
	return slices.Contains(args, "--type=zygote") && !slices.Contains(args, "--no-zygote-sandbox")
}

// parentPID reads the parent of pid from /proc (0 when it cannot).
func parentPID(pid int) int {
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return 0
	}
	// The command name, in parentheses, may hold spaces; the fields after it are fixed.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(f[1])
	return ppid
}
