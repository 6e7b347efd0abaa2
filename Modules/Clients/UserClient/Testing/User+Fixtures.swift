import UserClientInterface

extension User {
  /// Ada Lovelace, id 1, in London: the user most tests start from.
  public static let ada = User(id: 1, name: "Ada Lovelace", email: "ada@example.com", city: "London")
  /// Grace Hopper, id 2, in New York.
  public static let grace = User(id: 2, name: "Grace Hopper", email: "grace@example.com", city: "New York")
  /// Alan Turing, id 3, in Manchester.
  public static let alan = User(id: 3, name: "Alan Turing", email: "alan@example.com", city: "Manchester")
}
