#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A `@Dependency`'s place in the source, for the reports its reads cause.
final class DependencyReadSite: Sendable {
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt

  init(fileID: StaticString, filePath: StaticString, line: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
  }

  /// The sites being read through a key path on each thread: a thread-local, not a task-local, because a
  /// task-local push costs more than a whole action, and every key-path read would pay it.
  private static let slot = ThreadLocalSlot<UnsafeRawPointer?>(nil, name: "dependency read-site")

  /// The site of the `@Dependency` being read through a key path on this thread, if any.
  static var current: DependencyReadSite? {
    guard let site = slot.existingCell?.pointee else { return nil }
    return Unmanaged<DependencyReadSite>.fromOpaque(site).takeUnretainedValue()
  }

  /// Runs `body` with this site as the current one on this thread (the caller keeps the site alive).
  @inline(__always) func whileReading<R>(_ body: () -> R) -> R {
    let cell = Self.slot.cell
    let previous = cell.pointee
    cell.pointee = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    defer { cell.pointee = previous }
    return body()
  }
}

/// Whether this thread is running a `withDependencies` update closure, which reads values only to change them.
///
/// Thread-local for the same reason as the read site: update closures run synchronously where they are called.
enum DependencyUpdate {
  private static let depth = ThreadLocalSlot<Int>(0, name: "dependency-update")

  /// Whether an update closure is running on this thread.
  static var isRunning: Bool { (depth.existingCell?.pointee ?? 0) > 0 }

  /// Runs `update` marked as an update closure on this thread.
  static func run<R>(_ update: () throws -> R) rethrows -> R {
    let cell = depth.cell
    cell.pointee += 1
    defer { cell.pointee -= 1 }
    return try update()
  }

  /// The keys set on this thread while `recordingWrites` runs, with their types (for a report's names).
  private static let writes = ThreadLocalSlot<UnsafeMutablePointer<[ObjectIdentifier: Any.Type]>?>(
    nil, name: "dependency-writes")

  /// Runs `body` and returns, with what it returned, the keys it set (`values[Key.self] = …`, `$0.uuid = …`).
  static func recordingWrites<R>(_ body: () throws -> R) rethrows -> (R, [ObjectIdentifier: Any.Type]) {
    let box = UnsafeMutablePointer<[ObjectIdentifier: Any.Type]>.allocate(capacity: 1)
    box.initialize(to: [:])
    let cell = writes.cell
    let outer = cell.pointee
    cell.pointee = box
    defer {
      cell.pointee = outer
      box.deinitialize(count: 1)
      box.deallocate()
    }
    let result = try body()
    return (result, box.pointee)
  }

  /// Notes that `key` was set, when `recordingWrites` runs on this thread.
  static func noteWrite(of key: Any.Type) {
    guard let box = writes.existingCell?.pointee else { return }
    box.pointee[ObjectIdentifier(key)] = key
  }
}

/// One value of trivial type per thread, in a cell made on the thread's first use and freed when it ends.
package final class ThreadLocalSlot<Value>: @unchecked Sendable {
  private let key: pthread_key_t
  private let initial: Value

  /// A slot whose cells start at `initial`; `name` says which slot a failure to make one is about.
  package init(_ initial: Value, name: String) {
    self.initial = initial
    var key = pthread_key_t()
    #if canImport(Darwin)
      let status = pthread_key_create(&key) { $0.deallocate() }
    #else
      let status = pthread_key_create(&key) { $0?.deallocate() }
    #endif
    precondition(status == 0, "could not create the \(name) thread key")
    self.key = key
  }

  /// This thread's cell, if it made one.
  package var existingCell: UnsafeMutablePointer<Value>? {
    pthread_getspecific(key)?.assumingMemoryBound(to: Value.self)
  }

  /// This thread's cell, made on first use.
  package var cell: UnsafeMutablePointer<Value> {
    if let existing = existingCell { return existing }
    let cell = UnsafeMutablePointer<Value>.allocate(capacity: 1)
    cell.initialize(to: initial)
    pthread_setspecific(key, cell)
    return cell
  }
}
