// A test target imports this module alone: the test store comes with it.
@_exported import ComposableTestStore
