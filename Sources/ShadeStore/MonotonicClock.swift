import ShadePlatform

/// The monotonic clock (`CLOCK_MONOTONIC`), for how long something took or has waited; never for
/// dates (the planner's clock is a `Moment`, passed in).
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary start (the machine's boot, on Linux).
    public static var nanoseconds: UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }

    /// `nanoseconds`, in seconds.
    public static var seconds: Double { Double(nanoseconds) / 1e9 }
}
