/// A few dozen plausible users, the same on every run: the first-run seed and the preview data.
public enum SampleUsers {
  private static let firstNames = [
    "Ada", "Grace", "Alan", "Barbara", "Edsger", "Frances", "Donald", "Margaret", "Ken", "Radia",
    "Dennis", "Hedy", "John", "Katherine", "Linus", "Mary", "Niklaus", "Annie", "Tim", "Shafi",
  ]
  private static let lastNames = [
    "Lovelace", "Hopper", "Turing", "Liskov", "Dijkstra", "Allen", "Knuth", "Hamilton", "Thompson", "Perlman",
    "Ritchie", "Lamarr", "Backus", "Johnson", "Torvalds", "Keller", "Wirth", "Easley", "Berners-Lee", "Goldwasser",
  ]
  private static let cities = ["London", "New York", "Zurich", "Berlin", "Austin", "Paris", "Oslo", "Lisbon"]

  /// 36 users with ids 1…36.
  public static let all: [User] = (0..<36).map { index in
    let first = firstNames[index % firstNames.count]
    // The first twenty pair up as the real people; later ones mix first and last names.
    let last = lastNames[(index + (index / lastNames.count) * 7) % lastNames.count]
    return User(
      id: User.ID(index + 1),
      name: "\(first) \(last)",
      email: "\(first.lowercased()).\(last.lowercased())@example.com",
      city: cities[(index * 5) % cities.count])
  }
}
