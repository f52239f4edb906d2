package main

import (
	"context"
	"database/sql"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/prometheus/procfs"
)

func TestCPUProcsServerTree(t *testing.T) {
	child := exec.Command("sleep", "30")
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = child.Process.Kill(); _ = child.Wait() })
	server, _ := cpuProcs(os.Getpid(), "")
	if _, ok := server[os.Getpid()]; !ok {
		t.Error("the server's own process is not counted")
	}
	if _, ok := server[child.Process.Pid]; !ok {
		t.Error("the server's child process is not counted")
	}
	if _, ok := server[1]; ok {
		t.Error("init, outside the server's tree, is counted")
	}
}

// The CPU this process burns shows in both readings: /proc/PID/stat (in ticks) and getrusage.
func TestCPUMarks(t *testing.T) {
	const burn = 100 * time.Millisecond
	before := markCPU(os.Getpid(), "", true)
	for start := time.Now(); selfCPU()-before.loadgen < burn && time.Since(start) < 10*time.Second; {
	}
	use := markCPU(os.Getpid(), "", false).since(before)
	if use.loadgen < burn {
		t.Errorf("load generator %s, want at least %s", use.loadgen, burn)
	}
	if tick := time.Second / userHZ; use.server < burn-tick {
		t.Errorf("server (this process) %s, want at least %s", use.server, burn-tick)
	}
}

// A client backend counts as PostgreSQL's when it serves the benchmark's database, not when it
// serves another one; the postmaster always counts.
func TestCPUProcsPostgres(t *testing.T) {
	db, err := sql.Open("pgx", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	var backend, postmaster int
	if err := conn.QueryRowContext(context.Background(), `SELECT pg_backend_pid()`).Scan(&backend); err != nil {
		t.Fatal(err)
	}
	proc, err := procfs.NewProc(backend)
	if err != nil {
		t.Fatal(err)
	}
	st, err := proc.Stat()
	if postmaster = st.PPID; err != nil || postmaster <= 1 {
		t.Fatalf("the backend's parent is %d", postmaster)
	}
	_, ours := cpuProcs(0, "postgres")
	_, other := cpuProcs(0, "code2des_other")
	if _, ok := ours[backend]; !ok {
		t.Error("a backend of the benchmark's database is not counted")
	}
	if _, ok := other[backend]; ok {
		t.Error("a backend of another database is counted")
	}
	if _, ok := other[postmaster]; !ok {
		t.Error("the postmaster is not counted")
	}
}

func TestDatabaseName(t *testing.T) {
	if got := databaseName("postgres://postgres@127.0.0.1:5432/code2des_bench_lg?sslmode=disable"); got != "code2des_bench_lg" {
		t.Errorf("databaseName = %q", got)
	}
}
