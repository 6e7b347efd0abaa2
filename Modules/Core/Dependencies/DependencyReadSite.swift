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

  /// The site of the `@Dependency` being read through a key path on this thread, if any.
  ///
  /// A thread-local cell, not a task-local: a task-local push costs about 220 ns here, more than a whole action,
  /// and every key-path read would pay it.
  static var current: DependencyReadSite? {
    guard let raw = pthread_getspecific(key), let site = raw.assumingMemoryBound(to: UnsafeRawPointer?.self).pointee
    else { return nil }
    return Unmanaged<DependencyReadSite>.fromOpaque(site).takeUnretainedValue()
  }

  /// Runs `body` with this site as the current one on this thread (the caller keeps the site alive).
  @inline(__always) func whileReading<R>(_ body: () -> R) -> R {
    let cell = Self.cell()
    let previous = cell.pointee
    cell.pointee = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
    defer { cell.pointee = previous }
    return body()
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
      let status = pthread_key_create(&key) { $0.deallocate() }
    #else
      let status = pthread_key_create(&key) { $0?.deallocate() }
    #endif
    precondition(status == 0, "could not create the dependency read-site thread key")
    return key
  }()

  /// This thread's cell, made on first use.
  private static func cell() -> UnsafeMutablePointer<UnsafeRawPointer?> {
    if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: UnsafeRawPointer?.self) }
    let cell = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 1)
    cell.initialize(to: nil)
    pthread_setspecific(key, cell)
    return cell
  }
}

/// Whether this thread is running a `withDependencies` update closure, which reads values only to change them.
///
/// Thread-local for the same reason as the read site: update closures run synchronously where they are called.
enum DependencyUpdate {
  /// Whether an update closure is running on this thread.
  static var isRunning: Bool {
    guard let raw = pthread_getspecific(key) else { return false }
    return raw.assumingMemoryBound(to: Int.self).pointee > 0
  }

  /// Runs `update` marked as an update closure on this thread.
  static func run<R>(_ update: () throws -> R) rethrows -> R {
    let depth = cell()
    depth.pointee += 1
    defer { depth.pointee -= 1 }
    return try update()
  }

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    #if canImport(Darwin)
      let status = pthread_key_create(&key) { $0.deallocate() }
    #else
      let status = pthread_key_create(&key) { $0?.deallocate() }
    #endif
    precondition(status == 0, "could not create the dependency-update thread key")
    return key
  }()

  private static func cell() -> UnsafeMutablePointer<Int> {
    if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: Int.self) }
    let cell = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    cell.initialize(to: 0)
    pthread_setspecific(key, cell)
    return cell
  }
}
