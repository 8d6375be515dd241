import { describe, expect, it } from "vitest";
import { ADMIN_ORDER_STATUSES, statusOptionLabel } from "./admin.ts";

describe("statusOptionLabel", () => {
  it("names Cancelled from Shipped as a parcel returned to sender", () => {
    expect(statusOptionLabel("Shipped", "Cancelled")).toBe("Cancelled — returned to sender");
  });

  it("leaves every other choice as the status itself", () => {
    for (const current of ["Pending", ...ADMIN_ORDER_STATUSES]) {
      for (const option of ADMIN_ORDER_STATUSES) {
        if (current === "Shipped" && option === "Cancelled") continue;
        expect(statusOptionLabel(current, option)).toBe(option);
      }
    }
  });
});
