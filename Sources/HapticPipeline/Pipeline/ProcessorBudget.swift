import HapticFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How many processors this process can keep busy: those online, narrowed on Linux by its
/// affinity mask (`taskset`, a container's cpuset) and by the CPU quota of its control group and
/// the groups above it (a container's `--cpus`), rounded up; at least 1.
///
/// The affinity is read from `Cpus_allowed` in `/proc/self/status`; the quota from cgroup v2's
/// `cpu.max` under `/sys/fs/cgroup`, or cgroup v1's `cpu.cfs_quota_us` and `cpu.cfs_period_us`
/// under `/sys/fs/cgroup/cpu` (or `cpu,cpuacct`), at the group `/proc/self/cgroup` names and
/// each group above it.
package enum ProcessorBudget {
  /// The budget, read once.
  package static let count: Int = {
    var count = max(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 1)
    #if os(Linux)
      if let status = FileSystem.readSystemFile("/proc/self/status", limit: 65_536),
        let allowed = processors(procSelfStatus: status)
      {
        count = min(count, allowed)
      }
      if let quota = groupQuota() { count = min(count, quota) }
    #endif
    return max(count, 1)
  }()

  /// Processors a quota of `quota` µs of CPU time per `period` µs allows, rounded up; `nil`
  /// when `quota` is negative (cgroup v1's "no limit") or either is not positive.
  package static func processors(quota: Int, period: Int) -> Int? {
    guard quota > 0, period > 0 else { return nil }
    return (quota + period - 1) / period
  }

  /// Processors a cgroup v2 `cpu.max` allows: "QUOTA PERIOD", or "max PERIOD" for no limit.
  package static func processors(cpuMax: String) -> Int? {
    let fields = cpuMax.split(whereSeparator: \.isWhitespace)
    guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]) else { return nil }
    return processors(quota: quota, period: period)
  }

  /// The group of each hierarchy in `/proc/self/cgroup` ("ID:CONTROLLERS:PATH" lines): the
  /// unified (v2) group under the key "", a v1 group under each of its controllers.
  package static func groups(procSelfCgroup text: String) -> [String: String] {
    var groups: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
      guard fields.count == 3 else { continue }
      let path = String(fields[2])
      if fields[1].isEmpty { groups[""] = path }
      for controller in fields[1].split(separator: ",") { groups[String(controller)] = path }
    }
    return groups
  }

  /// Processors in the affinity mask of `/proc/self/status`: its `Cpus_allowed` line, a
  /// hexadecimal mask in comma-separated groups ("Cpus_allowed:\tff,ffffffff"); `nil` without
  /// one, or for an empty mask.
  package static func processors(procSelfStatus text: String) -> Int? {
    let label = "Cpus_allowed:"
    guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(label) }) else { return nil }
    var count = 0
    for character in line.dropFirst(label.count) where character != "," && !character.isWhitespace {
      guard let digit = character.hexDigitValue else { return nil }
      count += digit.nonzeroBitCount
    }
    return count > 0 ? count : nil
  }

  #if os(Linux)
    /// The smallest quota of this process's group and the groups above it, in processors.
    private static func groupQuota() -> Int? {
      guard let text = FileSystem.readSystemFile("/proc/self/cgroup") else { return nil }
      let groups = groups(procSelfCgroup: text)
      var quotas: [Int] = []
      if let path = groups[""] {
        for folder in folders("/sys/fs/cgroup", path) {
          if let text = FileSystem.readSystemFile("\(folder)/cpu.max"), let quota = processors(cpuMax: text) {
            quotas.append(quota)
          }
        }
      }
      // The first of the usual mounts that holds the controller (often one links to the other).
      if let path = groups["cpu"],
        let mount = ["/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"].first(where: {
          FileSystem.readSystemFile("\($0)/cpu.cfs_period_us") != nil
        })
      {
        for folder in folders(mount, path) {
          guard let quota = FileSystem.readSystemFile("\(folder)/cpu.cfs_quota_us").flatMap(number),
            let period = FileSystem.readSystemFile("\(folder)/cpu.cfs_period_us").flatMap(number),
            let limit = processors(quota: quota, period: period)
          else { continue }
          quotas.append(limit)
        }
      }
      return quotas.min()
    }

    /// `mount` followed by `path`, then each folder above it up to `mount` itself.
    private static func folders(_ mount: String, _ path: String) -> [String] {
      var components = path.split(separator: "/").map(String.init)
      var folders: [String] = []
      while true {
        folders.append(([mount] + components).joined(separator: "/"))
        guard !components.isEmpty else { return folders }
        components.removeLast()
      }
    }

    /// The number a one-number file holds.
    private static func number(_ text: String) -> Int? {
      text.split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
    }
  #endif
}
