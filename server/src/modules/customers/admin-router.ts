// The admin's customers area: `customers.read` reads, `customers.manage` acts. Thin: the
// service holds the rules; each action answers with the customer's page as it now stands.
import { ZCustomerRefInput, ZCustomerSearchInput } from "@vela/shared/admin";
import { adminRouter, staffProcedure } from "../../trpc/admin-init.ts";
import * as customers from "./service.ts";

export const customersAdminRouter = adminRouter({
  /** Newest first; `q` matches email and names (every word); `cursor` pages. */
  search: staffProcedure("customers.read")
    .input(ZCustomerSearchInput)
    .query(({ ctx, input }) => customers.searchCustomers(ctx, input)),

  /** Profile, addresses, latest orders and the sign-in state. */
  get: staffProcedure("customers.read")
    .input(ZCustomerRefInput)
    .query(({ ctx, input }) => customers.getCustomer(ctx, input.customerId)),

  /** Mails the customer the reset link of "forgot password", in their language. */
  sendPasswordReset: staffProcedure("customers.manage")
    .input(ZCustomerRefInput)
    .mutation(async ({ ctx, input }) => ({
      sent: await customers.sendPasswordReset(ctx, ctx.actor, input.customerId),
      customer: await customers.getCustomer(ctx, input.customerId),
    })),

  /** Ends every session and link; sign-in, reset and activation are refused until enabled. */
  disable: staffProcedure("customers.manage")
    .input(ZCustomerRefInput)
    .mutation(async ({ ctx, input }) => {
      await customers.disableCustomer(ctx, ctx.actor, input.customerId);
      return { customer: await customers.getCustomer(ctx, input.customerId) };
    }),

  enable: staffProcedure("customers.manage")
    .input(ZCustomerRefInput)
    .mutation(async ({ ctx, input }) => {
      await customers.enableCustomer(ctx, ctx.actor, input.customerId);
      return { customer: await customers.getCustomer(ctx, input.customerId) };
    }),
});
