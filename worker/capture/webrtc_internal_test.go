package capture

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/code2des/backend/internal/testenv"
)

// webRTCProbe is page JavaScript that gathers ICE candidates against a STUN server at udpAddr and
// a TURN-over-TCP server at tcpAddr, for at most 3 s.
func webRTCProbe(udpAddr, tcpAddr string) string {
	return fmt.Sprintf(`(async () => {
		const pc = new RTCPeerConnection({ iceServers: [
			{ urls: "stun:%s" },
			{ urls: "turn:%s?transport=tcp", username: "u", credential: "p" },
		] });
		pc.createDataChannel("probe");
		await pc.setLocalDescription(await pc.createOffer());
		await new Promise((r) => {
			pc.onicegatheringstatechange = () => { if (pc.iceGatheringState === "complete") r(); };
			setTimeout(r, 3000);
		});
		pc.close();
		return true;
	})()`, udpAddr, tcpAddr)
}

// listeners are a UDP and a TCP server on loopback that count what reaches them.
type listeners struct {
	udp            net.PacketConn
	tcp            net.Listener
	packets, conns atomic.Int32
}

func startListeners(t *testing.T) *listeners {
	t.Helper()
	l := &listeners{}
	var err error
	if l.udp, err = net.ListenPacket("udp4", "127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	if l.tcp, err = net.Listen("tcp4", "127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.udp.Close(); l.tcp.Close() })
	go func() {
		buf := make([]byte, 2048)
		for {
			if _, _, err := l.udp.ReadFrom(buf); err != nil {
				return
			}
			l.packets.Add(1)
		}
	}()
	go func() {
		for {
			c, err := l.tcp.Accept()
			if err != nil {
				return
			}
			l.conns.Add(1)
			c.Close()
		}
	}()
	return l
}

// probeWebRTC runs the probe in a fresh tab of browserCtx on about:blank.
func probeWebRTC(t *testing.T, browserCtx context.Context, l *listeners) {
	t.Helper()
	tab, cancel := chromedp.NewContext(browserCtx)
	defer cancel()
	ctx, cancelT := context.WithTimeout(tab, 20*time.Second)
	defer cancelT()
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](webRTCProbe(l.udp.LocalAddr().String(), l.tcp.Addr().String()), chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("WebRTC probe: %v", err)
	}
}

// quietWindow is how long a test that asserts that nothing reaches the loopback servers keeps
// watching after the probe has finished: an absence window, since no event marks "nothing more
// will come" (the controls, which expect packets, wait for them instead).
const quietWindow = 200 * time.Millisecond

func needChromium(t *testing.T) {
	t.Helper()
	if _, err := os.Stat("/usr/bin/chromium"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("Chromium is required in CI: %v", err)
		}
		t.Skip("Chromium not installed")
	}
}

// TestWebRTCCannotReachPrivateAddresses: page JavaScript gathering ICE candidates against a STUN
// server (UDP) and a TURN server (TCP) on loopback reaches neither in the worker's browser. The
// control, a Chromium behind the same guarded proxy but without the WebRTC policy, sends STUN
// packets to the loopback server: the proxy alone would not stop them.
func TestWebRTCCannotReachPrivateAddresses(t *testing.T) {
	t.Parallel()
	needChromium(t)

	t.Run("WorkerBrowser_NothingReachesLoopback", func(t *testing.T) {
		t.Parallel()
		b, err := NewBrowser(BrowserOptions{AllowPrivateNetworks: false})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		l := startListeners(t)
		ctx, err := b.live()
		if err != nil {
			t.Fatal(err)
		}
		probeWebRTC(t, ctx, l)
		time.Sleep(quietWindow)
		if p, c := l.packets.Load(), l.conns.Load(); p != 0 || c != 0 {
			t.Errorf("the loopback STUN server got %d packets and the TURN server %d connections, want none", p, c)
		}
	})
	t.Run("ControlWithoutPolicy_STUNReachesLoopback", func(t *testing.T) {
		t.Parallel()
		proxy, err := startEgressProxy(false)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { proxy.Close() })
		dir := t.TempDir()
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
			chromedp.ExecPath("/usr/bin/chromium"), chromedp.UserDataDir(dir), chromedp.Headless, chromedp.NoSandbox,
			chromedp.NoFirstRun, chromedp.Flag("disable-gpu", true), chromedp.ProxyServer(proxy.URL()),
			chromedp.Flag("proxy-bypass-list", "<-loopback>"))
		t.Cleanup(cancelAlloc)
		browserCtx, cancel := chromedp.NewContext(alloc)
		t.Cleanup(cancel)
		if err := chromedp.Do(browserCtx); err != nil {
			t.Fatal(err)
		}
		l := startListeners(t)
		probeWebRTC(t, browserCtx, l)
		if !testenv.Poll(5*time.Second, func() bool { return l.packets.Load() > 0 }) {
			t.Error("without the WebRTC policy no STUN packet reached the loopback server: the probe cannot tell")
		}
	})
}

// webTransportProbe opens a WebTransport session (HTTP/3, UDP) to addr and waits at most 3 s.
func webTransportProbe(addr string) string {
	return fmt.Sprintf(`(async () => {
		if (typeof WebTransport === "undefined") return false;
		try {
			const wt = new WebTransport("https://%s/");
			await Promise.race([wt.ready.catch(() => {}), new Promise((r) => setTimeout(r, 3000))]);
		} catch (e) { /* refused at once: nothing sent */ }
		return true;
	})()`, addr)
}

// TestWebTransportSendsNoUDP: WebTransport runs over QUIC (UDP), which no HTTP proxy carries. A
// secure page (on loopback, so the local-only switch is on: the switch only concerns the proxy)
// opening a session to a UDP server on loopback sends it nothing in the worker's browser (QUIC is
// disabled); the control, a Chromium with QUIC, does send packets.
func TestWebTransportSendsNoUDP(t *testing.T) {
	t.Parallel()
	needChromium(t)
	page := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("<h1>secure context</h1>")) }))
	t.Cleanup(page.Close)
	probe := func(t *testing.T, browserCtx context.Context, l *listeners) {
		t.Helper()
		tab, cancel := chromedp.NewContext(browserCtx)
		defer cancel()
		ctx, cancelT := context.WithTimeout(tab, 20*time.Second)
		defer cancelT()
		if err := chromedp.Do(ctx, chromedp.Navigate(page.URL)); err != nil {
			t.Fatal(err)
		}
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](webTransportProbe(l.udp.LocalAddr().String()), chromedp.EvalAwaitPromise))
		if err != nil || !ok {
			t.Fatalf("WebTransport probe: %v (available %v)", err, ok)
		}
	}
	t.Run("WorkerBrowser_NoPackets", func(t *testing.T) {
		t.Parallel()
		b, err := NewBrowser(BrowserOptions{AllowPrivateNetworks: true})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		ctx, err := b.live()
		if err != nil {
			t.Fatal(err)
		}
		l := startListeners(t)
		probe(t, ctx, l)
		time.Sleep(quietWindow)
		if n := l.packets.Load(); n != 0 {
			t.Errorf("the loopback UDP server got %d packets, want none", n)
		}
	})
	t.Run("ControlWithQUIC_PacketsSent", func(t *testing.T) {
		t.Parallel()
		alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
			chromedp.ExecPath("/usr/bin/chromium"), chromedp.UserDataDir(t.TempDir()), chromedp.Headless, chromedp.NoSandbox,
			chromedp.NoFirstRun, chromedp.Flag("disable-gpu", true))
		t.Cleanup(cancelAlloc)
		browserCtx, cancel := chromedp.NewContext(alloc)
		t.Cleanup(cancel)
		if err := chromedp.Do(browserCtx); err != nil {
			t.Fatal(err)
		}
		l := startListeners(t)
		probe(t, browserCtx, l)
		if !testenv.Poll(5*time.Second, func() bool { return l.packets.Load() > 0 }) {
			t.Error("with QUIC no packet reached the loopback server: the probe cannot tell")
		}
	})
}
