// A feature imports only `Composable`; the pieces it is built from come with it.
@_exported import Clocks
@_exported import Dependencies
@_exported import IdentifiedCollections
@_exported import IssueReporting
@_exported import ValueDump
@_exported import Sharing
