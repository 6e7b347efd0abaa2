import Dependencies
import Foundation
import Testing
import UserClientInterface
import UserClientLive

/// The queries a list screen asks, put to both clients: the in-memory one tests and previews use, and the SQLite
/// one the app uses. Each answer must be the reference answer (`UserQuery.answer(over:)`), so a feature's test
/// means what the app does.
struct UserQueryContractTests {
  /// Users chosen for the rules' edge cases: case, accents, non-Latin names, equal names (ties by id), empty cities,
  /// quotes and FTS5's own syntax in the text.
  static let users: [User] = [
    User(id: 4, name: "Élodie Durand", email: "Elodie@Example.com", city: "Zürich"),
    User(id: 2, name: "ada lovelace", email: "ada@example.com", city: "London"),
    User(id: 9, name: "Ada Lovelace", email: "ada.l@example.com", city: "london"),
    User(id: 3, name: "Grace Hopper", email: "grace@navy.mil", city: ""),
    User(id: 7, name: "Edsger Dijkstra", email: "ewd@utexas.edu", city: "Austin"),
    User(id: 5, name: "山田 太郎", email: "taro@example.jp", city: "東京"),
    User(id: 11, name: "O\"Brien AND NOT *x*", email: "ob@example.ie", city: "Cork: city"),
    User(id: 6, name: "Eloise Martin", email: "eloise@example.fr", city: "Paris"),
    User(id: 8, name: "Zed", email: "z@example.com", city: "Austin"),
  ]

  /// Searches that take each path: none, short (a scan), long (the trigram index), trimmed, mixed case, accents,
  /// multi-byte short text, quotes and FTS5 operators taken literally, nothing found.
  static let searches = [
    "", "a", "Ad", "ada", " ADA LOVE ", "élo", "elo", "ÉLODIE", "zür", "東", "山田 太", "example.com", "\"", "o\"b",
    "and not", "*x*", "cork:", "x", "nobody here", "  ", "a\u{1}", "\u{1}",
  ]

  /// The in-memory client; the database as shipped (a short search of a small directory scans); the database
  /// reading its index for every search; the database without its index (a library without FTS5).
  enum Kind: String, CaseIterable { case inMemory, database, databaseAlwaysIndexed, databaseWithoutSearchIndex }

  func client(_ kind: Kind, users: [User] = Self.users) throws -> (UserClient, cleanUp: () -> Void) {
    switch kind {
    case .inMemory:
      return (.inMemory(users), {})
    case .database, .databaseAlwaysIndexed, .databaseWithoutSearchIndex:
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let file = folder.appendingPathComponent("users.db")
      let database = try UserDatabase(url: file, searchIndex: kind == .database)
      // The trigram index is what searches go through: Linux's and macOS's SQLite both have it.
      #expect(database.hasSearchIndex == (kind == .database))
      try database.insert(users)
      return (
        .database(file: file, searchIndex: kind == .database), { try? FileManager.default.removeItem(at: folder) }
      )
    }
  }

  @Test(arguments: Kind.allCases) func everySearchFieldAndOrderAnswersAsTheRulesSay(kind: Kind) async throws {
    let (client, cleanUp) = try client(kind)
    defer { cleanUp() }
    for search in Self.searches {
      for field in UserSearchField.allCases {
        for order in UserSortOrder.allCases {
          for countLimit in [10_000, 2] {
            let query = UserQuery(
              search: search, field: field, order: order, offset: 0, limit: 100, countLimit: countLimit)
            let answer = try await client.page(query)
            #expect(answer == query.answer(over: Self.users), "\(query)")
          }
        }
      }
    }
  }

  @Test func theReferenceAnswerFollowsTheRulesItStates() {
    func names(_ search: String, _ field: UserSearchField = .any, _ order: UserSortOrder = .name) -> [String] {
      UserQuery(search: search, field: field, order: order, limit: 100).answer(over: Self.users).users.map(\.name)
    }
    // Case ignored, accents kept, surrounding spaces trimmed; ties in name order broken by id.
    #expect(names(" ADA LOVE ") == ["ada lovelace", "Ada Lovelace"])
    #expect(names("élo") == ["Élodie Durand"])
    #expect(names("elo", .name) == ["Eloise Martin"])
    #expect(names("elo") == ["Eloise Martin", "Élodie Durand"])  // her email is Elodie@…
    #expect(names("london", .city, .id) == ["ada lovelace", "Ada Lovelace"])
    // City order: by city, then name; an empty city first.
    #expect(names("", .any, .city).prefix(3) == ["Grace Hopper", "Edsger Dijkstra", "Zed"])
    #expect(names("nobody").isEmpty)
    // Past the count limit a search says only that there are more, and pages on past it.
    let common = UserQuery(search: "e", order: .id, offset: 3, limit: 2, countLimit: 2).answer(over: Self.users)
    #expect(common.matching == 2)
    #expect(!common.matchingIsExact)
    #expect(common.offset == 3)
    #expect(common.users.map(\.id) == [5, 6])
    let page = UserQuery(order: .id, offset: 7, limit: 5).answer(over: Self.users)
    #expect(page.users.map(\.id) == [9, 11])
    #expect(page.matching == 9)
    #expect(page.total == 9)
  }

  @Test(arguments: Kind.allCases) func pagesCoverTheMatchesOnceEachWhateverTheOffset(kind: Kind) async throws {
    let (client, cleanUp) = try client(kind)
    defer { cleanUp() }
    for order in UserSortOrder.allCases {
      var seen: [User.ID] = []
      for offset in stride(from: 0, to: 12, by: 4) {
        let page = try await client.page(UserQuery(search: "e", order: order, offset: offset, limit: 4))
        #expect(page.offset == min(offset, page.matching))
        seen += page.users.map(\.id)
      }
      let all = try await client.page(UserQuery(search: "e", order: order, offset: 0, limit: 100))
      #expect(seen == all.users.map(\.id))
      let past = try await client.page(UserQuery(search: "e", order: order, offset: 1_000, limit: 4))
      #expect(past.users.isEmpty)
      #expect(past.offset == past.matching)
      let negative = try await client.page(UserQuery(order: order, offset: -3, limit: -1))
      #expect(negative.users.isEmpty)
      #expect(negative.offset == 0)
    }
  }

  @Test(arguments: Kind.allCases) func randomDirectoriesAndQueriesAgreeWithTheReference(kind: Kind) async throws {
    var generator = SplitMix64(seed: 48)
    let syllables = ["an", "é", "Ma", "ri", "O", "lu", "ß", "ça", "TT", "e", " ", "-", "东", "ï", "x"]
    func word(_ count: Int) -> String {
      (0..<count).map { _ in syllables.randomElement(using: &generator)! }.joined()
    }
    for round in 0..<4 {
      let users = (1...60).map { id in
        User(
          id: User.ID(id * 3 + round), name: word(Int.random(in: 1...4, using: &generator)),
          email: word(2) + "@x.io", city: Bool.random(using: &generator) ? "" : word(2))
      }
      let (client, cleanUp) = try client(kind, users: users)
      defer { cleanUp() }
      for _ in 0..<60 {
        let query = UserQuery(
          search: word(Int.random(in: 0...3, using: &generator)),
          field: UserSearchField.allCases.randomElement(using: &generator)!,
          order: UserSortOrder.allCases.randomElement(using: &generator)!,
          offset: Int.random(in: 0...30, using: &generator),
          limit: Int.random(in: 1...25, using: &generator),
          // A small limit makes common searches take the path of a count that stops.
          countLimit: Bool.random(using: &generator) ? Int.random(in: 0...20, using: &generator) : 10_000)
        let answer = try await client.page(query)
        #expect(answer == query.answer(over: users), "round \(round): \(query)")
      }
    }
  }

  @Test(arguments: Kind.allCases) func changesFollowTheDirectoryRules(kind: Kind) async throws {
    let (client, cleanUp) = try client(kind)
    defer { cleanUp() }
    // A new user gets one more than the largest id.
    let added = try await client.add(NewUser(name: "Hedy Lamarr", email: "hedy@example.com", city: "Vienna"))
    #expect(added.id == 12)
    #expect(try await client.user(12) == added)
    // An email is taken whatever its case and surrounding spaces.
    await #expect(throws: UserClientError.emailTaken(email: "ADA@example.com", by: "ada lovelace")) {
      _ = try await client.add(NewUser(name: "Copy", email: "  ADA@example.com "))
    }
    var grace = try await client.user(3)
    grace.email = "Z@EXAMPLE.COM"
    await #expect(throws: UserClientError.emailTaken(email: "Z@EXAMPLE.COM", by: "Zed")) {
      try await client.update(grace, try await client.user(3))
    }
    // An edit applies to the user as loaded; a stale one is refused with the stored version.
    let original = try await client.user(7)
    var edited = original
    edited.city = "Eindhoven"
    try await client.update(edited, original)
    try await client.update(edited, original)  // the same edit again: already stored, no refusal
    var stale = original
    stale.name = "E. W. Dijkstra"
    await #expect(throws: UserClientError.conflict(current: edited)) {
      try await client.update(stale, original)
    }
    // The search index follows every change.
    #expect(try await client.page(UserQuery(search: "eindhoven")).users == [edited])
    #expect(try await client.page(UserQuery(search: "austin")).users.map(\.id) == [8])
    try await client.delete(8)
    #expect(try await client.page(UserQuery(search: "austin")).users.isEmpty)
    await #expect(throws: UserClientError.notFound(8)) { try await client.delete(8) }
    await #expect(throws: UserClientError.notFound(8)) { _ = try await client.user(8) }
    await #expect(throws: UserClientError.notFound(8)) {
      try await client.update(
        User(id: 8, name: "Zed", email: "z@example.com"), User(id: 8, name: "Zed", email: "z@example.com"))
    }
    let everyone = try await client.page(UserQuery(order: .id, limit: 100))
    #expect(everyone.total == 9)
    #expect(everyone.users.map(\.id) == [2, 3, 4, 5, 6, 7, 9, 11, 12])
  }
}
