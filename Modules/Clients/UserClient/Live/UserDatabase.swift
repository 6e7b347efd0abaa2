import Foundation
import SystemSQLite
import UserClientInterface

/// The directory in an SQLite file: each query reads one page through an index, each change is one transaction,
/// and every process using the file sees the others' commits.
///
/// Besides each user's fields, a row keeps the keys the rules compare
/// (lowercased name, email and city; the email as its uniqueness is judged), so
/// SQL orders and matches exactly as `UserQuery.answer(over:)` does in memory.
/// Searches go through an FTS5 trigram index over those keys (a substring
/// index); a library without FTS5 scans the keys instead. WAL mode lets readers go on while a writer commits; a write
/// takes the lock at its start, so the rule of concurrent edits is checked on
/// what is stored at that moment.
public final class UserDatabase: @unchecked Sendable {
  /// The database file.
  public let url: URL
  private let lock = NSLock()
  private let database: SQLiteDatabase
  /// Whether the trigram index exists (SQLite 3.34 or later, built with FTS5).
  public let hasSearchIndex: Bool
  /// How long a write waits for another process's write to end.
  private let busyTimeout: Duration
  /// How long each write holds the write lock before it writes: a slow disk, to watch saving (`--latency`).
  package var writeDelay: Duration = .zero

  /// Opens the database at `url`, creating it and its tables if needed.
  public convenience init(url: URL) throws { try self.init(url: url, searchIndex: true) }

  /// Opens the database at `url`; a new file gets the trigram index only if `searchIndex` (false: as a library
  /// without FTS5 would, for the tests of the scan it falls back to); a short search of up to `smallDirectory`
  /// users scans the keys (0: the index always, for the tests of reading its terms); a write waits up to
  /// `busyTimeout` for another process's write to end.
  package init(
    url: URL, searchIndex: Bool, smallDirectory: Int = 20_000, busyTimeout: Duration = .seconds(5)
  ) throws {
    self.url = url
    self.smallDirectory = smallDirectory
    self.busyTimeout = busyTimeout
    do {
      let database = try SQLiteDatabase(path: url.path, busyTimeout: busyTimeout)
      // Told apart before anything is written: another program's database is never changed, not even its mode.
      let origin = try UserDatabaseOrigin.of(database)
      try database.enableWriteAheadLog()
      // FULL: a commit is on disk when it returns, so neither a crash nor a power cut loses a save that was said
      // to be done.
      try database.execute("PRAGMA synchronous = FULL")
      // Made once: a file already made is opened without taking the write lock; one of an earlier schema of this
      // app's is brought to this one.
      switch origin {
      case .new: try database.transaction { try database.execute(Self.schema + UserDatabaseOrigin.stamp) }
      case let .ours(version) where version < UserDatabaseOrigin.schemaVersion:
        try database.transaction { try UserDatabaseOrigin.migrate(database, from: version) }
      case .ours: break
      }
      hasSearchIndex = searchIndex ? try Self.createSearchIndex(in: database) : false
      self.database = database
    } catch let error as SQLiteError {
      throw Self.clientError(error, path: url.path, busyTimeout: busyTimeout)
    }
  }

  /// Opens this app's database at `url` for reading only: nothing is written to it or made beside it (no lock,
  /// no write-ahead log, no shared memory), so a folder that cannot be written can still be browsed. A file
  /// another program (or a later version) made is refused as when it is opened for writing.
  package init(readingOnly url: URL, smallDirectory: Int = 20_000) throws {
    self.url = url
    self.smallDirectory = smallDirectory
    busyTimeout = .seconds(5)
    do {
      let database = try Self.openForReading(url)
      guard try UserDatabaseOrigin.of(database) != .new else {
        throw UserClientError.io(path: url.path, reason: "it holds no users yet, and none can be made here")
      }
      hasSearchIndex =
        try database.firstRow("SELECT 1 FROM sqlite_master WHERE name = 'users_search'") { _ in true } ?? false
      self.database = database
    } catch let error as SQLiteError {
      throw Self.clientError(error, path: url.path, busyTimeout: .seconds(5))
    }
  }

  /// A read-only connection to `url`: through its write-ahead log when one is there (and SQLite can share it),
  /// else as a file nobody changes.
  private static func openForReading(_ url: URL) throws -> SQLiteDatabase {
    if FileManager.default.fileExists(atPath: url.path + "-wal") {
      let database = try SQLiteDatabase(path: url.path, readOnly: true)
      // A read proves the log could be shared (its shared memory is there, or could be made).
      if (try? database.firstRow("SELECT count(*) FROM sqlite_master") { $0.int(0) }) != nil { return database }
    }
    return try SQLiteDatabase(immutableAt: url.path)
  }

  /// The users' table and the indexes of each order.
  private static let schema = """
    CREATE TABLE IF NOT EXISTS users(
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      email TEXT NOT NULL,
      city TEXT NOT NULL,
      name_key TEXT NOT NULL,
      email_key TEXT NOT NULL,
      city_key TEXT NOT NULL,
      email_identity TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS users_by_name ON users(name_key);
    CREATE INDEX IF NOT EXISTS users_by_city ON users(city_key, name_key);
    CREATE INDEX IF NOT EXISTS users_by_email ON users(email_identity);
    -- The ids alone: a deep page in id order skips these, not whole rows.
    CREATE INDEX IF NOT EXISTS users_by_id ON users(id);
    CREATE TABLE IF NOT EXISTS users_count(total INTEGER NOT NULL);
    INSERT INTO users_count SELECT count(*) FROM users WHERE NOT EXISTS (SELECT 1 FROM users_count);
    CREATE TRIGGER IF NOT EXISTS users_counted AFTER INSERT ON users BEGIN
      UPDATE users_count SET total = total + 1;
    END;
    CREATE TRIGGER IF NOT EXISTS users_uncounted AFTER DELETE ON users BEGIN
      UPDATE users_count SET total = total - 1;
    END;
    """

  /// Creates the trigram index and the triggers that keep it current; false if this SQLite cannot.
  private static func createSearchIndex(in database: SQLiteDatabase) throws -> Bool {
    let exists = try database.firstRow("SELECT 1 FROM sqlite_master WHERE name = 'users_search'") { _ in true }
    if exists == true { return true }
    do {
      try database.transaction {
        try database.execute(
          """
          CREATE VIRTUAL TABLE users_search USING fts5(
            name_key, email_key, city_key, content = 'users', content_rowid = 'id',
            tokenize = 'trigram case_sensitive 1');
          CREATE VIRTUAL TABLE users_search_terms USING fts5vocab(users_search, 'row');
          CREATE TRIGGER users_search_insert AFTER INSERT ON users BEGIN
            INSERT INTO users_search(rowid, name_key, email_key, city_key)
              VALUES (new.id, new.name_key, new.email_key, new.city_key);
          END;
          CREATE TRIGGER users_search_delete AFTER DELETE ON users BEGIN
            INSERT INTO users_search(users_search, rowid, name_key, email_key, city_key)
              VALUES ('delete', old.id, old.name_key, old.email_key, old.city_key);
          END;
          CREATE TRIGGER users_search_update AFTER UPDATE ON users BEGIN
            INSERT INTO users_search(users_search, rowid, name_key, email_key, city_key)
              VALUES ('delete', old.id, old.name_key, old.email_key, old.city_key);
            INSERT INTO users_search(rowid, name_key, email_key, city_key)
              VALUES (new.id, new.name_key, new.email_key, new.city_key);
          END;
          INSERT INTO users_search(users_search) VALUES ('rebuild');
          """)
      }
      return true
    } catch let error as SQLiteError
      where error.message.contains("no such module") || error.message.contains("tokenizer")
    {
      return false
    }
  }

  // MARK: Reading

  /// The page `query` asks for.
  ///
  /// A search goes through the trigram index: a needle of three characters or
  /// more as one phrase; a shorter one as the index's terms that start with it
  /// (every character of a key starts a term, thanks to the two `keyEnd`
  /// characters each key ends with). Its matches are counted up to the query's
  /// `countLimit`. Up to that many, the page is read from the matches; past it,
  /// matches are common, and the page is read by walking the order's index and
  /// keeping the rows that contain the needle, which stops as soon as it is full.
  public func page(_ query: UserQuery) throws -> UserPage {
    try reading {
      let needle = query.needle
      let total = try database.firstRow("SELECT total FROM users_count") { $0.int(0) } ?? 0
      if needle.isEmpty {
        let offset = min(max(query.offset, 0), total)
        let users = try pageOfOrder(query, offset: offset, filter: nil)
        return UserPage(users: users, offset: offset, matching: total, total: total)
      }
      let scan = (Self.columns(query.field).map { "instr(\($0), ?1) > 0" }.joined(separator: " OR "), needle)
      let countLimit = max(query.countLimit, 0)
      // Without the index, or for a short needle in a small directory (a scan of a few thousand rows is cheaper
      // than reading the index's terms), the keys are scanned and every match counted.
      guard hasSearchIndex, needle.unicodeScalars.count >= 3 || total > smallDirectory else {
        let matches =
          try database.firstRow("SELECT count(*) FROM users WHERE " + scan.0, [.text(needle)]) { $0.int(0) } ?? 0
        return try answer(query, counted: matches, filter: scan, total: total)
      }
      if needle.unicodeScalars.count == 1, try isCommon(scan, countLimit: countLimit) {
        return try answer(query, counted: countLimit + 1, filter: scan, total: total)
      }
      guard let match = try match(needle, in: query.field) else {
        return UserPage(users: [], offset: 0, matching: 0, total: total)
      }
      let counted =
        try database.firstRow(
          "SELECT count(*) FROM (SELECT rowid FROM users_search WHERE users_search MATCH ?1 LIMIT ?2)",
          [.text(match), .integer(Int64(countLimit) + 1)]
        ) { $0.int(0) } ?? 0
      if counted <= countLimit {
        let offset = min(max(query.offset, 0), counted)
        let users = try database.rows(
          Self.selectUser + " WHERE id IN (SELECT rowid FROM users_search WHERE users_search MATCH ?1) ORDER BY "
            + Self.orderColumns(query.order) + " LIMIT \(max(query.limit, 0)) OFFSET ?2",
          [.text(match), .integer(Int64(offset))], Self.user)
        return UserPage(users: users, offset: offset, matching: counted, total: total)
      }
      return try answer(query, counted: counted, filter: scan, total: total)
    }
  }

  /// The page of a search whose matches were counted (up to one past the limit), read through the order's index.
  private func answer(_ query: UserQuery, counted: Int, filter: (String, String), total: Int) throws -> UserPage {
    let countLimit = max(query.countLimit, 0)
    let isExact = counted <= countLimit
    let offset = isExact ? min(max(query.offset, 0), counted) : max(query.offset, 0)
    let users = try pageOfOrder(query, offset: offset, filter: filter)
    return UserPage(
      users: users, offset: offset, matching: isExact ? counted : countLimit, matchingIsExact: isExact, total: total)
  }

  /// Whether a one-character search matches more than `countLimit` users among the first few: common letters match
  /// most users, and saying "more" after a short scan spares reading the index's every term that starts with them.
  private func isCommon(_ scan: (String, String), countLimit: Int) throws -> Bool {
    let sample = 20_000
    guard countLimit < sample else { return false }
    let found =
      try database.firstRow(
        "SELECT count(*) FROM (SELECT 1 FROM (SELECT name_key, email_key, city_key FROM users LIMIT \(sample)) WHERE "
          + scan.0 + " LIMIT ?2)",
        [.text(scan.1), .integer(Int64(countLimit) + 1)]
      ) { $0.int(0) } ?? 0
    return found > countLimit
  }

  /// A page in the query's order, with `filter` (SQL over the keys, and its needle) if any: the page's ids are found
  /// in the order's index alone (a deep offset skips index entries, not whole rows), then their rows are read.
  private func pageOfOrder(_ query: UserQuery, offset: Int, filter: (String, String)?) throws -> [User] {
    let order = Self.orderColumns(query.order)
    let index =
      switch query.order {
      case .name: "users_by_name"
      case .city: "users_by_city"
      case .id: "users_by_id"
      }
    let condition = filter.map { " WHERE " + $0.0 } ?? ""
    let sql = """
      SELECT id, name, email, city FROM users JOIN (
        SELECT id AS page_id FROM users INDEXED BY \(index)\(condition) ORDER BY \(order)
          LIMIT \(max(query.limit, 0)) OFFSET ?2
      ) ON id = page_id ORDER BY \(order)
      """
    return try database.rows(sql, [filter.map { .text($0.1) } ?? .null, .integer(Int64(offset))], Self.user)
  }

  private static let selectUser = "SELECT id, name, email, city FROM users"

  /// Up to this many users, a short search scans the keys instead of reading the index's terms.
  private let smallDirectory: Int

  private static func orderColumns(_ order: UserSortOrder) -> String {
    switch order {
    case .name: "name_key, id"
    case .city: "city_key, name_key, id"
    case .id: "id"
    }
  }

  private static func columns(_ field: UserSearchField) -> [String] {
    switch field {
    case .any: ["name_key", "email_key", "city_key"]
    case .name: ["name_key"]
    case .email: ["email_key"]
    case .city: ["city_key"]
    }
  }

  /// The user with `id`.
  public func user(_ id: User.ID) throws -> User {
    let user = try reading {
      try database.firstRow(
        "SELECT id, name, email, city FROM users WHERE id = ?", [.integer(Int64(id.rawValue))], Self.user)
    }
    guard let user else { throw UserClientError.notFound(id) }
    return user
  }

  /// Every user, in id order (an export, or a screen not yet reading pages).
  public func all() throws -> [User] {
    try reading { try database.rows("SELECT id, name, email, city FROM users ORDER BY id", [], Self.user) }
  }

  /// A number that changes when another process commits a change.
  public func changeCount() throws -> Int {
    try reading { try database.dataVersion() }
  }

  // MARK: Writing

  /// Adds `new` with the next id (one more than the largest), refusing an email another user has.
  public func add(_ new: NewUser) throws -> User {
    try writing {
      try checkEmailIsFree(new.email, except: nil)
      try database.run(Self.insert, Self.values(of: nil, name: new.name, email: new.email, city: new.city))
      return User(id: User.ID(database.lastInsertedRowID), name: new.name, email: new.email, city: new.city)
    }
  }

  /// Replaces `edited` if it is stored as `original` (or already as `edited`): the rule of concurrent edits.
  public func update(_ edited: User, from original: User) throws {
    try writing {
      let stored = try database.firstRow(
        "SELECT id, name, email, city FROM users WHERE id = ?", [.integer(Int64(edited.id.rawValue))], Self.user)
      guard let stored else { throw UserClientError.notFound(edited.id) }
      guard stored == original || stored == edited else { throw UserClientError.conflict(current: stored) }
      guard stored != edited else { return }
      try checkEmailIsFree(edited.email, except: edited.id)
      try database.run(
        """
        UPDATE users SET name = ?2, email = ?3, city = ?4, name_key = ?5, email_key = ?6, city_key = ?7,
          email_identity = ?8 WHERE id = ?1
        """,
        Self.values(of: edited.id, name: edited.name, email: edited.email, city: edited.city))
    }
  }

  /// Removes the user with `id`.
  public func delete(_ id: User.ID) throws {
    try writing {
      let removed = try database.run("DELETE FROM users WHERE id = ?", [.integer(Int64(id.rawValue))])
      guard removed == 1 else { throw UserClientError.notFound(id) }
    }
  }

  /// Adds `users` with their own ids in one transaction (an import, a seed): all of them or, on any failure, none.
  public func insert(_ users: [User]) throws {
    try writing { try insertRows(users) }
  }

  /// Inserts `users` with their ids, inside a transaction the caller holds.
  func insertRows(_ users: [User]) throws {
    for user in users {
      try database.run(Self.insert, Self.values(of: user.id, name: user.name, email: user.email, city: user.city))
    }
  }

  /// Removes every user (inside `writing`, before an import that replaces them).
  func deleteAll() throws {
    try database.run("DELETE FROM users")
  }

  /// Whether a user has `id`.
  func exists(_ id: User.ID) throws -> Bool {
    try database.firstRow("SELECT 1 FROM users WHERE id = ?", [.integer(Int64(id.rawValue))]) { _ in true } ?? false
  }

  /// The name of the user whose email is `email` (as its uniqueness is judged), if any.
  func owner(ofEmail email: String) throws -> String? {
    try database.firstRow(
      "SELECT name FROM users WHERE email_identity = ?", [.text(UserDirectoryRules.normalizedEmail(email))]
    ) { $0.text(0) }
  }

  private static let insert = """
    INSERT INTO users(id, name, email, city, name_key, email_key, city_key, email_identity)
      VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
    """

  /// A user's fields and keys, in the order of `insert`'s parameters (a nil id lets SQLite choose it).
  private static func values(of id: User.ID?, name: String, email: String, city: String) -> [SQLiteValue] {
    [
      id.map { .integer(Int64($0.rawValue)) } ?? .null, .text(name), .text(email), .text(city),
      .text(key(name)), .text(key(email)), .text(key(city)),
      .text(UserDirectoryRules.normalizedEmail(email)),
    ]
  }

  private func checkEmailIsFree(_ email: String, except id: User.ID?) throws {
    let owner = try database.firstRow(
      "SELECT name FROM users WHERE email_identity = ? AND id IS NOT ?",
      [.text(UserDirectoryRules.normalizedEmail(email)), id.map { .integer(Int64($0.rawValue)) } ?? .null]
    ) { $0.text(0) }
    if let owner {
      throw UserClientError.emailTaken(email: email.trimmingCharacters(in: .whitespaces), by: owner)
    }
  }

  // MARK: Plumbing

  private func reading<Result>(_ body: () throws -> Result) throws -> Result {
    try lock.withLock {
      do {
        return try body()
      } catch let error as SQLiteError {
        throw Self.clientError(error, path: url.path, busyTimeout: busyTimeout)
      }
    }
  }

  /// Runs `body` as one transaction: all of it lands, or none. From outside, `body` calls only the unlocked
  /// helpers (`deleteAll`, `exists`, `owner(ofEmail:)`, `insertRows`): the public methods take the lock it holds.
  func writing<Result>(_ body: () throws -> Result) throws -> Result {
    try reading {
      try database.transaction {
        // Held inside the transaction, as a slow disk would: other processes wait for the lock meanwhile.
        if writeDelay > .zero { Thread.sleep(forTimeInterval: writeDelay / .seconds(1)) }
        return try body()
      }
    }
  }

  /// The FTS5 query for `needle` in the columns of `field`, or nil when nothing can match: a needle of three
  /// characters or more as one phrase (the trigram index matches it anywhere), a shorter one as the terms that
  /// start with it.
  private func match(_ needle: String, in field: UserSearchField) throws -> String? {
    func phrase(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
    let expression: String
    if needle.unicodeScalars.count >= 3 {
      expression = phrase(needle)
    } else {
      let terms = try database.rows(
        "SELECT term FROM users_search_terms WHERE term >= ?1 AND term < ?1 || char(1114111)", [.text(needle)]
      ) { $0.text(0) }
      guard !terms.isEmpty else { return nil }
      expression = "(" + terms.map(phrase).joined(separator: " OR ") + ")"
    }
    return "{" + Self.columns(field).joined(separator: " ") + "} : " + expression
  }

  /// What every key ends with: two characters no search contains (it drops control characters), so that each
  /// character of a key, the last two included, begins a trigram, and a short needle is found among the terms.
  /// They sort before any other character, so keys still order as the texts do.
  static let keyEnd = "\u{1}\u{1}"

  private static func user(_ row: SQLiteRow) -> User {
    User(id: User.ID(row.int(0)), name: row.text(1), email: row.text(2), city: row.text(3))
  }

  /// The key of a text: lowercased, then `keyEnd`.
  private static func key(_ text: String) -> String {
    var bytes: [UInt8] = []
    appendLowercasedUTF8(text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self) + keyEnd
  }

  /// What the app says about a database failure: a damaged file as such, a lock held too long as another
  /// session's, anything else as the file's access.
  package static func clientError(_ error: SQLiteError, path: String, busyTimeout: Duration) -> UserClientError {
    let primary = error.code & 0xFF
    // SQLITE_CORRUPT (11) and SQLITE_NOTADB (26).
    if primary == 11 || primary == 26 {
      return .corruptFile(path: path, movedTo: nil, reason: error.message)
    }
    // SQLITE_FULL (13): said as such, not as a file that cannot be read.
    if primary == 13 { return .io(path: path, reason: "the disk is full") }
    if error.isBusy {
      return .io(
        path: path,
        reason: "another users session kept the users locked for more than \(busyTimeout); nothing was saved")
    }
    return .io(path: path, reason: error.description)
  }
}
