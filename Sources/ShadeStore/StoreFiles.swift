import ShadePlatform

/// The files under a store that could be store files (every `.json` outside the work
/// directories), relative to the root, in a stable order; what each is, the registry
/// (`StoreFileKind`) says.
struct StoreFiles {
    let paths: StorePaths

    func all() throws(StoreError) -> [String] { try files(under: "") }

    private func files(under prefix: String) throws(StoreError) -> [String] {
        var result: [String] = []
        let directory = prefix.isEmpty ? paths.root : paths.absolute(prefix)
        for name in try FileSystem.list(directory).sorted() where !name.hasPrefix(".") {
            let relative = prefix.isEmpty ? name : prefix + "/" + name
            if name.hasSuffix(".json") {
                // An earlier shade's pending commit is finished by recovery, not read as data.
                if relative != "commit.json" { result.append(relative) }
            } else if !(prefix.isEmpty && StorePaths.workDirectories.contains(name)) {
                if (try? FileSystem.list(paths.absolute(relative))) != nil {
                    result += try files(under: relative)
                } else if FileStamp.status(of: paths.absolute(relative)).map({ $0.st_mode & S_IFMT == S_IFLNK }) == true
                {
                    // A link where a folder could be is never listed through; kept, so that what
                    // reads each file names it.
                    result.append(relative)
                }
            }
        }
        return result
    }
}
