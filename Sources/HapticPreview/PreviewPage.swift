import HapticFiles
import HapticInspection
import HapticModel
import HapticPipeline
import HapticReader
import HapticSupport
import HapticSynthesis

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A single HTML file to hear and see a pattern in a browser: its title and metadata, the
/// render in an audio player, the plot of `SVGPlot` with a playhead that follows the audio
/// (a click on the plot seeks, the space bar plays and pauses), the peak level, the render
/// options and the pattern's diagnostics.
///
/// The page needs no network and no other file: the audio is embedded as 16-bit FLAC in a
/// `data:` URI. When that would pass ``embeddedAudioLimit`` at the render's rate, it is
/// embedded at ``previewSampleRate`` instead (the page says so); when even that would pass it,
/// the audio is written beside the page as `<page name>.flac` and linked. Audio shorter than
/// ``minimumAudioSeconds`` is followed by silence up to it (the page says so too).
public enum PreviewPage {
  /// How the audio reached the page.
  public enum Audio: Sendable, Equatable {
    /// In the page, at this rate in Hz.
    case embedded(sampleRate: Int)
    /// In this file beside the page (its name), at the render's rate.
    case linked(file: String)
  }

  /// What was written, for an index of pages.
  public struct Summary: Sendable {
    /// The pattern's Description, or its name.
    public var title: String
    /// Seconds, tails included (`PatternAnalysis.duration`).
    public var duration: Double
    public var eventCount: Int
    /// Largest sample of the audio, linear.
    public var peak: Double
    public var audio: Audio
    /// A small SVG of the waveform's envelope (`PreviewThumbnail`).
    public var thumbnail: String
  }

  /// Largest embedded audio, counted as raw 16-bit PCM (frames × channels × 2 bytes): 8 MiB,
  /// 87 s of one channel at 48 kHz. FLAC makes it smaller; base64 adds a third.
  public static let embeddedAudioLimit = 8 << 20

  /// Shortest audio a page embeds, in seconds: a shorter render is followed by silence up to
  /// it, so that the player shows a length and a moving position (a 23 ms tap shows
  /// `0:00 / 0:00` and is over before its progress bar moves). The plot keeps the render's own
  /// length; the playhead stops at its end.
  public static let minimumAudioSeconds = 1.0

  /// The rate of the reduced audio of long patterns, in Hz: the haptic carrier (a few hundred
  /// Hz at most) is kept whole; audio events lose what lies above 4 kHz.
  public static let previewSampleRate = 8_000

  /// Renders `pattern` and writes its page to `path`, atomically like every output (a linked
  /// audio file is removed again when the page cannot be written).
  ///
  /// - Parameters:
  ///   - pattern: The pattern to render, with its waveforms decoded.
  ///   - name: What the pattern is called (its file's name), shown on the page.
  ///   - diagnostics: The pattern's warnings, listed under the plot.
  ///   - options: The render the page plays and plots.
  ///   - plotWidth: Width of the plot's time axis in pixels (see `SVGPlot.widths`).
  ///   - inputs: Files the run reads (the pattern's file): audio written beside the page never
  ///     replaces them, nor the pattern's waveforms, nor any file but the audio of an earlier
  ///     page of that name.
  ///   - path: The page's file; the audio is written beside it.
  /// - Throws: `RenderError`, `EncodingError`, `FileSystemError` or `SVGPlot.WidthError`.
  @discardableResult
  public static func write(
    _ pattern: some RenderablePattern, name: String, diagnostics: [Diagnostic] = [],
    options: RenderOptions = RenderOptions(), plotWidth: Int = 1_200, inputs: [String] = [], to path: String
  ) throws -> Summary {
    let pattern = pattern.loadedPattern
    // With an actuator the page plays the acceleration it feels, which runs on for the ring-down.
    let actuator = options.actuator
    var plainOptions = options
    plainOptions.actuator = nil
    plainOptions.tailSeconds += actuator?.model.ringSeconds ?? 0
    let analysis = try PatternAnalysis(pattern, options: plainOptions)
    let plotter = try SVGPlot(width: plotWidth)

    let channels = actuator == nil ? options.layout.resolved(for: pattern.pattern).channelCount : 1
    let rawBytes = { (rate: Int) in Int((analysis.duration * Double(rate)).rounded(.up)) * channels * 2 }
    var audioOptions = options
    audioOptions.actuator?.output = .acceleration
    // A site renders its pages on threads of their own, and FLAC's encoder sets the pace: one
    // synthesis thread a page.
    audioOptions.threads = 1
    let audio: Audio
    if rawBytes(options.sampleRate) <= embeddedAudioLimit {
      audio = .embedded(sampleRate: options.sampleRate)
    } else if rawBytes(previewSampleRate) <= embeddedAudioLimit {
      audio = .embedded(sampleRate: previewSampleRate)
      audioOptions.sampleRate = previewSampleRate
    } else {
      audio = .linked(file: FileSystem.stem(of: path) + ".flac")
    }
    // Embedded audio is made in a private folder of its own, removed afterwards.
    let scratch: ScratchFolder? =
      if case .embedded = audio { try ScratchFolder(prefix: "render-preview-") } else { nil }
    let audioPath =
      scratch.map { "\($0.path)/audio.flac" }
      ?? FileSystem.resolve("\(FileSystem.stem(of: path)).flac", against: FileSystem.directory(of: path))
    if case .linked(let file) = audio {
      try checkLinkedAudio(audioPath, file: file, page: path, pattern: pattern, inputs: inputs)
    }
    // The scratch folder goes, with the audio, when `scratch` is released.
    defer { withExtendedLifetime(scratch) {} }
    let report = try Render.toFile(
      pattern, options: audioOptions, destination: .regularFile(audioPath),
      format: try AudioFileFormat(.flac, encoding: .pcm16))
    var written = false
    defer { if scratch == nil, !written { FileSystem.removeIfPresent(audioPath) } }
    // The plot and the thumbnail draw the audio the page plays: one render, read back once.
    let envelope: EnvelopeSummary
    if audioOptions.actuator != nil {
      // The target beside the felt acceleration, drawn over each other.
      var comparisonOptions = audioOptions
      comparisonOptions.actuator?.output = .targetAndAcceleration
      var source = try ActuatorSource(pattern, options: comparisonOptions)
      envelope = try EnvelopeSummary(of: &source, columns: plotWidth)
    } else {
      var reader = try AudioFileReader(path: audioPath)
      envelope = try EnvelopeSummary(of: &reader, columns: plotWidth)
    }
    let plot = plotter.draw(analysis, envelope: envelope, actuator: actuator?.name)
    let thumbnail = PreviewThumbnail.svg(envelope.merged(into: PreviewThumbnail.width))
    let audioSource: String
    var padding = 0.0
    switch audio {
    case .embedded:
      var embeddedPath = audioPath
      if let scratch, report.durationSeconds < minimumAudioSeconds {
        padding = minimumAudioSeconds - report.durationSeconds
        audioOptions.tailSeconds += padding
        embeddedPath = "\(scratch.path)/padded.flac"
        try Render.toFile(
          pattern, options: audioOptions, destination: .regularFile(embeddedPath),
          format: try AudioFileFormat(.flac, encoding: .pcm16))
      }
      let bytes = try FileSystem.readAll(embeddedPath, limit: 2 * embeddedAudioLimit)
      audioSource = "data:audio/flac;base64," + Data(bytes).base64EncodedString()
    case .linked(let file):
      audioSource = Markup.percentEncoded(file)
    }
    let summary = Summary(
      title: PreviewHTML.title(of: pattern.pattern, name: name), duration: analysis.duration,
      eventCount: pattern.events.count, peak: report.peak, audio: audio, thumbnail: thumbnail)
    let html = PreviewHTML(
      name: name, pattern: pattern.pattern, summary: summary, options: options, diagnostics: diagnostics, plot: plot,
      plotWidth: plotWidth, audioSource: audioSource, audioPadding: padding
    ).text
    try TextFile.write(html, to: path)
    written = true
    return summary
  }

  /// Refuses to write the audio of a long pattern at `audioPath` over an input of the run or
  /// over a file that is not the audio of the page at `page` as an earlier run wrote it.
  private static func checkLinkedAudio(
    _ audioPath: String, file: String, page: String, pattern: LoadedPattern, inputs: [String]
  ) throws(FileSystemError) {
    if let identity = FileSystem.identity(of: audioPath), let waveform = pattern.waveformFiles[identity] {
      throw .failed(
        path: audioPath, reason: "is the waveform '\(waveform)'; it is not replaced (choose another page name)")
    }
    for input in inputs { try PatternFiles.checkOutput(audioPath, isNot: input) }
    guard FileSystem.entryExists(audioPath) else { return }
    // The page of an earlier run links its audio so; that pair is replaced together.
    let earlierPage = (try? FileSystem.readAll(page, limit: 1 << 20)).map { String(decoding: $0, as: UTF8.self) }
    let isEarlierAudio =
      FileSystem.notRegularFileProblem(audioPath) == nil
      && earlierPage?.contains("src=\"\(Markup.percentEncoded(file))\"") == true
    guard isEarlierAudio else {
      throw .failed(
        path: audioPath,
        reason:
          "exists, and the audio of this page (too long to embed) would be written over it; it is not replaced (move it, or choose another page name)"
      )
    }
  }
}
