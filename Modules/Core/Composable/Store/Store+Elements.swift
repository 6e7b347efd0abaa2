extension Store where Action: CasePathable {
  /// One store per row of the list at `toRows`, in order: TCA's `ForEach(store.scope(state: \.rows, action:
  /// \.rows))`. Each reads its row by id (the last state it had once the row is removed), sends as that row, and
  /// tells an observer only of the fields of its row it read; a row's store is the same one at every call while
  /// something keeps it, so a view of a row is kept across the list's renders.
  public func scope<ID: Hashable & Sendable, Row, RowAction>(
    state toRows: KeyPath<State, IdentifiedArray<ID, Row>>,
    action toRowAction: CaseKeyPath<Action, IdentifiedAction<ID, RowAction>>
  ) -> [Store<Row, RowAction>] {
    readStructure(
      of: toRows, at: scopePath?.appending(path: toRows), read: Self.reader(from: readFromRoot, at: toRows),
      structure: \.ids)
    let rows = readState()[keyPath: toRows]
    let embed = Action.casePath(toRowAction).embed
    let watch = rowWatch(at: toRows, ids: \.ids, writes: \.elementWrites)
    return rows.ids.compactMap { id in
      rows[id: id].map { row in
        let toRow = toRows.appending(path: \IdentifiedArray<ID, Row>.[id: id])
        let key = ScopeCacheKey(state: toRow, action: toRowAction)
        if let cached = cachedChild(at: key) as? Store<Row, RowAction> { return cached }
        let child = scope(present: toRow, initially: row, rowSource: watch?.source(for: id)) {
          embed(.element(id: id, action: $0))
        }
        cacheChild(child, at: key)
        return child
      }
    }
  }

  /// One store per screen of the navigation stack at `toPath`, bottom first, with its id: what a
  /// `NavigationStack` shows. Each reads its screen by id (the last state it had once popped) and sends as it; a
  /// screen's store is the same one at every call while something keeps it.
  public func scope<Element, ElementAction>(
    state toPath: KeyPath<State, StackState<Element>>,
    action toPathAction: CaseKeyPath<Action, StackAction<Element, ElementAction>>
  ) -> [(id: StackElementID, store: Store<Element, ElementAction>)] {
    readStructure(
      of: toPath, at: scopePath?.appending(path: toPath), read: Self.reader(from: readFromRoot, at: toPath),
      structure: \.ids)
    let path = readState()[keyPath: toPath]
    let embed = Action.casePath(toPathAction).embed
    let watch = rowWatch(at: toPath, ids: \.ids, writes: \.elementWrites)
    return path.ids.compactMap { id in
      path[id: id].map { element in
        let toElement = toPath.appending(path: \StackState<Element>.[id: id])
        let key = ScopeCacheKey(state: toElement, action: toPathAction)
        if let cached = cachedChild(at: key) as? Store<Element, ElementAction> { return (id, cached) }
        let store = scope(present: toElement, initially: element, rowSource: watch?.source(for: id)) {
          embed(.element(id: id, action: $0))
        }
        cacheChild(store, at: key)
        return (id, store)
      }
    }
  }
}

extension Store {
  /// The watch of the list at `toRows`, shared by the hubs of its rows, when a key path leads to it from the root.
  func rowWatch<Rows, ID: Hashable>(
    at toRows: KeyPath<State, Rows>, ids: @escaping (Rows) -> [ID], writes: @escaping (Rows) -> ElementWrites
  ) -> RowWatch<ID>? {
    guard let path = scopePath?.appending(path: toRows), let read = Self.reader(from: readFromRoot, at: toRows)
    else { return nil }
    return observationRoot.rowWatch(at: path) {
      RowWatch(root: observationRoot, path: path, read: read, ids: ids, writes: writes)
    }
  }
}
