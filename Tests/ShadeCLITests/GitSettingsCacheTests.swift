import Foundation
import Testing

@testable import ShadeHost

/// git's settings kept between runs (`GitSettingsCache`): a value asked once is read back without
/// asking while nothing git reads has changed, an unset one too; a place of its own has an entry
/// of its own; the newest `capacity` places are kept; and a cache file that is not one it wrote is
/// asked again, never trusted.
@Suite struct GitSettingsCacheTests {
    private let root = NSTemporaryDirectory() + "shade-git-settings-\(UUID().uuidString)"

    private func cache(_ place: String) -> GitSettingsCache {
        try? FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: true)
        return GitSettingsCache(
            path: root + "/git-settings", directory: root + "/planners/" + place,
            environment: ["HOME": root + "/home", "PATH": "/usr/bin:/bin"])
    }

    /// The value `cache` gives `key`, and whether it asked for it (`answer`: what asking gives).
    private func value(_ cache: GitSettingsCache, _ key: String, answer: String?) -> (String?, asked: Bool) {
        var asked = false
        let value = cache.value(key) { _ in
            asked = true
            return (answer, true)
        }
        return (value, asked)
    }

    @Test func aValueAskedOnceIsKeptWhileNothingGitReadsHasChanged() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let ana = cache("ana")
        #expect(value(ana, "user.name", answer: "Ana\tLópez ☕") == ("Ana\tLópez ☕", asked: true))
        #expect(value(ana, "user.name", answer: "never asked") == ("Ana\tLópez ☕", asked: false))
        // Unset is kept as unset; each key of a place is kept beside the others.
        #expect(value(ana, "user.email", answer: nil) == (nil, asked: true))
        #expect(value(ana, "user.email", answer: "never asked") == (nil, asked: false))
        #expect(value(ana, "user.name", answer: "never asked") == ("Ana\tLópez ☕", asked: false))
        // A changed configuration file is another fingerprint: asked again.
        try "[user]\n\tname = Ana Maria\n".write(toFile: root + "/home/.gitconfig", atomically: true, encoding: .utf8)
        #expect(value(ana, "user.name", answer: "Ana Maria") == ("Ana Maria", asked: true))
    }

    @Test func theNewestPlacesAreKeptAndAFileNotWrittenByItIsAskedAgain() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        for place in 0...GitSettingsCache.capacity {
            #expect(value(cache("\(place)"), "user.name", answer: "name \(place)").asked)
        }
        // The oldest place was let go; the others are kept, the newest first.
        #expect(value(cache("0"), "user.name", answer: "name 0").asked)
        for place in 2...GitSettingsCache.capacity {
            #expect(value(cache("\(place)"), "user.name", answer: "other") == ("name \(place)", asked: false))
        }
        for text in ["", "{\"entries\": []}", "\u{0}\u{1}\n\t\t\n", "no tab here\n"] {
            try text.write(toFile: root + "/git-settings", atomically: true, encoding: .utf8)
            #expect(value(cache("1"), "user.name", answer: "asked") == ("asked", asked: true), "\(text)")
        }
    }
}
