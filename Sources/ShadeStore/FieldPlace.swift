/// Where a value lies in a store file (`days.2026-11-23.morning[2].stamps.made`), put into words
/// only when a problem there is reported: a read that finds none writes out no place.
///
/// A week's read named every task, its stamps and their parts as text before it read them: four
/// strings a task, read only when something was wrong. Kept as places instead, a change to a week
/// of 140 tasks ran 0.58M fewer instructions (callgrind: 29.50M to 28.92M).
enum FieldPlace: Sendable {
    /// A place already written out (a file's top is the empty text).
    case text(String)
    /// A member of the object at a place.
    indirect case member(FieldPlace, String)
    /// An element of the array at a place.
    indirect case element(FieldPlace, Int)

    /// The place in words, as messages name it.
    var text: String {
        switch self {
        case .text(let text): text
        case .member(let parent, let key):
            switch parent.text {
            case "": key
            case let prefix: prefix + "." + key
            }
        case .element(let parent, let index): parent.text + "[" + String(index) + "]"
        }
    }
}
