import Testing

@testable import ShadeCLI
@testable import ShadeHost

/// The request a one-shot command hands to a store's resident process, and what decides whether
/// that process may answer it.
@Suite struct ResidentRequestTests {
    @Test func aRequestComesBackAsItWasSentWithEveryArgumentsBytes() throws {
        let request = ResidentRequest(
            program: "2049:123:88000:1764000000.5", environment: 0xDEAD_BEEF_0123_4567, store: "/home/ana/planner",
            arguments: [
                Array("--color".utf8), Array("never".utf8), Array("add".utf8), [], Array("Café 📚".utf8), [0xFF, 0xFE],
            ])
        let bytes = request.encoded()
        #expect(ResidentRequest.length(of: Array(bytes[..<4])) == bytes.count - 4)
        #expect(ResidentRequest(body: Array(bytes[4...])) == request)
    }

    @Test func aRequestWithNoArgumentsRoundTrips() {
        let request = ResidentRequest(program: "p", environment: 0, store: "s", arguments: [])
        #expect(ResidentRequest(body: Array(request.encoded()[4...])) == request)
    }

    @Test func anythingElseIsNotARequest() {
        let bytes = Array(
            ResidentRequest(program: "p", environment: 1, store: "s", arguments: [Array("day".utf8)]).encoded()[4...])
        // Cut short, another protocol, a count that does not match, garbage.
        #expect(ResidentRequest(body: Array(bytes.dropLast())) == nil)
        #expect(ResidentRequest(body: Array("shade-resident 2".utf8) + Array(bytes.drop { $0 != 0 })) == nil)
        #expect(ResidentRequest(body: bytes + Array("extra".utf8) + [0]) == nil)
        #expect(ResidentRequest(body: [1, 2, 3]) == nil)
        #expect(ResidentRequest(body: []) == nil)
        // A length beyond what is ever read is refused before anything is read.
        #expect(ResidentRequest.length(of: [0xFF, 0xFF, 0xFF, 0x7F]) == nil)
    }

    @Test func theEnvironmentsDigestIgnoresOrderAndWhatAShellChangesByItself() {
        let one = ShadeEnvironment(variables: ["A": "1", "B": "2", "PWD": "/x", "_": "/usr/bin/shade", "SHLVL": "1"])
        let two = ShadeEnvironment(variables: ["B": "2", "A": "1", "PWD": "/y", "OLDPWD": "/x", "SHLVL": "3"])
        #expect(ResidentAddress.digest(of: one) == ResidentAddress.digest(of: two))
        // Any other difference counts, a swapped value too.
        #expect(
            ResidentAddress.digest(of: one)
                != ResidentAddress.digest(of: ShadeEnvironment(variables: ["A": "2", "B": "1"])))
        #expect(
            ResidentAddress.digest(of: one)
                != ResidentAddress.digest(of: ShadeEnvironment(variables: ["A": "1", "B": "2", "C": ""])))
        #expect(
            ResidentAddress.digest(of: ShadeEnvironment(variables: ["SHADE_NOW": "2026-11-23T09:30"]))
                != ResidentAddress.digest(of: ShadeEnvironment(variables: ["SHADE_NOW": "2026-11-24T09:30"])))
    }

    @Test func shadeResidentTurnsItOffOrSetsHowLongItWaits() {
        let idle = { (value: String?) in
            ResidentAddress.idleSeconds(ShadeEnvironment(variables: value.map { ["SHADE_RESIDENT": $0] } ?? [:]))
        }
        #expect(idle(nil) == 600)
        #expect(idle("") == 600)
        #expect(idle("30") == 30)
        for off in ["off", "OFF", "no", "0", "false", "never", "-5"] { #expect(idle(off) == nil, "\(off)") }
        #expect(idle("on") == 600)
    }

    @Test func thereIsNoAddressWithoutAPrivateRuntimeFolder() {
        let store = "/"
        #expect(ResidentAddress.of(store: store, environment: ShadeEnvironment(variables: [:])) == nil)
        #expect(
            ResidentAddress.of(store: store, environment: ShadeEnvironment(variables: ["XDG_RUNTIME_DIR": "run"]))
                == nil)
        #expect(
            ResidentAddress.of(
                store: store,
                environment: ShadeEnvironment(variables: ["XDG_RUNTIME_DIR": "/", "SHADE_RESIDENT": "off"]))
                == nil)
    }

    @Test func aStoresNameIsSixteenHexDigitsOfItsPath() {
        let name = ResidentAddress.hexDigest("/home/ana/.local/share/shade")
        #expect(name.count == 16)
        #expect(name.allSatisfy { $0.isHexDigit })
        #expect(name != ResidentAddress.hexDigest("/home/ana/.local/share/shade2"))
        #expect(ResidentAddress.hexDigest("") == "cbf29ce484222325")
    }
}
