// What the benchmarks check out with: a US address the quote accepts and the test provider's
// card that always authorises (docs/checkout.md, "Test cards").
export const BENCH_ADDRESS = {
  firstName: "Bench",
  lastName: "Buyer",
  address1: "1 Market St",
  city: "San Francisco",
  province: "CA",
  country: "US",
  zip: "94105",
} as const;
export const BENCH_CARD = { number: "4242424242424242", expiry: "12/40", cvc: "123" } as const;
