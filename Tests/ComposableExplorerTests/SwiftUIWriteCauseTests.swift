// White-box tests of the writes SwiftUI makes by itself: `@testable` needs a module built for testing, which the
// release suite does not do, so they run in debug only.
#if DEBUG
  import Clocks
  import Composable
  @testable import ComposableExplorer
  import Testing

  /// A replayed SwiftUI write is told by what makes it now, and refused where SwiftUI could not make it: shrinking
  /// drops the steps before a write, so the pop it was made as may now be another, or none.
  @MainActor struct SwiftUIWriteCauseTests {
    private func hikeViews() -> (Store<Hike.State, Hike.Action>, SwiftUIViews<Hike.State, Hike.Action>) {
      var exploration = Exploration<Hike.State, Hike.Action>(generators: [])
      exploration.swiftUI(stack: \.path, action: \.path, fields: [.binding(\.label)])
      exploration.swiftUI(presentation: \.note, action: \.note, fields: [.binding(\.text)])
      let store = Store(initialState: Hike.State(), reducer: Hike(leaks: false)) {
        $0.continuousClock = TestClock()
      }
      return (store, SwiftUIViews(exploration.swiftUIViews, store: store)!)
    }

    /// A pop to the root made on a stack of three screens.
    private let popToTheRoot = SwiftUIWrite(declaration: 0, kind: .path([]), cause: "back to the root", target: "path")

    @Test func aPopToTheRootReplayedOnOneScreenIsASwipeBack() throws {
      let (store, views) = hikeViews()
      store.send(.pushTapped)
      views.render(store)
      let made = try #require(views.perform(popToTheRoot, on: store))
      #expect(made.description == "SwiftUI (swipe back): path = []")
      #expect(store.currentState.path.isEmpty)
    }

    @Test func aPopToTheRootReplayedOnThreeScreensKeepsItsCause() throws {
      let (store, views) = hikeViews()
      for _ in 0..<3 { store.send(.pushTapped) }
      views.render(store)
      let made = try #require(views.perform(popToTheRoot, on: store))
      #expect(made == popToTheRoot)
      #expect(store.currentState.path.isEmpty)
    }

    @Test func aPopOfScreensNeverPushedOrADismissalOfASheetNeverShownIsRefusedAndWritesNothing() {
      let (store, views) = hikeViews()
      #expect(views.perform(popToTheRoot, on: store) == nil)
      let pushedTwice = SwiftUIWrite(
        declaration: 0, kind: .path([StackElementID(0)]), cause: "swipe back", target: "path")
      store.send(.pushTapped)
      views.render(store)
      // The path holds one screen, #0: [#0] is no pop of it.
      #expect(views.perform(pushedTwice, on: store) == nil)
      #expect(store.currentState.path.count == 1)
      let dismissal = SwiftUIWrite(declaration: 1, kind: .dismissal, cause: "swiped down", target: "note")
      #expect(views.perform(dismissal, on: store) == nil)
      store.send(.noteTapped)
      views.render(store)
      #expect(views.perform(dismissal, on: store) == dismissal)
      #expect(store.currentState.note == nil)
    }
  }
#endif
