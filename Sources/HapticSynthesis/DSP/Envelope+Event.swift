import HapticModel

extension Envelope {
  /// The envelope of a continuous event whose times no control changes.
  package init(event: Event, controls: Controls) {
    func seconds(_ parameter: ParameterID) -> Double {
      Envelope.seconds(normalized: controls.value(of: parameter, for: event, at: event.time))
    }
    self.init(
      attack: seconds(.attackTime), decay: seconds(.decayTime), release: seconds(.releaseTime),
      isSustained: event.isSustained, duration: event.soundingDuration)
  }
}
