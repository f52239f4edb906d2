// The visitor page's service worker: registering it is the mark; it handles nothing.
self.addEventListener("install", () => self.skipWaiting());
