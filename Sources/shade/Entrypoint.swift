import CSystemCalls
import ShadeCLI
import ShadePlatform

// No fastbins: a week's json-c tree is hundreds of thousands of small blocks, and freeing them
// into fastbins makes glibc consolidate them all at the next large allocation. Measured on a week of
// 10,000 tasks (`day`, median task-clock of 11 runs): 311 ms with fastbins, 277 ms without; a week of
// 100 tasks is unchanged (10.4 and 10.2 ms).
shade_tune_allocator()

// The raw bytes of each argument: CommandLine.arguments would repair invalid UTF-8 silently.
let rawArguments = (1..<Int(CommandLine.argc)).map { index -> [UInt8] in
    guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
    return Array(
        UnsafeBufferPointer(
            start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
}
exit(ShadeMain.run(arguments: rawArguments, environment: .current()))
