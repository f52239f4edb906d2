package capture

// BrowserContexts exposes browserContexts to the package's external tests.
var BrowserContexts = (*Browser).browserContexts
