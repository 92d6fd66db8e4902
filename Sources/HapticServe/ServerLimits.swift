/// The bounds `render serve` holds every connection to, so that no client (a web page that
/// finds the port included) can stop it from answering others (docs/serve.md#limits).
package enum ServerLimits {
  /// Longest request target (path and query), header field name or value, in bytes: a longer
  /// target is answered `414`, a longer name or value `431`.
  package static let fieldBytes = 8 * 1_024
  /// Most bytes of a request's target and header fields together; more is answered `431`.
  package static let headerBytes = 16 * 1_024
  /// Most header fields in one request; more is answered `431`.
  package static let headerFields = 100
  /// Seconds a connection may take to send a whole request head, from its opening or from the
  /// end of the previous answer; then it is closed (an idle connection as well).
  package static let headSeconds: Int64 = 5
  /// Seconds a connection may leave an answer unread before it is closed.
  package static let stalledWriteSeconds: Int64 = 30
  /// Connections served at once; more wait to be accepted.
  package static let connections = 64
  /// Connections the system holds in its queue before they are accepted.
  package static let backlog: Int32 = 256
  /// Bytes of a file sent in one piece.
  package static let chunkBytes = 64 * 1_024
}
