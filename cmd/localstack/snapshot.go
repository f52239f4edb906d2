package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/code2des/backend/worker/capture/capturetest"
)

// snapshotTimeout bounds the `snapshot` command.
const snapshotTimeout = time.Minute

// saveSnapshot is the `snapshot` command: it saves a page as MHTML with Chromium (DevTools
// Page.captureSnapshot), as a browser extension would, for the snapshot import walkthrough
// (docs/walkthrough.md, "A snapshot import"): go run ./cmd/localstack snapshot [-ready SELECTOR] URL > page.mhtml
func saveSnapshot(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("snapshot", flag.ContinueOnError)
	ready := fs.String("ready", "", "CSS selector to wait for before saving")
	chromium := fs.String("chromium", envOr("CHROMIUM_PATH", "/usr/bin/chromium"), "Chromium binary")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: snapshot [-ready SELECTOR] URL > page.mhtml")
	}
	ctx, cancel := context.WithTimeout(ctx, snapshotTimeout)
	defer cancel()
	b, err := capturetest.Snapshot(ctx, *chromium, fs.Arg(0), *ready)
	if err != nil {
		return err
	}
	if _, err := out.Write(b); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "saved %d bytes of MHTML\n", len(b))
	return nil
}
