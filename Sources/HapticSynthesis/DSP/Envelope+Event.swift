import HapticModel

extension Envelope {
  /// The envelope of a continuous event whose times no control changes.
  ///
  /// - Parameter carrier: The event's carrier frequency in Hz at a time in seconds (read at the
  ///   end of its duration).
  package init(event: Event, controls: Controls, sampleRate: Double, carrier: (Double) -> Double) {
    func seconds(_ parameter: ParameterID) -> Double {
      Envelope.seconds(normalized: controls.value(of: parameter, for: event, at: event.time))
    }
    let durationEnd = event.time + (event.soundingDuration * sampleRate).rounded() / sampleRate
    self.init(
      attack: seconds(.attackTime), decay: seconds(.decayTime), release: seconds(.releaseTime),
      isSustained: event.isSustained, duration: event.soundingDuration, carrier: carrier(durationEnd),
      sampleRate: sampleRate)
  }
}
