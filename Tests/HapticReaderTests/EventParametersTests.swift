import HapticModel
import HapticReader
import Testing

/// An event's inline parameter values, as a dictionary of them would behave.
@Suite struct EventParametersTests {
  @Test func valuesAreSetReadAndRemovedByParameter() {
    var parameters = EventParameters()
    #expect(parameters.isEmpty && parameters[.hapticIntensity] == nil)
    parameters[.audioBrightness] = 0.25
    parameters[.hapticIntensity] = 0
    #expect(parameters[.audioBrightness] == 0.25 && parameters[.hapticIntensity] == 0 && parameters.count == 2)
    parameters[.audioBrightness] = nil
    #expect(parameters[.audioBrightness] == nil && parameters.count == 1)
    #expect(parameters == [.hapticIntensity: 0])
  }

  @Test func iterationFollowsTheParametersOrder() {
    let parameters = EventParameters([.audioPan: -1, .hapticSharpness: 0.5, .sustained: 0])
    #expect(parameters.map(\.id) == [.hapticSharpness, .sustained, .audioPan])
    #expect(parameters.map(\.value) == [0.5, 0, -1])
  }

  @Test func everyParameterHasItsOwnSlot() {
    var parameters = EventParameters()
    for (index, id) in ParameterID.allCases.enumerated() { parameters[id] = Double(index) }
    #expect(parameters.count == ParameterID.allCases.count)
    #expect(ParameterID.allCases.enumerated().allSatisfy { parameters[$1] == Double($0) })
  }

  @Test func eventsBuiltInCodeClampTheirValues() {
    let event = Event(type: .hapticContinuous, time: 0, parameters: [.hapticIntensity: 2, .audioPan: -3])
    #expect(event.parameters == [.hapticIntensity: 1, .audioPan: -1])
    #expect(event.value(of: .hapticSharpness) == 0.5)
  }

  @Test func equalityComparesTheGivenValues() {
    var parameters: EventParameters = [.hapticIntensity: 0.5]
    parameters[.audioPitch] = 0.25
    parameters[.audioPitch] = nil
    #expect(parameters == [.hapticIntensity: 0.5])
    #expect(parameters != [.hapticIntensity: 0.25])
    #expect(parameters != [.hapticIntensity: 0.5, .hapticSharpness: 0])
  }

  /// Events are held by the hundred thousand while a large pattern loads: each stays small.
  @Test func anEventHoldsItsValuesInline() {
    #expect(MemoryLayout<EventParameters>.size == 8 * ParameterID.allCases.count + 2)
    #expect(MemoryLayout<Event>.stride <= 136)
    #expect(MemoryLayout<TextPosition>.stride == 8)
  }

  @Test func aWaveformKeepsValueSemantics() {
    var event = Event(type: .audioCustom, time: 0, duration: 1, waveform: Waveform(path: "knock.wav"))
    let copy = event
    event.waveform?.path = "sounds/knock.wav"
    event.waveform?.isLoopEnabled = true
    #expect(event.waveform?.path == "sounds/knock.wav" && event.waveform?.isLoopEnabled == true)
    #expect(copy.waveform?.path == "knock.wav" && copy.waveform?.isLoopEnabled == false)
    event.waveform = nil
    #expect(event.waveform == nil && copy.waveform != nil)
  }

  @Test func positionsBeyondFourBillionAreClamped() {
    let position = TextPosition(line: -1, column: 1 << 40)
    #expect(position.line == 0 && position.column == Int(UInt32.max))
    #expect(TextPosition(line: 12, column: 3) == TextPosition(line: 12, column: 3))
  }
}
