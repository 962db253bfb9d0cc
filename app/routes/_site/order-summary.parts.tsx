import { Ticket } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import type { ComponentProps } from 'react';
import { FormField } from '~/components/ui/form-field';
import { formatCents, formatPrice } from '~/lib/money';

/** The prices with a code, as the order page's action shows them (previewDiscount): one line per seat. */
export type ShownDiscount = { code: string; text: string; lines: { discountCents: number; priceCents: number }[]; discountCents: number; totalCents: number };

/**
 * The order page's summary (docs/product.md#discount-codes): each seat's price, lowered by the code
 * applied (the line shows what it takes off), and the total to pay.
 */
export function OrderSummary({ seats, totalCents, discount }: { seats: { tierName: string; priceCents: number }[]; totalCents: number; discount: ShownDiscount | null }) {
  return (
    <Card className="lg:sticky lg:top-24">
      <CardHeader className="border-b border-border">
        <CardTitle className="flex items-center gap-2">
          <Ticket className="size-5 text-gold-600" aria-hidden />
          Your order
        </CardTitle>
      </CardHeader>
      <CardContent className="pt-4">
        <ul className="divide-y divide-border">
          {seats.map((seat, index) => {
            const line = discount?.lines[index];
            return (
              <li key={index} className="py-2 text-sm">
                <p className="flex justify-between gap-3">
                  <span>{seat.tierName}</span>
                  <span className="font-medium">{formatPrice(line ? line.priceCents : seat.priceCents)}</span>
                </p>
                {line && line.discountCents > 0 ? (
                  <p className="flex justify-between gap-3 text-xs text-emerald-800">
                    <span>
                      <s className="text-slate-600">{formatCents(seat.priceCents)}</s> · {discount.code}
                    </span>
                    <span>−{formatCents(line.discountCents)}</span>
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
        {discount ? (
          <p className="flex justify-between gap-3 border-t border-border pt-2 text-sm text-emerald-800">
            <span>
              Code {discount.code} ({discount.text})
            </span>
            <span>−{formatCents(discount.discountCents)}</span>
          </p>
        ) : null}
        <p className="mt-2 flex justify-between border-t-2 border-navy-900 pt-3 text-lg font-semibold text-navy-900">
          <span>Total</span>
          <span data-testid="order-total">{formatCents(totalCents)}</span>
        </p>
        {totalCents > 0 ? <p className="mt-3 text-xs text-slate-600">Your seats are kept for 30 minutes while you pay.</p> : null}
      </CardContent>
    </Card>
  );
}

/**
 * The order form's 'Discount code' field and its 'Apply' button (intent `apply`): without
 * JavaScript the page comes back with the code applied; with it, Enter in the code applies it and
 * Enter elsewhere places the order (OrderForm's onKeyDown).
 */
export function DiscountCodeField({ field, busy, applied }: { field: ComponentProps<typeof FormField>['field']; busy: boolean; applied: boolean }) {
  return (
    <div className="grid gap-2 border-t border-border pt-6">
      <div className="flex flex-wrap items-start gap-3">
        <FormField
          field={field}
          label="Discount code (optional)"
          autoComplete="off"
          className="min-w-0 flex-1 basis-48"
          hint={applied ? 'Applied: the total shows the lower price.' : 'Have a code? Apply it to see the new total before paying.'}
        />
        <Button type="submit" name="intent" value="apply" variant="outline" className="mt-7" disabled={busy} formNoValidate>
          Apply
        </Button>
      </div>
    </div>
  );
}
