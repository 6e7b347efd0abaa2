extension UserSortOrder {
  /// `users` in this order, ignoring case; ties are broken by id, so the order is total.
  public func sorted(_ users: [User]) -> [User] {
    sortedPositions(users).map { users[$0] }
  }

  /// The positions in `users` of the users in this order (what `sorted` returns, as positions).
  func sortedPositions(_ users: [User]) -> [Int] {
    // Each key is made once (see TextSortKeys): 100,000 users sort in a fraction of the time that comparing
    // lowercased strings took.
    let keys: TextSortKeys
    switch self {
    case .id: return users.indices.sorted { users[$0].id < users[$1].id }
    case .name: keys = TextSortKeys(users, primary: { $0.name }, secondary: nil)
    case .city: keys = TextSortKeys(users, primary: { $0.city }, secondary: { $0.name })
    }
    return keys.sortedIndices { users[$0].id < users[$1].id }
  }
}
