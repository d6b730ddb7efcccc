import { describe, expect, it } from "vitest";
import { confirmationError } from "./validation.ts";

describe("confirmationError: the one rule for a repeated password", () => {
  it("refuses a confirmation that differs from the password, in the page's own words", () => {
    expect(confirmationError("long-enough-1", "long-enough-2", "Passwords do not match")).toBe(
      "Passwords do not match",
    );
    expect(confirmationError("long-enough-1", "", "New passwords do not match")).toBe(
      "New passwords do not match",
    );
  });

  it("accepts an equal confirmation, and says nothing while the password is blank", () => {
    expect(confirmationError("long-enough-1", "long-enough-1", "x")).toBeUndefined();
    expect(confirmationError("", "", "x")).toBeUndefined();
    expect(confirmationError("", "something", "x")).toBeUndefined();
  });
});
