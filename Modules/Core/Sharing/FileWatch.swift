import AtomicCounters
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

  /// How many of the platform's file watches (events and a safety-net timer each) run in this process now: what
  /// a debugger's `:alive` shows as file watches, back to where it was once the screens that followed files went.
  public static var running: Int { Int(WatchSources.running.load()) }
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
  let events: (any FileEventsSource)?
  let fileEvents: FileOwnEvents

  /// Watches made and not cancelled yet, in this process.
  static let running = AtomicCounter()
  private let cancelled = AtomicCounter()

  init(timer: any DispatchSourceTimer, events: (any FileEventsSource)?, fileEvents: FileOwnEvents) {
    self.timer = timer
    self.events = events
    self.fileEvents = fileEvents
    Self.running.add(1)
  }

  func cancel() {
    // Counted out once, however many times it is cancelled.
    if cancelled.exchange(1) == 0 { Self.running.add(-1) }
    timer.cancel()
    events?.cancel()
    fileEvents.cancel()
  }
}

/// The events of one file itself, followed to the next file of that name when it is replaced or deleted.
///
/// A watch on the folder sees a file replaced, created or deleted; whether it sees a write in place depends on the
/// platform: inotify reports it for the folder, kqueue only to a descriptor of the file itself. So the file is
/// watched too, and since such a watch stays with the file it was opened on (an atomic replace leaves it on the
/// old one), every event, of the file or of its folder, checks which file the name now holds and follows that one.
package final class FileOwnEvents: @unchecked Sendable {
  /// Opens a source of the events of the file at the URL that calls the handler on each; nil when it cannot.
  typealias OpenSource =
    @Sendable (URL, DispatchQueue, @escaping @Sendable () -> Void) -> (any FileEventsSource)?

  private let url: URL
  private let queue: DispatchQueue
  private let openSource: OpenSource
  private let onEvent: @Sendable () -> Void
  // Read and written on `queue` only.
  private var source: (any FileEventsSource)?
  private var followed: FileIdentity?
  private var isCancelled = false

  /// Follows the file at `url` with the platform's events of a file, calling `onEvent` on `queue` at each.
  package convenience init(of url: URL, queue: DispatchQueue, onEvent: @escaping @Sendable () -> Void) {
    self.init(of: url, queue: queue, openSource: LiveFileWatch.fileEvents, onEvent: onEvent)
  }

  init(of url: URL, queue: DispatchQueue, openSource: @escaping OpenSource, onEvent: @escaping @Sendable () -> Void) {
    self.url = url
    self.queue = queue
    self.openSource = openSource
    self.onEvent = onEvent
    queue.async { self.followTheFileNowThere() }
  }

  /// Which file the name holds may have changed (its folder had an event): follow the one there now.
  package func nameMayHaveChanged() {
    queue.async { self.followTheFileNowThere() }
  }

  /// Whether a file is followed now (for tests: it is nil while the name holds no file).
  package var isFollowingAFile: Bool { queue.sync { source != nil } }

  /// Stops following.
  package func cancel() {
    queue.async {
      self.isCancelled = true
      self.source?.cancel()
      self.source = nil
    }
  }

  private func followTheFileNowThere() {
    guard !isCancelled else { return }
    let now = LiveFileWatch.fileNumber(of: url)
    guard now != followed || (source == nil && now != nil) else { return }
    source?.cancel()
    source = nil
    followed = now
    guard now != nil else { return }
    source = openSource(url, queue) { [weak self] in
      guard let self else { return }
      self.onEvent()
      // A replace or a deletion shows here first on some platforms: follow whatever the name holds now.
      self.followTheFileNowThere()
    }
  }
}

enum LiveFileWatch {
  /// How often the identity is checked when the platform gives no file events.
  static let pollInterval: DispatchTimeInterval = .milliseconds(250)
  /// How often it is checked besides the events, in case one is missed (a file system that reports only some): an
  /// idle session wakes for nothing else.
  static let safetyNetInterval: DispatchTimeInterval = .seconds(5)

  /// Which file `url` names now (its device and inode), nil when none: a replace gives another.
  static func fileNumber(of url: URL) -> FileIdentity? {
    var info = stat()
    guard stat(url.path, &info) == 0 else { return nil }
    return FileIdentity(parts: [Int64(info.st_dev), Int64(info.st_ino)])
  }

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

  /// Watches `url`'s folder and the file itself with the platform's file events (inotify on Linux, kqueue on
  /// Apple platforms), and also checks the file's identity every `pollInterval`, which covers platforms and folders
  /// without events.
  static func watch(
    _ url: URL, safetyNet: DispatchTimeInterval = safetyNetInterval, onChange: @escaping @Sendable () -> Void
  ) -> SharedFileWatch {
    let queue = DispatchQueue(label: "Sharing.FileWatch", qos: .utility)
    let fileEvents = FileOwnEvents(of: url, queue: queue, onEvent: onChange)
    let events = folderEvents(of: url.deletingLastPathComponent(), queue: queue) {
      onChange()
      fileEvents.nameMayHaveChanged()
    }
    let timer = DispatchSource.makeTimerSource(queue: queue)
    // With events, polling is only a safety net: every few seconds (or what the caller says) is enough.
    let interval: DispatchTimeInterval = events == nil ? pollInterval : safetyNet
    timer.schedule(deadline: .now() + interval, repeating: interval)
    timer.setEventHandler {
      onChange()
      fileEvents.nameMayHaveChanged()
    }
    timer.resume()
    let sources = WatchSources(timer: timer, events: events, fileEvents: fileEvents)
    return SharedFileWatch { sources.cancel() }
  }

  /// A source of the platform's events for the file at `url` itself (its writes in place, its deletion), or nil
  /// where there are none or it cannot be opened.
  static func fileEvents(
    of url: URL, queue: DispatchQueue, onEvent: @escaping @Sendable () -> Void
  ) -> (any FileEventsSource)? {
    #if os(Linux)
      let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)
      return SharedInotify.shared.watch(url.path, mask: mask, queue: queue, onEvent: onEvent)
    #elseif canImport(Darwin)
      let descriptor = open(url.path, O_EVTONLY)
      guard descriptor >= 0 else { return nil }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write, .extend, .attrib, .delete, .rename, .revoke, .link],
        queue: queue)
      source.setEventHandler(handler: onEvent)
      source.setCancelHandler { close(descriptor) }
      source.resume()
      return DispatchFileEvents(source)
    #else
      return nil
    #endif
  }

  /// A source of the platform's events for `folder`, or nil where there are none.
  private static func folderEvents(
    of folder: URL, queue: DispatchQueue, onEvent: @escaping @Sendable () -> Void
  ) -> (any FileEventsSource)? {
    #if os(Linux)
      let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY)
      return SharedInotify.shared.watch(folder.path, mask: mask, queue: queue, onEvent: onEvent)
    #elseif canImport(Darwin)
      let descriptor = open(folder.path, O_EVTONLY)
      guard descriptor >= 0 else { return nil }
      let source = DispatchSource.makeFileSystemObjectSource(
        fileDescriptor: descriptor, eventMask: [.write, .rename, .delete, .link], queue: queue)
      source.setEventHandler(handler: onEvent)
      source.setCancelHandler { close(descriptor) }
      source.resume()
      return DispatchFileEvents(source)
    #else
      return nil
    #endif
  }
}

/// Calls `onChange` (on a background queue) whenever the file at `url` may have changed, from the platform's file
/// events (inotify, kqueue) on the file and its folder, with a poll every `safetyNet` besides (every 250 ms where
/// there are no events): what a client follows another process's writes to a file of its own with (a database's
/// write-ahead log). The file need not exist yet. The watch ends when the returned value is cancelled or released.
package func watchFileForChanges(
  _ url: URL, safetyNet: DispatchTimeInterval, onChange: @escaping @Sendable () -> Void
) -> SharedFileWatch {
  LiveFileWatch.watch(url, safetyNet: safetyNet, onChange: onChange)
}
