import Foundation
import IdentifiedCollections
import Testing

private struct Row: Equatable, Identifiable, Codable {
  var id: Int
  var title = ""
}

/// identified-collections' remaining API, as its own tests put it: each keeps the index right.
struct IdentifiedArrayEditingTests {
  private func rows(_ ids: Int...) -> IdentifiedArrayOf<Row> {
    IdentifiedArray(uniqueElements: ids.map { Row(id: $0) })
  }

  @Test func copiesOfAnArrayOrASliceAndUncheckedElements() {
    let array = rows(1, 2, 3)
    #expect(array.elements == [Row(id: 1), Row(id: 2), Row(id: 3)])
    #expect(IdentifiedArray(array) == array)
    #expect(IdentifiedArray(array[1...]).ids == [2, 3])
    #expect(IdentifiedArray(uncheckedUniqueElements: [Row(id: 4), Row(id: 5)]).ids == [4, 5])
  }

  @Test func appendingContentsLeavesOutIdsAlreadyThere() {
    var array = rows(1, 2, 3)
    array.append(contentsOf: [1, 4, 3, 5].map { Row(id: $0) })
    #expect(array.ids == [1, 2, 3, 4, 5])
    #expect(array[id: 5] == Row(id: 5))
  }

  @Test func updateAtReplacesInPlaceAndReturnsTheOldElement() {
    var array = rows(1, 2, 3)
    let old = array.update(Row(id: 2, title: "two"), at: 1)
    #expect(old == Row(id: 2))
    #expect(array[id: 2]?.title == "two")
  }

  @Test func updateOrInsertReplacesWhereTheIdIsOrInsertsAtTheIndex() {
    var array = rows(1, 2, 3)
    var (original, index) = array.updateOrInsert(Row(id: 0), at: 0)
    #expect(original == nil)
    #expect(index == 0)
    #expect(array.ids == [0, 1, 2, 3])
    (original, index) = array.updateOrInsert(Row(id: 2, title: "two"), at: 0)
    #expect(original == Row(id: 2))
    #expect(index == 2)
    #expect(array.ids == [0, 1, 2, 3])
    #expect(array[id: 2]?.title == "two")
  }

  @Test func removingAnElementOrOffsets() {
    var array = rows(1, 2, 3)
    #expect(array.remove(Row(id: 2, title: "any title")) == Row(id: 2))
    #expect(array.remove(Row(id: 9)) == nil)
    #expect(array.ids == [1, 3])
    var more = rows(1, 2, 3, 4)
    more.remove(atOffsets: [0, 2])
    #expect(more.ids == [2, 4])
    #expect(more[id: 4] == Row(id: 4))
    #expect(more[id: 1] == nil)
  }

  @Test func removingFromEitherEndKeepsTheIndexRight() {
    var array = rows(1, 2, 3, 4, 5, 6)
    #expect(array.removeFirst() == Row(id: 1))
    #expect(array.removeLast() == Row(id: 6))
    #expect(array.ids == [2, 3, 4, 5])
    array.removeFirst(2)
    #expect(array.ids == [4, 5])
    #expect(array[id: 2] == nil)
    #expect(array.index(id: 5) == 1)
    array.removeLast(1)
    #expect(array.ids == [4])
    array.removeFirst(0)
    array.removeLast(0)
    #expect(array.ids == [4])
    array.removeLast(1)
    #expect(array.isEmpty)
    #expect(array[id: 4] == nil)
    // Removed ids can come back.
    array.append(Row(id: 1))
    #expect(array.index(id: 1) == 0)
  }

  @Test func partitionKeepsTheIndexRight() {
    var array = rows(1, 2)
    let pivot = array.partition { $0.id == 1 }
    #expect(pivot == 1)
    #expect(array.ids == [2, 1])
    for id in array.ids { #expect(array[id: id]?.id == id) }
  }

  @Test func aDebugDescriptionNamesTheType() {
    let text = rows(1).debugDescription
    #expect(text.hasPrefix("IdentifiedArray<Row>(["), "\(text)")
    #expect(text.hasSuffix("Row(id: 1, title: \"\")])"))
    // As swift-identified-collections writes it: the element type alone, strings quoted.
    #expect(
      IdentifiedArray(uniqueElements: [1, 2, 3], id: \.self).debugDescription == "IdentifiedArray<Int>([1, 2, 3])")
    #expect(IdentifiedArray(uniqueElements: ["a"], id: \.self).debugDescription == "IdentifiedArray<String>([\"a\"])")
  }

  @Test func decodingARepeatedIdSaysWhereItIs() throws {
    #expect(
      try JSONDecoder().decode(
        IdentifiedArrayOf<Row>.self, from: Data(#"[{"id":1,"title":""},{"id":2,"title":""}]"#.utf8)
      ).ids == [1, 2])
    do {
      _ = try JSONDecoder().decode(
        IdentifiedArrayOf<Row>.self, from: Data(#"[{"id":1,"title":""},{"id":1,"title":""},{"id":1,"title":""}]"#.utf8))
      Issue.record("a repeated id decoded")
    } catch let DecodingError.dataCorrupted(context) {
      #expect(context.debugDescription == "Duplicate element at offset 1")
    }
  }
}
