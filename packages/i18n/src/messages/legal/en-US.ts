/**
 * The legal and trust pages (shipping, returns and refunds, warranty, terms of sale and the legal
 * notice of Japan's Act on Specified Commercial Transactions). Loaded with their pages
 * (catalogues.ts). Every figure is a parameter filled from the store's own settings
 * (client/src/features/legal/legal-facts.ts): shipping tables, return window, warranty, seller.
 */
export const legalEnUS = {
  "legal.contents": "On this page",
  "legal.related": "Our policies",
  "legal.contact": "Write to us",

  // Shipping policy
  "legal.shipping.title": "Shipping Policy",
  "legal.shipping.intro":
    "{brand} ships to the United States, Japan and other countries. What shipping costs depends on the currency you pay in and where the order goes; checkout shows the exact cost before you pay.",
  "legal.shipping.methods.title": "Shipping methods and delivery times",
  "legal.shipping.methods.body":
    "You choose Standard or Express delivery at checkout. Delivery takes the business days below, counted from the day your order ships. When it ships we email you the carrier and its tracking link; an order sent in several parcels gets an email for each.",
  "legal.shipping.days.caption": "Delivery times, in business days after shipping",
  "legal.shipping.days.range": "{min}–{max} business days",
  "legal.shipping.costs.title": "Shipping costs",
  "legal.shipping.costs.body":
    "Prices are in US dollars on the store's English pages and in yen on its Japanese pages, and shipping is charged in the same currency. Standard shipping is free once the items, after any discount, reach the amount shown.",
  "legal.shipping.table.USD": "Orders in US dollars",
  "legal.shipping.table.JPY": "Orders in yen",
  "legal.shipping.col.destination": "Destination",
  "legal.shipping.col.standard": "Standard",
  "legal.shipping.col.express": "Express",
  "legal.shipping.col.free": "Free standard shipping from",
  "legal.shipping.zone.US": "United States",
  "legal.shipping.zone.JP": "Japan",
  "legal.shipping.zone.INTL": "Other countries",
  "legal.shipping.never": "Not offered",
  "legal.shipping.abroad.title": "Orders to other countries",
  "legal.shipping.abroad.body":
    "Import duties and taxes that the destination country charges on arrival are not part of the price and are paid by the recipient.",
  "legal.shipping.address.title": "Changing the address",
  "legal.shipping.address.body":
    "Until your order ships we can change its shipping address: write to us with your order number.",

  // Returns and refunds
  "legal.returns.title": "Returns and Refunds",
  "legal.returns.intro":
    "You can return what you bought from {brand} within {windowDays} days of the day your order shipped, and get your money back on the card you paid with.",
  "legal.returns.how.title": "How to return an item",
  "legal.returns.how.body":
    "If you have an account, open the order in your account and choose the items and units to return. If you ordered as a guest, follow the return link in your shipping email. We approve your request, or tell you why we cannot, by email; an approved return comes with a return number and where to send the parcel.",
  "legal.returns.window.title": "The return window",
  "legal.returns.window.body":
    "Requests are accepted for {windowDays} days from your order's latest shipment: when part of an order ships later, the window starts again for the whole order. Items that have not shipped yet cannot be returned; ask us to cancel them instead.",
  "legal.returns.send.title": "Sending it back",
  "legal.returns.send.body":
    "Pack the items with their accessories as they arrived, write the return number on the outside of the box and send it by a tracked service to the address below.",
  "legal.returns.fees.CUSTOMER_PAYS": "The return postage is paid by you.",
  "legal.returns.fees.FREE": "We pay the return postage.",
  "legal.returns.address": "Return address",
  "legal.returns.refund.title": "Refunds",
  "legal.returns.refund.body":
    "When the parcel arrives we check it, email you, and refund the value of the returned items to the original payment method, the card you paid with. We email you again when the refund is made; your bank may take a few days to show it.",
  "legal.returns.faulty.title": "Damaged or faulty items",
  "legal.returns.faulty.body":
    "If an item arrived damaged or does not work, say so in your return request. After the return window, our {warrantyMonths}-month warranty covers faults.",
  "legal.returns.cancel.title": "Cancelling an order",
  "legal.returns.cancel.body":
    "Until your order ships you can ask us to cancel it: the payment is released or refunded in full. Once anything has shipped, return it instead.",

  // Warranty
  "legal.warranty.title": "Warranty",
  "legal.warranty.intro":
    "Glasses and accessories bought from {brand} come with a {warrantyMonths}-month warranty from the day they shipped.",
  "legal.warranty.covered.title": "What it covers",
  "legal.warranty.covered.body": "Faults in materials and workmanship that appear under normal use.",
  "legal.warranty.excluded.title": "What it does not cover",
  "legal.warranty.excluded.body":
    "Accidental damage such as drops, liquid or cracked lenses; normal wear and cosmetic marks; damage from repairs or changes made by anyone but us; and loss or theft.",
  "legal.warranty.remedy.title": "What we do",
  "legal.warranty.remedy.body":
    "We repair the item or replace it with the same or an equivalent one. If we can do neither, we refund what you paid for it. We pay the postage of sending the repaired or replacement item back to you.",
  "legal.warranty.claim.title": "How to make a claim",
  "legal.warranty.claim.body":
    "Write to us with your order number and what is wrong. We reply with what to do next and, where the item needs to come back to us, where to send it.",
  "legal.warranty.rights.title": "Your legal rights",
  "legal.warranty.rights.body":
    "This warranty comes on top of the rights consumer law gives you where you live, and does not limit them.",

  // Terms of sale
  "legal.terms.title": "Terms of Sale",
  "legal.terms.intro": "These terms apply to every order placed in this store. The seller is {seller}.",
  "legal.terms.order.title": "Your order",
  "legal.terms.order.body":
    "Your order is placed when you press Pay at checkout and your card accepts the payment; we confirm it by email. If an item turns out to be unavailable, we cancel the order or that part of it and refund what you paid for it.",
  "legal.terms.prices.title": "Prices",
  "legal.terms.prices.body":
    "Prices are shown in US dollars on English pages and in yen on Japanese pages; yen prices include consumption tax, and tax on a dollar price is added at checkout. Before you pay, checkout shows the items, shipping, taxes, any discount and the total you will be charged. If a price changes before you pay, checkout shows the new total and charges nothing until you confirm it.",
  "legal.terms.payment.title": "Payment",
  "legal.terms.payment.body":
    "You pay by credit or debit card through our payment provider. The total is charged to your card when the order is placed. We keep only the card's brand and last four digits, never its number or security code.",
  "legal.terms.delivery.title": "Shipping and delivery",
  "legal.terms.delivery.body":
    "Shipping costs and delivery times are set out in our Shipping Policy. The risk of loss passes to you when the order is delivered.",
  "legal.terms.returns.title": "Returns, cancellation and warranty",
  "legal.terms.returns.body":
    "You can cancel an order until it ships and return items within {windowDays} days of shipment, as our Returns and Refunds policy describes. Faults are covered by our {warrantyMonths}-month warranty.",
  "legal.terms.contact.title": "Contact",
  "legal.terms.contact.body": "Questions about an order or these terms: write to us, or email {email}.",

  // Legal notice (Act on Specified Commercial Transactions)
  "legal.notice.title": "Legal Notice (Specified Commercial Transactions Act)",
  "legal.notice.intro":
    "The details Japan's Act on Specified Commercial Transactions asks a mail-order seller to state.",
  "legal.notice.seller": "Seller",
  "legal.notice.representative": "Responsible person",
  "legal.notice.address": "Address",
  "legal.notice.phone": "Phone",
  "legal.notice.phoneNote": "For questions about an order, please write to us first.",
  "legal.notice.email": "Email",
  "legal.notice.prices": "Prices",
  "legal.notice.pricesBody":
    "As shown on each product page; yen prices include consumption tax. Checkout shows the total, with shipping and taxes, before you pay.",
  "legal.notice.charges": "Charges besides the price",
  "legal.notice.chargesBody":
    "Shipping, as set out in the Shipping Policy, and tax where it is not included in the price. Checkout shows both before you pay.",
  "legal.notice.payment": "Payment method",
  "legal.notice.paymentBody": "Credit or debit card, through our payment provider.",
  "legal.notice.paymentTiming": "When you pay",
  "legal.notice.paymentTimingBody": "Your card is charged when you place the order.",
  "legal.notice.delivery": "Delivery",
  "legal.notice.deliveryBody":
    "We ship once the order is placed. After shipping, delivery within Japan takes {jpStandardMin}–{jpStandardMax} business days by Standard and {jpExpressMin}–{jpExpressMax} by Express; other destinations are set out in the Shipping Policy.",
  "legal.notice.returns": "Returns and cancellation",
  "legal.notice.returnsBody":
    "Returns are accepted within {windowDays} days of shipment, and the refund goes to the card you paid with. An order can be cancelled until it ships. Faults are covered by a {warrantyMonths}-month warranty.",
} as const;
