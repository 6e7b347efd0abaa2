import Composable
import Testing

/// A reference a state holds without comparing it: what a view shows of it is the reference itself.
final class Renderer: Sendable {}

/// A sketch whose fields cannot be compared with `==`: a reference, and a value holding a closure.
struct Sketch: Reducer {
  /// A pen: a colour name, and how it draws (a closure, so the pen cannot be `Equatable`).
  struct Pen {
    var colour: String
    var stroke: @Sendable (Int) -> Int
  }

  struct State: ObservableState {
    var strokes = 0
    var renderer = Renderer()
    var pen = Pen(colour: "black") { $0 }
  }

  enum Action {
    case draw
    case keepRenderer
    case replaceRenderer
    case recolour(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .draw: state.strokes += 1
    case .keepRenderer:
      let same = state.renderer
      state.renderer = same
    case .replaceRenderer: state.renderer = Renderer()
    case let .recolour(colour): state.pen.colour = colour
    }
    return .none
  }
}

@MainActor struct UncomparableFieldTests {
  @Test func aFieldThatCannotBeComparedIsToldWhenWrittenNotAtEverySend() {
    let store = Store(initialState: Sketch.State()) { Sketch() }
    let probe = ObservationProbe()
    let read = { _ = store.pen }
    probe.track(read)
    var runs = 0
    let token = observe {
      _ = store.pen
      runs += 1
    }
    store.send(.draw)
    store.send(.draw)
    #expect(probe.told == 0, "another field changed")
    #expect(runs == 1)
    store.send(.recolour("red"))
    #expect(probe.told == 1, "the pen was written")
    #expect(runs == 2)
    token.cancel()
  }

  @Test func theSameReferenceAssignedAgainIsNoChangeAndAnotherOneIs() {
    let store = Store(initialState: Sketch.State()) { Sketch() }
    let probe = ObservationProbe()
    let read = { _ = store.renderer }
    probe.track(read)
    store.send(.keepRenderer)
    store.send(.draw)
    #expect(probe.told == 0)
    store.send(.replaceRenderer)
    #expect(probe.told == 1)
  }
}
