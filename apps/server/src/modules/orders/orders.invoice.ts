import {
  amountInWords,
  DELIVERY_SAC,
  GOODS_UQC,
  gstinState,
  gstStateByCode,
  isIntraState,
  landmarkLine,
  orderNumberLabel,
  unitPrice,
  type GstRate,
} from '@store/domain';
import type { InvoiceDocument, InvoiceLine, InvoiceParty } from '../invoices/invoices.service.js';
import type { OrderItemRow, OrderRow } from './orders.mapper.js';

/** 'Truffle Cake (1 kg) with Eggless, Message on cake “Happy birthday”': the unit price includes the options. */
function describe(item: OrderItemRow): string {
  const name = item.variantName ? `${item.name} (${item.variantName})` : item.name;
  if (item.options.length === 0) return name;
  const options = item.options.map((o) => (o.value === null ? o.name : `${o.name} “${o.value}”`));
  return `${name} with ${options.join(', ')}`;
}

/**
 * A paid order's tax invoice, from what the order recorded when it was placed and paid (the GST of
 * each line, the seller as it was then): nothing is priced or taxed again, so a reprint years later
 * says what the first one said.
 */
export function invoiceOf(order: OrderRow, items: readonly OrderItemRow[]): InvoiceDocument {
  const seller = order.invoiceSupplier!;
  const supply = gstStateByCode(order.supplyStateCode ?? '') ?? { code: seller.stateCode, name: seller.state };
  const address = order.shippingAddress;
  const lines: InvoiceLine[] = [...items]
    .sort((a, b) => a.position - b.position)
    .map((item) => {
      const unit = unitPrice(item);
      return {
        description: describe(item),
        hsn: item.hsnCode,
        qty: item.qty,
        unit: GOODS_UQC,
        unitPrice: unit,
        discount: item.couponDiscount,
        taxable: item.taxable,
        rate: item.gstRate as GstRate,
        cgst: item.cgst,
        sgst: item.sgst,
        igst: item.igst,
        total: unit * item.qty - item.couponDiscount,
      };
    });
  if (order.shippingPrice > 0) {
    lines.push({
      description: 'Delivery charges',
      hsn: DELIVERY_SAC,
      qty: 1,
      unit: null,
      unitPrice: order.shippingPrice,
      discount: 0,
      taxable: order.shippingTaxable,
      rate: order.shippingGstRate,
      cgst: order.shippingCgst,
      sgst: order.shippingSgst,
      igst: order.shippingIgst,
      total: order.shippingPrice,
    });
  }
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    number: order.invoiceNumber!,
    issuedAt: order.invoicedAt!,
    orderNumber: orderNumberLabel(order.number),
    supplier: {
      name: seller.legalName,
      addressLines: [seller.address],
      state: seller.state,
      stateCode: seller.stateCode,
      gstin: seller.gstin,
    },
    demoSupplier: seller.demo,
    recipient: recipientOf(order, supply),
    deliveryAddress: {
      name: `${address.firstName} ${address.lastName}`,
      addressLines: [
        address.address,
        address.address2,
        landmarkLine(address.landmark),
        `${address.city} ${address.postalCode}`,
        address.state,
      ].filter((line) => line !== ''),
      phone: address.phone,
    },
    placeOfSupply: { state: supply.name, code: supply.code },
    // Recorded when the order was quoted; an order from before that is decided by the same rule.
    intraState: order.intraState ?? isIntraState(seller.stateCode, supply.code),
    reverseCharge: false,
    lines,
    couponCode: order.couponCode,
    totals: {
      taxable: sum((l) => l.taxable),
      cgst: sum((l) => l.cgst),
      sgst: sum((l) => l.sgst),
      igst: sum((l) => l.igst),
      tax: sum((l) => l.cgst + l.sgst + l.igst),
      discount: sum((l) => l.discount),
      total: sum((l) => l.total),
    },
    amountInWords: amountInWords(order.totalPrice),
  };
}

/**
 * Whom the invoice is billed to. A registered buyer as on its GST registration (rule 46(d)): its
 * name, address and GSTIN, in the state its GSTIN is registered in. A consumer, and a GSTIN given
 * before the name and address were asked for, as the account names them: the goods go where they
 * are shipped, which is the place of supply.
 */
function recipientOf(order: OrderRow, supply: { code: string; name: string }): InvoiceParty {
  const registered = order.buyerGstin ? gstinState(order.buyerGstin) : undefined;
  if (order.buyerGstin && order.buyerName && order.buyerAddress && registered) {
    return {
      name: order.buyerName,
      addressLines: order.buyerAddress.split('\n'),
      state: registered.name,
      stateCode: registered.code,
      gstin: order.buyerGstin,
    };
  }
  return {
    name: order.userName,
    addressLines: [order.userEmail],
    state: supply.name,
    stateCode: supply.code,
    gstin: order.buyerGstin,
  };
}

/**
 * A cancelled order's credit note: the invoice's lines, taxes and parties credited in full, under
 * the credit note's own number and date, naming the invoice it credits and why (rule 53(1A)).
 */
export function creditNoteOf(order: OrderRow, items: readonly OrderItemRow[]): InvoiceDocument {
  return {
    ...invoiceOf(order, items),
    number: order.creditNoteNumber!,
    issuedAt: order.creditNotedAt!,
    creditNote: { invoiceNumber: order.invoiceNumber!, invoicedAt: order.invoicedAt!, reason: order.cancelReason! },
  };
}
