import Foundation

/// How lists of users are ordered.
public enum UserSortOrder: String, CaseIterable, Equatable, Hashable, Sendable, Codable {
  /// By name, A to Z.
  case name
  /// By city, then name.
  case city
  /// By id: the order users were added.
  case id
}

/// Which field a search looks in.
public enum UserSearchField: String, CaseIterable, Equatable, Hashable, Sendable, Codable {
  /// Name, email or city.
  case any
  /// The name only.
  case name
  /// The email only.
  case email
  /// The city only.
  case city
}

/// What a list screen asks the directory for: one page of the users a search matches, in an order.
///
/// The search ignores case, surrounding spaces and control characters, and
/// matches anywhere in the field (accents count: "é" does not match "e"); an
/// empty search matches everyone. Ties in the order are broken by id, so pages
/// never overlap. A search's matches are counted up to `countLimit`: past it
/// the page says only that there are more (counting every match of "a" among a
/// million users is a scan no screen should wait for).
public struct UserQuery: Hashable, Codable, Sendable {
  /// The search text as typed.
  public var search: String
  /// Which field the search looks in.
  public var field: UserSearchField
  /// The order of the matches.
  public var order: UserSortOrder
  /// How many matches to skip, from 0.
  public var offset: Int
  /// How many users the page holds at most.
  public var limit: Int
  /// How many matches a search counts before it stops and says "more".
  public var countLimit: Int

  /// A query from its parts; every user in name order by default.
  public init(
    search: String = "", field: UserSearchField = .any, order: UserSortOrder = .name, offset: Int = 0,
    limit: Int = 20, countLimit: Int = UserQuery.defaultCountLimit
  ) {
    self.search = search
    self.field = field
    self.order = order
    self.offset = offset
    self.limit = limit
    self.countLimit = countLimit
  }

  /// How many matches a search counts unless a query says otherwise.
  public static let defaultCountLimit = 10_000

  /// The search as compared: without control characters or surrounding spaces, lowercased (empty: no filter).
  public var needle: String {
    var kept = String.UnicodeScalarView()
    kept.append(contentsOf: search.unicodeScalars.filter { $0.properties.generalCategory != .control })
    return String(kept).trimmingCharacters(in: .whitespaces).lowercased()
  }
}

/// One page of a query's answer.
public struct UserPage: Equatable, Codable, Sendable {
  /// The users on the page, in the query's order.
  public var users: [User]
  /// Where the page starts among the matches, from 0.
  public var offset: Int
  /// How many users the search matches in all, or, when `matchingIsExact` is false, how many it counted before
  /// it stopped (there are more).
  public var matching: Int
  /// Whether `matching` is the whole count.
  public var matchingIsExact: Bool
  /// How many users the directory holds.
  public var total: Int

  /// A page from its parts.
  public init(users: [User], offset: Int, matching: Int, matchingIsExact: Bool = true, total: Int) {
    self.users = users
    self.offset = offset
    self.matching = matching
    self.matchingIsExact = matchingIsExact
    self.total = total
  }

  /// A page with nothing on it, for a directory that has not answered yet.
  public static let empty = UserPage(users: [], offset: 0, matching: 0, total: 0)
}
