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

/// The process's resident memory in megabytes (Linux's /proc; nil elsewhere).
func residentMegabytes() -> Double? {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
    let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
  else { return nil }
  return kilobytes / 1024
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

/// Measures (g3) at each of `sizes` and prints one column per size; returns whether every bound was met.
func measureDirectoryDatabase(sizes: [Int], rounds: Int) throws -> Bool {
  // The steps below leave the users as they found them but for one city.
  var columns: [[Double]] = []
  var names: [String] = []
  var bounds: [Double] = []
  var seeding: [Double] = []
  for size in sizes {
    let (file, seconds) = try seededDatabase(size: size)
    seeding.append(seconds)
    var samples: [String: [Double]] = [:]
    var order: [(String, Double)] = []
    func time(_ name: String, bound: Double, _ body: () throws -> Void) rethrows {
      let start = DispatchTime.now().uptimeNanoseconds
      try body()
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
      if samples[name] == nil { order.append((name, bound)) }
      samples[name, default: []].append(elapsed)
    }
    for round in 0..<rounds {
      var database: UserDatabase!
      try time("open + first page", bound: 150) {
        database = try UserDatabase(url: file)
        blackHole(try database.page(UserQuery()))
      }
      for typed in ["l", "lo", "lov", "love", "lovel"] {
        try time("search “\(typed)” (any field)", bound: 50) {
          blackHole(try database.page(UserQuery(search: typed)))
        }
      }
      for rare in ["q", "ß", "qu"] {
        try time("search “\(rare)” (any field)", bound: 50) {
          blackHole(try database.page(UserQuery(search: rare)))
        }
      }
      try time("search “lon” in city", bound: 50) {
        blackHole(try database.page(UserQuery(search: "lon", field: .city)))
      }
      try time("search cleared", bound: 50) { blackHole(try database.page(UserQuery())) }
      try time("next page", bound: 50) { blackHole(try database.page(UserQuery(offset: 20))) }
      try time("middle page", bound: 50) { blackHole(try database.page(UserQuery(offset: size / 2))) }
      try time("sort city", bound: 50) { blackHole(try database.page(UserQuery(order: .city))) }
      try time("sort id, last page", bound: 50) {
        blackHole(try database.page(UserQuery(order: .id, offset: size - 20)))
      }
      let id = User.ID(size / 3 + round)
      var user: User!
      try time("open (one user)", bound: 50) { user = try database.user(id) }
      try time("edit + save", bound: 50) {
        var edited = user!
        edited.city = "Edited \(round)"
        try database.update(edited, from: user)
      }
      var added: User!
      try time("add", bound: 50) {
        added = try database.add(NewUser(name: "New Person \(round)", email: "new\(round)@example.org"))
      }
      try time("delete", bound: 50) { try database.delete(added.id) }
    }
    columns.append(order.map { Samples.median(of: samples[$0.0]!) })
    if names.isEmpty {
      names = order.map(\.0)
      bounds = order.map(\.1)
    }
  }
  print("\n(g3) the directory in SQLite: milliseconds per query, median of \(rounds)")
  print(pad("", 30) + sizes.map { pad(String($0), 12) }.joined() + "bound")
  var allMet = true
  for (row, name) in names.enumerated() {
    let worst = columns.map { $0[row] }.max() ?? 0
    let met = worst <= bounds[row]
    allMet = allMet && met
    print(
      pad(name, 30) + columns.map { pad(String(format: "%.2f", $0[row]), 12) }.joined()
        + "<= \(Int(bounds[row])) ms \(met ? "met" : "MISSED")")
  }
  print(
    pad("seeding s (0: kept)", 30) + seeding.map { pad(String(format: "%.1f", $0), 12) }.joined())
  for size in sizes {
    let file = seededDatabases.appendingPathComponent("users-\(size).db")
    let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
    print(pad("database file \(size) (MB)", 30) + String(bytes / 1_000_000))
  }
  if let rss = residentMegabytes() { print(pad("resident memory now (MB)", 30) + String(format: "%.0f", rss)) }
  return allMet
}
