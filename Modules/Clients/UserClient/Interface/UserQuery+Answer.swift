extension UserQuery {
  /// The page this query asks for among `users`: the answer every client gives, computed in memory (the in-memory
  /// client answers with it; the live client's SQL is tested against it).
  public func answer(over users: [User]) -> UserPage {
    let needle = Array(needle.utf8)
    var matches = users
    if !needle.isEmpty {
      var buffer: [UInt8] = []
      func contains(_ text: String) -> Bool {
        buffer.removeAll(keepingCapacity: true)
        appendLowercasedUTF8(text, to: &buffer)
        return buffer.containsBytes(needle)
      }
      matches = users.filter { user in
        switch field {
        case .any: contains(user.name) || contains(user.email) || contains(user.city)
        case .name: contains(user.name)
        case .email: contains(user.email)
        case .city: contains(user.city)
        }
      }
    }
    let isExact = needle.isEmpty || matches.count <= max(countLimit, 0)
    let counted = isExact ? matches.count : max(countLimit, 0)
    let start = isExact ? min(max(offset, 0), matches.count) : max(offset, 0)
    let end = min(start + max(limit, 0), matches.count)
    let page = start < end ? order.sortedPositions(matches)[start..<end].map { matches[$0] } : []
    return UserPage(users: page, offset: start, matching: counted, matchingIsExact: isExact, total: users.count)
  }
}

extension Array where Element == UInt8 {
  /// Whether `needle` (not empty) occurs in these bytes.
  fileprivate func containsBytes(_ needle: [UInt8]) -> Bool {
    guard needle.count <= count, let first = needle.first else { return needle.isEmpty }
    var index = 0
    let last = count - needle.count
    while index <= last {
      if self[index] == first, self[index..<(index + needle.count)].elementsEqual(needle) { return true }
      index += 1
    }
    return false
  }
}
