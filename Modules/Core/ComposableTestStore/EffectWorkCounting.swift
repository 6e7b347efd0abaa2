import Clocks
import Composable
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Counts the steps of test stores' effects that run off the main actor, through the concurrency runtime's hook
/// on the global executor (`swift_task_enqueueGlobal_hook`, the hook swift-concurrency-extras' main serial
/// executor uses).
///
/// A step is a test store's when it is made ready by that store's work: inside its `send`, inside one of its
/// effects' tasks (`TestStoreScope`), inside a step of it running, or by a clock waking one of its sleepers;
/// or when it is the task of one of its effects (`file(_:as:)`).
/// Such a step runs on its work's serial queue (in the order steps were made ready), so its end is seen; any other
/// goes where it would have gone. Installed
/// once, by the first test store; where the hook cannot be found, nothing is counted and test stores wait for a
/// quiet stretch instead.
enum EffectWorkCounting {
  typealias Original = @convention(thin) (UnownedJob) -> Void
  typealias Hook = @convention(thin) (UnownedJob, Original) -> Void

  private static let lock = NSLock()
  nonisolated(unsafe) private static var installed: Bool?
  /// The runtime's hook, where it has one.
  nonisolated(unsafe) private static let hookSlot: UnsafeMutablePointer<Hook?>? = {
    guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "swift_task_enqueueGlobal_hook") else {
      return nil
    }
    return symbol.assumingMemoryBound(to: Hook?.self)
  }()
  /// The hook that was there before ours (another library's), called for steps that are nobody's work. A lazily
  /// made constant, read before ours is put in place: the hook reads it from any thread, through the same
  /// once-only initialization that made it, so the read is ordered after the write.
  private static let previous: Hook? = hookSlot?.pointee
  /// The work the current thread makes steps for (a `send`, a counted step running, a clock waking a sleeper).
  private static let threadKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key, nil)
    return key
  }()

  /// Installs the hook once; whether steps are counted in this process.
  static var isCounting: Bool {
    lock.withLock {
      if let installed { return installed }
      let result = install()
      installed = result
      return result
    }
  }

  /// Puts the counting hook in place; false where the runtime has no such hook or no task executors.
  private static func install() -> Bool {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *), let hook = hookSlot else { return false }
    _ = previous
    hook.pointee = { job, original in
      guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
        let work = EffectWorkCounting.threadWork ?? TestStoreScope.current?.work as? EffectWork
          ?? EffectWorkCounting.filedWork(ofTaskIn: job)
      else {
        if let previous = EffectWorkCounting.previous { return previous(job, original) }
        return original(job)
      }
      EffectWorkCounting.run(job, as: work)
    }
    return true
  }

  /// Runs `job` on `work`'s queue as a step of it, counted from now until it has run.
  @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
  private static func run(_ job: UnownedJob, as work: EffectWork) {
    work.stepReady()
    work.stepQueue.async {
      // What the step makes ready (a hop, a child task, a task it starts) is the same work's.
      with(work) { job.runSynchronously(on: globalConcurrentExecutor.asUnownedTaskExecutor()) }
      work.stepRan()
    }
  }

  /// The tasks of running effects, by address, with their work. A task's step is sometimes made ready after the
  /// runtime stopped running it, where neither the thread nor a task-local says whose it is (see
  /// `EffectWork.effectAttached`); but that step is the task itself.
  nonisolated(unsafe) private static var filedTasks: [UnsafeRawPointer: WeakEffectWork] = [:]
  private static let filedTasksLock = NSLock()

  /// Files `task`, an effect task of `work`, until `unfile`.
  static func file(_ task: Task<Void, Never>, as work: EffectWork) {
    let box = WeakEffectWork(work)
    filedTasksLock.withLock { filedTasks[address(of: task)] = box }
  }

  /// Forgets `task` (it ended, or its test store is gone).
  static func unfile(_ task: Task<Void, Never>) {
    _ = filedTasksLock.withLock { filedTasks.removeValue(forKey: address(of: task)) }
  }

  /// The work of the filed effect task whose step `job` is, if any.
  private static func filedWork(ofTaskIn job: UnownedJob) -> EffectWork? {
    // A task's job is the task itself: the same object, as `Task` and `UnownedJob` each hold its address.
    let address = unsafeBitCast(job, to: UnsafeRawPointer.self)
    return filedTasksLock.withLock { filedTasks[address]?.work }
  }

  /// The address of `task`'s object in the runtime.
  private static func address(of task: Task<Void, Never>) -> UnsafeRawPointer {
    unsafeBitCast(task, to: UnsafeRawPointer.self)
  }

  /// The work the current thread makes steps for, if any.
  private static var threadWork: EffectWork? {
    pthread_getspecific(threadKey).map { Unmanaged<EffectWork>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Runs `body` with steps made ready on this thread counted as `work`'s.
  static func with<R>(_ work: EffectWork, _ body: () throws -> R) rethrows -> R {
    let previous = pthread_getspecific(threadKey)
    let current = Unmanaged.passUnretained(work).toOpaque()
    // Inside a send already counting for `work` (an effect made by it): nothing to set.
    if previous == current { return try body() }
    pthread_setspecific(threadKey, current)
    defer { pthread_setspecific(threadKey, previous) }
    return try body()
  }
}

/// A work held weakly: a filed task may outlive its test store.
final class WeakEffectWork: @unchecked Sendable {
  weak var work: EffectWork?

  init(_ work: EffectWork) { self.work = work }
}
