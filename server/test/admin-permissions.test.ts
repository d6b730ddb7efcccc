// The admin's permissions: the role table as documented (docs/admin.md), every admin procedure
// naming its permission in its meta (or being one of the listed sign-in procedures), and every
// procedure called by a member of every role, answered 403 exactly where the table says no.
import {
  ADMIN_MESSAGES,
  PERMISSIONS,
  type Permission,
  ROLE_PERMISSIONS,
  ROLES,
  type Role,
  roleCan,
} from "@vela/shared/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminEnUS } from "../../packages/i18n/src/messages/admin/en-US.ts";
import { adminJaJP } from "../../packages/i18n/src/messages/admin/ja-JP.ts";
import type { AdminMeta } from "../src/trpc/admin-init.ts";
import { adminAppRouter, SIGN_IN_PROCEDURES } from "../src/trpc/admin-router.ts";
import { createTestApp, SECOND_CUSTOMER, type TestApp } from "./helpers.ts";
import { GENEROUS_LIMITS } from "./support-security.ts";
import { admin, createStaff, signInStaff } from "./support-staff.ts";

type ProcedureDef = { _def: { type: "query" | "mutation" | "subscription"; meta?: AdminMeta } };
const PROCEDURES = Object.entries(
  (adminAppRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures,
).map(([path, p]) => ({ path, type: p._def.type, meta: p._def.meta ?? {} }));

describe("the role table", () => {
  it("is the one docs/admin.md shows", () => {
    expect(ROLE_PERMISSIONS).toEqual({
      owner: [
        "orders.read",
        "orders.fulfil",
        "payments.refund",
        "returns.manage",
        "customers.read",
        "customers.manage",
        "mails.resend",
        "catalogue.read",
        "catalogue.manage",
        "discounts.read",
        "discounts.manage",
        "content.manage",
        "firmware.manage",
        "staff.manage",
        "audit.read",
      ],
      manager: [
        "orders.read",
        "orders.fulfil",
        "payments.refund",
        "returns.manage",
        "customers.read",
        "customers.manage",
        "mails.resend",
        "catalogue.read",
        "catalogue.manage",
        "discounts.read",
        "discounts.manage",
        "content.manage",
        "firmware.manage",
        "audit.read",
      ],
      support: [
        "orders.read",
        "orders.fulfil",
        "returns.manage",
        "customers.read",
        "mails.resend",
        "catalogue.read",
        "discounts.read",
      ],
      fulfilment: ["orders.read", "orders.fulfil", "catalogue.read"],
      content: ["content.manage"],
    });
    expect(PERMISSIONS).toHaveLength(15);
    for (const role of ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
  });
});

describe("every admin procedure", () => {
  it("names one permission of the list in its meta, unless it is one of the listed sign-in procedures", () => {
    const unguarded = PROCEDURES.filter(
      (p) => !(p.meta.permission && (PERMISSIONS as readonly string[]).includes(p.meta.permission)),
    ).map((p) => p.path);
    expect(unguarded.sort()).toEqual([...SIGN_IN_PROCEDURES].sort());
    for (const p of PROCEDURES) {
      // One or the other, never both and never neither.
      expect(Boolean(p.meta.permission) !== Boolean(p.meta.signIn), p.path).toBe(true);
    }
  });

  it("of the sign-in kind is marked as such in its meta", () => {
    for (const path of SIGN_IN_PROCEDURES) {
      const p = PROCEDURES.find((x) => x.path === path);
      expect(p, path).toBeDefined();
      expect(["anonymous", "second-factor", "enrolment"]).toContain(p?.meta.signIn);
    }
  });
});

/** The customer the customers area's samples name (the seeded second customer, found in beforeAll). */
const sampleCustomer = { id: 0 };

/**
 * An input each staff procedure accepts, so that the call reaches its permission check with
 * something valid: a procedure added without one here fails the matrix below.
 */
const MATRIX_DISCOUNT = {
  code: "MATRIX",
  kind: "PERCENT",
  percentOff: 10,
  currencies: { USD: { amountOff: null, minimum: null }, JPY: { amountOff: null, minimum: null } },
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  combinable: false,
};

const SAMPLE_INPUTS: Record<string, (ctx: { targetId: number; role: Role }) => unknown> = {
  "staff.list": () => undefined,
  "staff.add": ({ role }) => ({ email: `new-by-${role}@vela.test`, role: "support" }),
  "staff.setRole": ({ targetId }) => ({ staffId: targetId, role: "fulfilment" }),
  "staff.disable": ({ targetId }) => ({ staffId: targetId }),
  "staff.enable": ({ targetId }) => ({ staffId: targetId }),
  "staff.issuePasswordLink": ({ targetId }) => ({ staffId: targetId }),
  "staff.resetSecondFactor": ({ targetId }) => ({ staffId: targetId }),
  "audit.list": () => ({ limit: 5 }),
  "customers.search": () => ({ q: "vela", limit: 5 }),
  "customers.get": () => ({ customerId: sampleCustomer.id }),
  "customers.sendPasswordReset": () => ({ customerId: sampleCustomer.id }),
  "customers.disable": () => ({ customerId: sampleCustomer.id }),
  "customers.enable": () => ({ customerId: sampleCustomer.id }),
  // No such return: a role allowed past the guard is answered 404 and nothing changes.
  "returns.list": () => ({ filter: "all", limit: 5 }),
  "returns.get": () => ({ returnId: 999_999 }),
  "returns.approve": () => ({ returnId: 999_999 }),
  "returns.decline": () => ({ returnId: 999_999, reason: "Sample" }),
  "returns.receive": () => ({ returnId: 999_999, lines: [{ returnLineId: 1, restock: true }] }),
  "returns.refund": () => ({ returnId: 999_999 }),
  // A seeded order at a version it never had: a role allowed past the guard is refused (409)
  // and nothing changes; a note and a resent confirmation go through.
  "orders.list": () => ({ q: "vela", limit: 5 }),
  "orders.get": () => ({ number: 1001 }),
  "orders.fulfil": () => ({ number: 1001, version: 999_999, carrier: "UPS", tracking: "1Z" }),
  "orders.refund": () => ({ number: 1001, version: 999_999, amount: "1.00", reason: "Sample" }),
  "orders.cancel": () => ({ number: 1001, version: 999_999, reason: "Sample" }),
  "orders.changeShippingAddress": () => ({
    number: 1001,
    version: 999_999,
    address: {
      name: "Sample Name",
      address1: "1 Sample St",
      city: "Portland",
      province: "OR",
      zip: "97201",
      country: "United States",
    },
  }),
  "orders.resendConfirmation": () => ({ number: 1001 }),
  "orders.addNote": () => ({ number: 1001, text: "Sample" }),
  "dashboard.summary": () => undefined,
  // No such product or variant: a role allowed past the guard is answered 404 and nothing changes.
  "products.list": () => ({ q: "vela", limit: 5 }),
  "products.get": () => ({ productId: 999_999 }),
  "products.update": () => ({
    productId: 999_999,
    version: 0,
    handle: "sample-product",
    productType: "glasses",
    texts: {
      en: { title: "Sample", description: "", seoDescription: "" },
      ja: { title: "", description: "", seoDescription: "" },
    },
    variants: [
      {
        id: 999_999,
        title: "Standard",
        titleJa: "",
        sku: "SAMPLE-1",
        available: true,
        prices: { USD: { amount: "1.00", compareAt: null }, JPY: { amount: "100", compareAt: null } },
      },
    ],
  }),
  // A draft of its own per role (the shop does not show it).
  "products.create": ({ role }) => ({
    handle: `sample-by-${role}`,
    productType: "accessories",
    texts: {
      en: { title: "Sample", description: "", seoDescription: "" },
      ja: { title: "", description: "", seoDescription: "" },
    },
    variant: {
      title: "Standard",
      titleJa: "",
      sku: `SAMPLE-${role}`,
      available: true,
      prices: { USD: { amount: "1.00", compareAt: null }, JPY: { amount: "100", compareAt: null } },
    },
  }),
  "products.setStatus": () => ({ productId: 999_999, version: 0, status: "ARCHIVED" }),
  "products.adjustStock": () => ({ variantId: 999_999, mode: "adjust", quantity: 1, reason: "RECEIVED" }),
  "products.addVariant": () => ({
    productId: 999_999,
    version: 0,
    variant: {
      title: "Matrix",
      titleJa: "",
      sku: "MATRIX-VARIANT",
      available: true,
      prices: { USD: { amount: "1.00", compareAt: null }, JPY: { amount: "100", compareAt: null } },
    },
    stock: 1,
  }),
  "products.removeVariant": () => ({ productId: 999_999, version: 0, variantId: 999_999 }),
  "products.pictures": () => ({ productId: 999_999 }),
  "products.addPicture": () => ({ productId: 999_999, data: "aGVsbG8=", altText: { en: "A", ja: "" } }),
  "products.setPictureAlt": () => ({
    pictureId: 999_999,
    altText: { en: "A", ja: "" },
    was: { en: "", ja: "" },
  }),
  "products.movePicture": () => ({ pictureId: 999_999, direction: "up" }),
  "products.deletePicture": () => ({ pictureId: 999_999 }),
  "blog.list": () => ({}),
  "blog.get": () => ({ postId: 999_999 }),
  "blog.preview": () => ({ body: "# Hello" }),
  "blog.create": ({ role }) => ({
    slug: `matrix-post-by-${role}`,
    cover: "academy-opens",
    texts: {
      en: { title: "Matrix", excerpt: "", imageAlt: "", body: "Hi" },
      ja: { title: "", excerpt: "", imageAlt: "", body: "" },
    },
  }),
  "blog.update": () => ({
    postId: 999_999,
    version: 0,
    slug: "no-such-post",
    cover: "academy-opens",
    texts: {
      en: { title: "Matrix", excerpt: "", imageAlt: "", body: "Hi" },
      ja: { title: "", excerpt: "", imageAlt: "", body: "" },
    },
  }),
  "blog.publish": () => ({ postId: 999_999, version: 0 }),
  "blog.unpublish": () => ({ postId: 999_999, version: 0 }),
  "blog.delete": () => ({ postId: 999_999, version: 0 }),
  "blog.uploadCover": () => ({ data: "bm90IGEgcGljdHVyZQ==" }),
  // Discount codes: one made per role allowed (each its own code); no such code or template to change.
  "discounts.list": () => ({ q: "SAVE" }),
  "discounts.get": () => ({ discountId: 999_999 }),
  "discounts.create": ({ role }) => ({ ...MATRIX_DISCOUNT, code: `MATRIX-${role}` }),
  "discounts.update": () => ({ ...MATRIX_DISCOUNT, discountId: 999_999, version: 0 }),
  "discounts.setDisabled": () => ({ discountId: 999_999, version: 0, disabled: true }),
  "discounts.templates": () => undefined,
  "discounts.updateTemplate": () => ({
    key: "no-such-template",
    version: 0,
    percentOff: 10,
    validDays: 90,
    usageLimit: 1,
    combinable: false,
  }),
  // Release notes: a release made once (then 409 for the next role allowed), and no such release
  // to change or delete (404); firmware: a file that is no image (400), no such version (404).
  "releaseNotes.list": () => undefined,
  "releaseNotes.get": () => ({ kind: "system", id: 999_999 }),
  "releaseNotes.createSystem": () => ({
    model: "N6",
    version: "0.0.1-matrix",
    displayVersion: "0.0.1",
    date: "2020-01-01",
    notes: { "en-US": "- Sample" },
  }),
  "releaseNotes.updateSystem": () => ({
    id: 999_999,
    rowVersion: 0,
    model: "N6",
    version: "0.0.2-matrix",
    displayVersion: "0.0.2",
    date: "2020-01-01",
    notes: { "en-US": "- Sample" },
  }),
  "releaseNotes.createApp": () => ({
    app: "spacewalker",
    platform: "iOS",
    version: "0.0.1-matrix",
    date: "2020-01-01",
    notes: { "en-US": "- Sample" },
  }),
  "releaseNotes.updateApp": () => ({
    id: 999_999,
    rowVersion: 0,
    app: "spacewalker",
    platform: "iOS",
    version: "0.0.2-matrix",
    date: "2020-01-01",
    notes: { "en-US": "- Sample" },
  }),
  "releaseNotes.delete": () => ({ kind: "app", id: 999_999, rowVersion: 0 }),
  "firmware.list": () => ({ model: "N6" }),
  "firmware.add": () => ({
    model: "N6",
    label: "0.0.1",
    releaseDate: "2020-01-01",
    notes: { "en-US": "- Sample" },
    image: "aGVsbG8=",
  }),
  "firmware.update": () => ({
    id: 999_999,
    rowVersion: 0,
    releaseDate: "2020-01-01",
    notes: { "en-US": "- Sample" },
  }),
  "firmware.setStatus": () => ({ id: 999_999, rowVersion: 0, status: "WITHDRAWN" }),
  "catalogueCsv.export": () => undefined,
  "catalogueCsv.previewImport": () => ({ csv: "handle\r\n" }),
  "catalogueCsv.applyImport": () => ({ csv: "handle\r\n", token: "not-a-preview" }),
};

describe("the permission matrix: every staff procedure by every role", () => {
  let t: TestApp;
  const cookies = new Map<Role, string>();
  let targetId = 0;

  beforeAll(async () => {
    t = await createTestApp({ rateLimits: GENEROUS_LIMITS });
    targetId = (await createStaff(t, "target@vela.test", "fulfilment")).id;
    sampleCustomer.id = (
      await t.db.customer.findUniqueOrThrow({ where: { email: SECOND_CUSTOMER.email } })
    ).id;
    for (const role of ROLES) {
      const member = await createStaff(t, `${role}@vela.test`, role);
      cookies.set(role, await signInStaff(t, member));
    }
  });
  afterAll(() => t.close());

  const guarded = PROCEDURES.filter((p) => p.meta.permission);

  it("has a sample input for every staff procedure", () => {
    expect(guarded.map((p) => p.path).sort()).toEqual(Object.keys(SAMPLE_INPUTS).sort());
  });

  it("answers 403 where the role lacks the permission and changes nothing; otherwise the call goes through", async () => {
    const answers: string[] = [];
    for (const role of ROLES) {
      for (const p of guarded) {
        const permission = p.meta.permission as Permission;
        const auditBefore = await t.db.auditEvent.count();
        const staffBefore = await t.db.staff.findMany({ orderBy: { id: "asc" } });
        const res = await admin(
          t,
          p.type === "query" ? "query" : "mutation",
          p.path,
          SAMPLE_INPUTS[p.path]?.({ targetId, role }),
          { cookie: cookies.get(role) },
        );
        answers.push(`${role} ${p.path} ${res.status}`);
        if (roleCan(role, permission)) {
          expect([401, 403], `${role} ${p.path}: ${res.res.body}`).not.toContain(res.status);
        } else {
          expect(res.status, `${role} ${p.path}`).toBe(403);
          expect(res.error?.message).toBe(ADMIN_MESSAGES.forbidden);
          expect(await t.db.auditEvent.count()).toBe(auditBefore);
          expect(await t.db.staff.findMany({ orderBy: { id: "asc" } })).toEqual(staffBefore);
        }
      }
    }
    // Every role met the guard on every procedure: nothing was skipped.
    expect(answers).toHaveLength(ROLES.length * guarded.length);
  });

  it("answers 401 to a caller without a staff session, for every staff procedure", async () => {
    for (const p of guarded) {
      const res = await admin(
        t,
        p.type === "query" ? "query" : "mutation",
        p.path,
        SAMPLE_INPUTS[p.path]?.({ targetId, role: "owner" }),
      );
      expect(res.status, p.path).toBe(401);
      expect(res.error?.message).toBe(ADMIN_MESSAGES.notSignedIn);
    }
  });
});

describe("the admin's texts", () => {
  it("every answer of the admin server has its English and Japanese text in the admin's catalogue", () => {
    for (const [key, text] of Object.entries(ADMIN_MESSAGES)) {
      const id = `admin.server.${key}` as keyof typeof adminEnUS;
      expect(adminEnUS[id], id).toBe(text);
      expect(adminJaJP[id], id).toMatch(/\S/);
      expect(adminJaJP[id]).not.toBe(text);
    }
    for (const role of ROLES) expect(adminJaJP[`admin.role.${role}`]).toMatch(/\S/);
    for (const p of PERMISSIONS) expect(adminJaJP[`admin.permission.${p}`]).toMatch(/\S/);
  });
});
