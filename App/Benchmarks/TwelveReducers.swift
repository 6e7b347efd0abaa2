import Composable

/// A body of twelve reducers: this target compiles with -warn-long-expression-type-checking=200,
/// so a body this long that type-checks slowly fails the zero-warning build.
struct TwelveReducers: Reducer {
  var body: some Reducer<Int, Void> {
    Reduce { state, _ in
      state += 1; return .none
    }
    Reduce { state, _ in
      state += 1; return .none
    }
    Reduce { state, _ in
      state += 1; return .none
    }
    Reduce { state, _ in
      state += 1; return .none
    }
    Reduce { state, _ in
      state += 1; return .none
    }
    Reduce { state, _ in
      state += 1; return .none
    }
    Reduce { state, _ in
      state += 1; return .none
    }
    Reduce { state, _ in
      state += 1; return .none
    }
    Reduce { state, _ in
      state += 1; return .none
    }
    Reduce { state, _ in
      state += 1; return .none
    }
    Reduce { state, _ in
      state += 1; return .none
    }
    Reduce { state, _ in
      state += 1; return .none
    }
  }
}
