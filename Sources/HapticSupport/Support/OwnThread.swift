import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A closure running on a thread of the package's own, never on one of Dispatch's shared
/// workers: for work that blocks (a producer waiting for room in a ring), which on a shared
/// worker would hold a thread that other work is queued for, or wait behind that work.
///
/// The thread is started for the closure, or is one parked after an earlier closure: starting
/// a thread costs tens of microseconds, more than a short render. A parked thread ends after
/// ``idleSeconds`` without work.
///
/// Not copyable: the closure is waited for once, by ``join()`` or when the value is dropped.
package struct OwnThread: ~Copyable {
  /// How long a thread stays parked without work before it ends.
  package static var idleSeconds: Int { 10 }

  private let job: Job

  /// Starts `body` at once.
  package init(_ body: sending @escaping () -> Void) {
    job = Job(body)
    ParkedThreads.shared.run(job)
  }

  deinit {
    job.finished.wait()
  }

  /// Waits until the closure has returned; what it wrote is then visible to the caller.
  package consuming func join() {
    // Consuming `self` ends its lifetime here, and `deinit` waits.
  }
}

/// A closure to run, and the semaphore its thread signals once it has returned (and let go of
/// the closure and what it captured). `body` is written before the job is handed to its thread
/// (through `pthread_create` or a worker's semaphore) and taken by that thread after.
private final class Job {
  private var body: (() -> Void)?
  let finished = DispatchSemaphore(value: 0)

  init(_ body: sending @escaping () -> Void) {
    self.body = body
  }

  /// Runs the closure, releases it and signals ``finished``; on the job's thread, once.
  func run() {
    do {
      let body = self.body.take()
      body?()
    }
    finished.signal()
  }
}

/// The threads of ``OwnThread``: each runs jobs one after another and, between them, waits
/// parked here for the next one. Every access to `parked` holds `mutex`, which the compiler
/// cannot see, hence `@unchecked`.
private final class ParkedThreads: @unchecked Sendable {
  static let shared = ParkedThreads()

  /// Guards `parked`; in memory of its own, so that its address never moves.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// Threads waiting for a job, the most recently parked last.
  private var parked: [Worker] = []

  private init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  /// Runs `job` on a parked thread, or on a new one when none is parked.
  func run(_ job: Job) {
    pthread_mutex_lock(mutex)
    let worker = parked.popLast()
    pthread_mutex_unlock(mutex)
    if let worker {
      worker.hand(job)
    } else {
      Worker.start(with: job)
    }
  }

  /// Parks `worker`, whose job has returned, until ``run(_:)`` hands it another.
  func park(_ worker: Worker) {
    pthread_mutex_lock(mutex)
    parked.append(worker)
    pthread_mutex_unlock(mutex)
  }

  /// Removes `worker`, which waited long enough, so that its thread can end.
  ///
  /// - Returns: `false` when ``run(_:)`` has taken it meanwhile: a job is on its way to it.
  func retire(_ worker: Worker) -> Bool {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard let index = parked.firstIndex(where: { $0 === worker }) else { return false }
    parked.remove(at: index)
    return true
  }
}

/// One thread of ``ParkedThreads``: its next job, and the semaphore that wakes it for that job.
/// The job is written before the semaphore is signalled and read after it is waited for.
private final class Worker {
  private var job: Job?
  private let wake = DispatchSemaphore(value: 0)

  private init(_ job: Job) {
    self.job = job
  }

  /// Starts a detached thread that runs `job` and then waits for more.
  static func start(with job: Job) {
    let context = Unmanaged.passRetained(Worker(job)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
      let status = pthread_create(&thread, nil, { Worker.main($0) }, context)
    #else
      var thread = pthread_t()
      let status = pthread_create(&thread, nil, { Worker.main($0!) }, context)
    #endif
    precondition(status == 0, "cannot start a thread (pthread_create: \(status))")
    #if canImport(Darwin)
      pthread_detach(thread!)
    #else
      pthread_detach(thread)
    #endif
  }

  /// Gives a parked worker its next job and wakes it.
  func hand(_ job: Job) {
    self.job = job
    wake.signal()
  }

  /// The thread's body: `context` is the retained worker.
  private static func main(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<Worker>.fromOpaque(context).takeRetainedValue().loop()
    return nil
  }

  /// Runs jobs until none comes for ``OwnThread/idleSeconds``.
  private func loop() {
    while let job = job.take() {
      job.run()
      ParkedThreads.shared.park(self)
      if wake.wait(timeout: .now() + .seconds(OwnThread.idleSeconds)) == .timedOut {
        if ParkedThreads.shared.retire(self) { return }
        wake.wait()  // taken meanwhile: its job is being handed over
      }
    }
  }
}
