import Foundation
import IdentifiedCollections
import Testing

private struct User: Identifiable, Equatable, Hashable, Codable {
  let id: Int
  var name: String
}

struct IdentifiedArrayTests {
  @Test func keepsOrderAndFindsByID() {
    var users: IdentifiedArrayOf<User> = [User(id: 3, name: "c"), User(id: 1, name: "a")]
    #expect(users.ids == [3, 1])
    #expect(users[id: 1]?.name == "a")
    users[id: 1]?.name = "A"
    #expect(users[1] == User(id: 1, name: "A"))
    #expect(users.remove(id: 3) == User(id: 3, name: "c"))
    #expect(users.ids == [1])
    #expect(users.index(id: 1) == 0)
    #expect(users[id: 3] == nil)
  }

  @Test func refusesDuplicateIDs() throws {
    var users: IdentifiedArrayOf<User> = [User(id: 1, name: "a")]
    let result = users.append(User(id: 1, name: "again"))
    #expect(result.inserted == false)
    #expect(users.count == 1)
    #expect(throws: DuplicateIDError.self) {
      try IdentifiedArray(validating: [User(id: 1, name: "a"), User(id: 1, name: "b")])
    }
  }

  @Test func decodingDuplicateIDsIsAnErrorNotACrash() throws {
    let json = Data(#"[{"id":1,"name":"a"},{"id":1,"name":"b"}]"#.utf8)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArrayOf<User>.self, from: json)
    }
    let good = Data(#"[{"id":2,"name":"b"},{"id":1,"name":"a"}]"#.utf8)
    let users = try JSONDecoder().decode(IdentifiedArrayOf<User>.self, from: good)
    #expect(users.ids == [2, 1])
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<User>.self, from: JSONEncoder().encode(users)) == users)
  }

  @Test func indexStaysRightAfterInsertSortMoveAndRemove() {
    var users: IdentifiedArrayOf<User> = [User(id: 1, name: "c"), User(id: 2, name: "a"), User(id: 3, name: "b")]
    users.insert(User(id: 4, name: "d"), at: 0)
    users.sort(by: \.name)
    #expect(users.map(\.id) == [2, 3, 1, 4])
    users.move(fromOffsets: [0], toOffset: 4)
    #expect(users.map(\.id) == [3, 1, 4, 2])
    users.removeAll { $0.id == 1 }
    for (position, user) in users.enumerated() { #expect(users.index(id: user.id) == position) }
    #expect(Set([users, users]).count == 1)
  }

  @Test func membershipTellsWhetherIDsChanged() {
    var users: IdentifiedArrayOf<User> = [User(id: 1, name: "a")]
    let before = users.membership
    users[id: 1]?.name = "renamed"
    #expect(before.isSameVersion(as: users.membership))
    users.append(User(id: 2, name: "b"))
    #expect(!before.isSameVersion(as: users.membership))
    #expect(users.membership.contains(2))
  }
}
