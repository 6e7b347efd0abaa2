import Dispatch
import Foundation
import UserClientInterface
import UserClientLive

// (g3) The directory in SQLite at several sizes: what each query a screen asks costs, and the process's memory,
// to show that both stay flat as the directory grows.

/// `count` users with names, emails and cities varied enough for searches to be selective, the same every run.
func generatedUsers(count: Int, firstID: Int = 1) -> [User] {
  let first = [
    "Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Hedy", "Ken", "Radia", "Linus", "Margaret", "Dennis",
    "Frances", "John", "Katherine", "Niklaus", "Annie", "Tim", "Shafi", "Élodie", "Zoë", "Søren", "Mónica", "Yuki",
    "Chidi", "Priya", "Mateo", "Olga", "Kwame", "Ingrid", "Tomás", "Aiko", "Fatima", "Lars", "Nadia", "Ravi",
  ]
  let syllables = [
    "ka", "lo", "ve", "ri", "mun", "ta", "bel", "or", "sen", "dra", "pi", "no", "gu", "che", "las", "tor", "wy",
    "ze", "han", "mi", "qu", "ost", "ell", "ar", "fin", "dó", "ß", "bru", "ck", "ner",
  ]
  let cities = [
    "London", "Paris", "Zürich", "Oslo", "Austin", "Lisbon", "Berlin", "New York", "Tokyo", "Lagos", "Lima",
    "Mumbai", "Sydney", "Toronto", "Nairobi", "Seoul", "Madrid", "Reykjavík", "Kraków", "São Paulo", "",
  ]
  var state: UInt64 = 48
  func next(_ bound: Int) -> Int {
    state = state.multipliedReportingOverflow(by: 6_364_136_223_846_793_005).partialValue &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
  return (0..<count).map { offset in
    let given = first[next(first.count)]
    var family = ""
    for _ in 0..<(2 + next(2)) { family += syllables[next(syllables.count)] }
    family = family.prefix(1).uppercased() + family.dropFirst()
    let id = firstID + offset
    return User(
      id: User.ID(id), name: "\(given) \(family)",
      email: "\(given.lowercased()).\(family.lowercased()).\(id)@example.com", city: cities[next(cities.count)])
  }
}

/// Writes `count` generated users into the database at `file`, in transactions of 50,000.
func seedDatabase(file: URL, count: Int) throws {
  let database = try UserDatabase(url: file)
  var written = 0
  while written < count {
    let chunk = min(50_000, count - written)
    try database.insert(generatedUsers(count: chunk, firstID: written + 1))
    written += chunk
  }
}

/// Where seeded databases are kept between runs (a million users take minutes to write).
let seededDatabases = FileManager.default.temporaryDirectory.appendingPathComponent("users-bench-databases-v1")

/// The database of `size` generated users, seeded now if no earlier run left it; and the seconds seeding took.
func seededDatabase(size: Int) throws -> (file: URL, seconds: Double) {
  try FileManager.default.createDirectory(at: seededDatabases, withIntermediateDirectories: true)
  let file = seededDatabases.appendingPathComponent("users-\(size).db")
  guard !FileManager.default.fileExists(atPath: file.path) else { return (file, 0) }
  let start = DispatchTime.now().uptimeNanoseconds
  let partial = seededDatabases.appendingPathComponent("partial-\(size).db")
  try? FileManager.default.removeItem(at: partial)
  try seedDatabase(file: partial, count: size)
  try FileManager.default.moveItem(at: partial, to: file)
  return (file, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

/// The timed steps of (g3), in order, with their bounds and samples.
struct QueryTimings {
  private(set) var names: [(name: String, bound: Double)] = []
  private(set) var samples: [String: [Double]] = [:]

  /// Runs `body` and notes how long it took under `name`.
  mutating func time(_ name: String, bound: Double = 50, _ body: () throws -> Void) rethrows {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    if samples[name] == nil { names.append((name, bound)) }
    samples[name, default: []].append(elapsed)
  }

  /// The median of each step, in order.
  var medians: [Double] { names.map { Samples.median(of: samples[$0.name]!) } }
}

/// One round of (g3) on the database at `file` of `size` users: open, searches, pages, orders, a read and writes.
func timeQueries(file: URL, size: Int, round: Int, into timings: inout QueryTimings) throws {
  var database: UserDatabase!
  try timings.time("open + first page", bound: 150) {
    database = try UserDatabase(url: file)
    blackHole(try database.page(UserQuery()))
  }
  for typed in ["l", "lo", "lov", "love", "lovel", "q", "ß", "qu"] {
    try timings.time("search “\(typed)” (any field)") { blackHole(try database.page(UserQuery(search: typed))) }
  }
  try timings.time("search “lon” in city") {
    blackHole(try database.page(UserQuery(search: "lon", field: .city)))
  }
  try timings.time("search cleared") { blackHole(try database.page(UserQuery())) }
  try timings.time("next page") { blackHole(try database.page(UserQuery(offset: 20))) }
  try timings.time("middle page") { blackHole(try database.page(UserQuery(offset: size / 2))) }
  try timings.time("sort city") { blackHole(try database.page(UserQuery(order: .city))) }
  try timings.time("sort id, last page") { blackHole(try database.page(UserQuery(order: .id, offset: size - 20))) }
  var user: User!
  try timings.time("open (one user)") { user = try database.user(User.ID(size / 3 + round)) }
  try timings.time("edit + save") {
    var edited = user!
    edited.city = "Edited \(round)"
    try database.update(edited, from: user)
  }
  var added: User!
  try timings.time("add") {
    added = try database.add(NewUser(name: "New Person \(round)", email: "new\(round)@example.org"))
  }
  try timings.time("delete") { try database.delete(added.id) }
}

/// Measures (g3) at each of `sizes` and prints one column per size; returns whether every bound was met.
func measureDirectoryDatabase(sizes: [Int], rounds: Int) throws -> Bool {
  var columns: [[Double]] = []
  var steps: [(name: String, bound: Double)] = []
  var seeding: [Double] = []
  for size in sizes {
    let (file, seconds) = try seededDatabase(size: size)
    seeding.append(seconds)
    var timings = QueryTimings()
    for round in 0..<rounds { try timeQueries(file: file, size: size, round: round, into: &timings) }
    columns.append(timings.medians)
    steps = timings.names
  }
  print("\n(g3) the directory in SQLite: milliseconds per query, median of \(rounds)")
  print(pad("", 30) + sizes.map { pad(String($0), 12) }.joined() + "bound")
  var allMet = true
  for (row, step) in steps.enumerated() {
    let met = (columns.map { $0[row] }.max() ?? 0) <= step.bound
    allMet = allMet && met
    print(
      pad(step.name, 30) + columns.map { pad(String(format: "%.2f", $0[row]), 12) }.joined()
        + "<= \(Int(step.bound)) ms \(met ? "met" : "MISSED")")
  }
  print(pad("seeding s (0: kept)", 30) + seeding.map { pad(String(format: "%.1f", $0), 12) }.joined())
  for size in sizes {
    let file = seededDatabases.appendingPathComponent("users-\(size).db")
    let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
    print(pad("database file \(size) (MB)", 30) + String(bytes / 1_000_000))
  }
  if let bytes = ProcessMemory.residentBytes() {
    print(pad("resident memory now (MB)", 30) + String(bytes / 1_048_576))
  }
  return allMet
}
