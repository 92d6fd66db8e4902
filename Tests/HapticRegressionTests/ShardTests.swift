import HapticPipeline
import HapticRegression
import Testing
import _HapticRenderTestSupport

/// `--shard I/N`: how a value is read, and how patterns are split by the hash of their names.
@Suite struct ShardTests {
  /// A library of a large app: eight kinds of pattern in folders, sixteen of each.
  static let library: [String] = {
    let kinds = [
      "ui/button-tap", "ui/toggle", "alerts/notification", "game/explosion", "game/footstep",
      "onboarding/swipe", "health/breath", "music/beat",
    ]
    return kinds.flatMap { kind in (1...16).map { "\(kind)-\($0 < 10 ? "0" : "")\($0).ahap" } }
  }()

  @Test func readsShards() throws {
    let shard = try Shard(parsing: "2/4")
    #expect((shard.index, shard.count) == (2, 4))
    #expect(shard.description == "2/4")
    #expect(try Shard(parsing: "1/1").count == 1)
  }

  @Test(arguments: [
    ("0/4", "shard 0 of 4 does not exist; shards are numbered 1/4 to 4/4"),
    ("5/4", "shard 5 of 4 does not exist; shards are numbered 1/4 to 4/4"),
    ("1/0", "the number of shards must be at least 1; found '1/0'"),
    ("2", "expected I/N, a shard's number and the number of shards such as 2/4; found '2'"),
    ("1/4/2", "expected I/N, a shard's number and the number of shards such as 2/4; found '1/4/2'"),
    ("+1/4", "expected I/N, a shard's number and the number of shards such as 2/4; found '+1/4'"),
    (" 1/4", "expected I/N, a shard's number and the number of shards such as 2/4; found ' 1/4'"),
    (
      "1/99999999999",
      "a shard's number and the number of shards have at most 9 digits (999999999 shards); found '1/99999999999'"
    ),
    (
      "0000000001/4",
      "a shard's number and the number of shards have at most 9 digits (999999999 shards); found '0000000001/4'"
    ),
    ("one/four", "expected I/N, a shard's number and the number of shards such as 2/4; found 'one/four'"),
  ])
  func refusesBadShards(_ text: String, _ message: String) {
    let error = #expect(throws: Shard.ParseError.self) { try Shard(parsing: text) }
    #expect(error?.description == message)
  }

  /// Known answers, computed by the Python function of docs/regression-tests.md: the hash is
  /// its constants, the same on every platform and in every process.
  @Test func hashIsFNV1aMixedByMurmurFinalizer() {
    #expect(Shard.hash("") == 0xefd0_1f60_ba99_2926)
    #expect(Shard.hash("breath-478.ahap") == 0xad4c_77b3_82d6_b48d)
    #expect(Shard.hash("ui/button-tap-01.ahap") == 0x0e6f_a431_b1e4_9228)
    #expect(Shard.hash("ça-vibre.ahap") == 0x5283_5f67_4ce2_6917)
  }

  @Test func shardsAreDisjointAndCoverEveryPattern() throws {
    for count in 1...8 {
      let shards = try (1...count).map { try Shard(parsing: "\($0)/\(count)") }
      for name in Self.library {
        #expect(shards.filter { $0.contains(name) }.count == 1, "\(name) in \(count) shards")
      }
    }
  }

  /// A pattern's shard depends on its name alone: adding and removing other files moves none.
  @Test func addingOrRemovingFilesMovesNoOther() {
    let before = Dictionary(uniqueKeysWithValues: Self.library.map { ($0, Shard.index(of: $0, count: 4)) })
    let changed = Self.library.dropFirst(30) + (1...40).map { "new/pattern-\($0).ahap" }
    for name in changed where before[name] != nil {
      #expect(Shard.index(of: name, count: 4) == before[name])
    }
  }

  /// Four shards of the 128 patterns: the largest holds at most 20 % more than the mean (a
  /// random split's spread is ±4.9 around 32 here).
  @Test func fourShardsOfALibraryAreEven() {
    var sizes = [Int](repeating: 0, count: 4)
    for name in Self.library { sizes[Shard.index(of: name, count: 4) - 1] += 1 }
    #expect(sizes.reduce(0, +) == 128)
    #expect(Double(sizes.max() ?? 0) <= 1.2 * 32, "\(sizes)")
    #expect(sizes == [33, 27, 36, 32])
  }

  @Test func namesAreRelativeToTheFolderSearched() throws {
    let folder = try TemporaryFolder()
    let path = "\(folder.path)/ui/tap.ahap"
    #expect(PatternFiles.name(of: path, foundIn: [folder.path]) == "ui/tap.ahap")
    #expect(PatternFiles.name(of: path, foundIn: [folder.path + "/"]) == "ui/tap.ahap")
    #expect(
      PatternFiles.name(of: "\(folder.path)/x.ahap", foundIn: ["\(folder.path)/x.ahap"]) == "\(folder.path)/x.ahap")
    #expect(PatternFiles.name(of: path, foundIn: ["/nonexistent", folder.path]) == "ui/tap.ahap")
  }
}
