import Foundation

/// Reads what it can of a saved session another version of the app wrote: a field this version cannot read is
/// reset (to nil: no screen presented there), then the field holding it if that is not enough, until the session
/// decodes or nothing is left to reset.
///
/// A session is where the user was, not their data, so losing a presented screen is better than losing all of
/// it: an update that reshapes one feature's state no longer sends every user back to the list.
package enum SessionRepair {
  /// At most this many fields are reset: a file that needs more is not a session of this app.
  package static let resetLimit = 8

  /// The value `decode` reads from `data`, with the fields it could not read reset, and those fields' paths;
  /// rethrows the first error when no reset makes it decode.
  package static func decode<Value>(
    _ data: Data, _ decode: (Data) throws -> Value
  ) throws -> (value: Value, reset: [String]) {
    do {
      return (try decode(data), [])
    } catch let firstError {
      guard var tree = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
        throw firstError
      }
      var resets: [[CodingKey]] = []
      var error = firstError
      while resets.count < resetLimit, var path = failingPath(of: error) {
        // The field reset last fails again (it cannot be nil), or the one holding it does: reset its holder.
        if let last = resets.last, isPrefix(path, of: last) { path = Array(last.dropLast()) }
        guard !path.isEmpty, let repaired = setNull(at: path[...], in: tree) else { throw firstError }
        tree = repaired
        resets.removeAll { isPrefix(path, of: $0) }
        resets.append(path)
        do {
          let repairedData = try JSONSerialization.data(withJSONObject: tree, options: [.fragmentsAllowed])
          return (try decode(repairedData), resets.map(describe))
        } catch let next {
          error = next
        }
      }
      throw firstError
    }
  }

  /// Whether `path` is `other` or leads to it.
  private static func isPrefix(_ path: [CodingKey], of other: [CodingKey]) -> Bool {
    path.count <= other.count && zip(path, other).allSatisfy { $0.stringValue == $1.stringValue }
  }

  /// Where a decoding error is: the field that is missing or unreadable.
  private static func failingPath(of error: any Error) -> [CodingKey]? {
    switch error {
    case let DecodingError.keyNotFound(key, context): context.codingPath + [key]
    case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
      let DecodingError.dataCorrupted(context):
      context.codingPath
    default: nil
    }
  }

  /// `tree` with the value at `path` set to null (added when missing); nil when the path does not lead there.
  private static func setNull(at path: ArraySlice<CodingKey>, in tree: Any) -> Any? {
    guard let key = path.first else { return NSNull() }
    let rest = path.dropFirst()
    if let index = key.intValue, var array = tree as? [Any], array.indices.contains(index) {
      guard let changed = setNull(at: rest, in: array[index]) else { return nil }
      array[index] = changed
      return array
    }
    guard var object = tree as? [String: Any] else { return nil }
    if rest.isEmpty {
      object[key.stringValue] = NSNull()
      return object
    }
    guard let child = object[key.stringValue], let changed = setNull(at: rest, in: child) else { return nil }
    object[key.stringValue] = changed
    return object
  }

  private static func describe(_ path: [CodingKey]) -> String {
    path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
  }
}
