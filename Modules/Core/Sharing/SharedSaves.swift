import Foundation
import AtomicCounters

/// Lets shared values change in memory without being saved: replaying a recording rebuilds what the user saw,
/// and must not write it over the data files again (a favorite toggled when recorded would be toggled back).
///
/// A pause covers the writes of the thread that began it, until it ends: a replay sends its actions
/// synchronously, so every write it makes is on that thread, and writes of effects elsewhere are saved as usual.
public enum SharedSaves {
  /// How many pauses run now, on any thread: a write checks this one counter before anything else.
  private static let pausesRunning = AtomicCounter()
  private static let threadKey = "Sharing.SharedSaves.pauses"

  /// Stops saving the writes this thread makes to shared values (they still change in memory) until `end()`.
  public static func pause() -> SharedSavesPause {
    pausesRunning.add(1)
    let pauses = Thread.current.threadDictionary[threadKey] as? Int ?? 0
    Thread.current.threadDictionary[threadKey] = pauses + 1
    return SharedSavesPause()
  }

  /// Runs `body` with this thread's writes to shared values not saved.
  public static func paused<Result>(_ body: () throws -> Result) rethrows -> Result {
    let pause = pause()
    defer { pause.end() }
    return try body()
  }

  static func end() {
    let pauses = Thread.current.threadDictionary[threadKey] as? Int ?? 0
    Thread.current.threadDictionary[threadKey] = pauses > 1 ? pauses - 1 : nil
    pausesRunning.add(-1)
  }

  /// Whether a write made now on this thread must not be saved.
  static var arePaused: Bool {
    pausesRunning.load() > 0 && Thread.current.threadDictionary[threadKey] != nil
  }
}

/// A pause of `SharedSaves`: end it once, on the thread that began it.
public struct SharedSavesPause {
  /// Saves this thread's writes again.
  public func end() {
    SharedSaves.end()
  }
}
