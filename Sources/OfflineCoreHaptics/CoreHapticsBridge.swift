#if canImport(CoreHaptics)
  import CoreHaptics

  extension CHHapticPattern {
    /// A real Core Haptics pattern, through its AHAP dictionary, so a test can render the
    /// pattern an app plays on a device.
    public convenience init(_ pattern: CoreHaptics.CHHapticPattern) throws {
      let dictionary = try pattern.exportDictionary()
      try self.init(dictionary: Dictionary(uniqueKeysWithValues: dictionary.map { (Key($0.key.rawValue), $0.value) }))
    }
  }
#endif
