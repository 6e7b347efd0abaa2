import IdentifiedCollections
import Testing

private struct Person: Identifiable, Equatable, Comparable {
  let id: Int
  var name: String
  static func < (lhs: Person, rhs: Person) -> Bool { lhs.name < rhs.name }
}

/// The standard library's algorithms write through the positional subscript; the id index follows them.
struct PositionalWriteTests {
  private let people: IdentifiedArrayOf<Person> = [
    Person(id: 1, name: "c"), Person(id: 2, name: "a"), Person(id: 3, name: "b"), Person(id: 4, name: "d"),
  ]

  /// Every id is found at the position where the array holds it.
  private func indexAgrees(_ array: IdentifiedArrayOf<Person>) -> Bool {
    array.indices.allSatisfy { array.index(id: array[$0].id) == $0 } && array.ids == array.map(\.id)
  }

  @Test func sortingComparableElementsReindexes() {
    var sorted = people
    sorted.sort()
    #expect(sorted.ids == [2, 3, 1, 4])
    #expect(sorted[id: 1]?.name == "c")
    #expect(indexAgrees(sorted))
  }

  @Test func genericAlgorithmsOnTheArrayAndItsSlicesReindex() {
    func sortGenerically<C: MutableCollection & RandomAccessCollection>(_ collection: inout C)
    where C.Element == Person { collection.sort(by: <) }
    var array = people
    sortGenerically(&array)
    #expect(array.ids == [2, 3, 1, 4])
    #expect(indexAgrees(array))

    var reversedTail = people
    reversedTail[1...].reverse()
    #expect(reversedTail.ids == [1, 4, 3, 2])
    #expect(reversedTail[id: 4]?.name == "d")
    #expect(indexAgrees(reversedTail))

    var sortedTail = people
    sortedTail[2...].sort(by: >)
    #expect(sortedTail.ids == [1, 2, 4, 3])
    #expect(indexAgrees(sortedTail))
  }

  @Test func replacingAnElementAtAPositionIndexesTheNewIDAndForgetsTheOld() {
    var array = people
    let before = array.membership
    array[0] = Person(id: 9, name: "new")
    #expect(array.ids == [9, 2, 3, 4])
    #expect(array.index(id: 9) == 0)
    #expect(array[id: 1] == nil)
    #expect(!before.isSameVersion(as: array.membership))
    #expect(array.append(Person(id: 1, name: "back")).inserted)
    #expect(indexAgrees(array))
  }

  @Test func aSwapThroughTheSubscriptMayShareAnIDForAMoment() {
    var array = people
    let first = array[0]
    array[0] = array[1]
    array[1] = first
    #expect(array.ids == [2, 1, 3, 4])
    #expect(indexAgrees(array))
    // No id is left shared, so changing by id is allowed again.
    #expect(array.remove(id: 3)?.name == "b")
    #expect(array.append(Person(id: 5, name: "e")).inserted)
  }

  @Test func removingOneOfTwoElementsSharingAnIDEndsTheSharing() {
    var array = people
    array[0] = array[1]
    array.remove(at: 0)
    #expect(array.ids == [2, 3, 4])
    #expect(array.append(Person(id: 1, name: "c")).inserted)
    #expect(indexAgrees(array))
  }

  @Test func changingByIDWhileTwoElementsShareAnIDIsAPreconditionFailure() async {
    await #expect(processExitsWith: .failure) {
      var array: IdentifiedArrayOf<Person> = [Person(id: 1, name: "a"), Person(id: 2, name: "b")]
      array[0] = array[1]
      array.append(Person(id: 3, name: "c"))
    }
  }
}
