import HapticPipeline
import Testing

/// How far an actuator's drive runs ahead of the thread that writes its blocks.
@Suite struct ActuatorReadAheadTests {
  /// 384,000 samples in whole blocks, at least 4 and at most 1,024 (a block of 1 frame would
  /// otherwise make a ring of 384,000 blocks).
  @Test func theDriveRunsEightSecondsAheadInAtMostAThousandBlocks() {
    #expect(Render.actuatorReadAheadDepth(blockSize: 32_768, channelCount: 1) == 12)
    #expect(Render.actuatorReadAheadDepth(blockSize: 65_536, channelCount: 1) == 6)
    #expect(Render.actuatorReadAheadDepth(blockSize: 65_536, channelCount: 2) == 4)
    #expect(Render.actuatorReadAheadDepth(blockSize: 1_000, channelCount: 1) == 384)
    #expect(Render.actuatorReadAheadDepth(blockSize: 1, channelCount: 1) == 1_024)
  }
}
