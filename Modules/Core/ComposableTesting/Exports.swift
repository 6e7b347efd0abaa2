// A test target imports this module alone: the test store and the runtime it tests come with it, so a test file
// of a package of your own needs `import ComposableTesting` and nothing else from this one.
@_exported import Composable
@_exported import ComposableTestStore
