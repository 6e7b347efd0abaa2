// White-box tests of an internal type: `@testable` needs a module built for testing, which the release
// suite does not do (it tests the code the shipped binary runs), so this file runs in debug only.
#if DEBUG
  import Testing

  @testable import Composable

  /// One payload case among cases without payload: the compiler packs the tag into the payload's spare bits.
  private enum SinglePayload: Equatable {
    case loading
    case loaded(String)
    case failed
  }

  /// Several payload cases, one of them indirect, and a case without payload.
  private indirect enum MultiPayload: Equatable {
    case number(Int)
    case text(String)
    case pair(Int, Int)
    case nested(MultiPayload)
    case empty
  }

  private struct Row: Identifiable {
    let id: Int
    var name: String
  }

  /// How navigation reducers tell "the same child, changed" from "a new child", per kind of state.
  struct ChildIdentifierTests {
    @Test func enumCasesAreTheSameChildOnlyInTheSameCase() {
      let single = ChildIdentifier<SinglePayload>()
      #expect(!single.isConstant)
      #expect(single.identify(.loaded("a")) == single.identify(.loaded("b")))
      let singleCases: [SinglePayload] = [.loading, .loaded("a"), .failed]
      #expect(Set(singleCases.map(single.identify)).count == 3)

      let multi = ChildIdentifier<MultiPayload>()
      #expect(multi.identify(.number(1)) == multi.identify(.number(2)))
      #expect(multi.identify(.nested(.empty)) == multi.identify(.nested(.number(3))))
      let multiCases: [MultiPayload] = [.number(1), .text("a"), .pair(1, 2), .nested(.empty), .empty]
      #expect(Set(multiCases.map(multi.identify)).count == 5)
    }

    @Test func identifiableStateIsTheSameChildWhileItsIDIs() {
      let identifier = ChildIdentifier<Row>()
      #expect(!identifier.isConstant)
      #expect(identifier.identify(Row(id: 1, name: "a")) == identifier.identify(Row(id: 1, name: "b")))
      #expect(identifier.identify(Row(id: 1, name: "a")) != identifier.identify(Row(id: 2, name: "a")))
    }

    /// The ABI reads in EnumMetadata.swift, checked on this toolchain: a layout change fails here.
    @Test func theEnumTagIsTheCaseIndexInDeclarationOrderAndOnlyEnumsAreEnums() {
      let single: [SinglePayload] = [.loading, .loaded("a"), .failed]
      let multi: [MultiPayload] = [.number(1), .text("a"), .pair(1, 2), .nested(.empty), .empty]
      // Payload cases come first in the tag order, then the cases without payload in declaration order.
      #expect(single.map { enumTag(of: $0) } == [1, 0, 2])
      #expect(multi.map { enumTag(of: $0) } == [0, 1, 2, 3, 4])
      #expect(isEnum(SinglePayload.self) && isEnum(MultiPayload.self))
      #expect(!isEnum(Int?.self) && !isEnum(Row.self) && !isEnum(Int.self) && !isEnum(String.self))
    }

    @Test func otherStateIsTheSameChildWhilePresent() {
      let identifier = ChildIdentifier<Int>()
      #expect(identifier.isConstant)
      #expect(identifier.identify(1) == identifier.identify(2))
    }
  }
#endif
