import { amountInWords, DELIVERY_SAC, gstStateByCode, unitPrice, type GstRate } from '@store/domain';
import type { InvoiceDocument, InvoiceLine } from '../invoices/invoices.service.js';
import type { OrderItemRow, OrderRow } from './orders.mapper.js';

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
        description: item.variantName ? `${item.name} (${item.variantName})` : item.name,
        hsn: item.hsnCode,
        qty: item.qty,
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
    orderId: order.id,
    supplier: {
      name: seller.legalName,
      addressLines: [seller.address],
      state: seller.state,
      stateCode: seller.stateCode,
      gstin: seller.gstin,
    },
    demoSupplier: seller.demo,
    // The store keeps no billing address: the buyer is named, and the goods go where they are shipped.
    recipient: {
      name: order.userName,
      addressLines: [order.userEmail],
      state: supply.name,
      stateCode: supply.code,
      gstin: order.buyerGstin,
    },
    deliveryAddress: {
      name: `${address.firstName} ${address.lastName}`,
      addressLines: [address.address, address.address2, `${address.city} ${address.postalCode}`, address.state].filter(
        (line) => line !== '',
      ),
      phone: address.phone,
    },
    placeOfSupply: { state: supply.name, code: supply.code },
    intraState: order.intraState ?? supply.code === seller.stateCode,
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
