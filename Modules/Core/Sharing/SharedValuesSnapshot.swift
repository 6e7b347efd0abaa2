import Foundation

/// The shared values of a storage as JSON, by key: what a recording starts from besides its actions, so that
/// opening it elsewhere (another process, another data folder, a feature's terminal app) shows the values its
/// actions were sent over.
public struct SharedValuesSnapshot: Codable, Equatable, Sendable {
  /// Each `Codable` value's JSON, by its key's id (`data:favorites.json`, `memory:board.motto`).
  public var values: [String: String]

  /// A snapshot of `values`.
  public init(values: [String: String] = [:]) {
    self.values = values
  }
}

extension SharedStorage {
  /// The values of every key used so far whose value is `Codable` (inside `SharedHistory.reading(asOf:)`, as they
  /// were then); with `maskingSecrets`, every `Secret` in them written masked, for a file that leaves the process.
  public func snapshot(maskingSecrets: Bool = false) -> SharedValuesSnapshot {
    let all = lock.withLock { references }
    var values: [String: String] = [:]
    for (id, reference) in all {
      if let value = (reference as? any SnapshotSharedValue)?.encodedValue(maskingSecrets: maskingSecrets) {
        values[id] = value
      }
    }
    return SharedValuesSnapshot(values: values)
  }

  /// Gives the keys used so far the snapshot's values, in memory only (nothing is saved: the values were saved
  /// where they were taken), and returns the ids it could not restore: unused here, or of another type.
  @discardableResult
  public func restore(_ snapshot: SharedValuesSnapshot) -> [String] {
    let all = lock.withLock { references }
    var unrestored: [String] = []
    SharedSaves.paused {
      for (id, json) in snapshot.values.sorted(by: { $0.key < $1.key }) {
        guard let reference = all[id] as? any SnapshotSharedValue, reference.restore(json) else {
          unrestored.append(id)
          continue
        }
      }
    }
    return unrestored
  }
}

/// A shared value that can be written as JSON and set from it.
protocol SnapshotSharedValue: AnyObject {
  /// The value as JSON (its secrets masked when asked), or nil when it does not encode.
  func encodedValue(maskingSecrets: Bool) -> String?
  /// Sets the value from `json`; false when it does not decode as the value's type.
  func restore(_ json: String) -> Bool
}

extension SharedReference: SnapshotSharedValue where Value: Codable {
  func encodedValue(maskingSecrets: Bool) -> String? {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    // The key `Composable.Secret` reads (declared there, above this module as `CodingUserInfoKey.masksSecrets`).
    if maskingSecrets { encoder.userInfo[CodingUserInfoKey(rawValue: "Composable.masksSecrets")!] = true }
    // Inside `SharedHistory.reading(asOf:)`, the value as it was then: a recording exported from a timeline starts
    // from the values before its first action.
    return (try? encoder.encode(valueAsOfHistory)).flatMap { String(data: $0, encoding: .utf8) }
  }

  func restore(_ json: String) -> Bool {
    guard let value = try? JSONDecoder().decode(Value.self, from: Data(json.utf8)) else { return false }
    withLock { $0 = value }
    return true
  }
}
