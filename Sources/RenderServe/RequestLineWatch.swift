import NIOCore

/// Reads the bytes of a connection on their way to the HTTP decoder, only to tell how long
/// the target (path and query) of the request being read is: when the decoder refuses a
/// request for its size, ``MalformedRequestAnswer`` answers `414` for a long target and `431`
/// for long header fields. One pass over each byte; the bytes go on unchanged.
///
/// The lines are followed from request to request (a request ends at its empty line), which
/// holds because the server reads no request body: a request with one is answered and the
/// connection closed.
final class RequestLineWatch: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  /// Bytes of the latest request's target, between the first and the last space of its line
  /// (so far, while it is being read): kept until the next request line begins, as the decoder
  /// may refuse a head after its last byte has gone by here.
  var targetBytes: Int { spaces > 1 ? afterFirstSpace - sinceLastSpace - 1 : afterFirstSpace }
  private var isInRequestLine = true
  /// Of the latest request line: its spaces, the bytes after its first, and since its last.
  private var spaces = 0
  private var afterFirstSpace = 0
  private var sinceLastSpace = 0
  /// Bytes of the current line, CR excluded.
  private var lineBytes = 0

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    let buffer = unwrapInboundIn(data)
    for byte in buffer.readableBytesView {
      if byte == UInt8(ascii: "\n") {
        if isInRequestLine {
          // Empty lines before a request line are allowed (RFC 9112 §2.2).
          isInRequestLine = lineBytes == 0
        } else if lineBytes == 0 {
          // The empty line that ends a head: the next line is a request line.
          isInRequestLine = true
        }
        lineBytes = 0
      } else if byte != UInt8(ascii: "\r") {
        if isInRequestLine { follow(byte, startsLine: lineBytes == 0) }
        lineBytes += 1
      }
    }
    context.fireChannelRead(data)
  }

  /// Counts `byte` of a request line into its target's length.
  private func follow(_ byte: UInt8, startsLine: Bool) {
    if startsLine { (spaces, afterFirstSpace, sinceLastSpace) = (0, 0, 0) }
    if spaces > 0 {
      afterFirstSpace += 1
      sinceLastSpace += 1
    }
    if byte == UInt8(ascii: " ") {
      spaces += 1
      sinceLastSpace = 0
    }
  }
}
