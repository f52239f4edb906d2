package main

import (
	"net/url"
	"strings"
	"syscall"
	"time"

	"github.com/prometheus/procfs"
)

// userHZ is the unit of utime and stime in /proc/PID/stat: USER_HZ, 100 on Linux (proc(5)).
const userHZ = 100

// cpuUse is the CPU time (user + system) that one side's measured window cost each party.
type cpuUse struct {
	server   time.Duration // the serving process and its descendants, all threads
	postgres time.Duration // PostgreSQL's processes (cpuProcs says which)
	loadgen  time.Duration // this process: the load generator clients
}

// cpuMark is a snapshot of the CPU time spent so far, taken at each end of a measured window.
type cpuMark struct {
	server, postgres procCPU
	loadgen          time.Duration
}

// procCPU is the CPU time spent so far by each process of a group, by PID.
type procCPU map[int]time.Duration

// since returns the CPU time the group spent since before: a process that started in between
// counts whole, one that ended in between is lost (PostgreSQL's pooled backends and both
// servers live through the whole run).
func (p procCPU) since(before procCPU) time.Duration {
	var d time.Duration
	for pid, t := range p {
		d += t - before[pid]
	}
	return d
}

// markCPU reads the CPU time spent so far by the process tree of serverPID, by PostgreSQL and
// by this process. At the start of a window call it before the window begins; at its end, call
// it after: the reading of /proc is then this process's own work outside the window.
func markCPU(serverPID int, database string, start bool) cpuMark {
	var m cpuMark
	if !start {
		m.loadgen = selfCPU()
	}
	m.server, m.postgres = cpuProcs(serverPID, database)
	if start {
		m.loadgen = selfCPU()
	}
	return m
}

// since returns what was spent between the marks before and m.
func (m cpuMark) since(before cpuMark) cpuUse {
	return cpuUse{
		server:   m.server.since(before.server),
		postgres: m.postgres.since(before.postgres),
		loadgen:  m.loadgen - before.loadgen,
	}
}

// selfCPU is this process's CPU time so far, all threads (getrusage RUSAGE_SELF).
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuProcs reads /proc once (prometheus/procfs): the CPU time of serverPID and every process
// descending from it (PostGraphile's Node process is the one start.sh printed; our servers are
// single processes), and of PostgreSQL's processes: every process named postgres except the
// client backends of other databases than database (the machine's PostgreSQL is shared with
// other work).
func cpuProcs(serverPID int, database string) (server, postgres procCPU) {
	server, postgres = procCPU{}, procCPU{}
	procs, err := procfs.AllProcs()
	if err != nil {
		return server, postgres
	}
	parent := map[int]int{}
	all := procCPU{}
	for _, p := range procs {
		st, err := p.Stat()
		if err != nil {
			continue
		}
		cpu := procCPUTime(st)
		parent[p.PID], all[p.PID] = st.PPID, cpu
		if st.Comm == "postgres" && postgresOf(p, database) {
			postgres[p.PID] = cpu
		}
	}
	for pid, cpu := range all {
		for p := pid; p > 1; p = parent[p] {
			if p == serverPID {
				server[pid] = cpu
				break
			}
		}
	}
	return server, postgres
}

// procCPUTime is a process's CPU time (utime + stime, all threads), in whole ticks of 1/userHZ s.
func procCPUTime(st procfs.ProcStat) time.Duration {
	return time.Duration(st.UTime+st.STime) * time.Second / userHZ
}

// postgresOf reports whether the PostgreSQL process p works for database: a client backend
// names its user, database and client in its title ("postgres: 15/main: USER DB HOST(PORT)
// STATE"); every other process (postmaster, WAL writer, checkpointer, parallel workers) is
// counted.
func postgresOf(p procfs.Proc, database string) bool {
	args, err := p.CmdLine()
	if err != nil {
		return false
	}
	f := strings.Fields(strings.Join(args, " "))
	for i, w := range f {
		if i >= 2 && (strings.HasSuffix(w, ")") && strings.Contains(w, "(") || w == "[local]") {
			return f[i-1] == database // the client after the database
		}
	}
	return true
}

// databaseName returns the database name of a postgres:// URL.
func databaseName(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return ""
	}
	return strings.TrimPrefix(u.Path, "/")
}
