import ShadeHost

extension CommandError {
    /// What the host could not do, as a command that could not be done (exit 1), its message
    /// as the host words it.
    init(_ error: HostError) {
        self = .failed(error.message)
    }
}
