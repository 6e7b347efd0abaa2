// A test target imports this module alone: the test store, the explorer and the runtime they test come with it,
// so a test file of a package of your own needs `import ComposableTesting` and nothing else from this one.
@_exported import Composable
@_exported import ComposableExplorer
@_exported import ComposableTestStore
