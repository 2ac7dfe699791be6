import ShadeCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The raw bytes of each argument: CommandLine.arguments would repair invalid UTF-8 silently.
let rawArguments = (1..<Int(CommandLine.argc)).map { index -> [UInt8] in
    guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
    return Array(
        UnsafeBufferPointer(
            start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
}
exit(ShadeMain.run(arguments: rawArguments, environment: .current()))
