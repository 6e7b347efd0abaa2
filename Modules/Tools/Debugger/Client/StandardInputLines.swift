import Foundation

/// Standard input's lines, read on a thread of their own so that following the app can stop at the next one.
final class StandardInputLines: @unchecked Sendable {
  private let lock = NSCondition()
  private var queued: [String] = []
  private var ended = false

  init() {
    let thread = Thread { [self] in
      while let line = readLine() {
        lock.withLock {
          queued.append(line)
          lock.signal()
        }
      }
      lock.withLock {
        ended = true
        lock.signal()
      }
    }
    thread.start()
  }

  /// The next line, waiting for it; nil at the end of input.
  func next() -> String? {
    lock.withLock {
      while queued.isEmpty, !ended { lock.wait() }
      return queued.isEmpty ? nil : queued.removeFirst()
    }
  }

  /// Whether a line is waiting (taken off when `consuming`) or input ended.
  func hasLineOrEnded(consuming: Bool) -> Bool {
    lock.withLock {
      if !queued.isEmpty {
        if consuming { queued.removeFirst() }
        return true
      }
      return ended
    }
  }
}
