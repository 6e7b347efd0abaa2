import Foundation
import IdentifiedCollections
import Testing

/// A value with no `id` of its own: the array is told where its id is.
private struct Tag: Equatable, Codable {
  var name: String
  var uses = 0
}

/// A value whose id is a field of a field.
private struct Account: Equatable {
  struct Key: Hashable { var region: String, number: Int }
  var key: Key
  var balance = 0
}

private struct Row: Equatable, Identifiable {
  var id: Int
  var title = ""
}

/// identified-collections' `IdentifiedArray<ID, Element>`: ids read through a key path, the index kept right.
struct KeyPathIDTests {
  private func tags(_ names: String...) -> IdentifiedArray<String, Tag> {
    IdentifiedArray(uniqueElements: names.map { Tag(name: $0) }, id: \.name)
  }

  @Test func elementsAreFoundChangedAndRemovedByTheIdAtTheKeyPath() {
    var array = tags("swift", "linux", "tca")
    #expect(array.ids == ["swift", "linux", "tca"])
    #expect(array[id: "linux"] == Tag(name: "linux"))
    array[id: "linux"]?.uses += 2
    #expect(array[1].uses == 2)
    #expect(array.append(Tag(name: "swift", uses: 9)) == (false, 0), "the id is there")
    #expect(array.append(Tag(name: "mac")) == (true, 3))
    #expect(array.remove(id: "swift") == Tag(name: "swift"))
    #expect(array.ids == ["linux", "tca", "mac"])
    #expect(array.index(id: "mac") == 2)
    array[id: "new"] = Tag(name: "new")
    #expect(array.ids.last == "new")
    array[id: "tca"] = nil
    #expect(!array.contains(id: "tca"))
  }

  @Test func anIdChangedThroughAPositionIsIndexedUnderItsNewValue() {
    var array = tags("a", "b")
    array[0].name = "z"
    #expect(array.ids == ["z", "b"])
    #expect(array[id: "z"] == Tag(name: "z"))
    #expect(array[id: "a"] == nil)
    array.sort { $0.name < $1.name }
    #expect(array.ids == ["b", "z"])
    #expect(array[id: "z"] == Tag(name: "z"))
  }

  @Test func whatAnArrayMakesKeepsItsKeyPath() {
    let array = tags("a", "bb", "ccc")
    let filtered = array.filter { $0.name.count > 1 }
    #expect(filtered.ids == ["bb", "ccc"])
    #expect(filtered[id: "ccc"] == Tag(name: "ccc"))
    let slice = IdentifiedArray(array[1...])
    #expect(slice[id: "bb"] == Tag(name: "bb"))
    var empty = IdentifiedArray<String, Tag>(id: \.name)
    empty.append(Tag(name: "first"))
    #expect(empty[id: "first"] == Tag(name: "first"))
  }

  @Test func anIdDeepInTheElementIsReadThroughTheWholePath() {
    let first = Account(key: .init(region: "eu", number: 1))
    let second = Account(key: .init(region: "us", number: 1))
    var accounts = IdentifiedArray(uniqueElements: [first, second], id: \.key)
    accounts[id: .init(region: "us", number: 1)]?.balance = 10
    #expect(accounts[1].balance == 10)
    #expect(accounts[id: .init(region: "eu", number: 2)] == nil)
  }

  @Test func aRepeatedIdIsRefusedOrCombined() throws {
    let repeated = [Tag(name: "a", uses: 1), Tag(name: "b"), Tag(name: "a", uses: 2)]
    #expect(throws: DuplicateIDError.self) { try IdentifiedArray(validating: repeated, id: \.name) }
    let combined = IdentifiedArray(repeated, id: \.name) { Tag(name: $0.name, uses: $0.uses + $1.uses) }
    #expect(combined.ids == ["a", "b"])
    #expect(combined[id: "a"]?.uses == 3)
    let rows = IdentifiedArrayOf<Row>([Row(id: 1, title: "x"), Row(id: 1, title: "y")]) { _, latest in latest }
    #expect(rows.elements == [Row(id: 1, title: "y")])
  }

  @Test func anArrayOfIdentifiableValuesIsTheSameTypeWithTheirIdsType() {
    let rows: IdentifiedArray<Int, Row> = [Row(id: 1), Row(id: 2)]
    let same: IdentifiedArrayOf<Row> = rows
    #expect(same[id: 2] == Row(id: 2))
  }

  @Test func equalityAndCodingLookAtTheElementsOnly() throws {
    #expect(tags("a", "b") == tags("a", "b"))
    #expect(tags("a", "b") != tags("b", "a"))
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(tags("a"))
    #expect(String(decoding: data, as: UTF8.self) == #"[{"name":"a","uses":0}]"#)
  }
}
