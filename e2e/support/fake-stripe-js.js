// A stand-in for Stripe.js in the browser tests (checkout-stripe.spec.ts serves it at STRIPE_JS_URL).
// It implements the calls the checkout page makes: Stripe(pk) → elements(options) → create("payment")
// → mount/on/update/destroy/focus, elements.submit()/update(), confirmPayment() and handleNextAction().
// Its Payment Element is a labelled choice of test payment methods drawn into the mount point (no
// iframe). confirmPayment sends the choice to `<stand-in origin>/browser/confirm`, which the test
// answers by confirming the PaymentIntent at the Stripe stand-in with the secret key (Stripe.js itself
// confirms with the publishable key; the stand-in takes only the secret one). A redirect (3-D Secure)
// navigates to the page the intent names, as Stripe.js does, and never resolves.
(() => {
  const origin = new URL(document.currentScript.src).origin;
  const METHODS = [
    { id: "pm_card_visa", en: "Card (succeeds)", ja: "カード（成功）" },
    { id: "pm_card_chargeDeclined", en: "Card (declined)", ja: "カード（拒否）" },
    { id: "pm_card_threeDSecure2Required", en: "Card with 3-D Secure", ja: "カード（3Dセキュア）" },
    { id: "konbini", en: "Konbini", ja: "コンビニ", currency: "jpy" },
  ];

  window.Stripe = function Stripe(publishableKey) {
    if (!/^pk_(test|live)_/.test(String(publishableKey))) throw new Error("Invalid publishable key");
    let chosen = null;

    const elements = (initial) => {
      const options = { ...initial };
      let root = null;
      const ja = options.locale === "ja";
      const draw = () => {
        if (!root) return;
        root.dataset.amount = String(options.amount);
        root.dataset.currency = String(options.currency);
        root.dataset.captureMethod = String(options.captureMethod ?? "automatic");
        root.textContent = "";
        const set = document.createElement("fieldset");
        const legend = document.createElement("legend");
        legend.textContent = ja ? "テスト用の支払い方法" : "Test payment method";
        set.appendChild(legend);
        for (const m of METHODS) {
          if (m.currency && m.currency !== options.currency) continue;
          const label = document.createElement("label");
          const input = document.createElement("input");
          input.type = "radio";
          input.name = "fake-stripe-method";
          input.value = m.id;
          input.checked = chosen === m.id;
          input.addEventListener("change", () => {
            chosen = m.id;
          });
          label.appendChild(input);
          label.appendChild(document.createTextNode(` ${ja ? m.ja : m.en}`));
          set.appendChild(label);
          set.appendChild(document.createElement("br"));
        }
        root.appendChild(set);
      };
      const group = {
        create(type) {
          if (type !== "payment") throw new Error(`The stand-in has no ${type} element`);
          return {
            mount(target) {
              const host = typeof target === "string" ? document.querySelector(target) : target;
              root = document.createElement("div");
              root.className = "fake-stripe-payment-element";
              host.appendChild(root);
              draw();
            },
            on() {
              return this;
            },
            update(more) {
              Object.assign(options, more);
              draw();
            },
            focus() {
              root?.querySelector("input")?.focus();
            },
            destroy() {
              root?.remove();
              root = null;
            },
          };
        },
        async submit() {
          if (!chosen)
            return {
              error: {
                type: "validation_error",
                message: ja ? "支払い方法を選んでください。" : "Choose a payment method.",
              },
            };
          return {};
        },
        update(more) {
          Object.assign(options, more);
          draw();
        },
      };
      return group;
    };

    const post = async (path, body) => {
      // text/plain: a simple request, no preflight; the test's route answers with CORS headers.
      const res = await fetch(`${origin}/browser/${path}`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: JSON.stringify(body),
      });
      return res.json();
    };

    return {
      elements,
      async confirmPayment({ clientSecret, confirmParams, redirect }) {
        const answer = await post("confirm", {
          clientSecret,
          method: chosen,
          returnUrl: confirmParams?.return_url ?? null,
        });
        if (answer.error) return { error: answer.error };
        const pi = answer.paymentIntent;
        const next = pi.next_action;
        if (pi.status === "requires_action" && next?.type === "redirect_to_url") {
          if (redirect === "if_required" || redirect === "always") {
            window.location.assign(next.redirect_to_url.url);
            return new Promise(() => {});
          }
        }
        return { paymentIntent: pi };
      },
      async handleNextAction({ clientSecret }) {
        const answer = await post("retrieve", { clientSecret });
        return answer.error ? { error: answer.error } : { paymentIntent: answer.paymentIntent };
      },
    };
  };
})();
