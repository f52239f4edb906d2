package s3store

// StreamBufSize exposes streamBufSize to the package's external tests.
const StreamBufSize = streamBufSize
