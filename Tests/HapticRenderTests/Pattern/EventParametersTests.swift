import Testing

@testable import HapticRender

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
}
