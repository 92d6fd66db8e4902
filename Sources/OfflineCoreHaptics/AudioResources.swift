import Foundation

/// The audio files registered with any engine, by ID (process-wide, as the IDs are handed to
/// events that outlive an engine). IDs are never reused.
final class AudioResources: @unchecked Sendable {
  static let shared = AudioResources()
  private let lock = NSLock()
  private var urls: [CHHapticAudioResourceID: URL] = [:]
  private var lastID: CHHapticAudioResourceID = 0

  func register(_ url: URL) -> CHHapticAudioResourceID {
    lock.withLock {
      lastID += 1
      urls[lastID] = url
      return lastID
    }
  }

  func unregister(_ id: CHHapticAudioResourceID) {
    lock.withLock { _ = urls.removeValue(forKey: id) }
  }

  func url(for id: CHHapticAudioResourceID) -> URL? {
    lock.withLock { urls[id] }
  }
}
