import Foundation

/// Reads what it can of a saved session another version of the app wrote: a field this version cannot read is
/// reset (to nil: no screen presented there; a stack's screen goes with those above it), then the field holding
/// it if that is not enough, until the session decodes or nothing is left to reset.
///
/// A session is where the user was, not their data, so losing a presented screen is better than losing all of
/// it: an update that reshapes one feature's state no longer sends every user back to the list.
package enum SessionRepair {
  /// At most this many fields are reset: a file that needs more is not a session of this app.
  package static let resetLimit = 8

  /// The value `decode` reads from `data`, with the fields it could not read reset, and those fields' paths;
  /// rethrows the first error when no reset makes it decode.
  ///
  /// A field is reset to nil. An element of a list cannot be nil, so the list is cut before it, and so are the
  /// lists beside it that were as long (a stack's screens and their ids): a screen that cannot be read goes with
  /// the screens pushed above it.
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
      // Each attempt resets a new field or one holding the last: the count bounds both.
      for _ in 0..<(resetLimit * 8) {
        guard resets.count < resetLimit, var path = failingPath(of: error) else { break }
        // The field reset last fails again (it cannot be nil), or the one holding it does: reset its holder.
        if let last = resets.last, isPrefix(path, of: last) { path = Array(last.dropLast()) }
        guard !path.isEmpty, let repaired = reset(at: path, in: tree) else { break }
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

  /// `tree` with the field at `path` set to null (added when missing), or the list holding the element at `path`
  /// cut before it, with the lists beside it that were as long; nil when the path does not lead there.
  private static func reset(at path: [CodingKey], in tree: Any) -> Any? {
    guard let last = path.last else { return nil }
    guard let index = last.intValue else {
      return modify(at: path.dropLast(), in: tree) { container in
        guard var object = container as? [String: Any] else { return nil }
        object[last.stringValue] = NSNull()
        return object
      }
    }
    guard path.count >= 2, path[path.count - 2].intValue == nil else { return nil }
    let listKey = path[path.count - 2].stringValue
    return modify(at: path.dropLast(2), in: tree) { container in
      guard var object = container as? [String: Any], let list = object[listKey] as? [Any] else { return nil }
      for (key, value) in object {
        if let beside = value as? [Any], beside.count == list.count { object[key] = Array(beside.prefix(index)) }
      }
      return object
    }
  }

  /// `tree` with the value at `path` replaced by what `change` makes of it; nil when the path does not lead to a
  /// value or `change` gives nil.
  private static func modify(at path: ArraySlice<CodingKey>, in tree: Any, _ change: (Any) -> Any?) -> Any? {
    guard let key = path.first else { return change(tree) }
    let rest = path.dropFirst()
    if let index = key.intValue, var array = tree as? [Any], array.indices.contains(index) {
      guard let changed = modify(at: rest, in: array[index], change) else { return nil }
      array[index] = changed
      return array
    }
    guard var object = tree as? [String: Any], let child = object[key.stringValue],
      let changed = modify(at: rest, in: child, change)
    else { return nil }
    object[key.stringValue] = changed
    return object
  }

  private static func describe(_ path: [CodingKey]) -> String {
    let text = path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    return path.last?.intValue == nil ? text : text + " onwards"
  }
}
