import Composable
import Foundation
import Sharing

/// A change another process made to a shared value of the data folder, as the timeline lists it.
public struct SharedChangeElsewhere: Equatable, Sendable {
  /// The file's name (`favorites.json`).
  public let file: String
  /// Its shared change number: it happened after the entries whose `sharedChange` is below it.
  public let number: UInt64
  /// When it was followed, in nanoseconds of the monotonic clock.
  let time: UInt64

  /// When it was followed (wall clock).
  public var date: Date { MonotonicClock.date(of: time) }
}

/// The last changes other processes made to the shared values kept in one folder, as a timeline follows them;
/// told from whatever thread `SharedEvents` tells on, read on the main actor (so behind a lock).
final class ChangesElsewhere: @unchecked Sendable {
  private let lock = NSLock()
  private var kept: [SharedChangeElsewhere] = []

  /// The changes kept, oldest first.
  var changes: [SharedChangeElsewhere] { lock.withLock { kept } }

  /// Notes the other processes' changes to the shared values kept in `folder` (the last `capacity`), and writes
  /// every shared event about them to `trace` if there is one (times since `epoch`), until the token goes.
  func follow(
    sharedFilesIn folder: URL, capacity: Int, trace: (any TimelineTrace)?, epoch: UInt64
  ) -> SharedEventsToken {
    let prefix = folder.standardizedFileURL.path + "/"
    return SharedEvents.listen { [weak self] event in
      guard let file = event.file, file.hasPrefix(prefix) else { return }
      let now = MonotonicClock.now()
      let time = TraceForwarder.microseconds(now, since: epoch)
      let name = URL(fileURLWithPath: file).lastPathComponent
      switch event {
      case let .changed(_, _, number, elsewhere):
        if elsewhere, let self {
          let change = SharedChangeElsewhere(file: name, number: number, time: now)
          lock.withLock {
            kept.append(change)
            if kept.count > capacity { kept.removeFirst(kept.count - capacity) }
          }
        }
        trace?.sharedChange(name: name, number: number, elsewhere: elsewhere, at: time)
      case let .saveBegan(_, id): trace?.saveBegan(file: name, id: id, at: time)
      case let .saveEnded(_, id, failure): trace?.saveEnded(file: name, id: id, failure: failure, at: time)
      }
    }
  }
}
