import HapticAudio
import HapticFiles
import Testing
import _HapticRenderTestSupport

/// A write that an encoder refuses says what failed, never libsndfile's "No Error.", and leaves
/// no file.
@Suite struct EncoderFailureTests {
  /// libsndfile's FLAC encoder refuses NaN without a reason of its own.
  @Test func aFLACWriteThatFailsSaysWhatFailed() throws {
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/x.flac"
    var writer = try AudioFileWriter(
      to: .file(path), format: AudioFileFormat(.flac), sampleRate: 48_000, channelCount: 1)
    let error = try #require(throws: EncodingError.self) {
      try writer.write(AudioBlock(channels: [Array(repeating: .nan, count: 4_096)]))
    }
    writer.discard()
    #expect(!"\(error)".contains("No Error"), "\(error)")
    #expect("\(error)".contains("write failed: the encoder took 0 of 4096 frames and gave no reason"), "\(error)")
    #expect(folder.contents().isEmpty)
  }
}
