import NIOCore

/// Reads the bytes of a connection on their way to the HTTP decoder, only to tell how long
/// the request line of the request being read is: when the decoder refuses a request for its
/// size, ``MalformedRequestAnswer`` answers `414` for a long request line and `431` for long
/// header fields. One pass over each byte; the bytes go on unchanged.
///
/// The lines are followed from request to request (a request ends at its empty line), which
/// holds because the server reads no request body: a request with one is answered and the
/// connection closed.
final class RequestLineWatch: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  /// Bytes of the current request's line, CR excluded (so far, while it is being read).
  private(set) var requestLineBytes = 0
  private var isInRequestLine = true
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
          requestLineBytes = 0
        }
        lineBytes = 0
      } else if byte != UInt8(ascii: "\r") {
        lineBytes += 1
        if isInRequestLine { requestLineBytes = lineBytes }
      }
    }
    context.fireChannelRead(data)
  }
}
