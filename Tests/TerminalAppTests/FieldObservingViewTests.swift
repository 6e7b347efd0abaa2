import Composable
import ComposableTesting
import TerminalApp
import TerminalUI
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

  @Test func aDrawnScreenIsOutdatedOnlyByAFieldItReadAndOneNotYetDrawnByAnyField() {
    let view = GaugeView(count: RenderCount())
    var notes = Gauge.State()
    notes.notes = ["n"]
    var value = Gauge.State()
    value.value = 1

    let screen = view.screen(for: Gauge.State(), in: .plain)
    // What the text reads is not known before it is drawn.
    #expect(screen.isOutdated(by: notes))
    #expect(!screen.isOutdated(by: Gauge.State()))
    #expect(screen.text == "value: 0")
    #expect(!screen.isOutdated(by: notes))
    #expect(screen.isOutdated(by: value))
  }

  @Test func outsideALiveSessionAnyFieldsChangeCountsAndWholeReadsEverything() {
    let view = GaugeView(count: RenderCount())
    var changed = Gauge.State()
    changed.notes = ["n"]
    // No render was kept to compare with: a change of any field may show.
    #expect(view.screenChanges(from: Gauge.State(), to: changed))
    #expect(!view.screenChanges(from: Gauge.State(), to: Gauge.State()))

    let reads = StateFieldReads<Gauge.State>()
    let rendered = RenderedState(changed, reads: reads)
    #expect(rendered.value == 0)
    #expect(!reads.changed(from: Gauge.State(), to: changed))
    _ = rendered.whole
    #expect(reads.changed(from: Gauge.State(), to: changed))
  }

  @Test func aComputedPropertyCountsAsReadingEveryField() {
    let reads = StateFieldReads<Gauge.State>()
    _ = RenderedState(Gauge.State(), reads: reads).notes.count
    var other = Gauge.State()
    other.draft = "x"
    #expect(!reads.changed(from: Gauge.State(), to: other))
    _ = RenderedState(Gauge.State(), reads: reads).draftIsEmpty
    #expect(reads.changed(from: Gauge.State(), to: other))
  }
}

extension Gauge.State {
  /// Computed: the field list cannot see which fields it reads.
  var draftIsEmpty: Bool { draft.isEmpty }
}
