import ShadeJSON

/// The settings file as `config` lists and changes it: every setting by its dotted path, and the
/// user's own (`user.name`, `user.email`) written.
extension Configuration {
    /// The settings of the file in `directory`, each by its dotted path (`slots.morning`), in the
    /// file's order (none when there is no file).
    public static func flattenedSettings(in directory: String) throws(HostError) -> [(key: String, value: JSONValue)] {
        flattened(try settings(at: path(in: directory)))
    }

    private static func flattened(_ object: JSONObject?) -> [(key: String, value: JSONValue)] {
        guard let object else { return [] }
        var result: [(key: String, value: JSONValue)] = []
        for (key, value) in object {
            if let inner = value.objectValue, inner.count > 0 {
                result += flattened(inner).map { (key + "." + $0.key, $0.value) }
            } else {
                result.append((key, value))
            }
        }
        return result
    }

    /// Writes `user.FIELD` (`name`, `email`) into the file in `directory`, or takes it out for nil
    /// (and the `user` object with it when it is left empty).
    public static func setUser(_ field: String, to value: String?, directory: String) throws(HostError) {
        try update(directory: directory, mode: 0o600) { object in
            var user = object["user"]?.objectValue ?? JSONObject()
            user[field] = value.map(JSONValue.string)
            object["user"] = user.count == 0 ? JSONValue?.none : .object(user)
        }
    }
}
