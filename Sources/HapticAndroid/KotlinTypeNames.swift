/// The Kotlin object names of a batch of effects, one per pattern, all different even ignoring
/// case: files that go into one Kotlin package must not declare the same object twice, and
/// their class files must not share a name on a file system that ignores case.
///
/// Each pattern takes the object name of its own name (`breath-478` → `Breath478Haptics`) when
/// it is the first to want it, in the batch's order; a later one takes the smallest number from
/// 2 on that makes it a name no pattern of the batch wants (`a-b`, `a_b` → `ABHaptics`,
/// `AB2Haptics`; `日本`, `中文` → `PatternHaptics`, `Pattern2Haptics`). The same names in the
/// same order give the same objects.
public struct KotlinTypeNames: Sendable, Equatable {
  /// A pattern that did not get the name it wanted.
  public struct Renaming: Sendable, Equatable {
    /// The pattern's index in the batch.
    public var index: Int
    /// The name it wanted, taken (in some case) by the pattern at `takenBy`.
    public var wanted: String
    public var takenBy: Int
    /// The name it got.
    public var name: String
  }

  /// The object name of each pattern, in the batch's order.
  public let names: [String]
  /// The patterns renamed, in the batch's order.
  public let renamings: [Renaming]

  /// - Parameter patternNames: The patterns' names (file stems), in the batch's order.
  public init(patternNames: [String]) {
    let wanted = patternNames.map(AndroidEffect.kotlinTypeName)
    var taken = Set(wanted.map { $0.lowercased() })
    var first: [String: Int] = [:]
    var names: [String] = []
    var renamings: [Renaming] = []
    for (index, name) in wanted.enumerated() {
      guard let owner = first[name.lowercased()] else {
        first[name.lowercased()] = index
        names.append(name)
        continue
      }
      let stem = name.dropLast(AndroidEffect.kotlinTypeSuffix.count)
      var number = 2
      while taken.contains("\(stem)\(number)\(AndroidEffect.kotlinTypeSuffix)".lowercased()) { number += 1 }
      let unique = "\(stem)\(number)\(AndroidEffect.kotlinTypeSuffix)"
      taken.insert(unique.lowercased())
      names.append(unique)
      renamings.append(Renaming(index: index, wanted: name, takenBy: owner, name: unique))
    }
    self.names = names
    self.renamings = renamings
  }
}
