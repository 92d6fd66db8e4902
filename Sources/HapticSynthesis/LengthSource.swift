/// What a render's length comes from (docs/signal-model.md §5.2): the element whose end is the
/// latest of every sound's end, every event's `Time` plus `EventDuration` and every control
/// element's `Time`. The tail is added after it.
///
/// On a tie, a sound wins over an event's duration, an event over a control, and an element
/// over a later one in the pattern's arrays.
public enum LengthSource: Sendable, Equatable {
  /// No event and no control: the render is the tail alone.
  case nothing
  /// The sound of `pattern.events[event]` ends last: its release or fade-out, a transient's
  /// cycles, a waveform's end.
  case sound(event: Int)
  /// `Time` plus `EventDuration` of `pattern.events[event]` is the latest end, after its sound
  /// (a transient's duration, a continuous event that decays or sounds only 30 s).
  case eventDuration(event: Int)
  /// The `Time` of `pattern.parameters[index]`.
  case parameter(Int)
  /// The `Time` of `pattern.curves[index]`: its start (its later points do not count).
  case curve(Int)
}
