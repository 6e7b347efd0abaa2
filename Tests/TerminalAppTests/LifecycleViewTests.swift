import Composable
import TerminalApp
import TerminalUI
import Testing

/// A screen that only draws its state and lists its commands, as a feature's view does.
private struct LifecycleGauge: TerminalView {
  @MainActor func screen(of store: Store<Int, String>, in context: ScreenContext) -> TerminalScreen<Int, String> {
    let state = store.state
    return TerminalScreen(
      text: "gauge: \(state)", commands: [.simple("tap", help: "Tap.", action: "tapped")],
      backAction: "closed", id: "gauge", refusal: state < 0 ? "below zero" : nil, showsScreenBelow: true)
  }
}

/// A screen that answers its own appear and interrupt, as a composite view (a presenting one) does.
private struct LifecycleLoader: TerminalView {
  @MainActor func screen(of store: Store<Int, String>, in context: ScreenContext) -> TerminalScreen<Int, String> {
    let state = store.state
    return TerminalScreen(
      text: "loader", appearAction: state == 0 ? "load" : nil,
      fitActions: context.room.map { ["fit \($0.rows)"] } ?? [],
      interruptedActions: ["stop loading"])
  }
}

@MainActor struct LifecycleViewTests {
  @Test func aScreenWithoutModifiersSendsNothingOverItsLife() {
    let view = LifecycleGauge()
    #expect(view.appearAction(for: 1) == nil)
    #expect(view.followAction(for: 1) == nil)
    #expect(view.fitActions(for: TerminalSize(rows: 20, columns: 80), in: 1).isEmpty)
    #expect(view.interruptedActions(in: 1).isEmpty)
  }

  @Test func theModifiersSayWhatTheScreenSendsAndLeaveTheRestAsItWas() throws {
    let view = LifecycleGauge()
      .onAppear { $0 == 0 ? "load" : nil }
      .following(send: "watch")
      .onResize { room, _ in ["rows \(room.rows)"] }
      .onInterrupt { $0 == 0 ? ["cancel"] : [] }
    #expect(view.appearAction(for: 0) == "load")
    #expect(view.appearAction(for: 1) == nil)
    #expect(view.followAction(for: 1) == "watch")
    #expect(view.fitActions(for: TerminalSize(rows: 20, columns: 80), in: 1) == ["rows 20"])
    #expect(view.interruptedActions(in: 0) == ["cancel"])
    #expect(view.interruptedActions(in: 1).isEmpty)
    // Everything else is the screen's own.
    #expect(view.render(3, style: .plain) == "gauge: 3")
    #expect(view.commands(for: 3).map(\.name) == ["tap"])
    #expect(view.backAction(for: 3) == "closed")
    #expect(view.screenID(for: 3) == "gauge")
    #expect(view.refusal(in: -1) == "below zero")
    #expect(view.showsScreenBelow(for: 3))
    #expect(try view.action(for: "tap", in: 3).get() == "tapped")
  }

  @Test func modifiersOnAScreenThatAnswersItselfAddToItsAnswers() {
    let view = LifecycleLoader()
      .onAppear { $0 == 1 ? "refresh" : nil }
      .onInterrupt { _ in ["say so"] }
      .onResize { _, _ in ["page"] }
    // The modifier's action wins; where it gives none, the screen's own stands.
    #expect(view.appearAction(for: 1) == "refresh")
    #expect(view.appearAction(for: 0) == "load")
    #expect(view.appearAction(for: 2) == nil)
    // Lists are the screen's, then the modifier's.
    #expect(view.interruptedActions(in: 0) == ["stop loading", "say so"])
    #expect(view.fitActions(for: TerminalSize(rows: 9, columns: 40), in: 0) == ["fit 9", "page"])
  }

  @Test func aSecondModifierOfTheSameKindAddsToTheFirst() {
    let view = LifecycleGauge()
      .onAppear { $0 == 0 ? "first" : nil }
      .onAppear { $0 == 1 ? "second" : nil }
      .following { $0 == 0 ? "watch zero" : nil }
      .following(send: "watch")
      .onInterrupt { _ in ["a"] }
      .onInterrupt { _ in ["b"] }
    #expect(view.appearAction(for: 0) == "first")
    #expect(view.appearAction(for: 1) == "second")
    #expect(view.appearAction(for: 2) == nil)
    #expect(view.followAction(for: 0) == "watch")
    #expect(view.interruptedActions(in: 0) == ["a", "b"])
    // Still one wrapper around the screen, however many modifiers.
    #expect(type(of: view) == LifecycleView<LifecycleGauge>.self)
  }
}
