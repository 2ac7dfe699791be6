import ShadeStore

/// What `check` adds for a shared planner (SPEC §14): git tracks only planner files of the kinds
/// that travel, each a plain file — no symbolic link, no submodule, nothing of the copy's own.
public enum SharedPlannerCheck {
    /// The problems of what git tracks in the store at `directory`; none when it is not shared.
    /// `environment` is what git runs in.
    public static func problems(in directory: String, environment: [String: String]) throws -> [StoreProblem] {
        let git = GitRepository(root: directory, name: "", email: "", environment: environment)
        // A `.git` that git does not take for a repository is no shared planner (sync says so).
        guard git.exists, let entries = try? git.indexEntries() else { return [] }
        var problems: [StoreProblem] = []
        for entry in entries {
            let file = directory + "/" + entry.path
            let kind: String? =
                switch entry.mode {
                case "120000": "a symbolic link"
                case "160000": "a submodule (a gitlink)"
                case "100644": nil
                default: "not a plain file (git mode \(entry.mode))"
                }
            if let kind {
                problems.append(
                    StoreProblem(file: file, message: "git tracks \(kind); a planner holds only plain files"))
            } else if SharedPlannerFiles.role(of: entry.path) == nil {
                problems.append(
                    StoreProblem(
                        file: file,
                        message:
                            "git tracks a file that is no planner file (this copy's own, or of no kind); 'git rm --cached' it and sync"
                    ))
            }
        }
        return problems
    }
}
