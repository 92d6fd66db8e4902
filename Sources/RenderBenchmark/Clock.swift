import Foundation

/// Monotonic seconds, and the processor seconds a process has used.
enum Clock {
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// User plus system seconds of this process (all its threads), or of its finished children.
  static func processorSeconds(ofChildren: Bool = false) -> Double {
    var usage = rusage()
    #if os(macOS)
      getrusage(ofChildren ? RUSAGE_CHILDREN : RUSAGE_SELF, &usage)
    #else
      getrusage(ofChildren ? RUSAGE_CHILDREN.rawValue : RUSAGE_SELF.rawValue, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }
}

/// The wall and processor seconds of a stretch of work, started when made.
struct Stopwatch {
  private let ofChildren: Bool
  private let wallStart = Clock.now()
  private let processorStart: Double

  /// - Parameter ofChildren: Count the processor time of child processes (a spawned `render`)
  ///   instead of this process's.
  init(ofChildren: Bool = false) {
    self.ofChildren = ofChildren
    processorStart = Clock.processorSeconds(ofChildren: ofChildren)
  }

  /// Seconds since the start: wall, and processor (every thread's).
  func read() -> (wall: Double, processor: Double) {
    (Clock.now() - wallStart, Clock.processorSeconds(ofChildren: ofChildren) - processorStart)
  }
}
