import ArgumentParser
import HapticRender

extension ChannelLayout: ExpressibleByArgument {}
extension PeakPolicy: ExpressibleByArgument {}
extension AudioFileFormat.Container: ExpressibleByArgument {}
extension AudioFileFormat.SampleEncoding: ExpressibleByArgument {}
extension BreathingSession.Shape: ExpressibleByArgument {}
extension ComparisonTolerance.Metric: ExpressibleByArgument {}
