import HapticServe
import NIOCore
import NIOHTTP1

/// Answers a request that the HTTP decoder refuses, then closes its connection: `414` when
/// its target is longer than ``ServerLimits/fieldBytes``, `431` when its header fields are too
/// long or too many, `400` for any other malformed request. The decoder stops at the
/// limit, so a request of any length costs the server at most the limit's bytes of parsing.
final class MalformedRequestAnswer: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundOut = HTTPServerResponsePart

  private let watch: RequestLineWatch
  private var hasAnswered = false

  init(watch: RequestLineWatch) {
    self.watch = watch
  }

  func errorCaught(context: ChannelHandlerContext, error: any Error) {
    guard error is HTTPParserError || error is ByteToMessageDecoderError else {
      context.fireErrorCaught(error)
      return
    }
    // Bytes that follow a refused request are refused again: one answer is enough.
    guard !hasAnswered else { return }
    hasAnswered = true
    let (status, text) = answer(to: error)
    let response = ServedResponse.text(status, text)
    context.write(wrapOutboundOut(.head(response.head(version: .http1_1, keepsOpen: false)))).whenFailure { _ in }
    context.write(wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: text))))).whenFailure { _ in }
    let channel = context.channel
    context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
  }

  private func answer(to error: any Error) -> (HTTPResponseStatus, String) {
    guard let error = error as? HTTPParserError, error == .headerOverflow else {
      return (.badRequest, "malformed request\n")
    }
    if watch.targetBytes > ServerLimits.fieldBytes {
      return (.uriTooLong, "the request target is longer than \(ServerLimits.fieldBytes) bytes\n")
    }
    return (
      .requestHeaderFieldsTooLarge,
      "a header field's name or value is longer than \(ServerLimits.fieldBytes) bytes, the target and "
        + "the fields are longer than \(ServerLimits.headerBytes) bytes in all, or there are more than "
        + "\(ServerLimits.headerFields) fields\n"
    )
  }
}
