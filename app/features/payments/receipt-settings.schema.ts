import { z } from 'zod';
import { requiredText } from '~/lib/fields';

/**
 * Who issues the gift receipts (docs/product.md#gift-receipts): the association's legal name, its
 * charity registration number, its address and the name of the person who signs. All four are
 * required: a receipt without them is not one a tax office accepts.
 */
export const receiptSettingsSchema = z.object({
  legalName: requiredText('Legal name', 200),
  registrationNumber: requiredText('Charity registration number', 60),
  address: requiredText('Address', 500, { multiline: true }),
  signerName: requiredText('Signer’s name', 120),
});
export type ReceiptSettingsInput = z.output<typeof receiptSettingsSchema>;
