// Ported from Go's internal/strconv (ftoadbox.go, math.go, pow10tab.go);
// Copyright 2025 The Go Authors; BSD-style licence, see https://go.dev/LICENSE.
//
// Junekey Jeon's Dragonbox, float64 only, as Go 1.26's strconv runs it for
// the shortest form (dboxFtoa64), but handing back the decimal significand
// and exponent instead of formatting them: Append writes the digits
// itself. The steps and helpers keep upstream's names (and the paper's φ, β,
// δ) so the two read side by side. Besides the return, the changes are
// bits.Mul64 for the 128-bit products upstream builds from 32-bit halves,
// the table read directly (pow10tab.go), and no subnormal flag (below).
//
// Paper: https://github.com/jk-jeon/dragonbox/blob/d5dc40ae6a3f1a4559cda816738df2d6255b4e24/other_files/Dragonbox.pdf

package jsonfloat

import "math/bits"

// float64MantBits is p, the stored significand bits of a float64.
const float64MantBits = 52

// shortestDecimal returns the shortest digits×10^exp10 that reads back as
// the positive float64 mant×2^exp (mant with its implicit bit, exp the
// exponent of its last bit), the very digits strconv finds and prints.
// Upstream also passes whether the float is subnormal,
// only to tell the asymmetric case mant == 2^52 apart: a subnormal's mant
// is below 2^52, so mant alone tells.
func shortestDecimal(mant uint64, exp int) (digits uint64, exp10 int) {
	if mant == 1<<float64MantBits {
		// A power of two: the interval below is half the one above.
		// Algorithm 5.6 (page 24).
		k0 := -mulLog10_2MinusLog10_4Over3(exp)
		φ, β := dboxPow64(k0, exp)
		xi, zi := dboxRange64(φ, β)
		if exp != 2 && exp != 3 {
			xi++
		}
		q := zi / 10
		if xi <= q*10 {
			q, zeros := trimZeros(q)
			return q, -k0 + 1 + zeros
		}
		yru := dboxRoundUp64(φ, β)
		if exp == -77 && yru%2 != 0 {
			yru--
		} else if yru < xi {
			yru++
		}
		return yru, -k0
	}

	// κ = 2 for float64 (section 5.1.3)
	const (
		κ     = 2
		p10κ  = 100       // 10**κ
		p10κ1 = p10κ * 10 // 10**(κ+1)
	)

	// Algorithm 5.2 (page 15).
	k0 := -mulLog10_2(exp)
	φ, β := dboxPow64(κ+k0, exp)
	zi, exact := dboxMulPow64((mant*2+1)<<β, φ)
	s, r := zi/p10κ1, uint32(zi%p10κ1)
	δi := dboxDelta64(φ, β)

	if r < δi {
		if r != 0 || !exact || mant%2 == 0 {
			s, zeros := trimZeros(s)
			return s, -k0 + 1 + zeros
		}
		s--
		r = p10κ * 10
	} else if r == δi {
		parity, exact := dboxParity64(mant*2-1, φ, β)
		if parity || (exact && mant%2 == 0) {
			s, zeros := trimZeros(s)
			return s, -k0 + 1 + zeros
		}
	}

	// Algorithm 5.4 (page 18).
	D := r + p10κ/2 - δi/2
	t, ρ := D/p10κ, D%p10κ
	yru := 10*s + uint64(t)
	if ρ == 0 {
		parity, exact := dboxParity64(mant*2, φ, β)
		if parity != ((D-p10κ/2)%2 != 0) || exact && yru%2 != 0 {
			yru--
		}
	}
	return yru, -k0
}

// A uint128 is a 128-bit uint.
type uint128 struct {
	Hi uint64
	Lo uint64
}

// umul192Upper128 returns the upper 128 bits (out of 192 bits) of x * y.
func umul192Upper128(x uint64, y uint128) uint128 {
	hi, lo := bits.Mul64(x, y.Hi)
	t, _ := bits.Mul64(x, y.Lo)
	lo, carry := bits.Add64(lo, t, 0)
	return uint128{hi + carry, lo}
}

// umul192Lower128 returns the lower 128 bits (out of 192 bits) of x * y.
func umul192Lower128(x uint64, y uint128) uint128 {
	high := x * y.Hi
	highLowHi, highLowLo := bits.Mul64(x, y.Lo)
	return uint128{high + highLowHi, highLowLo}
}

// dboxMulPow64 computes x^(i), y^(i), z^(i)
// from the precomputed value of φ̃k for float64
// and also checks if x^(f), y^(f), z^(f) == 0 (section 5.2.1).
func dboxMulPow64(u uint64, phi uint128) (intPart uint64, isInt bool) {
	r := umul192Upper128(u, phi)
	return r.Hi, r.Lo == 0
}

// dboxParity64 computes only the parity of x^(i), y^(i), z^(i)
// from the precomputed value of φ̃k for float64
// and also checks if x^(f), y^(f), z^(f) = 0 (section 5.2.1).
func dboxParity64(mant2 uint64, phi uint128, beta int) (parity bool, isInt bool) {
	r := umul192Lower128(mant2, phi)
	parity = ((r.Hi >> (64 - beta)) & 1) != 0
	isInt = ((r.Hi << beta) | (r.Lo >> (64 - beta))) == 0
	return
}

// dboxDelta64 returns δ^(i) from the precomputed value of φ̃k for float64.
func dboxDelta64(φ uint128, β int) uint32 {
	return uint32(φ.Hi >> (64 - 1 - β))
}

// dboxRange64 returns the left and right float64 endpoints.
func dboxRange64(φ uint128, β int) (left, right uint64) {
	left = (φ.Hi - (φ.Hi >> (float64MantBits + 2))) >> (64 - float64MantBits - 1 - β)
	right = (φ.Hi + (φ.Hi >> (float64MantBits + 1))) >> (64 - float64MantBits - 1 - β)
	return left, right
}

// dboxRoundUp64 computes the round up of y (i.e., y^(ru)).
func dboxRoundUp64(phi uint128, beta int) uint64 {
	return (phi.Hi>>(128/2-float64MantBits-2-beta) + 1) / 2
}

// dboxPow64 gets the precomputed value of φ̃̃k for float64.
func dboxPow64(k, e int) (φ uint128, β int) {
	φ = pow10Tab[k-pow10Min]
	if k < 0 || k > 55 {
		φ.Lo++
	}
	// Upstream: β = e + e1 - 1 with pow10's binary exponent e1 = 1 + ⌊k·log2 10⌋.
	β = e + mulLog2_10(k)
	return φ, β
}

// mulLog10_2 returns math.Floor(x * log(2)/log(10)) for an integer x in
// the range -1600 <= x && x <= +1600.
func mulLog10_2(x int) int {
	// log(2)/log(10) ≈ 0.30102999566 ≈ 78913 / 2^18
	return (x * 78913) >> 18
}

// mulLog2_10 returns math.Floor(x * log(10)/log(2)) for an integer x in
// the range -500 <= x && x <= +500.
func mulLog2_10(x int) int {
	// log(10)/log(2) ≈ 3.32192809489 ≈ 108853 / 2^15
	return (x * 108853) >> 15
}

// mulLog10_2MinusLog10_4Over3 computes
// ⌊e*log10(2)-log10(4/3)⌋ = ⌊log10(2^e)-log10(4/3)⌋ (section 6.3).
func mulLog10_2MinusLog10_4Over3(e int) int {
	// e should be in the range [-2985, 2936].
	return (e*631305 - 261663) >> 21
}

// trimZeros trims trailing zeros from x: it finds the largest p such that
// x % 10^p == 0 and returns x / 10^p, p. Each step is an exact division
// by an odd multiplicative inverse, the low bits rotated in to reject a
// remainder (Hacker's Delight, 2nd ed., 10-16 and 10-17).
func trimZeros(x uint64) (uint64, int) {
	const (
		maxUint64 = 1<<64 - 1

		div1e8m  = 0xc767074b22e90e21
		div1e8le = maxUint64 / 100000000

		div1e4m  = 0xd288ce703afb7e91
		div1e4le = maxUint64 / 10000

		div1e2m  = 0x8f5c28f5c28f5c29
		div1e2le = maxUint64 / 100

		div1e1m  = 0xcccccccccccccccd
		div1e1le = maxUint64 / 10
	)

	// _ = assert[x - y] asserts at compile time that x == y.
	// Assert that the multiplicative inverses are correct
	// by checking that (div1eNm * 5^N) % 1<<64 == 1.
	var assert [1]struct{}
	_ = assert[(div1e8m*5*5*5*5*5*5*5*5)%(1<<64)-1]
	_ = assert[(div1e4m*5*5*5*5)%(1<<64)-1]
	_ = assert[(div1e2m*5*5)%(1<<64)-1]
	_ = assert[(div1e1m*5)%(1<<64)-1]

	// Cut 8 zeros, then 4, then 2, then 1.
	p := 0
	for d := bits.RotateLeft64(x*div1e8m, -8); d <= div1e8le; d = bits.RotateLeft64(x*div1e8m, -8) {
		x = d
		p += 8
	}
	if d := bits.RotateLeft64(x*div1e4m, -4); d <= div1e4le {
		x = d
		p += 4
	}
	if d := bits.RotateLeft64(x*div1e2m, -2); d <= div1e2le {
		x = d
		p += 2
	}
	if d := bits.RotateLeft64(x*div1e1m, -1); d <= div1e1le {
		x = d
		p += 1
	}
	return x, p
}
