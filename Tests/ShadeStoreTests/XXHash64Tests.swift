import Testing

@testable import ShadeStore

/// XXH64 as its specification gives it: the values below are libxxhash's (0.8.1, `XXH64`) for
/// the same bytes and seeds, across every path of the algorithm (under 4, 8 and 32 bytes, whole
/// stripes, and the tails after them).
@Suite struct XXHash64Tests {
    @Test func matchesTheReferenceForTexts() {
        let cases: [(String, UInt64, UInt64)] = [
            ("", 0xEF46_DB37_51D8_E999, 0xD5AF_BA13_36A3_BE4B),
            ("a", 0xD24E_C4F1_A98C_6E5B, 0xDEC2_BC81_C3CD_46C6),
            ("abc", 0x44BC_2CF5_AD77_0999, 0xBEA9_CA81_9932_8908),
            ("Nobody inspects the spammish repetition", 0xFBCE_A83C_8A37_8BF1, 0x43F4_2544_8D95_4DB6),
            ("0123456789abcdef0123456789abcdef0", 0xE876_84F0_8D6D_0816, 0x722E_041F_63BF_8817),
        ]
        for (text, seedZero, seedOne) in cases {
            #expect(XXHash64.hash(Array(text.utf8), seed: 0) == seedZero, "\(text)")
            #expect(XXHash64.hash(Array(text.utf8), seed: 1) == seedOne, "\(text)")
        }
    }

    @Test func matchesTheReferenceAtEveryLengthThatTakesAnotherPath() {
        // Byte i is i × 7 + 3 (mod 256).
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
        let seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        let cases: [(Int, UInt64, UInt64)] = [
            (0, 0xEF46_DB37_51D8_E999, 0xC434_9FC9_3C01_0000),
            (1, 0x1F25_C8D0_BC1F_4BB6, 0x7982_6BCD_749D_267A),
            (3, 0x31D2_363F_52E5_64C9, 0x78EF_D775_75E2_6575),
            (4, 0x9BB6_4B7D_66EE_9FDA, 0x6F0A_6C97_D68B_F353),
            (7, 0x9A7B_1499_59CE_60D8, 0xD97E_DE93_C9D6_6A0D),
            (8, 0xDAB9_9D95_C6F9_0092, 0xA2F1_E284_37A7_8A1B),
            (31, 0xA2AA_5F33_CC4A_6119, 0x7554_3727_1D1D_0A84),
            (32, 0x23C3_C17E_F790_FD97, 0xBF62_4B93_2C09_0428),
            (33, 0x50A7_CFC7_BA58_8784, 0x7ACE_AF1E_9D34_EA35),
            (63, 0x5E3E_54B4_31C7_493C, 0x2C8D_DCE5_C85D_0D9D),
            (64, 0x0EB6_4B3E_F6EE_B01F, 0x4AF3_41F1_4E3A_6FC9),
            (100, 0xA61F_8D4C_170F_E531, 0xF6D8_F65C_625A_BB4F),
            (1000, 0x5F23_5FA0_33F1_A3FB, 0x442A_CD0A_822E_86F6),
        ]
        for (length, seedZero, seeded) in cases {
            #expect(XXHash64.hash(Array(bytes[..<length]), seed: 0) == seedZero, "\(length) bytes")
            #expect(XXHash64.hash(Array(bytes[..<length]), seed: seed) == seeded, "\(length) bytes, seeded")
        }
    }

    /// Taken in pieces, the hash is the hash of the pieces one after another, wherever they cut
    /// (within a stripe of 32, across several, or empty).
    @Test func inPiecesItIsTheHashOfTheWhole() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
        for cuts in [[0], [1], [31], [32], [33], [5, 7], [20, 50, 51], [0, 0, 999], [100, 131, 500, 999], [1000]] {
            var stream = XXHash64.Stream(seed: 0)
            var start = 0
            for cut in cuts + [bytes.count] {
                stream.add(bytes[start..<max(start, cut)])
                start = max(start, cut)
            }
            #expect(stream.value == 0x5F23_5FA0_33F1_A3FB, "\(cuts)")
        }
    }
}
