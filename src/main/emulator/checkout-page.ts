import { formatMoney } from '../../shared/money-format';
import { formatCountdown } from '../../shared/relative-time';
import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import { renderStandalonePage } from '../html/standalone-page';
import { escapeHtml } from './escape-html';

const WORDS = {
  en_US: {
    title: 'Checkout',
    subtitle: 'Local emulator of the checkout service',
    order: 'Order',
    items: 'Items',
    quantity: 'Qty',
    shipping: 'Shipping',
    tax: 'Tax',
    discount: 'Discount',
    total: 'Total',
    expiresIn: 'This checkout expires in',
    expired: 'This checkout has expired.',
    pay: 'Pay',
    decline: 'Decline',
    cancel: 'Cancel',
    state: 'This order is',
  },
  ar_SA: {
    title: 'الدفع',
    subtitle: 'محاكي محلي لخدمة الدفع',
    order: 'الطلب',
    items: 'المنتجات',
    quantity: 'الكمية',
    shipping: 'الشحن',
    tax: 'الضريبة',
    discount: 'الخصم',
    total: 'الإجمالي',
    expiresIn: 'تنتهي صلاحية هذه العملية خلال',
    expired: 'انتهت صلاحية عملية الدفع هذه.',
    pay: 'ادفع',
    decline: 'رفض',
    cancel: 'إلغاء',
    state: 'حالة هذا الطلب',
  },
} as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The one way this page writes an amount: `69.50 SAR` (formatMoney), isolated. Left to an Arabic
 * page's right-to-left order, a bare `69.50 SAR` shows as `SAR 69.50`, while the discount, which
 * had to be isolated to keep its minus in front, showed `−6.95 SAR`: every amount goes through
 * here, the sign inside the isolation, so they all read alike in either direction.
 */
function moneyHtml(amount: unknown, currency: unknown, sign: '' | '−' = ''): string {
  // A Money without a currency is SAR: the spec's default.
  return `<bdi>${sign}${escapeHtml(formatMoney(amount, typeof currency === 'string' ? currency : 'SAR'))}</bdi>`;
}

function money(value: unknown, sign: '' | '−' = ''): string {
  return isObject(value) ? moneyHtml(value['amount'], value['currency'], sign) : '';
}

/**
 * The hosted checkout page: the order summary in the order's locale (Arabic right to left for
 * ar_SA), a live expiry countdown, and Pay / Decline / Cancel. Plain HTML with one inline script
 * allowed by its nonce; nothing is loaded from anywhere else.
 */
export function renderCheckoutPage(order: EmulatorOrderRow, nonce: string, nowMs: number): string {
  const arabic = order.locale === 'ar_SA';
  const words = arabic ? WORDS.ar_SA : WORDS.en_US;
  let payload: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(order.payload);
    if (isObject(parsed)) payload = parsed;
  } catch {
    // The payload was valid JSON when stored; an unreadable one just shows no lines.
  }
  const items = Array.isArray(payload['items']) ? payload['items'].filter(isObject) : [];
  const rows = items
    .map(
      (item) =>
        `<tr><td>${escapeHtml(item['name'])}</td><td class="num">${escapeHtml(item['quantity'])}</td><td class="num">${money(item['total_amount'])}</td></tr>`,
    )
    .join('');
  // The discount is taken off the total: shown as a minus, or the lines did not add up to it.
  const extra = (
    [
      [words.shipping, payload['shipping_amount'], ''],
      [words.tax, payload['tax_amount'], ''],
      [words.discount, isObject(payload['discount']) ? payload['discount']['amount'] : undefined, '−'],
    ] as const
  )
    .filter(([, value]) => isObject(value))
    .map(
      ([label, value, sign]) =>
        `<tr><td colspan="2">${escapeHtml(label)}</td><td class="num">${money(value, sign)}</td></tr>`,
    )
    .join('');
  const open = order.state === 'new' && order.expiresAtMs > nowMs;
  const actions = open
    ? (['pay', 'decline', 'cancel'] as const)
        .map(
          (action) =>
            // Each action carries the order's page token: only someone who has checkout_url can act.
            `<form method="post" action="checkout-page/${encodeURIComponent(order.orderId)}/${action}"><input type="hidden" name="token" value="${escapeHtml(order.pageToken)}"><button type="submit" class="${action}" data-action="${action}">${escapeHtml(words[action])}</button></form>`,
        )
        .join('')
    : // A new order past its time is expired to the customer, whether or not the expiry pass has run yet.
      order.state === 'new'
      ? `<p class="state" data-testid="order-state">${escapeHtml(words.expired)}</p>`
      : `<p class="state" data-testid="order-state">${escapeHtml(words.state)}: <strong>${escapeHtml(order.state)}</strong></p>`;
  return renderStandalonePage({
    title: `${words.title} · ${order.referenceId ?? order.orderId}`,
    lang: arabic ? 'ar' : 'en',
    dir: arabic ? 'rtl' : 'ltr',
    nonce,
    style: `main{max-width:520px}
h1{margin:0 0 4px;font-size:24px}.sub{color:#667;margin:0 0 16px;font-size:13px}
table{width:100%;border-collapse:collapse;margin:12px 0}th{text-align:start}td{padding:6px 0;border-bottom:1px solid #eee}
.num{text-align:end;font-variant-numeric:tabular-nums}.total td{font-weight:700;border-bottom:none;font-size:18px}
.actions{display:flex;gap:8px;margin-top:16px}.actions form{flex:1}
button{width:100%;padding:12px;border:0;border-radius:8px;font-size:16px;cursor:pointer}
.pay{background:#12b886;color:#fff}.decline{background:#fa5252;color:#fff}.cancel{background:#e9ecef;color:#1b1f24}
.expiry{color:#845209;font-size:14px}
@media (prefers-color-scheme:dark){.sub{color:#adb5bd}td{border-bottom-color:#373a40}.cancel{background:#373a40;color:#e9ecef}.expiry{color:#ffc078}}`,
    body: `<main data-order-id="${escapeHtml(order.orderId)}" data-state="${escapeHtml(order.state)}">
<h1>${escapeHtml(words.title)}</h1>
<p class="sub">${escapeHtml(words.subtitle)}</p>
<p>${escapeHtml(words.order)}: <strong><bdi>${escapeHtml(order.orderNumber ?? order.referenceId ?? order.orderId)}</bdi></strong></p>
<p>${escapeHtml(payload['description'])}</p>
<table aria-label="${escapeHtml(words.items)}">
<tr><th>${escapeHtml(words.items)}</th><th class="num">${escapeHtml(words.quantity)}</th><th></th></tr>
${rows}${extra}
<tr class="total"><td colspan="2">${escapeHtml(words.total)}</td><td class="num" data-testid="total">${moneyHtml(order.totalAmount, order.currency)}</td></tr>
</table>
${open ? `<p class="expiry">${escapeHtml(words.expiresIn)} <span id="countdown" data-expires-at="${order.expiresAtMs}">${formatCountdown((order.expiresAtMs - nowMs) / 1000)}</span></p>` : ''}
<div class="actions">${actions}</div>
</main>`,
    script: `(function () {
  var element = document.getElementById('countdown');
  if (!element) return;
  var expiresAt = Number(element.getAttribute('data-expires-at'));
  var formatCountdown = (${formatCountdown.toString()});
  function tick() {
    var left = Math.max(0, Math.round((expiresAt - Date.now()) / 1000));
    element.textContent = formatCountdown(left);
    if (left === 0) { document.querySelectorAll('.actions button').forEach(function (b) { b.disabled = true; }); element.parentElement.textContent = ${JSON.stringify(words.expired)}; return; }
    setTimeout(tick, 1000);
  }
  tick();
})();`,
  });
}
