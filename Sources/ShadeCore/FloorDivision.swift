extension Int {
    /// Division rounding towards minus infinity (a minute before 1970 is on 1969-12-31).
    public func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
