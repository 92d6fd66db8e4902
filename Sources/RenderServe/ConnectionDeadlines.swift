import HapticServe
import NIOCore
import NIOHTTP1

/// Closes a connection that holds the server without using it: one that has not sent a
/// whole request head ``ServerLimits/headSeconds`` after it opened or after its last answer
/// (idle, or sending its head byte by byte), and one that leaves an answer unread for
/// ``ServerLimits/stalledWriteSeconds``. No deadline runs while a request is being answered:
/// a render takes the time it takes.
final class ConnectionDeadlines: ChannelDuplexHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart
  typealias OutboundIn = HTTPServerResponsePart
  typealias OutboundOut = HTTPServerResponsePart

  private var deadline: Scheduled<Void>?
  /// Request heads read whose answers are not yet written (more than one when requests are
  /// pipelined).
  private var answering = 0

  func handlerAdded(context: ChannelHandlerContext) {
    arm(context, seconds: ServerLimits.headSeconds)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if case .head = unwrapInboundIn(data) {
      answering += 1
      deadline?.cancel()
      deadline = nil
    }
    context.fireChannelRead(data)
  }

  func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
    if case .end = unwrapOutboundIn(data) {
      answering -= 1
      if answering == 0 { arm(context, seconds: ServerLimits.headSeconds) }
    }
    context.write(data, promise: promise)
  }

  func channelWritabilityChanged(context: ChannelHandlerContext) {
    if !context.channel.isWritable {
      arm(context, seconds: ServerLimits.stalledWriteSeconds)
    } else if answering > 0 {
      deadline?.cancel()
      deadline = nil
    } else {
      arm(context, seconds: ServerLimits.headSeconds)
    }
    context.fireChannelWritabilityChanged()
  }

  private func arm(_ context: ChannelHandlerContext, seconds: Int64) {
    deadline?.cancel()
    let channel = context.channel
    deadline = context.eventLoop.scheduleTask(in: .seconds(seconds)) { channel.close(promise: nil) }
  }
}
