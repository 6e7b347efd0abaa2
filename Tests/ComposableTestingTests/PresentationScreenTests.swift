import ComposableTesting
import Testing

/// TCA's integration screen "Presentation": the same counter as a sheet, a popover and a full-screen cover.
struct Presentations: Reducer {
  struct State: Equatable, ObservableState {
    @Presents var sheet: Counter.State?
    @Presents var popover: Counter.State?
    @Presents var fullScreenCover: Counter.State?
  }

  enum Action: Equatable, CasePathable {
    case sheet(PresentationAction<Counter.Action>)
    case popover(PresentationAction<Counter.Action>)
    case fullScreenCover(PresentationAction<Counter.Action>)
    case presentSheetButtonTapped
    case presentPopoverButtonTapped
    case presentFullScreenCoverButtonTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .presentSheetButtonTapped: state.sheet = Counter.State(id: 1)
      case .presentPopoverButtonTapped: state.popover = Counter.State(id: 2)
      case .presentFullScreenCoverButtonTapped: state.fullScreenCover = Counter.State(id: 3)
      case .sheet, .popover, .fullScreenCover: break
      }
      return .none
    }
    .ifLet(\.$sheet, action: \.sheet) { Counter() }
    .ifLet(\.$popover, action: \.popover) { Counter() }
    .ifLet(\.$fullScreenCover, action: \.fullScreenCover) { Counter() }
  }
}

@MainActor func presentationsView(_ store: StoreOf<Presentations>) -> HarnessView {
  HarnessView("Presentations", store: store) { content in
    content.text("Presentations")
    if let sheet = store.scope(state: \.sheet, action: \.sheet.presented) {
      content.show(counterView(sheet, named: "Sheet"))
    }
    if let popover = store.scope(state: \.popover, action: \.popover.presented) {
      content.show(counterView(popover, named: "Popover"))
    }
    if let cover = store.scope(state: \.fullScreenCover, action: \.fullScreenCover.presented) {
      content.show(counterView(cover, named: "Cover"))
    }
  }
}

@MainActor struct PresentationScreenTests {
  @Test(arguments: ViewHarness.Tracking.allCases) func eachPresentationShowsAndGoesWithItsParentRenderedOnlyThen(
    tracking: ViewHarness.Tracking
  ) {
    let store = Store(initialState: Presentations.State()) { Presentations() }
    let harness = ViewHarness(presentationsView(store), keptBy: tracking)
    #expect(harness.screen == ["Presentations"])

    store.send(.presentSheetButtonTapped)
    #expect(harness.settle() == ["Presentations", "Sheet"])
    store.send(.presentPopoverButtonTapped)
    #expect(harness.settle() == ["Presentations", "Popover"], "the sheet is kept, not rendered")
    store.send(.presentFullScreenCoverButtonTapped)
    #expect(harness.settle() == ["Presentations", "Cover"])
    #expect(harness.screen == ["Presentations", "Sheet: 0", "Popover: 0", "Cover: 0"])

    store.send(.popover(.presented(.incrementButtonTapped)))
    #expect(harness.settle() == ["Popover"])
    store.send(.fullScreenCover(.presented(.toggleDisplayButtonTapped)))
    #expect(harness.settle() == ["Cover"])
    #expect(harness.screen == ["Presentations", "Sheet: 0", "Popover: 1", "Cover: hidden"])

    store.send(.sheet(.dismiss))
    #expect(harness.settle() == ["Presentations"])
    store.send(.popover(.dismiss))
    store.send(.fullScreenCover(.dismiss))
    // Two sends before a frame: SwiftUI renders once; `observe { }` runs once per send.
    #expect(harness.settle() == (tracking == .observation ? ["Presentations"] : ["Presentations", "Presentations"]))
    #expect(harness.screen == ["Presentations"])
  }

  @Test(arguments: ViewHarness.Tracking.allCases) func aSheetPresentedAgainIsANewViewWithANewStore(
    tracking: ViewHarness.Tracking
  ) throws {
    let store = Store(initialState: Presentations.State()) { Presentations() }
    let harness = ViewHarness(presentationsView(store), keptBy: tracking)
    store.send(.presentSheetButtonTapped)
    harness.settle()
    let first = try #require(store.scope(state: \.sheet, action: \.sheet.presented))
    first.send(.incrementButtonTapped)
    store.send(.sheet(.dismiss))
    // SwiftUI's frame comes after both sends, when the sheet is gone; `observe { }` ran the sheet for the first.
    #expect(harness.settle() == (tracking == .observation ? ["Presentations"] : ["Sheet", "Presentations"]))
    store.send(.presentSheetButtonTapped)
    #expect(harness.settle() == ["Presentations", "Sheet"])
    #expect(harness.screen == ["Presentations", "Sheet: 0"])
    #expect(store.scope(state: \.sheet, action: \.sheet.presented) !== first)
  }

  @Test(arguments: ViewHarness.Tracking.allCases)
  func aSheetTheUserSwipesAwayIsDismissedAndSwiftUIsLateNilIsDroppedSilently(tracking: ViewHarness.Tracking) throws {
    let store = Store(initialState: Presentations.State()) { Presentations() }
    let harness = ViewHarness(presentationsView(store), keptBy: tracking)
    let sheet = store.presentation(state: \.sheet, action: \.sheet)
    #expect(sheet.wrappedValue == nil)
    store.send(.presentSheetButtonTapped)
    harness.settle()
    let presented = try #require(sheet.wrappedValue)
    #expect(sheet.wrappedValue === presented, "the same store while it is presented")

    sheet.wrappedValue = nil
    #expect(store.sheet == nil, "the user's dismissal is sent")
    #expect(harness.settle() == ["Presentations"])

    // The feature dismisses the popover itself; SwiftUI then writes nil as it goes. A '.dismiss' sent now would
    // report that nothing was presented, and fail this test.
    store.send(.presentPopoverButtonTapped)
    let popover = store.presentation(state: \.popover, action: \.popover)
    store.send(.popover(.dismiss))
    popover.wrappedValue = nil
    #expect(store.popover == nil)
  }
}
