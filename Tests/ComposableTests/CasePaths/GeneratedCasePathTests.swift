import Composable
import Testing

/// The case paths the boilerplate plugin writes: one per case, nested through CasePathable payloads, and into one
/// element of a stack or a list by id.
struct GeneratedCasePathTests {
  /// A feature's actions as a test file declares them: no `Cases` by hand.
  enum Action: Equatable, CasePathable {
    case tapped
    case renamed(String)
    case moved(from: Int, to: Int)
    case delegate(Delegate)
    case path(StackAction<Int, Row>)
    case rows(IdentifiedAction<Int, Row>)

    enum Delegate: Equatable, CasePathable {
      case finished(saved: Bool)
    }

    enum Row: Equatable, CasePathable {
      case delete
      case rename(String)
    }
  }

  @Test func everyCaseHasAPath() {
    #expect(Action.tapped.is(\.tapped))
    #expect(Action.renamed("a")[case: \.renamed] == "a")
    #expect(Action.renamed("a")[case: \.tapped] == nil)
    let moved = Action.casePath(\.moved)
    #expect(moved.extract(.moved(from: 1, to: 2))?.to == 2)
    #expect(moved.embed((from: 3, to: 4)) == .moved(from: 3, to: 4))
  }

  @Test func pathsGoThroughCasePathablePayloads() {
    let finished = Action.casePath(\.delegate.finished)
    #expect(finished.extract(.delegate(.finished(saved: true))) == true)
    #expect(finished.embed(false) == .delegate(.finished(saved: false)))
    #expect(caseKeyPathName(\Action.Cases.delegate.finished) == "\\.delegate.finished")
  }

  @Test func stackPathsPickOneElementByID() {
    let rename = Action.casePath(\.path[id: 1].rename)
    #expect(rename.extract(.path(.element(id: 1, action: .rename("x")))) == "x")
    #expect(rename.extract(.path(.element(id: 2, action: .rename("x")))) == nil)
    #expect(rename.extract(.path(.popFrom(id: 1))) == nil)
    #expect(rename.embed("y") == .path(.element(id: 1, action: .rename("y"))))
    #expect(caseKeyPathName(\Action.Cases.path[id: 1].rename) == "\\.path[id: 1].rename")
  }

  @Test func listPathsPickOneRowByID() {
    let delete = Action.casePath(\.rows[id: 7].delete)
    #expect(delete.extract(.rows(.element(id: 7, action: .delete))) != nil)
    #expect(delete.extract(.rows(.element(id: 8, action: .delete))) == nil)
    #expect(delete.embed(()) == .rows(.element(id: 7, action: .delete)))
    #expect(caseKeyPathName(\Action.Cases.rows[id: 7].delete) == "\\.rows[id: 7].delete")
  }
}
