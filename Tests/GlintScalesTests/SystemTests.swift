import Testing
@testable import GlintScales

/// The thread count follows the CPUs a process may use, not the host's.
@Suite struct SystemTests {
    @Test(arguments: [
        ("200000 100000", nil, nil, 2 as Int?), ("150000 100000", nil, nil, 2), ("max 100000", nil, nil, nil),
        (nil, "400000", "100000", 4), (nil, "-1", "100000", nil), (nil, "50000\n", "100000\n", 1), (nil, nil, nil, nil),
    ] as [(String?, String?, String?, Int?)])
    func cgroupQuotasRoundUpToWholeCPUs(cpuMax: String?, quota: String?, period: String?, expected: Int?) {
        #expect(System.cgroupQuota(cpuMax: cpuMax, cfsQuota: quota, cfsPeriod: period) == expected)
    }

    @Test func theAffinityMaskIsCounted() {
        #expect(System.allowedCPUs("Name:\tglint\nCpus_allowed:\tff,0000000f\nCpus_allowed_list:\t0-3,32-39\n") == 12)
        #expect(System.allowedCPUs("Cpus_allowed:\t1\n") == 1)
        #expect(System.allowedCPUs("Name:\tx\n") == nil)
    }

    @Test func coreCountIsWithinTheAffinityMask() {
        #expect(System.coreCount >= 1 && System.coreCount <= System.affinityCount)
    }
}
