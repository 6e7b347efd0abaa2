import Dispatch
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// A source of a platform's file events that calls its handler until cancelled.
protocol FileEventsSource: AnyObject, Sendable {
  /// Stops the events; the handler is not called after the source's queue has run what it held.
  func cancel()
}

/// A dispatch source of file events (kqueue on Apple platforms).
final class DispatchFileEvents: FileEventsSource, @unchecked Sendable {
  // Unchecked: a dispatch source may be cancelled from any thread.
  private let source: any DispatchSourceProtocol

  init(_ source: any DispatchSourceProtocol) {
    self.source = source
  }

  func cancel() {
    source.cancel()
  }
}

#if os(Linux)
  /// The process's one inotify instance, which every watch of a file or folder adds to: Linux allows 128 instances
  /// per user by default, and an instance per watch runs out with a few dozen watched files across processes (the
  /// test suite did, with many sessions in one process), after which files are only polled. The events are read on
  /// one queue and handed to each watch of the watch descriptor they name, on the watch's own queue.
  final class SharedInotify: @unchecked Sendable {
    // Unchecked: the watchers are read and written under `lock`; the descriptor never changes.
    static let shared = SharedInotify()

    private let lock = NSLock()
    private let descriptor: Int32
    private let queue = DispatchQueue(label: "Sharing.inotify", qos: .utility)
    private var source: (any DispatchSourceRead)?
    private var watchers: [Int32: [UInt64: (queue: DispatchQueue, onEvent: @Sendable () -> Void)]] = [:]
    private var nextID: UInt64 = 0

    private init() {
      descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { return }
      let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
      source.setEventHandler { [unowned self] in self.readEvents() }
      source.resume()
      self.source = source
    }

    /// Watches `path` for `mask` (added to what other watches of the same file asked), calling `onEvent` on
    /// `queue` at each event; nil when the file cannot be watched or no instance could be made.
    func watch(
      _ path: String, mask: UInt32, queue: DispatchQueue, onEvent: @escaping @Sendable () -> Void
    ) -> InotifyWatch? {
      guard descriptor >= 0 else { return nil }
      return lock.withLock {
        let watchDescriptor = inotify_add_watch(descriptor, path, mask | UInt32(IN_MASK_ADD))
        guard watchDescriptor >= 0 else { return nil }
        nextID += 1
        watchers[watchDescriptor, default: [:]][nextID] = (queue, onEvent)
        return InotifyWatch(descriptor: watchDescriptor, id: nextID)
      }
    }

    /// Stops `watch`; the kernel's watch goes with the last watch of its file.
    func remove(_ watch: InotifyWatch) {
      lock.withLock {
        // A watch the kernel dropped (its file deleted) is gone already, and its number may be another's now.
        guard watchers[watch.descriptor]?.removeValue(forKey: watch.id) != nil else { return }
        if watchers[watch.descriptor]?.isEmpty == true {
          watchers[watch.descriptor] = nil
          inotify_rm_watch(descriptor, watch.descriptor)
        }
      }
    }

    private func readEvents() {
      var named: Set<Int32> = []
      var dropped: Set<Int32> = []
      var buffer = [UInt8](repeating: 0, count: 16_384)
      let headerSize = MemoryLayout<inotify_event>.size
      while true {
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { break }
        var offset = 0
        while offset + headerSize <= count {
          let event = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self) }
          named.insert(event.wd)
          if event.mask & UInt32(IN_IGNORED) != 0 { dropped.insert(event.wd) }
          offset += headerSize + Int(event.len)
        }
      }
      let told = lock.withLock {
        let told = named.flatMap { watchers[$0].map { Array($0.values) } ?? [] }
        for watchDescriptor in dropped { watchers[watchDescriptor] = nil }
        return told
      }
      for watcher in told { watcher.queue.async(execute: watcher.onEvent) }
    }
  }

  /// One watch added to the shared inotify instance.
  final class InotifyWatch: FileEventsSource, @unchecked Sendable {
    // Unchecked: immutable.
    let descriptor: Int32
    let id: UInt64

    init(descriptor: Int32, id: UInt64) {
      self.descriptor = descriptor
      self.id = id
    }

    func cancel() {
      SharedInotify.shared.remove(self)
    }
  }
#endif
