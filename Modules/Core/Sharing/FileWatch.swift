import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A watch on one file: `onChange` runs (on a background queue) whenever the file may have changed; the watch
/// ends with `cancel()` or when released.
public final class SharedFileWatch: @unchecked Sendable {
  private let lock = NSLock()
  private var stop: (@Sendable () -> Void)?

  /// A watch that `stop` ends.
  public init(stop: @escaping @Sendable () -> Void) {
    self.stop = stop
  }

  /// A watch that watches nothing.
  public static var none: SharedFileWatch { SharedFileWatch {} }

  /// Ends the watch.
  public func cancel() {
    let stop = lock.withLock {
      defer { self.stop = nil }
      return self.stop
    }
    stop?()
  }

  deinit { cancel() }
}

/// What changes when a file changes: its device and inode (an atomic replace), size and modification time (a
/// write in place), or its existence.
public struct FileIdentity: Equatable, Sendable {
  /// The parts compared.
  let parts: [Int64]

  /// An identity from its parts (the in-memory file system uses a version number).
  public init(parts: [Int64]) {
    self.parts = parts
  }
}

/// A watch's dispatch sources, which may be cancelled from any thread.
private final class WatchSources: @unchecked Sendable {
  let timer: any DispatchSourceTimer
  let events: (any DispatchSourceProtocol)?

  init(timer: any DispatchSourceTimer, events: (any DispatchSourceProtocol)?) {
    self.timer = timer
    self.events = events
  }

  func cancel() {
    timer.cancel()
    events?.cancel()
  }
}

enum LiveFileWatch {
  /// How often the identity is checked when the platform gives no file events.
  static let pollInterval: DispatchTimeInterval = .milliseconds(250)

  /// The file's identity now, nil when it does not exist.
  static func identity(of url: URL) -> FileIdentity? {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return nil }
    #if canImport(Darwin)
      let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
    #else
      let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    #endif
    return FileIdentity(parts: [Int64(info.st_dev), Int64(info.st_ino), Int64(info.st_size), modified])
  }

  /// Watches `url`'s folder with the platform's file events (inotify on Linux, kqueue on Apple platforms), and
  /// also checks the file's identity every `pollInterval`, which covers platforms and folders without events.
  static func watch(_ url: URL, onChange: @escaping @Sendable () -> Void) -> SharedFileWatch {
    let queue = DispatchQueue(label: "Sharing.FileWatch", qos: .utility)
    let events = folderEvents(of: url.deletingLastPathComponent(), queue: queue, onEvent: onChange)
    let timer = DispatchSource.makeTimerSource(queue: queue)
    // With events, polling is only a safety net: once a second is enough.
    let interval: DispatchTimeInterval = events == nil ? pollInterval : .seconds(1)
    timer.schedule(deadline: .now() + interval, repeating: interval)
    timer.setEventHandler(handler: onChange)
    timer.resume()
    let sources = WatchSources(timer: timer, events: events)
    return SharedFileWatch { sources.cancel() }
  }

  /// A source of the platform's events for `folder`, or nil where there are none.
  private static func folderEvents(
    of folder: URL, queue: DispatchQueue, onEvent: @escaping @Sendable () -> Void
  ) -> (any DispatchSourceProtocol)? {
    #if os(Linux)
      let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return nil }
      let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY)
      guard inotify_add_watch(descriptor, folder.path, mask) >= 0 else {
        close(descriptor)
        return nil
      }
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler {
        // The events name files in the folder; the file's identity says whether ours changed, so they are only
        // drained here.
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        onEvent()
      }
      source.setCancelHandler { close(descriptor) }
      source.resume()
      return source
    #elseif canImport(Darwin)
      let descriptor = open(folder.path, O_EVTONLY)
      guard descriptor >= 0 else { return nil }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write, .rename, .delete, .link], queue: queue)
      source.setEventHandler(handler: onEvent)
      source.setCancelHandler { close(descriptor) }
      source.resume()
      return source
    #else
      return nil
    #endif
  }
}
