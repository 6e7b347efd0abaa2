import Composable
import ComposableTesting
import TerminalApp
import TerminalUI
import Observation
import Testing

/// A gauge whose screen shows its value always and its draft only when asked to.
struct Gauge: Reducer {
  struct State: Equatable, ObservableState {
    var value = 0
    var draft = ""
    var showsDraft = false
    var notes: [String] = []
  }

  enum Action: Equatable {
    case setValue(Int)
    case type(String)
    case toggleDraft
    case note(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case let .setValue(value): state.value = value
    case let .type(text): state.draft = text
    case .toggleDraft: state.showsDraft.toggle()
    case let .note(note): state.notes.append(note)
    }
    return .none
  }
}

/// The gauge as text, rendered through a `RenderedState`, counting its renders.
struct GaugeView: FieldObservingView {
  let count: RenderCount

  typealias State = Gauge.State
  typealias Action = Gauge.Action

  func screen(reading state: RenderedState<State>, in context: ScreenContext) -> TerminalScreen<State, Action> {
    TerminalScreen(text: text(state))
  }

  private func text(_ state: RenderedState<State>) -> String {
    MainActor.assumeIsolated { count.byScreen["gauge", default: 0] += 1 }
    var text = "value: \(state.value)"
    if state.showsDraft { text += "\ndraft: \(state.draft)" }
    return text
  }
}

@MainActor struct FieldObservingViewTests {
  /// Gives a live session time to hear of a change it would render.
  private func settle() async {
    try? await Task.sleep(for: .milliseconds(150))
  }

  @Test func aLiveSessionRendersOnlyWhenAFieldTheLastRenderReadChanged() async {
    let store = Store(initialState: Gauge.State()) { Gauge() }
    let count = RenderCount()
    let (events, input) = AsyncStream<TerminalEvent>.makeStream()
    let terminal = LiveTerminal(events: events, size: { TerminalSize(rows: 24, columns: 80) }, write: { _ in })
    let session = TerminalSession(store: store, view: GaugeView(count: count), prompt: "> ")
    let run = Task { await session.runLive(terminal: terminal) }
    #expect(await eventually { count.byScreen["gauge"] == 1 })

    // Neither the draft (not shown) nor the notes (never shown) were read: nothing renders.
    store.send(.type("a"))
    store.send(.note("kept"))
    await settle()
    #expect(count.byScreen["gauge"] == 1)

    store.send(.setValue(3))
    #expect(await eventually { count.byScreen["gauge"] == 2 })

    // Showing the draft reads it: typing now renders, until it is hidden again.
    store.send(.toggleDraft)
    #expect(await eventually { count.byScreen["gauge"] == 3 })
    store.send(.type("ab"))
    #expect(await eventually { count.byScreen["gauge"] == 4 })
    store.send(.toggleDraft)
    #expect(await eventually { count.byScreen["gauge"] == 5 })
    store.send(.type("abc"))
    store.send(.note("again"))
    await settle()
    #expect(count.byScreen["gauge"] == 5)

    input.yield(.inputEnded)
    #expect(await run.value == .finished)
  }

  @Test func aScreenReadThroughTheStoreIsRenderedAgainOnlyForAFieldItRead() {
    let store = Store(initialState: Gauge.State()) { Gauge() }
    let view = GaugeView(count: RenderCount())
    var texts: [String] = []
    let token = observe { texts.append(view.screen(of: store, in: .plain).text) }
    store.send(.note("n"))
    store.send(.type("a"))
    #expect(texts == ["value: 0"])
    store.send(.setValue(1))
    #expect(texts == ["value: 0", "value: 1"])
    token.cancel()
  }

  @Test func underObservationTooOnlyAReadFieldTellsTheScreen() {
    let store = Store(initialState: Gauge.State()) { Gauge() }
    let view = GaugeView(count: RenderCount())
    let told = LockIsolated(0)
    withObservationTracking {
      _ = view.screen(of: store, in: .plain).text
    } onChange: {
      told.withValue { $0 += 1 }
    }
    store.send(.note("n"))
    #expect(told.value == 0)
    store.send(.setValue(2))
    #expect(told.value == 1)
  }

  @Test func wholeReadsOfAStoreDependOnEveryField() {
    let store = Store(initialState: Gauge.State()) { Gauge() }
    var runs = 0
    let token = observe {
      _ = RenderedState(through: store).whole
      runs += 1
    }
    store.send(.note("n"))
    #expect(runs == 2)
    token.cancel()
  }

  @Test func aComputedPropertyCountsAsReadingEveryField() {
    let store = Store(initialState: Gauge.State()) { Gauge() }
    var stored = 0
    var computed = 0
    let byCount = observe {
      _ = RenderedState(through: store).notes.count
      stored += 1
    }
    let byComputed = observe {
      _ = RenderedState(through: store).draftIsEmpty
      computed += 1
    }
    store.send(.type("x"))
    #expect(stored == 1)
    #expect(computed == 2)
    byCount.cancel()
    byComputed.cancel()
  }
}

extension Gauge.State {
  /// Computed: the field list cannot see which fields it reads.
  var draftIsEmpty: Bool { draft.isEmpty }
}
