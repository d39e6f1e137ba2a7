import type { AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import { drawCardBarcode } from '~/lib/barcode/render.server';
import type { BarcodeSymbol } from '~/lib/barcode/symbol';
import { groupCardNumber, maskCardNumber } from './card-number';

/**
 * The shopper's card as the pages show it (the compact card on /rewards and /account, the
 * scanning page /card). Built from the session alone: the card number is the signed-in
 * shopper's, so the card shows while the loyalty service is down.
 */
export interface ShopperCardData {
  /** '{program name} card', e.g. 'Perks card'. */
  title: string;
  retailerName: string;
  /** The full number (the barcode's text). */
  number: string;
  /** '•••• 8901'. */
  masked: string;
  /** '4123 4567 8901'. */
  grouped: string;
  /** Null only for a number no symbology can draw (then the digits alone are shown). */
  symbol: BarcodeSymbol | null;
}

export function shopperCard(context: AppLoadContext, cardNumber: string): ShopperCardData {
  const { tenant } = context;
  let symbol: BarcodeSymbol | null = null;
  try {
    symbol = drawCardBarcode(tenant.loyaltyCard.symbology, cardNumber);
  } catch (error) {
    // The message never carries the number (render.server.ts).
    logger.warn({ err: error }, 'shopper card: barcode not drawn');
  }
  if (!symbol) logger.warn('shopper card: the card number fits no barcode; digits only');
  return {
    title: `${tenant.rewards.programName} card`,
    retailerName: tenant.retailerName,
    number: cardNumber,
    masked: maskCardNumber(cardNumber),
    grouped: groupCardNumber(cardNumber),
    symbol,
  };
}
