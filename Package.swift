// swift-tools-version: 6.1
import PackageDescription

/// The folder this manifest is in (the linker is given a file of it by its full path).
let packageDirectory = String(#filePath.dropLast("/Package.swift".count))

let package = Package(
    name: "shade",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "shade", targets: ["shade"]),
        .executable(name: "shade-bench", targets: ["shade-bench"]),
        .executable(name: "shade-fuzz", targets: ["shade-fuzz"]),
        .executable(name: "shade-caldav", targets: ["shade-caldav"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.0"),
        .package(url: "https://github.com/JohnSundell/Plot.git", from: "0.14.0"),
        .package(url: "https://github.com/yaslab/CSV.swift.git", from: "2.5.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"])]
        ),
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .systemLibrary(
            name: "CLibical",
            pkgConfig: "libical",
            providers: [.apt(["libical-dev"])]
        ),
        .target(name: "ShadeCore"),
        .target(name: "ShadePlatform"),
        .target(name: "ShadeJSON", dependencies: ["CJSONC", "ShadePlatform"]),
        .target(name: "ShadeCalendar", dependencies: ["CLibical", "ShadePlatform"]),
        .target(name: "CSystemCalls"),
        .target(name: "ShadeStore", dependencies: ["ShadeCore", "ShadeJSON", "CSystemCalls", "ShadePlatform"]),
        .target(name: "ShadeRendering", dependencies: ["ShadeCore", "ShadeJSON", "ShadeStore"]),
        .target(
            name: "ShadeHost",
            dependencies: ["ShadeCore", "ShadeJSON", "ShadeStore", "CSystemCalls", "ShadePlatform"]),
        .target(
            name: "ShadeSync",
            dependencies: ["ShadeCore", "ShadeJSON", "ShadeStore", "ShadeHost", "ShadeInterchange", "ShadePlatform"]),
        .target(
            name: "ShadeReport",
            dependencies: ["ShadeCore", "ShadeRendering", .product(name: "Plot", package: "Plot")]),
        .target(
            name: "ShadeInterchange",
            dependencies: [
                "ShadeCore", "ShadeJSON", "ShadeStore", "ShadeCalendar", "ShadePlatform",
                .product(name: "CSV", package: "CSV.swift"),
            ]),
        .target(name: "ShadeManual", dependencies: ["ShadeCore", "ShadeRendering"]),
        .target(name: "ShadeCompletion"),
        .target(
            name: "ShadeCLI",
            dependencies: [
                "ShadeCore", "ShadeJSON", "ShadeStore", "ShadeRendering", "ShadeReport", "ShadeInterchange",
                "ShadeHost", "ShadeSync", "ShadeManual", "ShadeCompletion", "CEditLine", "ShadePlatform",
            ]
        ),
        .executableTarget(
            name: "shade", dependencies: ["ShadeCLI", "CSystemCalls", "ShadePlatform"],
            exclude: ["hot-functions.order"],
            linkerSettings: [
                // The functions the everyday commands run, linked next to each other (the list:
                // scripts/order-functions): a command's code is read in by fewer page faults.
                .unsafeFlags(
                    [
                        "-use-ld=gold", "-Xlinker",
                        "--section-ordering-file=\(packageDirectory)/Sources/shade/hot-functions.order",
                    ], .when(platforms: [.linux], configuration: .release))
            ]),
        .executableTarget(
            name: "shade-bench",
            dependencies: [
                "ShadeCLI", "ShadeHost", "ShadeStore", "ShadeCore", "ShadeJSON", "CSystemCalls", "ShadePlatform",
                "ShadeTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "shade-fuzz", dependencies: ["ShadeFuzzChecks", "ShadeStore", "ShadePlatform"]),
        // The CalDAV client shade runs as a child process (URLSession and FoundationXML stay out of
        // every other command's process).
        .executableTarget(name: "shade-caldav"),
        .testTarget(
            name: "ShadeCoreTests",
            dependencies: [
                "ShadeCore", "ShadeTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "ShadeJSONTests",
            dependencies: [
                "ShadeJSON", "ShadeTestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(name: "ShadeCalendarTests", dependencies: ["ShadeCalendar"]),
        .target(name: "ShadeTestSupport", dependencies: ["ShadeCore", "CSystemCalls"], path: "Tests/ShadeTestSupport"),
        .target(
            name: "ShadeFuzzChecks",
            dependencies: ["ShadeCLI", "ShadeCore", "ShadeHost", "ShadeStore", "ShadeInterchange", "ShadePlatform"],
            path: "Tests/ShadeFuzzChecks"),
        .testTarget(
            name: "ShadeStoreTests",
            dependencies: [
                "ShadeStore", "ShadeCore", "ShadeJSON", "ShadeTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "ShadeRenderingTests",
            dependencies: ["ShadeRendering", "ShadeCore", "ShadeJSON", "ShadeStore", "ShadeTestSupport"],
            exclude: ["Golden"]),
        .testTarget(name: "ShadeReportTests", dependencies: ["ShadeReport", "ShadeCore", "ShadeTestSupport"]),
        .testTarget(
            name: "ShadeInterchangeTests",
            dependencies: ["ShadeInterchange", "ShadeCore", "ShadePlatform"]),
        .testTarget(
            name: "ShadeCLITests",
            dependencies: [
                "ShadeCLI", "ShadeHost", "ShadeStore", "ShadeCore", "ShadeManual", "ShadeCompletion",
                "ShadeFuzzChecks",
            ]),
        .testTarget(
            name: "ShadeEndToEndTests",
            dependencies: [
                "ShadeJSON", "ShadeStore", "ShadeTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ], exclude: ["Golden"]),
    ]
)

// In shade's own targets (not the packages it depends on), concrete generic types are reached
// through metadata accessors rather than by demangling their mangled names at first use: a
// one-shot command touches hundreds of types once each, and the runtime's demangling and
// conformance scans cost it more than the work it came for.
//
// In a release build for Linux each function is a section of its own, so that the link of `shade`
// can put the functions the everyday commands run next to each other (its linker settings).
for target in package.targets where target.type != .system {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
            .unsafeFlags(["-Xfrontend", "-function-sections"], .when(platforms: [.linux], configuration: .release)),
        ]
    if target.name == "CSystemCalls" {
        target.cSettings =
            (target.cSettings ?? []) + [
                .unsafeFlags(["-ffunction-sections"], .when(platforms: [.linux], configuration: .release))
            ]
    }
}
