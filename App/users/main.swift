// Placeholder for the people directory shell; the app issue replaces it.
print("users: the people directory shell is not built yet. Run `Scripts/test` to test the runtime.")
