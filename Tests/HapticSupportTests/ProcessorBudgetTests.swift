import Foundation
import HapticFiles
import HapticPipeline
import HapticSupport
import Testing

/// The processors a batch uses by default: the affinity mask and a control group's CPU quota,
/// as the kernel writes them.
@Suite struct ProcessorBudgetTests {
  @Test func quotasAreRoundedUpToWholeProcessors() {
    #expect(ProcessorBudget.processors(quota: 200_000, period: 100_000) == 2)
    #expect(ProcessorBudget.processors(quota: 150_000, period: 100_000) == 2)
    #expect(ProcessorBudget.processors(quota: 50_000, period: 100_000) == 1)
    #expect(ProcessorBudget.processors(quota: -1, period: 100_000) == nil)
    #expect(ProcessorBudget.processors(quota: 100_000, period: 0) == nil)
  }

  @Test func cgroupTwoCPUMaxIsReadAsQuotaAndPeriod() {
    #expect(ProcessorBudget.processors(cpuMax: "250000 100000\n") == 3)
    #expect(ProcessorBudget.processors(cpuMax: "max 100000\n") == nil)
    #expect(ProcessorBudget.processors(cpuMax: "") == nil)
  }

  @Test func groupsAreFoundForEachController() {
    let text = """
      12:cpu,cpuacct:/docker/3f2a
      4:memory:/docker/3f2a
      1:name=systemd:/
      0::/system.slice/runner.service
      """
    let groups = ProcessorBudget.groups(procSelfCgroup: text)
    #expect(groups["cpu"] == "/docker/3f2a" && groups["cpuacct"] == "/docker/3f2a")
    #expect(groups[""] == "/system.slice/runner.service")
    #expect(groups["cpuset"] == nil)
  }

  @Test func affinityMasksAreCountedAcrossGroups() {
    #expect(
      ProcessorBudget.processors(procSelfStatus: "Name:\trender\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n") == 2)
    #expect(ProcessorBudget.processors(procSelfStatus: "Cpus_allowed:\tff,ffffffff\n") == 40)
    #expect(ProcessorBudget.processors(procSelfStatus: "Cpus_allowed:\t0\n") == nil)
    #expect(ProcessorBudget.processors(procSelfStatus: "Name:\trender\n") == nil)
  }

  /// This process's own mask, as the kernel writes it, gives the count `nproc` finds with
  /// `sched_getaffinity`.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
  func ownAffinityMatchesNproc() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["nproc"]
    var environment = ProcessInfo.processInfo.environment
    environment["OMP_NUM_THREADS"] = nil
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    process.waitUntilExit()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let status = try #require(FileSystem.readSystemFile("/proc/self/status", limit: 65_536))
    #expect(
      ProcessorBudget.processors(procSelfStatus: status) == Int(output.trimmingCharacters(in: .whitespacesAndNewlines)))
    let allowed = try #require(ProcessorBudget.processors(procSelfStatus: status))
    #expect(Batch.processorCount >= 1 && Batch.processorCount <= allowed)
  }
}
