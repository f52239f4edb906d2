// Package headless starts the headless Chromium processes of the reference workers: the capture
// worker's (worker/capture, behind its egress proxy) and the preview renderer's (worker/preview,
// with no network). Both run Debian's chromium as root in CI, with a fresh profile directory per
// process and the same hardening flags; each adds its own (proxy, WebRTC policy, font rendering).
package headless

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/chromedp/chromedp"
)

// Process is one running Chromium. Ctx is the chromedp context of its first (browser) target:
// it lives as long as the process, so tabs are made from it. Stop ends it.
type Process struct {
	// DataDir is the temporary profile directory, removed by Stop.
	DataDir string
	// Ctx is the browser's chromedp context; Cancel ends it, AllocCancel ends the process.
	Ctx         context.Context
	Cancel      context.CancelFunc
	AllocCancel context.CancelFunc
}

// FontConfig is the fontconfig configuration every worker Chromium runs with (fonts.conf): only
// the faces Figma offers (Inter, Noto, Arimo, Tinos, Cousine, Noto Color Emoji) are visible, and
// the generic and common system families of CSS resolve to them, so a capture draws the face its
// result names and a preview draws what Figma will (docs/conversion.md "Fonts").
//
//go:embed fonts.conf
var FontConfig []byte

// FontConfigName is the name of the copy of FontConfig written into each profile directory, which
// the process's FONTCONFIG_FILE names.
const FontConfigName = "fonts.conf"

// GenericFamilies are the faces Chromium draws the CSS generic families in (its font settings,
// written into each profile's Preferences; Chromium's own defaults name Arial, Times New Roman and
// Monospace): the converter's faces for them (docs/conversion.md "Fonts"). "standard" is the face
// of text that names no family.
var GenericFamilies = map[string]string{
	"standard": "Noto Serif", "serif": "Noto Serif", "sansserif": "Inter", "fixed": "Noto Sans Mono",
	"cursive": "Inter", "fantasy": "Inter",
}

// preferences is the Default/Preferences file of a fresh profile: GenericFamilies for every
// script ("Zyyy", the common script, is the fallback of the others).
func preferences() ([]byte, error) {
	fonts := map[string]map[string]string{}
	for generic, face := range GenericFamilies {
		fonts[generic] = map[string]string{"Zyyy": face}
	}
	return json.Marshal(map[string]any{"webkit": map[string]any{"webprefs": map[string]any{"fonts": fonts}}})
}

// baseOptions are the flags every worker Chromium runs with: headless, no sandbox (CI runs as
// root; each worker's own fences are its proxy and tabs), and no background traffic, updates,
// extensions, crash reporting, scrollbars or sound, which would make a capture or a preview depend
// on anything but the page; fontconfig reads FontConfig from the profile directory, never the
// machine's own configuration.
func baseOptions(execPath, dataDir string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(execPath),
		chromedp.UserDataDir(dataDir),
		chromedp.Headless,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("disable-breakpad", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
		chromedp.Env("FONTCONFIG_FILE=" + filepath.Join(dataDir, FontConfigName)),
	}
}

// Start launches Chromium at execPath with a fresh profile directory (named with profilePrefix
// under the system temporary directory), the base flags plus extra, and waits at most
// startTimeout for it to answer. On failure nothing is left running and the directory is removed.
func Start(execPath, profilePrefix string, startTimeout time.Duration, extra ...chromedp.ExecAllocatorOption) (*Process, error) {
	dir, err := os.MkdirTemp("", profilePrefix)
	if err != nil {
		return nil, fmt.Errorf("chromium profile dir: %w", err)
	}
	if err := writeProfile(dir); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	opts := append(baseOptions(execPath, dir), extra...)
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	// The first Run starts the process, which lives as long as that Run's context: it must be ctx
	// itself, not a context with a deadline. The start is bounded by waiting on it from here.
	errc := make(chan error, 1)
	go func() { errc <- chromedp.Do(ctx) }()
	select {
	case err = <-errc:
	case <-time.After(startTimeout):
		err = fmt.Errorf("chromium did not start within %s", startTimeout)
	}
	if err != nil {
		cancel()
		allocCancel()
		os.RemoveAll(dir)
		return nil, fmt.Errorf("start chromium: %w", err)
	}
	return &Process{DataDir: dir, Ctx: ctx, Cancel: cancel, AllocCancel: allocCancel}, nil
}

// writeProfile writes the font settings into the fresh profile directory dir: FontConfig and the
// Preferences naming GenericFamilies.
func writeProfile(dir string) error {
	if err := os.WriteFile(filepath.Join(dir, FontConfigName), FontConfig, 0o644); err != nil {
		return fmt.Errorf("chromium fontconfig file: %w", err)
	}
	prefs, err := preferences()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(dir, "Default"), 0o755); err != nil {
		return fmt.Errorf("chromium profile: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "Default", "Preferences"), prefs, 0o644); err != nil {
		return fmt.Errorf("chromium preferences: %w", err)
	}
	return nil
}

// Stop ends the process and removes its profile directory.
func (p *Process) Stop() error {
	p.Cancel()
	p.AllocCancel()
	return os.RemoveAll(p.DataDir)
}
