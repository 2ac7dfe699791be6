// The C library of the platform, imported once for every target that calls it.
//
// What belongs here: the one conditional import of the system's C library (Glibc on Linux,
// Musl for static builds, Darwin on macOS). Nothing else: no types, no helpers. A target that
// needs `open`, `errno` or `getenv` imports `ShadePlatform` instead of repeating the `#if` block.
// It must never import any shade target.

#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Musl)
    @_exported import Musl
#elseif canImport(Darwin)
    @_exported import Darwin
#endif
